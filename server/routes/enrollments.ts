import type { FastifyInstance } from 'fastify'
import { actorOf } from '../plugins/auth'
import * as courses from '../services/courses'
import * as orders from '../services/orders'
import { defineRoute } from './define'
import type { RouteDeps } from './deps'

export async function enrollmentRoutes(app: FastifyInstance, { db, payments }: RouteDeps) {
  defineRoute(app, 'getEnrolledCourses', { preHandler: app.authenticate }, async (req) =>
    courses.enrolledCourses(db, actorOf(req), req.params.userId),
  )

  defineRoute(app, 'getEnrolledStudents', { preHandler: app.authenticate }, async (req) =>
    courses.enrolledStudents(db, req.params.courseId),
  )

  // A free course enrolls directly; a paid one is charged through the payment provider (one order).
  defineRoute(app, 'enrollInCourse', { preHandler: app.authenticate }, async (req, reply) => {
    const key = orders.idempotencyKeyFrom(req.headers['idempotency-key'])
    const courseId = req.params.courseId
    const { enrollment, created } = await orders.enroll(
      { db, payments, log: req.log },
      actorOf(req),
      courseId,
      key,
    )
    return reply.code(created ? 201 : 200).send(enrollment)
  })
}
