import type { FastifyInstance } from 'fastify'
import { contractValidatorCompiler } from '../openapi'
import { actorOf } from '../plugins/auth'
import { userRateLimit } from '../plugins/userRateLimit'
import * as reviews from '../services/catalogue/reviews'
import { defineRoute, signedIn } from './define'
import type { RouteDeps } from './deps'

export async function courseReviewRoutes(app: FastifyInstance, { db, config }: RouteDeps) {
  // Counted per user after authentication, as comments are: each save may move the course list's version.
  const reviewLimit = userRateLimit(db, 'review', config.commentRateLimitMax)

  // Public, but a draft's reviews only to those who may see the draft, so a valid token is read when one is sent.
  defineRoute(
    app,
    'getCourseReviews',
    { preHandler: app.readTokenIfValid, validatorCompiler: contractValidatorCompiler },
    async (req) =>
      reviews.reviewPage(db, config.jwtSecret, req.actor ?? null, req.params.courseId, req.query),
  )

  signedIn(app, (group) => {
    defineRoute(group, 'getMyCourseReview', {}, async (req) =>
      reviews.myReview(db, actorOf(req), req.params.courseId),
    )

    defineRoute(group, 'saveMyCourseReview', { preHandler: reviewLimit }, async (req, reply) => {
      const { review, created } = await reviews.saveReview(db, actorOf(req), req.params.courseId, req.body)
      return reply.code(created ? 201 : 200).send(review)
    })

    defineRoute(group, 'replyToCourseReview', { preHandler: reviewLimit }, async (req, reply) => {
      const review = await reviews.replyToReview(db, actorOf(req), req.params.reviewId, req.body.text)
      return reply.code(201).send(review)
    })

    defineRoute(group, 'removeCourseReview', { preHandler: reviewLimit }, async (req, reply) => {
      await reviews.removeReview(db, actorOf(req), req.params.reviewId, req.body.reason)
      return reply.code(204).send()
    })
  })
}
