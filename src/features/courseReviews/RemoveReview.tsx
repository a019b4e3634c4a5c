import { useState, type FormEvent } from 'react'
import type { CourseReview } from '@/api/generated/courseReviewsApi'
import { ActionError } from '@/components/ActionError'
import { Modal } from '@/components/Modal'
import { useRemoveCourseReviewMutation } from '@/features/courseReviews/courseReviewsEndpoints'

/** An admin's 'Remove': asks for the reason (kept, and told to the review's author), then removes the review. */
export function RemoveReview({ review }: { review: CourseReview }) {
  const [asking, setAsking] = useState(false)
  const [reason, setReason] = useState('')
  const [removeReview, removal] = useRemoveCourseReviewMutation()

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    if (!reason.trim()) return
    try {
      await removeReview({ reviewId: review._id, courseReviewRemovalInput: { reason } }).unwrap()
      setAsking(false)
    } catch {
      // said in the dialog (ActionError)
    }
  }

  return (
    <>
      <div className="row">
        <button
          type="button"
          className="btn btn--danger"
          onClick={() => setAsking(true)}
          aria-label={`Remove the review by ${review.author.username}`}
        >
          Remove
        </button>
      </div>
      {asking && (
        <Modal title="Remove this review?" onClose={() => setAsking(false)}>
          <form className="form" onSubmit={(e) => void onSubmit(e)}>
            <p>{`The review by ${review.author.username} leaves the course's page and its rating.`}</p>
            <label className="field">
              <span>Reason (kept, and shown to its author)</span>
              <textarea
                rows={3}
                value={reason}
                maxLength={500}
                onChange={(e) => setReason(e.target.value)}
                required
              />
            </label>
            <div className="row">
              <button type="submit" className="btn btn--danger" disabled={removal.isLoading}>
                Remove review
              </button>
              <button type="button" className="btn" onClick={() => setAsking(false)}>
                Cancel
              </button>
              <ActionError error={removal.error} failed="The review could not be removed" />
            </div>
          </form>
        </Modal>
      )}
    </>
  )
}
