import type { Db } from '../../db/db'
import { enqueueMail } from './outbox'
import { receiptMail } from './templates'

/**
 * Queues the receipt of an order that has just become paid: call it in the transaction that marks it paid, so a
 * paid order always has its receipt and an order rolled back has none.
 */
export async function queueReceipt(db: Db, orderId: string): Promise<void> {
  const [order] = await db.query<{
    email: string
    reference: string
    total_cents: number
    paid_at: Date | string
  }>(
    `SELECT u.email, o.payment_reference AS reference, o.total_cents::int AS total_cents,
       clock_timestamp() AS paid_at
     FROM orders o JOIN users u ON u.id = o.user_id WHERE o.id = $1`,
    [orderId],
  )
  if (!order) return
  const lines = await db.query<{ title: string; cents: number }>(
    `SELECT course_title AS title, price_cents::int AS cents FROM order_items
     WHERE order_id = $1 ORDER BY position, id`,
    [orderId],
  )
  await enqueueMail(db, {
    kind: 'receipt',
    to: order.email,
    ...receiptMail({
      orderId,
      date: new Date(order.paid_at),
      courses: lines,
      totalCents: order.total_cents,
      reference: order.reference,
    }),
  })
}
