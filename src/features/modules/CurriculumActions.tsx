import type { Course } from '@/api/generated/api'
import { useGetCartQuery } from '@/features/cart/cartEndpoints'
import { returnState } from '@/features/auth/LoginRequiredModal'
import { StudentActions } from '@/features/courses/StudentActions'
import { PaymentNotice } from '@/features/orders/PaymentNotice'
import { useLocation, useNavigate } from 'react-router-dom'

/**
 * 'Enroll Now' and 'Add to Cart' for a signed-in student who may not watch yet: the courses feature's own
 * controls (the spec's alerts come from enrollmentListeners.ts; a paid course is asked about first, naming its
 * price; a paid attempt that got no answer keeps its Idempotency-Key, so pressing 'Enroll Now' again is never
 * charged twice).
 */
export function EnrollActions({ course, onEnrolled }: { course: Course; onEnrolled: () => void }) {
  const courseId = course._id
  const cart = useGetCartQuery()
  // Not known yet: no guess at 'Add to Cart'. A cart that could not be read still offers it.
  const inCart = cart.data
    ? cart.data.items.some((c) => c._id === courseId)
    : cart.isError
      ? false
      : undefined
  return (
    <>
      <p className="notice">Enroll in this course to watch its modules.</p>
      <StudentActions course={course} inCart={inCart} onEnrolled={onEnrolled} />
      <PaymentNotice />
    </>
  )
}

/** For a visitor: log in or register, coming back here afterwards. */
export function VisitorActions() {
  const navigate = useNavigate()
  const location = useLocation()
  return (
    <>
      <p className="notice">Log in to watch this course&apos;s modules.</p>
      <div className="row">
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => void navigate('/login', { state: returnState(location) })}
        >
          Login
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => void navigate('/register', { state: returnState(location) })}
        >
          Register
        </button>
      </div>
    </>
  )
}
