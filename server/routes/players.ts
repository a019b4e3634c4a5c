import type { FastifyInstance } from 'fastify'
import { actorOf } from '../plugins/auth'
import * as players from '../services/players'
import { defineRoute } from './define'
import type { RouteDeps } from './deps'

type PlayerParams = { username: string }

export async function playerRoutes(app: FastifyInstance, { db }: RouteDeps) {
  defineRoute(app, 'getPlayerFollowers', {}, async (req) => players.followers(db, (req.params as PlayerParams).username))

  defineRoute(app, 'getPlayerComments', {}, async (req) => players.comments(db, (req.params as PlayerParams).username))

  defineRoute(app, 'followPlayer', { preHandler: app.authenticate }, async (req, reply) => {
    const { chessPlayerUsername } = req.body as { chessPlayerUsername: string }
    const { follower, created } = await players.follow(db, actorOf(req), chessPlayerUsername)
    return reply.code(created ? 201 : 200).send(follower)
  })

  defineRoute(app, 'unfollowPlayer', { preHandler: app.authenticate }, async (req, reply) => {
    await players.unfollow(db, actorOf(req), (req.params as PlayerParams).username)
    return reply.code(204).send()
  })

  defineRoute(app, 'commentPlayer', { preHandler: app.authenticate }, async (req, reply) => {
    const { chessPlayerUsername, comment } = req.body as { chessPlayerUsername: string; comment: string }
    return reply.code(201).send(await players.addComment(db, actorOf(req), chessPlayerUsername, comment))
  })
}
