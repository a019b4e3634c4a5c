import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { actorOf } from '../plugins/auth'
import * as courses from '../services/courses'
import { defineRoute } from './define'
import type { RouteDeps } from './deps'

type CourseParams = { courseId: string }

export async function courseRoutes(app: FastifyInstance, { db, config }: RouteDeps) {
  defineRoute(app, 'getCourses', {}, async () => courses.listCourses(db))

  defineRoute(app, 'createCourse', { preHandler: app.requireRole('instructor', 'admin') }, async (req, reply) => {
    const course = await courses.createCourse(db, actorOf(req), req.body as courses.CourseInput)
    return reply.code(201).send(course)
  })

  defineRoute(app, 'getCourse', {}, async (req) => courses.getCourse(db, (req.params as CourseParams).courseId))

  defineRoute(app, 'updateCourse', { preHandler: app.authenticate }, async (req) =>
    courses.updateCourse(db, actorOf(req), (req.params as CourseParams).courseId, req.body as Partial<courses.CourseInput>),
  )

  defineRoute(app, 'deleteCourse', { preHandler: app.authenticate }, async (req, reply) => {
    const files = await courses.deleteCourse(db, actorOf(req), (req.params as CourseParams).courseId)
    await Promise.all(files.map((name) => rm(join(config.mediaDir, name), { force: true })))
    return reply.code(204).send()
  })
}
