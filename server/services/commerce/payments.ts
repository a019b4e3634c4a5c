import { randomUUID } from 'node:crypto'

export interface PaymentRequest {
  userId: string
  amount: number
  currency: 'USD'
  description: string
  /**
   * The order's idempotency key (the client's Idempotency-Key header, or one the server chose). A provider
   * answers a repeated (userId, idempotencyKey) with the outcome of the first charge and never charges twice;
   * an adapter for a real provider scopes it by user, e.g. sends `${userId}:${idempotencyKey}`.
   */
  idempotencyKey: string
}

/**
 * `refunded`: the charge this key made was refunded since (a repeated key answers the original charge,
 * which is no longer money held for the order).
 */
export type PaymentResult =
  { approved: true; reference: string; refunded?: boolean } | { approved: false; reason: string }

export interface RefundResult {
  reference: string
}

/**
 * Where a real payment provider plugs in. Orders call charge() with no database transaction open, and
 * refund() when an approved charge cannot become a paid order. Both throw when the provider cannot be
 * reached or refuses; both are idempotent by key.
 */
export interface PaymentProvider {
  /** Which provider this is (recorded on each order, shown on /admin); absent: `simulated`. */
  readonly name?: ProviderName
  /**
   * A provider with a hosted payment page (Stripe Checkout): the buyer is sent to it, and the order completes when
   * the provider's webhook says it was paid. Without it, charge() is called and the order completes at once.
   */
  startCheckout?(request: CheckoutRequest): Promise<HostedCheckout>
  /** Ends an unpaid hosted checkout (a newer one replaces it); throws if it cannot (it was paid meanwhile). */
  expireCheckout?(sessionId: string): Promise<void>
  charge(request: PaymentRequest): Promise<PaymentResult>
  /** Gives back the whole approved charge `reference`; a repeated call refunds once and answers the same. */
  refund(reference: string, idempotencyKey: string): Promise<RefundResult>
}

export type ProviderName = 'simulated' | 'stripe'

export interface CheckoutRequest {
  orderId: string
  userId: string
  /** The order's idempotency key; the provider answers a repeated key with the same session. */
  idempotencyKey: string
  currency: 'usd'
  lines: { title: string; amountCents: number }[]
}

export interface HostedCheckout {
  sessionId: string
  /** Where the buyer pays. */
  url: string
}

interface LocalCharge {
  userId: string
  reference: string
  amount: number
  refund?: string
}

/**
 * The built-in provider: approves every payment, deduplicates charges by (user, key) and refunds them, as a
 * real provider does. It keeps its record in memory (the newest 100,000 charges): it is a stand-in that
 * moves no money.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'simulated'
  private readonly byKey = new Map<string, LocalCharge>()
  private readonly byReference = new Map<string, LocalCharge>()

  constructor(private readonly capacity = 100_000) {}

  async charge(request: PaymentRequest): Promise<PaymentResult> {
    const key = `${request.userId}\n${request.idempotencyKey}`
    const seen = this.byKey.get(key)
    if (seen) return { approved: true, reference: seen.reference, ...(seen.refund ? { refunded: true } : {}) }
    const charge: LocalCharge = {
      userId: request.userId,
      reference: `local-${randomUUID()}`,
      amount: request.amount,
    }
    this.byKey.set(key, charge)
    this.byReference.set(charge.reference, charge)
    if (this.byKey.size > this.capacity) {
      const [oldestKey, oldest] = this.byKey.entries().next().value as [string, LocalCharge]
      this.byKey.delete(oldestKey)
      this.byReference.delete(oldest.reference)
    }
    return { approved: true, reference: charge.reference }
  }

  async refund(reference: string): Promise<RefundResult> {
    const charge = this.byReference.get(reference)
    if (!charge) throw new Error(`no charge ${reference} to refund`)
    charge.refund ??= `local-refund-${randomUUID()}`
    return { reference: charge.refund }
  }
}

/** The built-in provider the server uses unless another is plugged in. */
export const approvingProvider: PaymentProvider = new LocalPaymentProvider()
