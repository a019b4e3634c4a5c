import type { FastifyInstance } from 'fastify'
import { actorOf } from '../plugins/auth'
import * as cart from '../services/cart'
import { defineRoute } from './define'
import type { RouteDeps } from './deps'

export async function cartRoutes(app: FastifyInstance, { db, payments }: RouteDeps) {
  defineRoute(app, 'getCart', { preHandler: app.authenticate }, async (req) => cart.getCart(db, actorOf(req)))

  defineRoute(app, 'addToCart', { preHandler: app.authenticate }, async (req) =>
    cart.addToCart(db, actorOf(req), (req.body as { courseId: string }).courseId),
  )

  defineRoute(app, 'removeFromCart', { preHandler: app.authenticate }, async (req) =>
    cart.removeFromCart(db, actorOf(req), (req.params as { courseId: string }).courseId),
  )

  defineRoute(app, 'checkout', { preHandler: app.authenticate }, async (req, reply) => {
    const order = await cart.checkout(db, actorOf(req), payments)
    req.log.info({ orderId: order._id, total: order.total }, 'order placed')
    return reply.code(201).send(order)
  })
}
