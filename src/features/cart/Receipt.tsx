import { Link } from 'react-router-dom'
import type { Order } from '@/api/generated/api'
import { formatMoney } from '@domain/rules'

export const RECEIPT_HEADING = 'Thank you for your purchase'

/** What a finished checkout bought: the order, what it cost, and the way into each course. */
export interface PurchaseReceipt {
  order: Order
  /** The titles of the bought courses, as the cart showed them. */
  titles: Record<string, string>
}

export function Receipt({ receipt: { order, titles } }: { receipt: PurchaseReceipt }) {
  return (
    <section className="card" aria-labelledby="receipt-heading">
      <h2 id="receipt-heading">{RECEIPT_HEADING}</h2>
      <p>
        Order number: <strong>{order._id}</strong>
      </p>
      <ul className="cart-list" aria-label="Courses bought">
        {order.courseIds.map((id) => (
          <li key={id} className="cart-item">
            <Link className="cart-item__title" to={`/courses/${id}/modules`}>
              {titles[id] ?? 'Your course'}
            </Link>
          </li>
        ))}
      </ul>
      <p className="cart-total">
        Total paid: <strong>{formatMoney(order.total)}</strong>
      </p>
      <Link to="/courses">Browse more courses</Link>
    </section>
  )
}
