import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { useGetCartQuery, useRemoveFromCartMutation } from '@/features/cart/cartEndpoints'
import { useAppSelector } from '@/app/hooks'
import { ActionError } from '@/components/ActionError'
import { LoadError } from '@/components/LoadError'
import { Spinner } from '@/components/Spinner'
import { selectCurrentUser } from '@/features/auth/authSlice'
import { LoginLink, LoginRequiredModal } from '@/features/auth/LoginRequiredModal'
import { formatMoney } from '@domain/rules'
import { CheckoutButton } from '@/features/cart/CheckoutButton'
import { Receipt, type PurchaseReceipt } from '@/features/cart/Receipt'
import { CheckoutReturn } from '@/features/orders/CheckoutReturn'

export default function CartPage() {
  const user = useAppSelector(selectCurrentUser)
  const { data: cart, isLoading, isError, refetch } = useGetCartQuery(undefined, { skip: !user })
  const [removeFromCart, removal] = useRemoveFromCartMutation()
  const items = cart?.items ?? []
  const [receipt, setReceipt] = useState<PurchaseReceipt | null>(null)
  // Back from Stripe's payment page: /cart?order={id} (&cancelled=1 when the buyer cancelled there).
  const [search] = useSearchParams()
  const returning = search.get('order')

  return (
    <section className="page page--narrow">
      <h1>Shopping Cart</h1>
      {!user && (
        <>
          <LoginRequiredModal />
          {/* The modal opens once per visit; the page itself always offers the way in. */}
          <p className="muted">
            <LoginLink>Log in to see your cart</LoginLink>
          </p>
        </>
      )}
      {user && isLoading && <Spinner />}
      {user && !isLoading && isError && (
        <LoadError message="Your cart could not be loaded." onRetry={() => void refetch()} />
      )}
      {user && returning && (
        <CheckoutReturn orderId={returning} cancelled={search.get('cancelled') === '1'} />
      )}
      {user && receipt && <Receipt receipt={receipt} />}
      {/* After a checkout the receipt takes the empty cart's place; a cart filled again shows below it. */}
      {user && !isLoading && !isError && (!receipt || items.length > 0) && (
        <>
          {items.length === 0 ? (
            <p className="muted">
              Your cart is empty. <Link to="/courses">Browse courses</Link>
            </p>
          ) : (
            <ul className="cart-list" aria-label="Courses in the cart">
              {items.map((course) => (
                <li key={course._id} className="cart-item">
                  <span className="cart-item__title">{course.title}</span>
                  <span className="price">{formatMoney(course.price)}</span>
                  <button
                    type="button"
                    className="btn btn--ghost"
                    aria-label={`Remove ${course.title}`}
                    onClick={() => void removeFromCart({ courseId: course._id })}
                  >
                    Remove
                  </button>
                  {removal.originalArgs?.courseId === course._id && (
                    <ActionError error={removal.error} failed={`${course.title} could not be removed`} />
                  )}
                </li>
              ))}
            </ul>
          )}
          <p className="cart-total">
            Total: <strong>{formatMoney(cart?.total ?? 0)}</strong>
          </p>
          <CheckoutButton items={items} onDone={setReceipt} />
        </>
      )}
    </section>
  )
}
