// A test server paying through Stripe: the real `stripe` SDK against the local stand-in of Stripe's endpoints
// (tests/support/stripeStandIn.ts), started per file, its webhook events handed to the app by inject.
import { afterAll, beforeAll } from 'vitest'
import { useTestServer } from '../../helpers/buildServer'
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  startStripeStandIn,
  type StripeStandIn,
} from '../../support/stripeStandIn'

/** The stand-in (`stripe()`, once started) and the server that pays through it. */
export function useStripeServer() {
  let stripe: StripeStandIn | undefined
  const env: Record<string, string> = {}
  beforeAll(async () => {
    stripe = await startStripeStandIn()
    Object.assign(env, {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.base,
      PUBLIC_URL: 'https://chess.example.org',
    })
  })
  afterAll(() => stripe?.close())
  const server = useTestServer({ env })
  beforeAll(() => {
    stripe!.deliver = async (payload, signature) => {
      const r = await server.current.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      })
      return { status: r.statusCode, body: r.body }
    }
  })
  return { server, stripe: () => stripe! }
}
