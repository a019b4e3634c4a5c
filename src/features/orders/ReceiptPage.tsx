import { useParams } from 'react-router-dom'
import { ErrorMessage } from '@/components/ErrorMessage'
import { Spinner } from '@/components/Spinner'
import { useAppSelector } from '@/app/hooks'
import { selectCurrentUser } from '@/features/auth/authSlice'
import { LoginLink } from '@/features/auth/LoginRequiredModal'
import { useGetOrderQuery } from '@/features/orders/ordersEndpoints'
import { OrderReceipt } from '@/features/orders/OrderReceipt'

export const RECEIPT_MISSING_TEXT = 'This order could not be found.'

/** /orders/:orderId: one order's receipt, for its buyer (or an admin). */
export default function ReceiptPage() {
  const { orderId = '' } = useParams()
  const user = useAppSelector(selectCurrentUser)
  const { data, isLoading, isError } = useGetOrderQuery({ orderId }, { skip: !user })
  return (
    <section className="page page--narrow">
      {!user && (
        <p className="muted">
          <LoginLink>Log in to see your receipt</LoginLink>
        </p>
      )}
      {isLoading && <Spinner />}
      {isError && <ErrorMessage>{RECEIPT_MISSING_TEXT}</ErrorMessage>}
      {data && <OrderReceipt order={data} />}
    </section>
  )
}
