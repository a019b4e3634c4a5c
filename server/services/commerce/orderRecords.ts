// An order as the database holds it (its row, the select that reads it with its lines, its view) and the problems
// a purchase answers; shared by the purchase flow (orders.ts) and its refunds (orderRefunds.ts).
import type { Db } from '../../db/db'
import { DomainError } from '../errors'
import type { PaymentProvider } from './payments'
import { iso, type Schema } from '../types'

export type OrderView = Schema<'Order'>

/** The part of a pino logger orders use. */
export interface OrderLog {
  info(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

export interface OrderDeps {
  db: Db
  payments: PaymentProvider
  log: OrderLog
}

/** How long one request may work on a pending order before another may take it over. */
export const ORDER_LEASE_MS = 30_000
export const POLL_MS = 20

export const COURSE_GONE = 'A course in your order is no longer available; the payment was refunded'

export class PaymentUnavailable extends DomainError {
  constructor() {
    super(
      502,
      'Bad Gateway',
      'The payment provider could not be reached; you are not enrolled. Try again: a retry of the same purchase never charges twice',
    )
  }
}
export class OrderFault extends DomainError {
  constructor(status: 500 | 503) {
    super(
      status,
      status === 500 ? 'Internal Server Error' : 'Service Unavailable',
      'The order could not be completed; the payment was refunded',
    )
  }
}
export class RefundPending extends DomainError {
  constructor(orderId: string) {
    super(
      502,
      'Bad Gateway',
      `The order could not be completed and the refund has not gone through yet; it is recorded for a refund (order ${orderId})`,
    )
  }
}
export class Busy extends DomainError {
  constructor() {
    super(
      503,
      'Service Unavailable',
      'Another payment for these courses is still in progress; try again shortly',
    )
  }
}
/** A provider's payment whose amount or currency differs from the order's: it is refunded, never delivered. */
export class AmountMismatch extends Error {}
export const AMOUNT_MISMATCH = 'The amount paid differs from the order; the payment was refunded'

/** Thrown inside step (c) when a course of the order was deleted after step (a). */
export class CourseGone extends Error {}

export const PROBLEM_TITLES: Record<number, string> = {
  402: 'Payment Required',
  409: 'Conflict',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}
export const replayed = (status: number, detail: string) =>
  new DomainError(status, PROBLEM_TITLES[status] ?? 'Error', detail)

export type Purchase = { kind: 'checkout' } | { kind: 'enroll'; courseId: string }

export type OrderStatus = 'pending' | 'paid' | 'declined' | 'refunded' | 'refund_failed' | 'expired'

export interface OrderRow {
  id: string
  user_id: string
  status: OrderStatus
  kind: Purchase['kind']
  idempotency_key: string
  total_cents: number
  payment_reference: string | null
  provider: 'simulated' | 'stripe'
  checkout_session: string | null
  checkout_url: string | null
  leased: boolean
  failure_status: number | null
  failure_detail: string | null
  created_at: Date | string
  /** null for a line whose course was deleted since */
  course_ids: (string | null)[]
  titles: string[]
}

export const orderSelect = `SELECT o.id, o.user_id, o.status, o.kind, o.idempotency_key, o.total_cents::float8 AS total_cents, o.provider, o.checkout_session, o.checkout_url,
  o.payment_reference, coalesce(o.lease_until > clock_timestamp(), false) AS leased,
  o.failure_status, o.failure_detail, o.created_at,
  coalesce((SELECT array_agg(i.course_id ORDER BY i.position) FROM order_items i WHERE i.order_id = o.id), '{}') AS course_ids,
  coalesce((SELECT array_agg(i.course_title ORDER BY i.position) FROM order_items i WHERE i.order_id = o.id), '{}') AS titles
  FROM orders o`

export const lease = `clock_timestamp() + interval '${ORDER_LEASE_MS} milliseconds'`

export function viewOf(order: OrderRow): OrderView {
  return {
    _id: order.id,
    courseIds: order.course_ids.filter((id): id is string => id !== null),
    total: order.total_cents / 100,
    createdAt: iso(order.created_at),
  }
}
