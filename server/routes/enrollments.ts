import type { FastifyInstance } from 'fastify'
import { actorOf } from '../plugins/auth'
import * as courses from '../services/courses'
import { defineRoute } from './define'
import type { RouteDeps } from './deps'

export async function enrollmentRoutes(app: FastifyInstance, { db }: RouteDeps) {
  defineRoute(app, 'getEnrolledCourses', { preHandler: app.authenticate }, async (req) =>
    courses.enrolledCourses(db, actorOf(req), (req.params as { userId: string }).userId),
  )

  defineRoute(app, 'getEnrolledStudents', { preHandler: app.authenticate }, async (req) =>
    courses.enrolledStudents(db, (req.params as { courseId: string }).courseId),
  )

  defineRoute(app, 'enrollInCourse', { preHandler: app.authenticate }, async (req, reply) => {
    const { enrollment, created } = await courses.enroll(db, actorOf(req), (req.params as { courseId: string }).courseId)
    return reply.code(created ? 201 : 200).send(enrollment)
  })
}
