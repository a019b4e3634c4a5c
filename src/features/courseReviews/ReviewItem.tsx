import type { CourseReview } from '@/api/generated/courseReviewsApi'
import { Stars } from './RatingSummary'
import { RemoveReview } from './RemoveReview'
import { ReplyForm } from './ReplyForm'

/** A date as the app writes dates ('Jan 5, 2024'). */
const dayOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })

type Props = {
  review: CourseReview
  /** The caller is the course's instructor: they may reply once. */
  mayReply: boolean
  /** The caller is an admin: they may remove it. */
  mayRemove: boolean
}

/** One review: its stars, author, day and words, the instructor's reply under it, and what the caller may do. */
export function ReviewItem({ review, mayReply, mayRemove }: Props) {
  const { author, reply } = review
  return (
    <li>
      <article className="course-review" aria-label={`Review by ${author.username}`}>
        <p className="course-review__head">
          <Stars value={review.rating} /> <strong>{author.username}</strong>{' '}
          <time className="muted" dateTime={review.createdAt}>
            {dayOf(review.createdAt)}
          </time>
          {review.updatedAt !== review.createdAt && <span className="muted"> (edited)</span>}
        </p>
        {review.text && <p className="course-review__text">{review.text}</p>}
        {reply && (
          <div className="course-review__reply">
            <p className="muted">{`Reply from ${reply.author?.username ?? 'the instructor'}`}</p>
            <p className="course-review__text">{reply.text}</p>
          </div>
        )}
        {!reply && mayReply && <ReplyForm review={review} />}
        {mayRemove && <RemoveReview review={review} />}
      </article>
    </li>
  )
}
