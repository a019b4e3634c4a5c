import type { FastifyInstance } from 'fastify'
import { actorOf } from '../plugins/auth'
import * as users from '../services/users'
import { defineRoute } from './define'
import type { RouteDeps } from './deps'

export async function profileRoutes(app: FastifyInstance, { db }: RouteDeps) {
  defineRoute(app, 'getMyProfile', { preHandler: app.authenticate }, async (req) => users.getProfile(db, actorOf(req).id, true))

  defineRoute(app, 'updateMyProfile', { preHandler: app.authenticate }, async (req) =>
    users.updateProfile(db, actorOf(req), req.body as { bio: string; phoneNumber: string }),
  )

  // Public: the email is never part of another user's profile (and the response schema drops it too).
  defineRoute(app, 'getProfile', {}, async (req) => users.getProfile(db, (req.params as { id: string }).id, false))
}
