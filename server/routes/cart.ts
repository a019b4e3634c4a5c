import type { FastifyInstance } from 'fastify'
import { actorOf } from '../plugins/auth'
import * as cart from '../services/commerce/cart'
import * as orders from '../services/commerce/orders'
import { defineRoute, signedIn } from './define'
import type { RouteDeps } from './deps'

export async function cartRoutes(app: FastifyInstance, { db, payments }: RouteDeps) {
  signedIn(app, (group) => {
    defineRoute(group, 'getCart', {}, async (req) => cart.getCart(db, actorOf(req)))

    defineRoute(group, 'addToCart', {}, async (req) => cart.addToCart(db, actorOf(req), req.body.courseId))

    defineRoute(group, 'removeFromCart', {}, async (req) =>
      cart.removeFromCart(db, actorOf(req), req.params.courseId),
    )

    // Pays for the cart; a retry with the same Idempotency-Key answers the same order and never charges twice.
    defineRoute(group, 'checkout', {}, async (req, reply) => {
      const key = orders.idempotencyKeyFrom(req.headers['idempotency-key'])
      const order = await orders.checkout({ db, payments, log: req.log }, actorOf(req), key)
      // With Stripe: the buyer pays on Stripe's page (202 and its address); the webhook completes the order.
      if ('url' in order) return reply.code(202).send({ orderId: order.orderId, url: order.url })
      return reply.code(201).send(order)
    })
  })
}
