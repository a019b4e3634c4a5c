import { Link } from 'react-router-dom'
import { ErrorMessage } from '@/components/ErrorMessage'
import { Spinner } from '@/components/Spinner'
import { formatMoney } from '@domain/rules'
import { useGetMyOrdersQuery } from '@/features/orders/ordersEndpoints'
import { orderDate, ORDER_STATES } from '@/features/orders/OrderReceipt'

/** The profile's 'My orders': date, courses, total and state of each order; a paid one links to its receipt. */
export default function MyOrders() {
  const { data, isLoading, isError } = useGetMyOrdersQuery()
  return (
    <section className="card" aria-labelledby="my-orders-heading">
      <h2 id="my-orders-heading">My orders</h2>
      {isLoading && <Spinner />}
      {isError && <ErrorMessage>Your orders could not be loaded.</ErrorMessage>}
      {data && data.length === 0 && <p className="muted">No orders yet.</p>}
      {data && data.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Courses</th>
              <th scope="col">Total</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {data.map((order) => (
              <tr key={order._id}>
                <td>{orderDate(order.createdAt)}</td>
                <td>{order.lines.map((l) => l.title).join(', ')}</td>
                <td>{formatMoney(order.total)}</td>
                <td>
                  {order.status === 'paid' ? (
                    <Link to={`/orders/${order._id}`} aria-label={`Receipt of order ${order.number}`}>
                      {ORDER_STATES.paid}
                    </Link>
                  ) : (
                    ORDER_STATES[order.status]
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
