// Steps (b) and (c) of a purchase (orders.ts): the charge of a pending order, and the transaction that makes it paid
// with its enrollments, or gives the money back when it cannot.
import type { Db } from '../../db/db'
import { Conflict, PaymentDeclined } from '../errors'
import {
  CourseGone,
  orderSelect,
  type OrderDeps,
  type OrderRow,
  type OrderView,
  PaymentUnavailable,
  RefundPending,
  replayed,
  viewOf,
} from './orderRecords'
import { refundAfterFailure } from './orderRefunds'
import { queueReceipt } from '../mail/receipts'
import { issueFinished } from '../learning/certificates'

/** Steps (b) and (c) for a pending order this request holds the lease of. */
export async function chargeAndComplete(deps: OrderDeps, order: OrderRow): Promise<OrderView> {
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
  // a course bought again after a refund, every module completed already: its certificate is earned again at once
  await issueFinished(
    tx,
    order.user_id,
    ids.filter((id): id is string => id !== null),
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
