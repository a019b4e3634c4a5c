// Stripe's webhook events, once their signature is checked (server/routes/payments.ts): a paid Checkout Session
// completes its order (completePaidOrder, as the simulated charge does), an expired one ends it, a refund made in
// Stripe's dashboard refunds it. Each event is handled once (its id kept); events may come in any order, more than
// once, and to two instances at once: the outcome is the same, since each step changes an order only from the state
// it expects, under the order's row lock.
import type Stripe from 'stripe'
import { DomainError } from '../errors'
import { completePaidOrder } from './orderCompletion'
import { expireOrder } from './orders'
import { AmountMismatch, orderSelect, type OrderDeps, type OrderRow } from './orderRecords'
import { refundAfterFailure } from './orderRefunds'
import { markRefunded } from './orderViews'

const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : ref?.id)

export async function handleStripeEvent(deps: OrderDeps, event: Stripe.Event): Promise<void> {
  const { db, log } = deps
  const seen = await db.query('SELECT 1 FROM payment_events WHERE id = $1', [event.id])
  if (seen.length) return
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      await sessionPaid(deps, event.data.object)
      break
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const [order] = await db.query<{ id: string }>('SELECT id FROM orders WHERE checkout_session = $1', [
        event.data.object.id,
      ])
      if (order) await expireOrder(db, order.id)
      break
    }
    case 'charge.refunded': {
      const charge = event.data.object
      const paymentIntent = idOf(charge.payment_intent)
      // A partial refund leaves the order paid (the product never makes one).
      if (!charge.refunded || !paymentIntent) break
      const [order] = await db.query<{ id: string }>(
        `SELECT id FROM orders WHERE payment_reference = $1 AND provider = 'stripe'`,
        [paymentIntent],
      )
      const refund = charge.refunds?.data[0]?.id ?? `refund-of-${charge.id}`
      if (order && (await markRefunded(db, order.id, refund)))
        log.info({ orderId: order.id, refund }, 'order refunded in Stripe')
      break
    }
    default:
      break
  }
  await db.query('INSERT INTO payment_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [
    event.id,
    event.type,
  ])
}

async function sessionPaid(deps: OrderDeps, session: Stripe.Checkout.Session): Promise<void> {
  const { db, log } = deps
  // 'unpaid': a delayed payment method; its async_payment_succeeded event completes the order later.
  if (session.payment_status !== 'paid') return
  const [order] = await db.query<OrderRow>(`${orderSelect} WHERE o.checkout_session = $1`, [session.id])
  if (!order || order.id !== session.client_reference_id) {
    log.error({ session: session.id }, 'a paid checkout session matches no order')
    return
  }
  const reference = idOf(session.payment_intent) ?? session.id
  try {
    if (session.amount_total !== order.total_cents || session.currency !== 'usd') {
      if (order.status !== 'pending') return
      await refundAfterFailure(deps, order, reference, new AmountMismatch())
    }
    const completed = await completePaidOrder(deps, order, reference)
    if (completed.status !== 'paid')
      log.info({ orderId: order.id, status: completed.status }, 'a paid session for an order already ended')
  } catch (err) {
    // Refunded (a course was deleted since, or the amount differs): the order says so; nothing to retry.
    if (err instanceof DomainError) return
    throw err
  }
}
