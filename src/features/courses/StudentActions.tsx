import { useAddToCartMutation, useEnrollInCourseMutation } from '@/api/enhancedApi'

/** 'Enroll Now' and 'Add to Cart' for a student not enrolled; the listener shows the spec's alerts. */
export function StudentActions({ courseId, inCart }: { courseId: string; inCart: boolean }) {
  const [enroll, enrolling] = useEnrollInCourseMutation()
  const [addToCart, adding] = useAddToCartMutation()
  return (
    <div className="row">
      <button
        type="button"
        className="btn btn--primary"
        disabled={enrolling.isLoading}
        onClick={() =>
          void enroll({ courseId })
            .unwrap()
            .catch(() => undefined)
        }
      >
        Enroll Now
      </button>
      {inCart ? (
        <span className="notice">In your cart</span>
      ) : (
        <button
          type="button"
          className="btn"
          disabled={adding.isLoading}
          onClick={() =>
            void addToCart({ cartItemInput: { courseId } })
              .unwrap()
              .catch((error: unknown) => console.error('Adding to the cart failed', error))
          }
        >
          Add to Cart
        </button>
      )}
    </div>
  )
}
