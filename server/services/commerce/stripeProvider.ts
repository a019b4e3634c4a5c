// Stripe Checkout behind the order flow: a pending order becomes a Checkout Session the buyer pays on Stripe's page;
// Stripe's webhook (server/services/commerce/stripeWebhook.ts) then completes the order. Refunds go through Stripe's refunds API.
// Every call carries an idempotency key, so a retry never makes a second session or a second refund.
import Stripe from 'stripe'
import type { PaymentSettings } from '../../config'
import type {
  CheckoutRequest,
  HostedCheckout,
  PaymentProvider,
  PaymentResult,
  RefundResult,
} from './payments'

type StripeSettings = Extract<PaymentSettings, { provider: 'stripe' }>

/** A failed call to Stripe, said without Stripe's own text (which may quote part of a key). */
export class StripeCallFailed extends Error {
  constructor(
    readonly type: string,
    readonly statusCode: number | undefined,
    readonly code: string | undefined,
  ) {
    super(`Stripe answered ${type}${statusCode ? ` (${statusCode})` : ''}${code ? `: ${code}` : ''}`)
  }
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request()
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError)
      throw new StripeCallFailed(err.type, err.statusCode, err.code)
    throw new StripeCallFailed('StripeConnectionError', undefined, undefined)
  }
}

/** The checkout return address: the cart page, which follows the order until the webhook has paid it. */
export const returnUrl = (publicUrl: string, orderId: string, cancelled = false) =>
  `${publicUrl}/cart?order=${orderId}${cancelled ? '&cancelled=1' : ''}`

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe'
  private readonly stripe: Stripe
  private readonly webhookSecret: string

  constructor(
    settings: StripeSettings,
    private readonly publicUrl: string,
  ) {
    const base = settings.apiBase ? new URL(settings.apiBase) : undefined
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(base && {
        host: base.hostname,
        port: base.port || (base.protocol === 'https:' ? 443 : 80),
        protocol: base.protocol === 'https:' ? 'https' : 'http',
      }),
    })
    this.webhookSecret = settings.webhookSecret
  }

  async startCheckout(request: CheckoutRequest): Promise<HostedCheckout> {
    const session = await call(() =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: request.orderId,
          line_items: request.lines.map((line) => ({
            quantity: 1,
            price_data: {
              currency: request.currency,
              unit_amount: line.amountCents,
              product_data: { name: line.title },
            },
          })),
          success_url: returnUrl(this.publicUrl, request.orderId),
          cancel_url: returnUrl(this.publicUrl, request.orderId, true),
          metadata: { order_id: request.orderId },
          payment_intent_data: { metadata: { order_id: request.orderId } },
        },
        // Scoped by user, as the order's key is (two users may choose the same key).
        { idempotencyKey: `checkout:${request.userId}:${request.idempotencyKey}` },
      ),
    )
    if (!session.url) throw new StripeCallFailed('MissingSessionUrl', undefined, undefined)
    return { sessionId: session.id, url: session.url }
  }

  /**
   * Ends an open session. One that Stripe already ended on its own (sessions last 24 hours) counts as ended: Stripe
   * refuses to expire it, and its own event may come later. A completed one stays an error: its buyer has paid.
   */
  async expireCheckout(sessionId: string): Promise<void> {
    try {
      await call(() => this.stripe.checkout.sessions.expire(sessionId))
    } catch (err) {
      if (!(err instanceof StripeCallFailed) || err.type !== 'StripeInvalidRequestError') throw err
      const session = await call(() => this.stripe.checkout.sessions.retrieve(sessionId))
      if (session.status !== 'expired') throw err
    }
  }

  /** Stripe takes the money on its hosted page (startCheckout): there is no direct charge. */
  async charge(): Promise<PaymentResult> {
    throw new Error('Stripe payments start with a Checkout Session')
  }

  /**
   * Refunds the whole payment `reference` (a PaymentIntent id). The idempotency key is the payment's own: a payment
   * is refunded whole and once, whoever asks (an admin, a completion that failed) and however often.
   */
  async refund(reference: string): Promise<RefundResult> {
    const refund = await call(() =>
      this.stripe.refunds.create({ payment_intent: reference }, { idempotencyKey: `refund:${reference}` }),
    )
    return { reference: refund.id }
  }

  /** The event a webhook request carries, if its signature (Stripe-Signature over the raw body) is right. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): Stripe.Event | undefined {
    if (!signature) return undefined
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret)
    } catch {
      return undefined
    }
  }
}
