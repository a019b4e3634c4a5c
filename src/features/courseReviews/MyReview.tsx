import { useState } from 'react'
import { useCourseProgress } from '@/features/progress/useCourseProgress'
import { useGetMyCourseReviewQuery } from '@/features/courseReviews/courseReviewsEndpoints'
import { ReviewForm } from './ReviewForm'

type Props = {
  courseId: string
  /** The caller is a student enrolled in the course (the modules page let them in). */
  learner: boolean
}

/**
 * A signed-in student's own review of the course: the form to rate it once they have completed a module, 'Edit your
 * review' once they have, or why they may not (a review an admin removed says why).
 */
export function MyReview({ courseId, learner }: Props) {
  const mine = useGetMyCourseReviewQuery({ courseId })
  // A module completed on this page counts at once (the server decides again when the review is sent).
  const completed = (useCourseProgress(courseId, { skip: !learner })?.completedModules ?? 0) > 0
  const [editing, setEditing] = useState(false)
  if (!mine.data) return null
  const { review, mayReview } = mine.data
  if (review?.removal)
    return (
      <p className="notice">{`Your review was removed by an admin. The reason given: ${review.removal.reason}`}</p>
    )
  if (review && !editing)
    return (
      <div className="row">
        <button type="button" className="btn" onClick={() => setEditing(true)}>
          Edit your review
        </button>
      </div>
    )
  if (!mayReview && !(learner && completed))
    return learner ? <p className="muted">Complete a module to rate this course.</p> : null
  return <ReviewForm courseId={courseId} review={review} onDone={() => setEditing(false)} />
}
