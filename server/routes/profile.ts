import type { FastifyInstance, FastifyRequest } from 'fastify'
import { actorOf, sessionOf } from '../plugins/auth'
import * as users from '../services/accounts/users'
import { defineRoute, signedIn } from './define'
import type { RouteDeps } from './deps'

export async function profileRoutes(app: FastifyInstance, { db, config }: RouteDeps) {
  signedIn(app, (group) => {
    defineRoute(group, 'getMyProfile', {}, async (req) => users.getProfile(db, actorOf(req).id, 'owner'))

    defineRoute(group, 'updateMyProfile', {}, async (req) => users.updateProfile(db, actorOf(req), req.body))

    // Guessing the current password with a stolen token is throttled per user, as failed logins are per account
    // (every attempt counts here; changing a password more often than that is not a normal need).
    const rateLimit = {
      max: config.loginMaxFailuresPerAccount,
      timeWindow: config.loginFailureWindowSeconds * 1000,
      hook: 'preHandler' as const, // after authenticate, so the key is the user
      keyGenerator: (req: FastifyRequest) => `user:${req.actor?.id ?? req.ip}`,
    }
    defineRoute(group, 'changeMyPassword', { config: { rateLimit } }, async (req, reply) => {
      const actor = actorOf(req)
      const { endedSessions } = await users.changePassword(db, actor, sessionOf(req), req.body)
      req.log.info({ userId: actor.id, endedSessions }, 'password changed')
      return reply.code(204).send()
    })
  })

  // Public: the email is never part of another user's profile (and the response schema drops it too); the phone
  // number only for a signed-in caller, a student's purchased courses only for those the owner shows them to. The
  // answer depends on the Authorization header, so caches must key on it.
  defineRoute(app, 'getProfile', { preHandler: app.authenticateOptional }, async (req, reply) => {
    void reply.header('Vary', 'Authorization')
    return users.getProfile(db, req.params.id, req.actor ?? null)
  })
}
