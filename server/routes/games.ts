import type { FastifyInstance } from 'fastify'
import { contractValidatorCompiler } from '../openapi'
import { actorOf } from '../plugins/auth'
import { userRateLimit } from '../plugins/userRateLimit'
import * as games from '../services/games/games'
import { defineRoute, signedIn } from './define'
import type { RouteDeps } from './deps'

export async function gameRoutes(app: FastifyInstance, { db, config }: RouteDeps) {
  // Saves and deletions counted per user after authentication: an anonymous (401) request never counts.
  const gameLimit = userRateLimit(db, 'game', config.gameRateLimitMax)

  signedIn(app, (group) => {
    defineRoute(group, 'saveGame', { preHandler: gameLimit }, async (req, reply) => {
      const { game, created } = await games.save(db, actorOf(req), req.body)
      return reply.code(created ? 201 : 200).send(game)
    })

    defineRoute(group, 'listMyGames', { validatorCompiler: contractValidatorCompiler }, async (req) =>
      games.page(db, config.jwtSecret, actorOf(req), req.query),
    )

    defineRoute(group, 'getGame', {}, async (req) => games.read(db, actorOf(req), req.params.gameId))

    defineRoute(group, 'deleteGame', { preHandler: gameLimit }, async (req, reply) => {
      await games.remove(db, actorOf(req), req.params.gameId)
      return reply.code(204).send()
    })
  })
}
