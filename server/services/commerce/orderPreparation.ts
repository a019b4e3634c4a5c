// Step (a) of a purchase (orders.ts): in one short transaction, serialized per user by a lock on the user's row,
// what the request finds (its own order again, the courses to buy, another attempt at them) decides the next step,
// and a new order is recorded 'pending' with its lines when there is something to charge.
import type { Db } from '../../db/db'
import { enroll as enrollDirectly, type EnrollmentView } from '../catalogue/courses'
import { Conflict, NotFound, PaymentDeclined, Unauthenticated } from '../errors'
import {
  lease,
  orderSelect,
  type OrderRow,
  type OrderView,
  type Purchase,
  replayed,
  viewOf,
} from './orderRecords'
import type { ProviderName } from './payments'
import { type Actor, iso } from '../types'

/** Where a buyer pays for an order on the provider's own page (Stripe Checkout). */
export interface Redirect {
  type: 'redirect'
  orderId: string
  url: string
}

export type Done =
  | { type: 'order'; order: OrderView }
  | { type: 'enrolled'; enrollment: EnrollmentView; created: boolean }
  | Redirect

export type Step =
  | { kind: 'done'; done: Done }
  | { kind: 'wait' }
  | { kind: 'charge'; order: OrderRow; own: boolean }
  | { kind: 'refund'; order: OrderRow }
  /**
   * An older hosted checkout for some of these courses but not the same ones, or at other prices than today's: it is
   * ended first (`detail`: what its own attempt answers from then on).
   */
  | { kind: 'replace'; order: OrderRow; detail?: string }

/** What a retry of an attempt whose checkout was ended for a price change answers. */
const PRICE_CHANGED = 'The price changed since this purchase began and nothing was charged; start a new one'

/** A course to buy, at its price now. */
interface Line {
  course_id: string
  title: string
  price_cents: number
}

/** Step (a): one short transaction, serialized per user by a lock on the user's row. */
export async function prepare(
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
    // Its session would charge the old prices: the buyer always pays today's.
    if (await replaceable(tx, existing, false))
      return { kind: 'replace', order: existing, detail: PRICE_CHANGED }
    return resume(tx, existing, true)
  }

  const lines =
    request.kind === 'enroll'
      ? await courseLines(tx, actor, request.courseId, resumed)
      : await cartLines(tx, actor, resumed)
  if (!Array.isArray(lines)) return lines

  // Another attempt at these courses: still in progress (wait for it), or abandoned half-way (complete it,
  // with its own key, so that a charge it may have made is never made twice).
  const [other] = await tx.query<OrderRow>(
    `${orderSelect} WHERE o.user_id = $1 AND o.status = 'pending'
     AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.course_id = ANY($2::uuid[]))
     ORDER BY o.created_at, o.id LIMIT 1`,
    [actor.id, lines.map((l) => l.course_id)],
  )
  if (other) {
    // A hosted checkout waits for the buyer: the same courses at the same prices go back to it, anything else
    // replaces it.
    const same =
      other.course_ids.length === lines.length && lines.every((l) => other.course_ids.includes(l.course_id))
    if (await replaceable(tx, other, !same)) return { kind: 'replace', order: other }
    return resume(tx, other, false)
  }
  return { kind: 'charge', order: await insertOrder(tx, actor, request, key, provider, lines), own: true }
}

/** The one course an enrollment buys, or the step that ends it without a charge (enrolled already, or free). */
async function courseLines(
  tx: Db,
  actor: Actor,
  courseId: string,
  resumed: OrderView | undefined,
): Promise<Line[] | Step> {
  const [course] = await tx.query<{ id: string; title: string; price_cents: number; published: boolean }>(
    'SELECT id, title, price_cents::float8 AS price_cents, published FROM courses WHERE id = $1 FOR KEY SHARE',
    [courseId],
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
  return [{ course_id: course.id, title: course.title, price_cents: Number(course.price_cents) }]
}

/** The cart's courses still for sale and not bought yet, or the step that ends a purchase with none left. */
async function cartLines(tx: Db, actor: Actor, resumed: OrderView | undefined): Promise<Line[] | Step> {
  // The user's row lock keeps other purchases of this user out; the cart rows are not locked, since a
  // course deletion locks its course and then deletes cart rows: taking them in the other order deadlocks.
  let lines = await tx.query<Line>(
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
  return lines
}

/** Records a new pending order for `lines`, leased to this request, and reads it back. */
async function insertOrder(
  tx: Db,
  actor: Actor,
  request: Purchase,
  key: string,
  provider: ProviderName,
  lines: Line[],
): Promise<OrderRow> {
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
  return row
}

/**
 * Whether a pending hosted checkout (Stripe) may be ended for a new order: it is for other courses (`otherCourses`)
 * or a price of its lines is not the course's price now. Its money can only come through its own session, which
 * Stripe expires for good; a simulated order is never replaced, since its charge may have gone through already. One
 * that a request is working on is waited for first.
 */
async function replaceable(tx: Db, order: OrderRow, otherCourses: boolean): Promise<boolean> {
  if (order.status !== 'pending' || order.provider !== 'stripe' || order.leased) return false
  if (otherCourses) return true
  const repriced = await tx.query(
    `SELECT 1 FROM order_items i JOIN courses c ON c.id = i.course_id
     WHERE i.order_id = $1 AND c.price_cents <> i.price_cents LIMIT 1`,
    [order.id],
  )
  return repriced.length > 0
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
      throw new Conflict(
        order.failure_detail ??
          'This payment was not completed in time and nothing was charged; start a new one',
      )
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
