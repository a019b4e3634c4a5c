import type { FastifyInstance } from 'fastify'
import { actorOf } from '../plugins/auth'
import type { Role } from '../services/types'
import * as users from '../services/users'
import { defineRoute } from './define'
import type { RouteDeps } from './deps'

export async function userRoutes(app: FastifyInstance, { db }: RouteDeps) {
  defineRoute(app, 'getUsers', { preHandler: app.requireRole('admin') }, async () => users.listUsers(db))

  defineRoute(app, 'updateUserRole', { preHandler: app.requireRole('admin') }, async (req) => {
    const { newRole } = req.body as { newRole: Role }
    const user = await users.changeRole(db, actorOf(req), (req.params as { id: string }).id, newRole)
    req.log.info({ userId: user._id, newRole, by: actorOf(req).id }, 'role changed')
    return user
  })

  defineRoute(app, 'getUserRank', {}, async (req) => ({ rank: await users.rankOf(db, (req.params as { userId: string }).userId) }))
}
