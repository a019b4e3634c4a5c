// What happens to an approved charge that cannot become a paid order: it is given back, and the order records
// whether the refund went through ('refunded') or not yet ('refund_failed', tried again by a retry with the same key).
import { isDbUnavailable } from '../../db/db'
import { Conflict } from '../errors'
import {
  AMOUNT_MISMATCH,
  AmountMismatch,
  COURSE_GONE,
  CourseGone,
  OrderFault,
  type OrderDeps,
  type OrderRow,
  RefundPending,
  replayed,
} from './orderRecords'

/** An approved charge that cannot become a paid order is given back; the order says which happened. */
export async function refundAfterFailure(
  deps: OrderDeps,
  order: OrderRow,
  reference: string,
  cause: unknown,
  record = true,
): Promise<never> {
  const { db, payments, log } = deps
  const problem =
    cause instanceof CourseGone
      ? new Conflict(COURSE_GONE)
      : cause instanceof AmountMismatch
        ? new Conflict(AMOUNT_MISMATCH)
        : new OrderFault(isDbUnavailable(cause) ? 503 : 500)
  log.error(
    { err: cause, orderId: order.id, reference },
    'an approved charge could not become a paid order; refunding it',
  )
  let refund
  try {
    refund = await payments.refund(reference, order.idempotency_key)
  } catch (err) {
    log.error(
      { err, orderId: order.id, reference, amountCents: order.total_cents, alert: 'REFUND_FAILED' },
      'REFUND FAILED: money was taken for an order that was not delivered; a retry with the same key tries again',
    )
    if (record) {
      await db
        .query(
          `UPDATE orders SET status = 'refund_failed', payment_reference = $2, failure_status = $3, failure_detail = $4,
           lease_until = NULL, updated_at = clock_timestamp() WHERE id = $1 AND status IN ('pending', 'refund_failed')`,
          [order.id, reference, problem.status, problem.message],
        )
        .catch((e: unknown) => log.error({ err: e, orderId: order.id }, 'could not record the failed refund'))
    }
    throw new RefundPending(order.id)
  }
  if (record) {
    // If this cannot be recorded the order stays pending: charging it again with its key answers `refunded`.
    await db
      .query(
        `UPDATE orders SET status = 'refunded', payment_reference = $2, refund_reference = $3, failure_status = $4,
         failure_detail = $5, lease_until = NULL, updated_at = clock_timestamp()
         WHERE id = $1 AND status IN ('pending', 'refund_failed')`,
        [order.id, reference, refund.reference, problem.status, problem.message],
      )
      .catch((e: unknown) => log.error({ err: e, orderId: order.id }, 'could not record the refund'))
  }
  log.info({ orderId: order.id, reference, refund: refund.reference }, 'payment refunded')
  throw problem
}

/** A retry of an order whose refund failed: the refund is tried again. */
export async function retryRefund(deps: OrderDeps, order: OrderRow): Promise<never> {
  const { db, payments, log } = deps
  let refund
  try {
    refund = await payments.refund(order.payment_reference!, order.idempotency_key)
  } catch (err) {
    log.error(
      {
        err,
        orderId: order.id,
        reference: order.payment_reference,
        amountCents: order.total_cents,
        alert: 'REFUND_FAILED',
      },
      'REFUND FAILED again: money was taken for an order that was not delivered',
    )
    await db
      .query('UPDATE orders SET lease_until = NULL, updated_at = clock_timestamp() WHERE id = $1', [order.id])
      .catch(() => undefined)
    throw new RefundPending(order.id)
  }
  await db.query(
    `UPDATE orders SET status = 'refunded', refund_reference = $2, lease_until = NULL, updated_at = clock_timestamp()
     WHERE id = $1 AND status = 'refund_failed'`,
    [order.id, refund.reference],
  )
  log.info({ orderId: order.id, refund: refund.reference }, 'payment refunded on retry')
  throw replayed(order.failure_status ?? 409, order.failure_detail ?? 'The payment was refunded')
}
