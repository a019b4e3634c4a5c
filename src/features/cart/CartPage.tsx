import { Link } from 'react-router-dom'
import { useCheckoutMutation, useGetCartQuery, useRemoveFromCartMutation } from '@/api/enhancedApi'
import { useAppDispatch, useAppSelector } from '@/app/hooks'
import { Spinner } from '@/components/Spinner'
import { useLogError } from '@/components/useLogError'
import { selectCurrentUser } from '@/features/auth/authSlice'
import { LoginRequiredModal } from '@/features/auth/LoginRequiredModal'
import { alertShown } from '@/features/layout/alertsSlice'
import { formatTotal } from '@/features/cart/cartTotal'

export const CHECKOUT_DONE_TEXT = 'Checkout complete: you are now enrolled in these courses.'

export default function CartPage() {
  const user = useAppSelector(selectCurrentUser)
  const { data: cart, isLoading, error } = useGetCartQuery(undefined, { skip: !user })
  useLogError('Loading the cart failed', error)
  const [removeFromCart] = useRemoveFromCartMutation()
  const [checkout, { isLoading: checkingOut }] = useCheckoutMutation()
  const dispatch = useAppDispatch()
  const items = cart?.items ?? []
  const total = items.reduce((sum, c) => sum + c.price, 0)

  async function onCheckout() {
    try {
      await checkout().unwrap()
      dispatch(alertShown(CHECKOUT_DONE_TEXT, 'success'))
    } catch (error) {
      console.error('Checkout failed', error)
    }
  }

  return (
    <section className="page page--narrow">
      <h1>Shopping Cart</h1>
      {!user && <LoginRequiredModal />}
      {user && isLoading && <Spinner />}
      {user && !isLoading && (
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
                  <span className="price">{formatTotal(course.price)}</span>
                  <button
                    type="button"
                    className="btn btn--ghost"
                    aria-label={`Remove ${course.title}`}
                    onClick={() =>
                      void removeFromCart({ courseId: course._id })
                        .unwrap()
                        .catch((error: unknown) => console.error('Removing from the cart failed', error))
                    }
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
          <p className="cart-total">
            Total: <strong>{formatTotal(total)}</strong>
          </p>
          <button
            type="button"
            className="btn btn--primary"
            disabled={items.length === 0 || checkingOut}
            onClick={() => void onCheckout()}
          >
            Checkout
          </button>
        </>
      )}
    </section>
  )
}
