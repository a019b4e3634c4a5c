import { Link } from 'react-router-dom'
import type { Order } from '@/api/generated/api'
import { formatMoney } from '@domain/rules'

export const RECEIPT_HEADING = 'Thank you for your purchase'

/** What a finished checkout bought: the order, what it cost, and the way into each course. */
export interface PurchaseReceipt {
  order: Order
  /** The titles of the bought courses, as the cart showed them. */
  titles: Record<string, string>
  /** Their prices, as the cart showed them. */
  prices?: Record<string, number>
}

export function Receipt({ receipt: { order, titles, prices = {} } }: { receipt: PurchaseReceipt }) {
  return (
    <section className="card" aria-labelledby="receipt-heading">
      <h2 id="receipt-heading">{RECEIPT_HEADING}</h2>
      <p>
        Order number: <strong>{order._id.slice(0, 8).toUpperCase()}</strong>
        {' · '}
        {new Date(order.createdAt).toLocaleDateString('en-GB', {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
        })}
      </p>
      <ul className="cart-list" aria-label="Courses bought">
        {order.courseIds.map((id) => (
          <li key={id} className="cart-item">
            <Link className="cart-item__title" to={`/courses/${id}/modules`}>
              {titles[id] ?? 'Your course'}
            </Link>
            {prices[id] !== undefined && <span className="price">{formatMoney(prices[id])}</span>}
          </li>
        ))}
      </ul>
      <p className="cart-total">
        Total paid: <strong>{formatMoney(order.total)}</strong>
      </p>
      <p>
        <Link to={`/orders/${order._id}`}>Printable receipt</Link>
      </p>
      <Link to="/courses">Browse more courses</Link>
    </section>
  )
}
