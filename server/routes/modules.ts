import type { FastifyInstance } from 'fastify'
import { actorOf } from '../plugins/auth'
import * as modules from '../services/catalogue/modules'
import { defineRoute, signedIn } from './define'
import type { RouteDeps } from './deps'

export async function moduleRoutes(app: FastifyInstance, { db, media }: RouteDeps) {
  signedIn(app, (group) => {
    defineRoute(group, 'getModulesByCourse', {}, async (req) =>
      modules.listModules(db, actorOf(req), req.params.courseId),
    )
  })

  // Public: titles and descriptions only, so a visitor or a student not enrolled sees what the course teaches; a
  // draft's only to those who may see the draft, so a valid token is read when one is sent.
  defineRoute(app, 'getCourseCurriculum', { preHandler: app.readTokenIfValid }, async (req) =>
    modules.listCurriculum(db, req.actor ?? null, req.params.courseId),
  )

  defineRoute(app, 'reorderModules', { preHandler: app.requireRole('instructor', 'admin') }, async (req) =>
    modules.reorderModules(db, actorOf(req), req.params.courseId, req.body.moduleIds),
  )

  defineRoute(
    app,
    'createModule',
    { preHandler: app.requireRole('instructor', 'admin') },
    async (req, reply) => {
      const module = await modules.createModule(db, actorOf(req), req.body)
      return reply.code(201).send(module)
    },
  )

  defineRoute(app, 'updateModule', { preHandler: app.requireRole('instructor', 'admin') }, async (req) =>
    modules.updateModule(db, actorOf(req), req.params.moduleId, req.body),
  )

  defineRoute(
    app,
    'deleteModule',
    { preHandler: app.requireRole('instructor', 'admin') },
    async (req, reply) => {
      await modules.deleteModule(db, actorOf(req), req.params.moduleId, media)
      return reply.code(204).send()
    },
  )
}
