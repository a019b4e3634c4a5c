import type { FastifyInstance } from 'fastify'
import { actorOf } from '../plugins/auth'
import { BadInput, NotFound } from '../services/errors'
import { earnings } from '../services/commerce/earnings'
import * as orderViews from '../services/commerce/orderViews'
import type { StripeProvider } from '../services/commerce/stripeProvider'
import { handleStripeEvent } from '../services/commerce/stripeWebhook'
import { defineRoute, signedIn } from './define'
import type { RouteDeps } from './deps'

/** The payment provider in use, Stripe's webhook, and orders: the buyer's, an admin's list and refunds. */
export async function paymentRoutes(app: FastifyInstance, { db, payments }: RouteDeps) {
  // Public; a token that is sent anyway is checked (a bad one is 401), as everywhere.
  defineRoute(app, 'getPaymentProvider', { preHandler: app.authenticateOptional }, async () => ({
    provider: payments.name ?? 'simulated',
  }))

  // The signature covers the raw body: in a context of its own, the JSON body is kept as the bytes that came.
  void app.register(async (raw) => {
    raw.removeContentTypeParser('application/json')
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    )
    defineRoute(raw, 'receiveStripeEvent', { preHandler: raw.authenticateOptional }, async (req) => {
      // (by its name: the class is loaded only with Stripe as the provider, server/app.ts)
      if (payments.name !== 'stripe') throw new NotFound('Webhook')
      const body = req.body as unknown
      const event = Buffer.isBuffer(body)
        ? (payments as StripeProvider).verifyEvent(body, req.headers['stripe-signature'])
        : undefined
      if (!event) throw new BadInput('The Stripe-Signature header does not match the body')
      await handleStripeEvent({ db, payments, log: req.log }, event)
      return { received: true }
    })
  })

  signedIn(app, (group) => {
    defineRoute(group, 'getMyOrders', {}, async (req) => orderViews.myOrders(db, actorOf(req)))
    defineRoute(group, 'getEarnings', {}, async (req) => earnings(db, actorOf(req)))
    defineRoute(group, 'getOrder', {}, async (req) =>
      orderViews.getOrder(db, actorOf(req), req.params.orderId),
    )
  })
  defineRoute(app, 'getOrders', { preHandler: app.requireRole('admin') }, async (req) =>
    orderViews.listOrders(db, req.query.status),
  )
  defineRoute(app, 'refundOrder', { preHandler: app.requireRole('admin') }, async (req) =>
    orderViews.refundOrder({ db, payments, log: req.log }, actorOf(req), req.params.orderId),
  )
}
