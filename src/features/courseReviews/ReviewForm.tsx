import { useId, useState, type FormEvent } from 'react'
import type { CourseReview } from '@/api/generated/courseReviewsApi'
import { ActionError } from '@/components/ActionError'
import { ErrorMessage } from '@/components/ErrorMessage'
import { REVIEW_MAX_LENGTH } from '@domain/courseReviews'
import { useSaveMyCourseReviewMutation } from '@/features/courseReviews/courseReviewsEndpoints'

/** Characters as the server counts them: code points (an emoji or a rare letter is one). */
const characters = (text: string) => [...text].length

type Props = {
  courseId: string
  /** The caller's review, when they edit it. */
  review: CourseReview | null
  onDone: () => void
}

/** Rate 1 to 5 and write a review (up to 2,000 characters, or none: a rating alone), or edit one's review. */
export function ReviewForm({ courseId, review, onDone }: Props) {
  const id = useId()
  const [rating, setRating] = useState(review?.rating ?? 0)
  const [text, setText] = useState(review?.text ?? '')
  const [missing, setMissing] = useState(false)
  const [saveReview, save] = useSaveMyCourseReviewMutation()
  const length = characters(text)
  const tooLong = length > REVIEW_MAX_LENGTH
  const title = review ? 'Edit your review' : 'Rate this course'

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    setMissing(rating === 0)
    if (rating === 0 || tooLong) return
    try {
      await saveReview({ courseId, courseReviewInput: { rating, text } }).unwrap()
      onDone()
    } catch {
      // said next to the button (ActionError)
    }
  }

  return (
    <form className="form review-form" aria-labelledby={`${id}-title`} onSubmit={(e) => void onSubmit(e)}>
      <h3 id={`${id}-title`}>{title}</h3>
      <fieldset className="review-form__stars">
        <legend>Your rating</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n}>
            <input
              type="radio"
              name={`${id}-rating`}
              value={n}
              checked={rating === n}
              onChange={() => setRating(n)}
            />
            {n === 1 ? '1 star' : `${n} stars`}
          </label>
        ))}
      </fieldset>
      {missing && rating === 0 && <ErrorMessage>Choose a rating from 1 to 5 stars.</ErrorMessage>}
      <label className="field">
        <span>Your review (optional)</span>
        <textarea
          rows={4}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={`${id}-count`}
          aria-invalid={tooLong || undefined}
        />
      </label>
      <small id={`${id}-count`} className={tooLong ? 'error-message' : 'muted'}>
        {`${length} of ${REVIEW_MAX_LENGTH.toLocaleString('en-US')} characters`}
      </small>
      <div className="row">
        <button type="submit" className="btn btn--primary" disabled={save.isLoading || tooLong}>
          {review ? 'Save review' : 'Post review'}
        </button>
        {review && (
          <button type="button" className="btn" onClick={onDone}>
            Cancel
          </button>
        )}
        <ActionError error={save.error} failed="Your review could not be saved" />
      </div>
    </form>
  )
}
