import type { FastifyInstance } from 'fastify'
import { actorOf } from '../plugins/auth'
import * as puzzles from '../services/puzzles/puzzles'
import * as reviews from '../services/puzzles/reviews'
import { clockOf, defineRoute, signedIn } from './define'
import type { RouteDeps } from './deps'

export async function puzzleRoutes(app: FastifyInstance, { db, config }: RouteDeps) {
  const nowOf = clockOf(config)
  defineRoute(app, 'getNextPuzzle', { preHandler: app.authenticateOptional }, async (req) =>
    puzzles.next(db, req.actor, req.query),
  )
  defineRoute(app, 'getDailyPuzzle', {}, async () => puzzles.daily(db))
  defineRoute(app, 'getPuzzleStats', {}, async () => puzzles.stats(db))
  defineRoute(app, 'getPuzzle', {}, async (req) => puzzles.read(db, req.params.puzzleId))

  signedIn(app, (group) => {
    defineRoute(group, 'getMyPuzzleRating', {}, async (req) => puzzles.myRating(db, actorOf(req)))
    defineRoute(group, 'recordPuzzleAttempt', {}, async (req) =>
      puzzles.attempt(db, actorOf(req), req.params.puzzleId, req.body.solved, nowOf(req)),
    )

    // personal puzzles from a kept game's mistakes, and the puzzles to review
    defineRoute(group, 'keepGameMistakes', {}, async (req) =>
      reviews.keepMistakes(db, actorOf(req), req.params.gameId, req.body, nowOf(req)),
    )
    defineRoute(group, 'getDuePuzzles', {}, async (req) => reviews.duePuzzles(db, actorOf(req), nowOf(req)))
    defineRoute(group, 'recordPuzzleReview', {}, async (req) =>
      reviews.recordReview(db, actorOf(req), req.params.reviewPuzzleId, req.body.solved, nowOf(req)),
    )
  })
}
