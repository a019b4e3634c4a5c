import type { FastifyInstance } from 'fastify'
import { contractValidatorCompiler } from '../openapi'
import { actorOf } from '../plugins/auth'
import { isPageQuery } from '../services/catalogue/pages'
import * as users from '../services/accounts/users'
import { defineRoute } from './define'
import type { RouteDeps } from './deps'

export async function userRoutes(app: FastifyInstance, { db, config }: RouteDeps) {
  // Without parameters the whole list; with `limit` or `cursor`, one page.
  defineRoute(
    app,
    'getUsers',
    { preHandler: app.requireRole('admin'), validatorCompiler: contractValidatorCompiler },
    async (req) =>
      isPageQuery(req.query) ? users.userPage(db, config.jwtSecret, req.query) : users.listUsers(db),
  )

  defineRoute(app, 'updateUserRole', { preHandler: app.requireRole('admin') }, async (req) => {
    const { newRole } = req.body
    const user = await users.changeRole(db, actorOf(req), req.params.id, newRole)
    req.log.info({ userId: user._id, newRole, by: actorOf(req).id }, 'role changed')
    return user
  })

  defineRoute(app, 'setUserPassword', { preHandler: app.requireRole('admin') }, async (req, reply) => {
    const id = req.params.id
    const { newPassword } = req.body
    const { endedSessions } = await users.setPassword(db, actorOf(req), id, newPassword)
    req.log.info({ userId: id, by: actorOf(req).id, endedSessions }, 'password set by an admin')
    return reply.code(204).send()
  })

  defineRoute(app, 'getUserRank', {}, async (req) => ({
    rank: await users.rankOf(db, req.params.userId),
  }))
}
