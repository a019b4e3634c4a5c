import type { FastifyInstance } from 'fastify'
import { actorOf } from '../plugins/auth'
import { contractValidatorCompiler } from '../openapi'
import { userRateLimit } from '../plugins/userRateLimit'
import * as lines from '../services/learning/lines'
import { clockOf, defineRoute, signedIn } from './define'
import type { RouteDeps } from './deps'

export async function lineRoutes(app: FastifyInstance, { db, config }: RouteDeps) {
  const nowOf = clockOf(config)

  // Counted per user after authentication (an anonymous request never counts): a learner finishes a line in
  // seconds at best, so the limit only stops a script.
  const practiceLimit = userRateLimit(db, 'practice', config.practiceRateLimitMax)

  signedIn(app, (group) => {
    defineRoute(group, 'recordLinePractice', { preHandler: practiceLimit }, async (req) =>
      lines.recordPractice(db, actorOf(req), req.params.moduleId, req.body, nowOf(req)),
    )

    defineRoute(group, 'getDueReviews', {}, async (req) => lines.dueReviews(db, actorOf(req), nowOf(req)))

    defineRoute(group, 'getReviewSummary', {}, async (req) =>
      lines.reviewSummary(db, actorOf(req), nowOf(req)),
    )

    // tzOffset arrives as text: read as the integer the contract types it
    defineRoute(group, 'getReviewForecast', { validatorCompiler: contractValidatorCompiler }, async (req) =>
      lines.reviewForecast(db, actorOf(req), nowOf(req), req.query.tzOffset ?? 0),
    )

    defineRoute(group, 'getDifficultMoves', {}, async (req) => lines.difficultMoves(db, actorOf(req)))
  })
}
