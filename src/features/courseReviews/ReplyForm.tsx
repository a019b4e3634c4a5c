import { useState, type FormEvent } from 'react'
import type { CourseReview } from '@/api/generated/courseReviewsApi'
import { ActionError } from '@/components/ActionError'
import { useReplyToCourseReviewMutation } from '@/features/courseReviews/courseReviewsEndpoints'

/** The course's instructor's one reply to a review: 'Reply' opens the form; a reply is not edited once posted. */
export function ReplyForm({ review }: { review: CourseReview }) {
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  const [replyToReview, sent] = useReplyToCourseReviewMutation()

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    if (!text.trim()) return
    try {
      await replyToReview({ reviewId: review._id, courseReviewReplyInput: { text } }).unwrap()
      setOpen(false)
    } catch {
      // said next to the button (ActionError)
    }
  }

  if (!open)
    return (
      <div className="row">
        <button
          type="button"
          className="btn"
          onClick={() => setOpen(true)}
          aria-label={`Reply to ${review.author.username}`}
        >
          Reply
        </button>
      </div>
    )
  return (
    <form
      className="form"
      aria-label={`Reply to ${review.author.username}`}
      onSubmit={(e) => void onSubmit(e)}
    >
      <label className="field">
        <span>Your reply</span>
        <textarea rows={3} value={text} maxLength={2000} onChange={(e) => setText(e.target.value)} required />
      </label>
      <p className="muted">Your reply is public and cannot be changed once posted.</p>
      <div className="row">
        <button type="submit" className="btn btn--primary" disabled={sent.isLoading}>
          Post reply
        </button>
        <button type="button" className="btn" onClick={() => setOpen(false)}>
          Cancel
        </button>
        <ActionError error={sent.error} failed="Your reply could not be posted" />
      </div>
    </form>
  )
}
