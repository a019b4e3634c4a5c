// Orders as people read them (the buyer's 'My orders' and receipts, the admin's Orders screen) and an admin's refund
// of a paid order, which ends its enrollments and revokes their certificates.
import type { Db } from '../../db/db'
import { Conflict, DomainError, NotFound } from '../errors'
import { revoke } from '../learning/certificates'
import type { OrderDeps, OrderStatus } from './orderRecords'
import { type Actor, iso, type Schema } from '../types'

export type OrderDetail = Schema<'OrderDetail'>

interface DetailRow {
  id: string
  status: OrderStatus
  created_at: Date | string
  total_cents: number
  provider: 'simulated' | 'stripe'
  payment_reference: string | null
  idempotency_key: string | null
  user_id: string | null
  username: string | null
  lines: { courseId: string | null; title: string; priceCents: number }[]
}

const detailSelect = `SELECT o.id, o.status, o.created_at, o.total_cents::float8 AS total_cents, o.provider,
  o.payment_reference, o.idempotency_key, o.user_id, u.username,
  coalesce((SELECT json_agg(json_build_object('courseId', i.course_id, 'title', i.course_title,
    'priceCents', i.price_cents) ORDER BY i.position) FROM order_items i WHERE i.order_id = o.id), '[]') AS lines
  FROM orders o LEFT JOIN users u ON u.id = o.user_id`

/** The short number a person reads and quotes: the id's first 8 characters, upper case. */
export const orderNumber = (id: string) => id.slice(0, 8).toUpperCase()

function detailOf(row: DetailRow): OrderDetail {
  const lines = typeof row.lines === 'string' ? (JSON.parse(row.lines) as DetailRow['lines']) : row.lines
  return {
    _id: row.id,
    number: orderNumber(row.id),
    status: row.status,
    createdAt: iso(row.created_at),
    lines: lines.map((l) => ({ courseId: l.courseId, title: l.title, price: Number(l.priceCents) / 100 })),
    total: Number(row.total_cents) / 100,
    provider: row.provider,
    paymentReference: row.payment_reference,
    buyer: row.user_id ? { _id: row.user_id, username: row.username ?? '' } : null,
  }
}

/** Every order (admin), newest first, optionally of one state. */
export async function listOrders(db: Db, status?: OrderStatus): Promise<OrderDetail[]> {
  const rows = await db.query<DetailRow>(
    `${detailSelect} WHERE ($1::text IS NULL OR o.status = $1) ORDER BY o.created_at DESC, o.id LIMIT 500`,
    [status ?? null],
  )
  return rows.map(detailOf)
}

/** The caller's own orders, newest first. */
export async function myOrders(db: Db, actor: Actor): Promise<OrderDetail[]> {
  const rows = await db.query<DetailRow>(
    `${detailSelect} WHERE o.user_id = $1 ORDER BY o.created_at DESC, o.id LIMIT 500`,
    [actor.id],
  )
  return rows.map(detailOf)
}

/** One order, for its buyer or an admin; anyone else is told it does not exist. */
export async function getOrder(db: Db, actor: Actor, id: string): Promise<OrderDetail> {
  const [row] = await db.query<DetailRow>(`${detailSelect} WHERE o.id = $1`, [id])
  if (!row || (row.user_id !== actor.id && actor.role !== 'admin')) throw new NotFound('Order')
  return detailOf(row)
}

/**
 * A paid order is refunded, its enrollments end and their certificates are revoked. Shared by an admin's refund and a
 * refund Stripe reports (`charge.refunded`): only a paid order changes, so a second report changes nothing.
 */
export async function markRefunded(db: Db, orderId: string, refundReference: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx.query<{ user_id: string | null }>(
      `UPDATE orders SET status = 'refunded', refund_reference = $2, failure_status = 409,
       failure_detail = 'This purchase was refunded; start a new one', lease_until = NULL,
       updated_at = clock_timestamp() WHERE id = $1 AND status = 'paid' RETURNING user_id`,
      [orderId, refundReference],
    )
    if (!order) return false
    const ended = await tx.query<{ course_id: string }>(
      `DELETE FROM enrollments WHERE student_id = $1
       AND course_id IN (SELECT course_id FROM order_items WHERE order_id = $2 AND course_id IS NOT NULL)
       RETURNING course_id`,
      [order.user_id, orderId],
    )
    // ended enrollments belong to the order's buyer, so user_id is set whenever one ended
    await revoke(
      tx,
      order.user_id ?? '',
      ended.map((e) => e.course_id),
    )
    return true
  })
}

/** An admin refunds a paid order through the provider that took its money (one refund, whatever the retries). */
export async function refundOrder(deps: OrderDeps, actor: Actor, id: string): Promise<OrderDetail> {
  const { db, payments, log } = deps
  const order = await getOrder(db, actor, id)
  const [row] = await db.query<DetailRow>(`${detailSelect} WHERE o.id = $1`, [id])
  if (order.status === 'refunded') throw new Conflict('This order was already refunded')
  if (order.status !== 'paid') throw new Conflict('Only a paid order can be refunded')
  let reference: string
  if (row.provider === 'simulated') {
    // The simulation charged nothing: there is no money to give back, only the order to record as refunded.
    reference = `simulated-refund-${row.id}`
  } else {
    if ((payments.name ?? 'simulated') !== row.provider)
      throw new Conflict(`This order was paid through ${row.provider}, which this server does not use now`)
    try {
      reference = (await payments.refund(row.payment_reference!, row.idempotency_key ?? row.id)).reference
    } catch (err) {
      log.error({ err, orderId: id }, 'the payment provider could not refund the order')
      throw new DomainError(
        502,
        'Bad Gateway',
        'The payment provider could not refund the order; it is unchanged. Try again: a retry never refunds twice',
      )
    }
  }
  await markRefunded(db, id, reference)
  log.info({ orderId: id, refund: reference, by: actor.id }, 'order refunded by an admin')
  return getOrder(db, actor, id)
}
