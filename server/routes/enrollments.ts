import type { FastifyInstance } from 'fastify'
import { contractValidatorCompiler } from '../openapi'
import { actorOf } from '../plugins/auth'
import { isPageQuery } from '../services/catalogue/pages'
import * as courses from '../services/catalogue/courses'
import * as orders from '../services/commerce/orders'
import { defineRoute, signedIn } from './define'
import type { RouteDeps } from './deps'

export async function enrollmentRoutes(app: FastifyInstance, { db, payments, config }: RouteDeps) {
  signedIn(app, (group) => {
    defineRoute(group, 'getEnrolledCourses', {}, async (req) =>
      courses.enrolledCourses(db, actorOf(req), req.params.userId),
    )

    // Without parameters the whole list; with `limit` or `cursor`, one page.
    defineRoute(
      group,
      'getEnrolledStudents',
      { validatorCompiler: contractValidatorCompiler },
      async (req) =>
        isPageQuery(req.query)
          ? courses.enrolledStudentPage(db, config.jwtSecret, actorOf(req), req.params.courseId, req.query)
          : courses.enrolledStudents(db, actorOf(req), req.params.courseId),
    )

    // A free course enrolls directly; a paid one is charged through the payment provider (one order).
    defineRoute(group, 'enrollInCourse', {}, async (req, reply) => {
      const key = orders.idempotencyKeyFrom(req.headers['idempotency-key'])
      const courseId = req.params.courseId
      const done = await orders.enroll({ db, payments, log: req.log }, actorOf(req), courseId, key)
      // With Stripe: the buyer pays on Stripe's page (202 and its address); the webhook enrolls them.
      if ('url' in done) return reply.code(202).send({ orderId: done.orderId, url: done.url })
      return reply.code(done.created ? 201 : 200).send(done.enrollment)
    })
  })
}
