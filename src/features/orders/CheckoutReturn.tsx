import { useEffect } from 'react'
import { Link } from 'react-router-dom'
import { useAppDispatch } from '@/app/hooks'
import { myProgressTag } from '@/api/tags'
import { ordersApi, useGetOrderQuery } from '@/features/orders/ordersEndpoints'

export const PAYMENT_RECEIVED_TEXT = 'Payment received. You are enrolled.'
export const PAYMENT_CONFIRMING_TEXT = 'Confirming your payment…'
export const PAYMENT_CANCELLED_TEXT = 'Payment cancelled. Nothing was charged.'
export const PAYMENT_NOT_COMPLETED_TEXT = 'The payment was not completed.'

/**
 * The cart page on the way back from Stripe's payment page (/cart?order={id}): the order is followed until Stripe's
 * webhook has paid it (a few seconds at most), or the buyer cancelled.
 */
export function CheckoutReturn({ orderId, cancelled }: { orderId: string; cancelled: boolean }) {
  const { data, isError } = useGetOrderQuery({ orderId }, { pollingInterval: cancelled ? 0 : 1000 })
  const status = data?.status
  let text: string
  if (cancelled && status !== 'paid') text = PAYMENT_CANCELLED_TEXT
  else if (status === 'paid') text = PAYMENT_RECEIVED_TEXT
  else if (isError || (status && status !== 'pending')) text = PAYMENT_NOT_COMPLETED_TEXT
  else text = PAYMENT_CONFIRMING_TEXT
  const paid = status === 'paid'
  const dispatch = useAppDispatch()
  // Paid by the webhook: the cart, the enrollments and the profile are read again.
  useEffect(() => {
    if (!paid) return
    dispatch(
      ordersApi.util.invalidateTags([
        { type: 'Cart', id: 'LIST' },
        { type: 'Enrollment', id: 'LIST' },
        { type: 'Profile', id: 'me' },
        { type: 'Order', id: 'LIST' },
        myProgressTag,
      ]),
    )
  }, [paid, dispatch])
  return (
    <section className="card" aria-live="polite">
      <p className="notice">{text}</p>
      {paid && (
        <p>
          <Link to={`/orders/${orderId}`}>See the receipt</Link>
        </p>
      )}
    </section>
  )
}
