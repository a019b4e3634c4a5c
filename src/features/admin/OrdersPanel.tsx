import { useState } from 'react'
import type { OrderDetail } from '@/api/generated/ordersApi'
import { ErrorMessage } from '@/components/ErrorMessage'
import { Modal } from '@/components/Modal'
import { Spinner } from '@/components/Spinner'
import { formatMoney } from '@domain/rules'
import { asSentence, problemDetailOf } from '@/api/problemText'
import {
  useGetOrdersQuery,
  useGetPaymentProviderQuery,
  useRefundOrderMutation,
} from '@/features/orders/ordersEndpoints'

export const PROVIDER_NAMES = {
  simulated: 'Simulated (no money is charged)',
  stripe: 'Stripe',
} as const
export const REFUNDED_TEXT = 'Order refunded.'
export const REFUND_FAILED_TEXT = 'The order could not be refunded. Please try again.'

const STATES: Record<OrderDetail['status'], string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  declined: 'Declined',
  refunded: 'Refunded',
  refund_failed: 'Refund pending',
  expired: 'Expired',
}

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })

/** /admin's 'Orders': every order (date, buyer, courses, total, state, provider reference), a filter by state, refunds. */
export default function OrdersPanel() {
  const [status, setStatus] = useState<OrderDetail['status'] | ''>('')
  const provider = useGetPaymentProviderQuery()
  const { data, isLoading, isError } = useGetOrdersQuery(status ? { status } : {})
  const [refund, refunding] = useRefundOrderMutation()
  const [asking, setAsking] = useState<OrderDetail | null>(null)
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null)

  async function confirmRefund(order: OrderDetail) {
    setAsking(null)
    try {
      await refund({ orderId: order._id }).unwrap()
      setOutcome({ ok: true, text: REFUNDED_TEXT })
    } catch (error) {
      const detail = problemDetailOf(error)
      setOutcome({ ok: false, text: detail ? asSentence(detail) : REFUND_FAILED_TEXT })
    }
  }

  return (
    <section className="card" aria-labelledby="orders-heading">
      <h2 id="orders-heading">Orders</h2>
      {provider.data && (
        <p>
          Payment provider: <strong>{PROVIDER_NAMES[provider.data.provider]}</strong>
        </p>
      )}
      <label>
        State{' '}
        <select value={status} onChange={(e) => setStatus(e.target.value as OrderDetail['status'] | '')}>
          <option value="">All</option>
          {Object.entries(STATES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {outcome &&
        (outcome.ok ? <p className="notice">{outcome.text}</p> : <ErrorMessage>{outcome.text}</ErrorMessage>)}
      {isLoading && <Spinner />}
      {isError && <ErrorMessage>The orders could not be loaded.</ErrorMessage>}
      {data && data.length === 0 && <p className="muted">No orders.</p>}
      {data && data.length > 0 && (
        <OrdersTable orders={data} refunding={refunding.isLoading} onRefund={setAsking} />
      )}
      {asking && (
        <RefundModal
          order={asking}
          onConfirm={() => void confirmRefund(asking)}
          onClose={() => setAsking(null)}
        />
      )}
    </section>
  )
}

/** The orders as the server sends them, each paid one with its refund button. */
function OrdersTable({
  orders,
  refunding,
  onRefund,
}: {
  orders: OrderDetail[]
  refunding: boolean
  onRefund: (order: OrderDetail) => void
}) {
  return (
    <div className="table-wrap">
      {/* stacked on a phone: each order a card, each cell a line with its column's name (targets.css) */}
      <table className="table table--stack">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Buyer</th>
            <th scope="col">Courses</th>
            <th scope="col">Total</th>
            <th scope="col">State</th>
            <th scope="col">Provider reference</th>
            <th scope="col">Refund</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order._id}>
              <td data-label="Date">{dateOf(order.createdAt)}</td>
              <td data-label="Buyer">{order.buyer?.username ?? 'Deleted account'}</td>
              <td data-label="Courses">{order.lines.map((l) => l.title).join(', ')}</td>
              <td data-label="Total">{formatMoney(order.total)}</td>
              <td data-label="State">{STATES[order.status]}</td>
              <td data-label={order.paymentReference ? 'Provider reference' : undefined}>
                {order.paymentReference ?? ''}
              </td>
              <td>
                {order.status === 'paid' && (
                  <button
                    type="button"
                    className="btn"
                    disabled={refunding}
                    aria-label={`Refund order ${order.number}`}
                    onClick={() => onRefund(order)}
                  >
                    Refund
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Asks before refunding `order`. */
function RefundModal({
  order,
  onConfirm,
  onClose,
}: {
  order: OrderDetail
  onConfirm: () => void
  onClose: () => void
}) {
  return (
    <Modal title="Refund this order?" onClose={onClose}>
      <p>
        Order {order.number} of {order.buyer?.username ?? 'a deleted account'}: {formatMoney(order.total)} is
        given back and its courses leave the buyer&apos;s enrollments.
      </p>
      <div className="row">
        <button type="button" className="btn btn--primary" onClick={onConfirm}>
          Refund
        </button>
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Modal>
  )
}
