import type { FastifyInstance } from 'fastify'
import { actorOf } from '../plugins/auth'
import * as cart from '../services/cart'
import * as orders from '../services/orders'
import { defineRoute } from './define'
import type { RouteDeps } from './deps'

export async function cartRoutes(app: FastifyInstance, { db, payments }: RouteDeps) {
  defineRoute(app, 'getCart', { preHandler: app.authenticate }, async (req) => cart.getCart(db, actorOf(req)))

  defineRoute(app, 'addToCart', { preHandler: app.authenticate }, async (req) =>
    cart.addToCart(db, actorOf(req), req.body.courseId),
  )

  defineRoute(app, 'removeFromCart', { preHandler: app.authenticate }, async (req) =>
    cart.removeFromCart(db, actorOf(req), req.params.courseId),
  )

  // Pays for the cart; a retry with the same Idempotency-Key answers the same order and never charges twice.
  defineRoute(app, 'checkout', { preHandler: app.authenticate }, async (req, reply) => {
    const key = orders.idempotencyKeyFrom(req.headers['idempotency-key'])
    const order = await orders.checkout({ db, payments, log: req.log }, actorOf(req), key)
    return reply.code(201).send(order)
  })
}
