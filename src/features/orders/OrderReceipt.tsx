import { Link } from 'react-router-dom'
import type { OrderDetail } from '@/api/generated/ordersApi'
import { formatMoney } from '@domain/rules'
import './orders.css'

export const ORDER_STATES: Record<OrderDetail['status'], string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  declined: 'Declined',
  refunded: 'Refunded',
  refund_failed: 'Refund pending',
  expired: 'Expired',
}

/** A date as a person reads it ('27 Nov 2026'). */
export const orderDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })

/** A paid order as its receipt: short number, date, each line with its price, the total and the payment reference. */
export function OrderReceipt({ order }: { order: OrderDetail }) {
  return (
    <article className="card receipt" aria-labelledby="order-receipt-heading">
      <h1 id="order-receipt-heading">Receipt</h1>
      <dl className="profile__fields">
        <dt>Order</dt>
        <dd>{order.number}</dd>
        <dt>Date</dt>
        <dd>{orderDate(order.createdAt)}</dd>
        <dt>State</dt>
        <dd>{ORDER_STATES[order.status]}</dd>
        <dt>Payment reference</dt>
        <dd>{order.paymentReference ?? 'None'}</dd>
      </dl>
      <ul className="cart-list" aria-label="Courses bought">
        {order.lines.map((line, i) => (
          <li key={line.courseId ?? i} className="cart-item">
            {line.courseId ? (
              <Link className="cart-item__title" to={`/courses/${line.courseId}/modules`}>
                {line.title}
              </Link>
            ) : (
              <span className="cart-item__title">{line.title}</span>
            )}
            <span className="price">{formatMoney(line.price)}</span>
          </li>
        ))}
      </ul>
      <p className="cart-total">
        Total: <strong>{formatMoney(order.total)}</strong>
      </p>
      <button type="button" className="btn no-print" onClick={() => window.print()}>
        Print
      </button>
    </article>
  )
}
