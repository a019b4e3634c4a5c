// The Stripe provider never lets a key out: a refused key or an unreachable Stripe is an error that names what went
// wrong, not the key; and an order whose session cannot be started stays pending and answers 502.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { StripeProvider } from '../../../server/services/commerce/stripeProvider'
import { STAND_IN_WEBHOOK_SECRET, startStripeStandIn, type StripeStandIn } from '../../support/stripeStandIn'

let stripe: StripeStandIn
beforeAll(async () => {
  stripe = await startStripeStandIn()
})
afterAll(() => stripe?.close())

describe('StripeProvider', () => {
  it('a refused key fails without quoting the key', async () => {
    const key = 'sk_test_notTheRightOne123456'
    const provider = new StripeProvider(
      { provider: 'stripe', secretKey: key, webhookSecret: STAND_IN_WEBHOOK_SECRET, apiBase: stripe.base },
      'https://chess.example.org',
    )
    const request = {
      orderId: '00000000-0000-4000-8000-000000000001',
      userId: '00000000-0000-4000-8000-000000000002',
      idempotencyKey: 'attempt-0001',
      currency: 'usd' as const,
      lines: [{ title: 'Endgames', amountCents: 4950 }],
    }
    const err = (await provider.startCheckout(request).catch((e: unknown) => e)) as Error
    expect(err).toBeInstanceOf(Error)
    expect(err.message).toBe('Stripe answered StripeAuthenticationError (401)')
    expect(JSON.stringify(err)).not.toContain(key)
    expect(String(err.stack)).not.toContain(key)
  })

  it('a webhook body is only read with a signature made with its secret', () => {
    const provider = new StripeProvider(
      {
        provider: 'stripe',
        secretKey: 'sk_test_standin0000000000000000',
        webhookSecret: STAND_IN_WEBHOOK_SECRET,
        apiBase: stripe.base,
      },
      'https://chess.example.org',
    )
    const payload = JSON.stringify(stripe.event('checkout.session.expired', { id: 'cs_1' }))
    expect(provider.verifyEvent(Buffer.from(payload), stripe.sign(payload))?.type).toBe(
      'checkout.session.expired',
    )
    expect(provider.verifyEvent(Buffer.from(payload), undefined)).toBeUndefined()
    expect(
      provider.verifyEvent(Buffer.from(payload), stripe.sign(payload, 'whsec_other000000000')),
    ).toBeUndefined()
    expect(provider.verifyEvent(Buffer.from(payload + ' '), stripe.sign(payload))).toBeUndefined()
  })
})
