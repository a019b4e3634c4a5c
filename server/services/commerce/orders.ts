/**
 * Paying for courses (checkout of the cart, enrollment in a paid course) in two steps around the payment
 * provider, so that money is never taken without either a paid order or a refund:
 *
 *  (a) a short transaction records a 'pending' order with its lines and idempotency key;
 *  (b) the provider is charged with that key while no database lock is held;
 *  (c) a second transaction checks the order is still pending and every course still exists, enrolls,
 *      marks the order 'paid' and takes the courses out of the cart. If (c) fails after an approved charge,
 *      the charge is refunded and the order marked 'refunded' (or 'refund_failed', logged loudly, when the
 *      provider cannot refund it yet; a retry with the same key tries the refund again).
 *
 * A retry with the same key never charges twice: a paid order is answered again, a declined or refunded one
 * answers the same problem, and a pending one (the charge failed or the process stopped between (b) and (c))
 * is charged again with the same key, which the provider deduplicates, and completed.
 */
import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/db'
import type { EnrollmentView } from '../catalogue/courses'
import { BadInput, DomainError, Forbidden } from '../errors'
import { chargeAndComplete } from './orderCompletion'
import { type Done, prepare, type Redirect } from './orderPreparation'
import {
  Busy,
  ORDER_LEASE_MS,
  type OrderDeps,
  type OrderRow,
  type OrderView,
  PaymentUnavailable,
  POLL_MS,
  type Purchase,
} from './orderRecords'
import { retryRefund } from './orderRefunds'
import { type Actor, iso } from '../types'
import { canBuyCourses } from '../../../domain/rules'

export { COURSE_GONE } from './orderRecords'
export type { OrderDeps, OrderLog } from './orderRecords'
export type { Redirect } from './orderPreparation'

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/

/** The Idempotency-Key header, checked against the contract's pattern (absent: undefined). */
export function idempotencyKeyFrom(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw new BadInput('The Idempotency-Key header must be 8 to 100 letters, digits, _ or -')
  }
  return header
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Pays for the cart: one order for all its courses. */
export async function checkout(deps: OrderDeps, actor: Actor, key?: string): Promise<OrderView | Redirect> {
  // Only students have carts (anyone else finds theirs empty: 409).
  const done = await purchase(deps, actor, { kind: 'checkout' }, key)
  if (done.type === 'enrolled') throw new Error('checkout ended without an order')
  return done.type === 'redirect' ? done : done.order
}

/**
 * Enrolls a student: a free course directly, a paid one through an order charged at the course's price.
 * Already enrolled: the existing enrollment with created = false, nothing charged.
 */
export async function enroll(
  deps: OrderDeps,
  actor: Actor,
  courseId: string,
  key?: string,
): Promise<{ enrollment: EnrollmentView; created: boolean } | Redirect> {
  if (!canBuyCourses(actor)) throw new Forbidden('Only students enroll in courses')
  const done = await purchase(deps, actor, { kind: 'enroll', courseId }, key)
  if (done.type === 'enrolled' || done.type === 'redirect') return done
  const [row] = await deps.db.query<{ enrolled_at: Date }>(
    'SELECT enrolled_at FROM enrollments WHERE course_id = $1 AND student_id = $2',
    [courseId, actor.id],
  )
  // A replayed order whose course was deleted since still answers what was bought.
  const enrolledAt = row ? iso(row.enrolled_at) : done.order.createdAt
  return { enrollment: { courseId, studentId: actor.id, enrolledAt }, created: true }
}

async function purchase(deps: OrderDeps, actor: Actor, request: Purchase, clientKey?: string): Promise<Done> {
  const key = clientKey ?? randomUUID().replaceAll('-', '')
  const deadline = Date.now() + ORDER_LEASE_MS + 5_000
  // An abandoned pending order for the same courses that this request completed on the way.
  let resumed: OrderView | undefined
  for (;;) {
    const step = await deps.db.transaction((tx) =>
      prepare(tx, actor, request, key, deps.payments.name ?? 'simulated', resumed),
    )
    if (step.kind === 'done') return step.done
    if (step.kind === 'wait') {
      if (Date.now() > deadline) throw new Busy()
      await sleep(POLL_MS + Math.random() * POLL_MS)
      continue
    }
    if (step.kind === 'refund') return retryRefund(deps, step.order)
    if (step.kind === 'replace') {
      await replaceCheckout(deps, step.order, step.detail)
      continue
    }
    if (deps.payments.startCheckout) return hostedCheckout(deps, step.order)
    if (step.own) return { type: 'order', order: await chargeAndComplete(deps, step.order) }
    try {
      resumed = await chargeAndComplete(deps, step.order)
    } catch (err) {
      // That older attempt ended declined or refunded: this one goes on with its own order.
      if (err instanceof DomainError && (err.status === 402 || err.status === 409)) continue
      throw err
    }
  }
}

/** Sends the buyer to the provider's page for a pending order this request holds the lease of. */
async function hostedCheckout(deps: OrderDeps, order: OrderRow): Promise<Redirect> {
  const { db, payments, log } = deps
  if (order.checkout_session && order.checkout_url) {
    await db.query('UPDATE orders SET lease_until = NULL WHERE id = $1', [order.id])
    return { type: 'redirect', orderId: order.id, url: order.checkout_url }
  }
  const lines = await db.query<{ course_title: string; price_cents: number }>(
    'SELECT course_title, price_cents::float8 AS price_cents FROM order_items WHERE order_id = $1 ORDER BY position',
    [order.id],
  )
  let session
  try {
    session = await payments.startCheckout!({
      orderId: order.id,
      userId: order.user_id,
      idempotencyKey: order.idempotency_key,
      currency: 'usd',
      lines: lines.map((l) => ({ title: l.course_title, amountCents: Number(l.price_cents) })),
    })
  } catch (err) {
    log.error(
      { err, orderId: order.id },
      'the payment provider could not start a checkout; the order stays pending',
    )
    await db
      .query(`UPDATE orders SET lease_until = NULL WHERE id = $1 AND status = 'pending'`, [order.id])
      .catch(() => undefined)
    throw new PaymentUnavailable()
  }
  // The session waits for the buyer (up to a day): no request holds the order meanwhile.
  await db.query(
    `UPDATE orders SET checkout_session = $2, checkout_url = $3, lease_until = NULL, updated_at = clock_timestamp()
     WHERE id = $1`,
    [order.id, session.sessionId, session.url],
  )
  log.info({ orderId: order.id, session: session.sessionId }, 'checkout session started')
  return { type: 'redirect', orderId: order.id, url: session.url }
}

/**
 * Ends an older hosted checkout (for other courses, or at old prices) so that a new order can take its place. Without
 * a session no buyer was ever sent to pay it.
 */
async function replaceCheckout(deps: OrderDeps, order: OrderRow, detail?: string): Promise<void> {
  if (order.checkout_session) {
    try {
      await deps.payments.expireCheckout?.(order.checkout_session)
    } catch (err) {
      // Most likely paid meanwhile: its webhook settles it; this purchase can be tried again then.
      deps.log.error({ err, orderId: order.id }, 'could not end an older checkout session')
      throw new Busy()
    }
  }
  await expireOrder(deps.db, order.id, detail)
  deps.log.info({ orderId: order.id, session: order.checkout_session }, 'older checkout replaced')
}

/**
 * A hosted checkout that ended unpaid: the order is 'expired' (nothing was charged); `detail` is what a retry of its
 * attempt answers (409), when not the usual one.
 */
export async function expireOrder(db: Db, orderId: string, detail?: string): Promise<void> {
  await db.query(
    `UPDATE orders SET status = 'expired', lease_until = NULL, failure_status = CASE WHEN $2::text IS NULL THEN NULL ELSE 409 END,
     failure_detail = $2, updated_at = clock_timestamp()
     WHERE id = $1 AND status = 'pending'`,
    [orderId, detail ?? null],
  )
}
