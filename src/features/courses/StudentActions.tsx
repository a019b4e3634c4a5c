import { lazy, Suspense, useRef, useState } from 'react'
import type { Course } from '@/api/generated/api'
import { useAddToCartMutation } from '@/features/cart/cartEndpoints'
import { useEnrollInCourseMutation } from '@/features/courses/courseEndpoints'
import { ActionError } from '@/components/ActionError'
import { ErrorMessage } from '@/components/ErrorMessage'
import { asSentence, problemDetailOf } from '@/api/problemText'

export const ENROLL_OFFLINE_TEXT =
  'Enrolling could not reach the server. Press Enroll Now again: the same purchase is never charged twice.'
export const ENROLL_DECLINED_TEXT = 'The payment was declined; you were not enrolled.'
export const ENROLL_RETRY_TEXT = 'You could not be enrolled. Please try again.'

// The question before a paid enrollment, with the payment provider it depends on: loaded when a student asks to pay.
const ConfirmEnrollment = lazy(() => import('@/features/courses/ConfirmEnrollment'))

/** A new Idempotency-Key for one purchase attempt (getRandomValues where randomUUID is missing: http). */
function newPurchaseKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  )
}

const isNetworkFailure = (status: unknown) => status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR'

/** What the card says next to 'Enroll Now' when enrolling failed (the spec's alert says that it did). */
function enrollFailureText(error: unknown): string {
  const status = (error as { status?: unknown } | null)?.status
  if (isNetworkFailure(status)) return ENROLL_OFFLINE_TEXT
  if (status === 402) return ENROLL_DECLINED_TEXT
  const detail = problemDetailOf(error)
  if (status === 429 && detail) return asSentence(detail)
  return ENROLL_RETRY_TEXT
}

/**
 * 'Enroll Now' and 'Add to Cart' for a student not enrolled; the listener shows the spec's alerts, and a
 * failure also stays next to the button, saying why. A free course enrolls at once; a paid one is asked about
 * first (ConfirmEnrollment), then paid for: the attempt's Idempotency-Key is kept when no answer came back, so
 * pressing 'Enroll Now' again retries the same attempt and is never charged twice.
 */
export function StudentActions({
  course,
  inCart,
  onEnrolled,
}: {
  course: Pick<Course, '_id' | 'title' | 'price'>
  /** Undefined while the cart is not known: 'Add to Cart' keeps its place unseen (it might be 'In your cart'). */
  inCart: boolean | undefined
  /** Called once enrolling succeeded (the modules page then loads the videos). */
  onEnrolled?: () => void
}) {
  const [enroll, enrolling] = useEnrollInCourseMutation()
  const [addToCart, adding] = useAddToCartMutation()
  const attemptKey = useRef<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [asking, setAsking] = useState(false)
  const courseId = course._id
  function onEnroll() {
    const key = (attemptKey.current ??= newPurchaseKey())
    setFailure(null)
    void enroll({ courseId, 'Idempotency-Key': key })
      .unwrap()
      .then(
        (done) => {
          if ('url' in done) {
            // Stripe: the buyer pays on Stripe's page, which comes back to /cart?order=…
            window.location.assign(done.url)
            return
          }
          attemptKey.current = null
          onEnrolled?.()
        },
        (error: { status?: unknown }) => {
          if (!isNetworkFailure(error?.status)) attemptKey.current = null
          setFailure(enrollFailureText(error))
        },
      )
  }
  function onConfirm() {
    setAsking(false)
    onEnroll()
  }
  return (
    <>
      <div className="row">
        <button
          type="button"
          className="btn btn--primary"
          disabled={enrolling.isLoading}
          onClick={course.price > 0 ? () => setAsking(true) : onEnroll}
        >
          Enroll Now
        </button>
        {inCart === undefined ? (
          <span className="btn reserved reserved-text" aria-hidden="true" data-text="Add to Cart" />
        ) : inCart ? (
          <span className="notice">In your cart</span>
        ) : (
          <button
            type="button"
            className="btn"
            disabled={adding.isLoading}
            onClick={() => void addToCart({ cartItemInput: { courseId } })}
          >
            Add to Cart
          </button>
        )}
      </div>
      {failure && <ErrorMessage>{failure}</ErrorMessage>}
      <ActionError error={adding.error} failed="The course could not be added to the cart" />
      {asking && (
        <Suspense fallback={null}>
          <ConfirmEnrollment course={course} onConfirm={onConfirm} onCancel={() => setAsking(false)} />
        </Suspense>
      )}
    </>
  )
}
