import type { FastifyInstance } from 'fastify'
import { actorOf } from '../plugins/auth'
import * as courses from '../services/courses'
import { defineRoute } from './define'
import type { RouteDeps } from './deps'

export async function courseRoutes(app: FastifyInstance, { db, media }: RouteDeps) {
  defineRoute(app, 'getCourses', {}, async () => courses.listCourses(db))

  defineRoute(
    app,
    'createCourse',
    { preHandler: app.requireRole('instructor', 'admin') },
    async (req, reply) => {
      const course = await courses.createCourse(db, actorOf(req), req.body)
      return reply.code(201).send(course)
    },
  )

  defineRoute(app, 'getCourse', {}, async (req) => courses.getCourse(db, req.params.courseId))

  defineRoute(app, 'updateCourse', { preHandler: app.authenticate }, async (req) =>
    courses.updateCourse(db, actorOf(req), req.params.courseId, req.body),
  )

  defineRoute(app, 'deleteCourse', { preHandler: app.authenticate }, async (req, reply) => {
    await courses.deleteCourse(db, actorOf(req), req.params.courseId, media, req.log)
    return reply.code(204).send()
  })
}
