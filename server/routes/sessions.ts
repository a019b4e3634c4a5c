import type { FastifyInstance } from 'fastify'
import { actorOf, sessionOf } from '../plugins/auth'
import { endSession, endSessions } from '../services/accounts/sessions'
import { defineRoute, signedIn } from './define'
import type { RouteDeps } from './deps'

export async function sessionRoutes(app: FastifyInstance, { db }: RouteDeps) {
  signedIn(app, (group) => {
    defineRoute(group, 'logout', {}, async (req, reply) => {
      const actor = actorOf(req)
      await endSession(db, actor.id, sessionOf(req))
      req.log.info({ userId: actor.id }, 'logged out')
      return reply.code(204).send()
    })

    defineRoute(group, 'logoutEverywhere', {}, async (req, reply) => {
      const actor = actorOf(req)
      const ended = await endSessions(db, actor.id)
      req.log.info({ userId: actor.id, endedSessions: ended }, 'logged out everywhere')
      return reply.code(204).send()
    })
  })
}
