import type { FastifyInstance } from 'fastify'
import { actorOf } from '../plugins/auth'
import { userRateLimit } from '../plugins/userRateLimit'
import * as puzzles from '../services/puzzles/puzzles'
import * as reviews from '../services/puzzles/reviews'
import { clockOf, defineRoute, signedIn } from './define'
import type { RouteDeps } from './deps'

export async function puzzleRoutes(app: FastifyInstance, { db, config }: RouteDeps) {
  const nowOf = clockOf(config)
  // Counted per user after authentication: a solver takes seconds a puzzle at best, so the limit only stops a script.
  const puzzleLimit = userRateLimit(db, 'puzzle', config.puzzleRateLimitMax)
  defineRoute(app, 'getNextPuzzle', { preHandler: app.authenticateOptional }, async (req) =>
    puzzles.next(db, req.actor, req.query),
  )
  defineRoute(app, 'getDailyPuzzle', {}, async () => puzzles.daily(db))
  defineRoute(app, 'getPuzzleStats', {}, async () => puzzles.stats(db))
  defineRoute(app, 'getPuzzle', {}, async (req) => puzzles.read(db, req.params.puzzleId))

  signedIn(app, (group) => {
    defineRoute(group, 'getMyPuzzleRating', {}, async (req) => puzzles.myRating(db, actorOf(req)))
    defineRoute(group, 'recordPuzzleAttempt', { preHandler: puzzleLimit }, async (req) =>
      puzzles.attempt(db, actorOf(req), req.params.puzzleId, req.body.solved, nowOf(req)),
    )

    // personal puzzles from a kept game's mistakes, and the puzzles to review
    defineRoute(group, 'keepGameMistakes', { preHandler: puzzleLimit }, async (req) =>
      reviews.keepMistakes(db, actorOf(req), req.params.gameId, req.body, nowOf(req)),
    )
    defineRoute(group, 'getDuePuzzles', {}, async (req) => reviews.duePuzzles(db, actorOf(req), nowOf(req)))
    defineRoute(group, 'recordPuzzleReview', { preHandler: puzzleLimit }, async (req) =>
      reviews.recordReview(db, actorOf(req), req.params.reviewPuzzleId, req.body.solved, nowOf(req)),
    )
  })
}
