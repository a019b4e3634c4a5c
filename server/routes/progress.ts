import type { FastifyInstance } from 'fastify'
import { actorOf } from '../plugins/auth'
import * as progress from '../services/progress'
import { defineRoute } from './define'
import type { RouteDeps } from './deps'

export async function progressRoutes(app: FastifyInstance, { db }: RouteDeps) {
  defineRoute(app, 'getMyProgress', { preHandler: app.authenticate }, async (req) =>
    progress.myProgress(db, actorOf(req)),
  )

  defineRoute(app, 'saveModuleProgress', { preHandler: app.authenticate }, async (req) =>
    progress.saveModuleProgress(db, actorOf(req), req.params.moduleId, req.body),
  )

  defineRoute(app, 'setModuleCompletion', { preHandler: app.authenticate }, async (req) =>
    progress.setModuleCompletion(db, actorOf(req), req.params.moduleId, req.body.completed),
  )

  defineRoute(app, 'getCourseProgress', { preHandler: app.authenticate }, async (req) =>
    progress.courseProgress(db, actorOf(req), req.params.courseId),
  )
}
