import type { FastifyInstance } from 'fastify'
import { contractValidatorCompiler } from '../openapi'
import { actorOf } from '../plugins/auth'
import { catalogue, isCatalogueQuery } from '../services/catalogue/catalogue'
import * as courses from '../services/catalogue/courses'
import { defineRoute, signedIn } from './define'
import type { RouteDeps } from './deps'

export async function courseRoutes(app: FastifyInstance, { db, media }: RouteDeps) {
  // Without parameters the whole list; with a search, sort, price bound or page parameter, one page.
  defineRoute(app, 'getCourses', { validatorCompiler: contractValidatorCompiler }, async (req) =>
    isCatalogueQuery(req.query) ? catalogue(db, req.query) : courses.listCourses(db),
  )

  defineRoute(
    app,
    'createCourse',
    { preHandler: app.requireRole('instructor', 'admin') },
    async (req, reply) => {
      const course = await courses.createCourse(db, actorOf(req), req.body)
      return reply.code(201).send(course)
    },
  )

  // Public, but a draft is shown only to those who may see it, so a valid token is read when one is sent.
  defineRoute(app, 'getCourse', { preHandler: app.readTokenIfValid }, async (req) =>
    courses.getCourse(db, req.actor ?? null, req.params.courseId),
  )

  defineRoute(app, 'getDraftCourses', { preHandler: app.requireRole('instructor', 'admin') }, async (req) =>
    courses.draftCourses(db, actorOf(req)),
  )

  signedIn(app, (group) => {
    defineRoute(group, 'updateCourse', {}, async (req) =>
      courses.updateCourse(db, actorOf(req), req.params.courseId, req.body),
    )

    defineRoute(group, 'deleteCourse', {}, async (req, reply) => {
      await courses.deleteCourse(db, actorOf(req), req.params.courseId, media, req.log)
      return reply.code(204).send()
    })
  })
}
