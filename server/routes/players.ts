import type { FastifyInstance } from 'fastify'
import { contractValidatorCompiler } from '../openapi'
import { actorOf } from '../plugins/auth'
import { userRateLimit } from '../plugins/userRateLimit'
import { isPageQuery } from '../services/catalogue/pages'
import * as players from '../services/games/players'
import { defineRoute, signedIn } from './define'
import type { RouteDeps } from './deps'

export async function playerRoutes(app: FastifyInstance, { db, config }: RouteDeps) {
  // Counted per user after authentication: an anonymous (401) request never counts.
  const followLimit = userRateLimit(db, 'follow', config.followRateLimitMax)
  const commentLimit = userRateLimit(db, 'comment', config.commentRateLimitMax)

  // Without parameters the whole list; with `limit`, `cursor` or `userId`, one page.
  defineRoute(app, 'getPlayerFollowers', { validatorCompiler: contractValidatorCompiler }, async (req) =>
    isPageQuery(req.query) || req.query.userId !== undefined
      ? players.followerPage(db, config.jwtSecret, req.params.username, req.query)
      : players.followers(db, req.params.username),
  )

  defineRoute(app, 'getPlayerComments', { validatorCompiler: contractValidatorCompiler }, async (req) =>
    players.comments(db, req.params.username, req.query),
  )

  signedIn(app, (group) => {
    defineRoute(group, 'followPlayer', { preHandler: followLimit }, async (req, reply) => {
      const { chessPlayerUsername } = req.body
      const { follower, created } = await players.follow(db, actorOf(req), chessPlayerUsername)
      return reply.code(created ? 201 : 200).send(follower)
    })

    defineRoute(group, 'unfollowPlayer', { preHandler: followLimit }, async (req, reply) => {
      await players.unfollow(db, actorOf(req), req.params.username)
      return reply.code(204).send()
    })

    defineRoute(group, 'commentPlayer', { preHandler: commentLimit }, async (req, reply) => {
      const { chessPlayerUsername, comment } = req.body
      return reply.code(201).send(await players.addComment(db, actorOf(req), chessPlayerUsername, comment))
    })

    defineRoute(group, 'deleteComment', {}, async (req, reply) => {
      await players.deleteComment(db, actorOf(req), req.params.commentId)
      return reply.code(204).send()
    })
  })
}
