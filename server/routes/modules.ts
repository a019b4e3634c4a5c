import type { FastifyInstance } from 'fastify'
import { actorOf } from '../plugins/auth'
import * as modules from '../services/modules'
import { defineRoute } from './define'
import type { RouteDeps } from './deps'

type ModuleParams = { moduleId: string }

export async function moduleRoutes(app: FastifyInstance, { db }: RouteDeps) {
  defineRoute(app, 'getModulesByCourse', { preHandler: app.authenticate }, async (req) =>
    modules.listModules(db, actorOf(req), (req.params as { courseId: string }).courseId),
  )

  defineRoute(app, 'createModule', { preHandler: app.requireRole('instructor', 'admin') }, async (req, reply) => {
    const module = await modules.createModule(db, actorOf(req), req.body as modules.ModuleInput)
    return reply.code(201).send(module)
  })

  defineRoute(app, 'updateModule', { preHandler: app.requireRole('instructor', 'admin') }, async (req) =>
    modules.updateModule(db, actorOf(req), (req.params as ModuleParams).moduleId, req.body as Partial<modules.ModuleInput>),
  )

  defineRoute(app, 'deleteModule', { preHandler: app.requireRole('instructor', 'admin') }, async (req, reply) => {
    await modules.deleteModule(db, actorOf(req), (req.params as ModuleParams).moduleId)
    return reply.code(204).send()
  })
}
