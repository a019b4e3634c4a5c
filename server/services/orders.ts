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
import type { Db } from '../db/db'
import { enroll as enrollDirectly, type EnrollmentView } from './courses'
import {
  BadInput,
  Conflict,
  DomainError,
  Forbidden,
  NotFound,
  PaymentDeclined,
  Unauthenticated,
} from './errors'
import {
  Busy,
  CourseGone,
  lease,
  ORDER_LEASE_MS,
  orderSelect,
  type OrderDeps,
  type OrderRow,
  type OrderView,
  PaymentUnavailable,
  POLL_MS,
  type Purchase,
  RefundPending,
  replayed,
  viewOf,
} from './orderRecords'
import { refundAfterFailure, retryRefund } from './orderRefunds'
import { queueReceipt } from './mail/receipts'
import type { ProviderName } from './payments'
import { type Actor, iso } from './types'
import { canBuyCourses } from '../../domain/rules'

export { COURSE_GONE } from './orderRecords'
export type { OrderDeps, OrderLog } from './orderRecords'

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/

/** The Idempotency-Key header, checked against the contract's pattern (absent: undefined). */
export function idempotencyKeyFrom(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw new BadInput('The Idempotency-Key header must be 8 to 100 letters, digits, _ or -')
  }
  return header
}

/** Where a buyer pays for an order on the provider's own page (Stripe Checkout). */
export interface Redirect {
  type: 'redirect'
  orderId: string
  url: string
}

type Done =
  | { type: 'order'; order: OrderView }
  | { type: 'enrolled'; enrollment: EnrollmentView; created: boolean }
  | Redirect

type Step =
  | { kind: 'done'; done: Done }
  | { kind: 'wait' }
  | { kind: 'charge'; order: OrderRow; own: boolean }
  | { kind: 'refund'; order: OrderRow }
  /** An older hosted checkout for some of these courses but not the same ones: it is ended first. */
  | { kind: 'replace'; order: OrderRow }

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
      await replaceCheckout(deps, step.order)
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

/** Step (a): one short transaction, serialized per user by a lock on the user's row. */
async function prepare(
  tx: Db,
  actor: Actor,
  request: Purchase,
  key: string,
  provider: ProviderName,
  resumed?: OrderView,
): Promise<Step> {
  const users = await tx.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [actor.id])
  if (!users.length) throw new Unauthenticated()
  const [existing] = await tx.query<OrderRow>(
    `${orderSelect} WHERE o.user_id = $1 AND o.idempotency_key = $2`,
    [actor.id, key],
  )
  if (existing) {
    const sameCourse =
      request.kind !== 'enroll' ||
      existing.course_ids[0] == null ||
      existing.course_ids[0] === request.courseId
    if (existing.kind !== request.kind || !sameCourse) {
      throw new Conflict('This Idempotency-Key was already used for another purchase')
    }
    return resume(tx, existing, true)
  }

  let lines: { course_id: string; title: string; price_cents: number }[]
  if (request.kind === 'enroll') {
    const [course] = await tx.query<{ id: string; title: string; price_cents: number; published: boolean }>(
      'SELECT id, title, price_cents::float8 AS price_cents, published FROM courses WHERE id = $1 FOR KEY SHARE',
      [request.courseId],
    )
    if (!course) throw new NotFound('Course')
    const [enrolled] = await tx.query<{ enrolled_at: Date }>(
      'SELECT enrolled_at FROM enrollments WHERE course_id = $1 AND student_id = $2',
      [course.id, actor.id],
    )
    // A draft is not for sale: 404 as for a course that does not exist (its own students are enrolled already).
    if (!enrolled && !course.published) throw new NotFound('Course')
    if (enrolled) {
      const enrollment = { courseId: course.id, studentId: actor.id, enrolledAt: iso(enrolled.enrolled_at) }
      return { kind: 'done', done: { type: 'enrolled', enrollment, created: resumed !== undefined } }
    }
    if (Number(course.price_cents) === 0)
      return { kind: 'done', done: { type: 'enrolled', ...(await enrollDirectly(tx, actor, course.id)) } }
    lines = [{ course_id: course.id, title: course.title, price_cents: Number(course.price_cents) }]
  } else {
    // The user's row lock keeps other purchases of this user out; the cart rows are not locked, since a
    // course deletion locks its course and then deletes cart rows: taking them in the other order deadlocks.
    lines = await tx.query<{ course_id: string; title: string; price_cents: number }>(
      `SELECT ci.course_id, c.title, c.price_cents::float8 AS price_cents FROM cart_items ci JOIN courses c ON c.id = ci.course_id
       WHERE ci.user_id = $1 ORDER BY ci.added_at, c.id`,
      [actor.id],
    )
    // A course being deleted right now is waited for, then left out; so is one unpublished since it was added.
    const kept = await tx.query<{ id: string }>(
      'SELECT id FROM courses WHERE id = ANY($1::uuid[]) AND published ORDER BY id FOR KEY SHARE',
      [lines.map((l) => l.course_id)],
    )
    const present = new Set(kept.map((c) => c.id))
    lines = lines.filter((l) => present.has(l.course_id))
    // A course bought in the meantime has nothing left to buy.
    const enrolled = await tx.query<{ course_id: string }>(
      'SELECT course_id FROM enrollments WHERE student_id = $1 AND course_id = ANY($2::uuid[])',
      [actor.id, lines.map((l) => l.course_id)],
    )
    if (enrolled.length) {
      const done = new Set(enrolled.map((e) => e.course_id))
      await tx.query('DELETE FROM cart_items WHERE user_id = $1 AND course_id = ANY($2::uuid[])', [
        actor.id,
        [...done],
      ])
      lines = lines.filter((l) => !done.has(l.course_id))
    }
    if (!lines.length) {
      if (resumed) return { kind: 'done', done: { type: 'order', order: resumed } }
      throw new Conflict('The cart is empty')
    }
  }

  // Another attempt at these courses: still in progress (wait for it), or abandoned half-way (complete it,
  // with its own key, so that a charge it may have made is never made twice).
  const [other] = await tx.query<OrderRow>(
    `${orderSelect} WHERE o.user_id = $1 AND o.status = 'pending'
     AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.course_id = ANY($2::uuid[]))
     ORDER BY o.created_at, o.id LIMIT 1`,
    [actor.id, lines.map((l) => l.course_id)],
  )
  if (other) {
    // A hosted checkout waits for the buyer: the same courses go back to it, other ones replace it.
    const same =
      other.course_ids.length === lines.length && lines.every((l) => other.course_ids.includes(l.course_id))
    if (other.checkout_session && !same) return { kind: 'replace', order: other }
    return resume(tx, other, false)
  }

  const totalCents = lines.reduce((sum, l) => sum + Number(l.price_cents), 0)
  const [order] = await tx.query<{ id: string }>(
    `INSERT INTO orders (user_id, total_cents, status, kind, idempotency_key, lease_until, provider)
     VALUES ($1, $2, 'pending', $3, $4, ${lease}, $5) RETURNING id`,
    [actor.id, totalCents, request.kind, key, provider],
  )
  await tx.query(
    `INSERT INTO order_items (order_id, course_id, course_title, price_cents, position)
     SELECT $1, l.course_id, l.title, l.price_cents, l.position
     FROM unnest($2::uuid[], $3::text[], $4::bigint[]) WITH ORDINALITY AS l(course_id, title, price_cents, position)`,
    [order.id, lines.map((l) => l.course_id), lines.map((l) => l.title), lines.map((l) => l.price_cents)],
  )
  const [row] = await tx.query<OrderRow>(`${orderSelect} WHERE o.id = $1`, [order.id])
  return { kind: 'charge', order: row, own: true }
}

/** What an existing order means for a request that finds it (own: it carries this request's key). */
async function resume(tx: Db, order: OrderRow, own: boolean): Promise<Step> {
  switch (order.status) {
    case 'paid':
      return { kind: 'done', done: { type: 'order', order: viewOf(order) } }
    case 'declined':
      throw new PaymentDeclined(order.failure_detail ?? undefined)
    case 'refunded':
      throw replayed(order.failure_status ?? 409, order.failure_detail ?? 'The payment was refunded')
    case 'expired':
      throw new Conflict('This payment was not completed in time and nothing was charged; start a new one')
    case 'pending':
    case 'refund_failed':
      if (order.leased) return { kind: 'wait' }
      await tx.query(
        `UPDATE orders SET lease_until = ${lease}, updated_at = clock_timestamp() WHERE id = $1`,
        [order.id],
      )
      return order.status === 'pending' ? { kind: 'charge', order, own } : { kind: 'refund', order }
  }
}

/** Steps (b) and (c) for a pending order this request holds the lease of. */
async function chargeAndComplete(deps: OrderDeps, order: OrderRow): Promise<OrderView> {
  const { db, payments, log } = deps
  let result
  try {
    result = await payments.charge({
      userId: order.user_id,
      amount: order.total_cents / 100,
      currency: 'USD',
      description: order.titles.join(', ').slice(0, 500),
      idempotencyKey: order.idempotency_key,
    })
  } catch (err) {
    // Whether the provider took the money is unknown: the order stays pending, and completing it charges
    // again with the same key, which the provider answers without charging twice.
    log.error({ err, orderId: order.id }, 'payment provider failed; the order stays pending')
    await db
      .query(
        `UPDATE orders SET lease_until = NULL, updated_at = clock_timestamp() WHERE id = $1 AND status = 'pending'`,
        [order.id],
      )
      .catch((e: unknown) => log.error({ err: e, orderId: order.id }, 'could not release the order'))
    throw new PaymentUnavailable()
  }
  if (!result.approved) {
    await db.query(
      `UPDATE orders SET status = 'declined', failure_status = 402, failure_detail = $2, lease_until = NULL,
       updated_at = clock_timestamp() WHERE id = $1 AND status = 'pending'`,
      [order.id, result.reason],
    )
    throw new PaymentDeclined(result.reason)
  }
  if (result.refunded) {
    // The charge this key made was refunded earlier (the refund was made but could not be recorded).
    const detail = 'This purchase was refunded; start a new one'
    await db.query(
      `UPDATE orders SET status = 'refunded', payment_reference = $2, failure_status = 409, failure_detail = $3,
       lease_until = NULL, updated_at = clock_timestamp() WHERE id = $1 AND status = 'pending'`,
      [order.id, result.reference, detail],
    )
    throw new Conflict(detail)
  }
  const completed = await completePaidOrder(deps, order, result.reference)
  if (completed.status !== 'paid') return resumeFinal(completed)
  return viewOf(completed)
}

/**
 * The one way an order becomes paid, once the provider has taken the money (`reference`): the simulated charge
 * above and Stripe's webhook both end here. Step (c) in a transaction; if it cannot be done (a course was deleted
 * since), the payment is refunded and the problem thrown. Answers the order as it ends (already paid or ended
 * otherwise by another request: as that one left it).
 */
export async function completePaidOrder(
  deps: OrderDeps,
  order: OrderRow,
  reference: string,
): Promise<OrderRow> {
  const { db, log } = deps
  let completed: OrderRow & { justPaid?: boolean }
  try {
    completed = await db.transaction((tx) => complete(tx, order, reference))
  } catch (err) {
    return refundAfterFailure(deps, order, reference, err)
  }
  if (completed.payment_reference !== reference) {
    // Another request settled this order with a different charge (a provider that did not deduplicate).
    await refundAfterFailure(
      deps,
      order,
      reference,
      new Error('order already settled by another charge'),
      false,
    ).catch(() => undefined)
  }
  // Here, and only here, an order has just become paid (a receipt would be sent from this place).
  if (completed.justPaid)
    log.info({ orderId: order.id, totalCents: order.total_cents, kind: order.kind }, 'order paid')
  return completed
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

/** Ends an older hosted checkout (for other courses) so that a new order can take its place. */
async function replaceCheckout(deps: OrderDeps, order: OrderRow): Promise<void> {
  try {
    await deps.payments.expireCheckout?.(order.checkout_session!)
  } catch (err) {
    // Most likely paid meanwhile: its webhook settles it; this purchase can be tried again then.
    deps.log.error({ err, orderId: order.id }, 'could not end an older checkout session')
    throw new Busy()
  }
  await expireOrder(deps.db, order.id)
}

/** A hosted checkout that ended unpaid: the order is 'expired' (nothing was charged). */
export async function expireOrder(db: Db, orderId: string): Promise<void> {
  await db.query(
    `UPDATE orders SET status = 'expired', lease_until = NULL, updated_at = clock_timestamp()
     WHERE id = $1 AND status = 'pending'`,
    [orderId],
  )
}

/** Step (c): the order becomes paid, with its enrollments, or nothing happens. */
async function complete(
  tx: Db,
  order: OrderRow,
  reference: string,
): Promise<OrderRow & { justPaid?: boolean }> {
  // The user's row first, as step (a) takes it: a step (a) of this user never sees the order already paid
  // but its enrollments not yet (it reads them in separate statements).
  await tx.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [order.user_id])
  const [current] = await tx.query<OrderRow>(`${orderSelect} WHERE o.id = $1 FOR UPDATE OF o`, [order.id])
  if (!current) throw new Error(`order ${order.id} vanished`)
  if (current.status !== 'pending') return current
  const ids = current.course_ids
  // The key-share lock makes a deletion of these courses wait until this transaction ends.
  const courses = await tx.query<{ id: string }>(
    'SELECT id FROM courses WHERE id = ANY($1::uuid[]) FOR KEY SHARE',
    [ids.filter((id) => id !== null)],
  )
  if (ids.some((id) => id === null) || courses.length !== new Set(ids).size) throw new CourseGone()
  await tx.query(
    `INSERT INTO enrollments (course_id, student_id) SELECT unnest($1::uuid[]), $2
     ON CONFLICT (course_id, student_id) DO NOTHING`,
    [ids, order.user_id],
  )
  await tx.query(
    `UPDATE orders SET status = 'paid', payment_reference = $2, lease_until = NULL, failure_status = NULL,
     failure_detail = NULL, updated_at = clock_timestamp() WHERE id = $1`,
    [order.id, reference],
  )
  // the receipt goes into the outbox with the order's change to paid
  await queueReceipt(tx, order.id)
  await tx.query('DELETE FROM cart_items WHERE user_id = $1 AND course_id = ANY($2::uuid[])', [
    order.user_id,
    ids,
  ])
  return { ...current, status: 'paid', payment_reference: reference, justPaid: true }
}

function resumeFinal(order: OrderRow): never {
  if (order.status === 'declined') throw new PaymentDeclined(order.failure_detail ?? undefined)
  if (order.status === 'refund_failed') throw new RefundPending(order.id)
  throw replayed(order.failure_status ?? 409, order.failure_detail ?? 'The payment was refunded')
}
