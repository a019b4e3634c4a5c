import type { FastifyInstance } from 'fastify'
import { actorOf } from '../plugins/auth'
import * as modules from '../services/catalogue/modules'
import { defineRoute, signedIn } from './define'
import type { RouteDeps } from './deps'

export async function moduleRoutes(app: FastifyInstance, { db, media, signer, config }: RouteDeps) {
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

  // A free preview for everyone; a token that is sent is checked (a reader of the course reads any module of it).
  defineRoute(app, 'getPreviewModule', { preHandler: app.authenticateOptional }, async (req, reply) => {
    // Signed URLs and a module that may stop being a preview: never kept by a shared cache.
    void reply.header('Cache-Control', 'private, no-store')
    return modules.previewModule(db, req.actor ?? null, req.params.moduleId, {
      signer,
      media,
      ttlSeconds: config.mediaUrlTtl,
    })
  })

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
