import { useId } from 'react'
import type { Course } from '@/api/generated/api'
import { useAppSelector } from '@/app/hooks'
import { LoadError } from '@/components/LoadError'
import { LoadMore } from '@/components/LoadMore'
import { Spinner } from '@/components/Spinner'
import { selectCurrentUser } from '@/features/auth/authSlice'
import { asCaller } from '@domain/rules'
import { canRemoveReview, canReplyToReview } from '@domain/courseReviews'
import { useGetCourseReviewPagesInfiniteQuery } from '@/features/courseReviews/courseReviewsEndpoints'
import { MyReview } from './MyReview'
import { RatingSummary } from './RatingSummary'
import { ReviewItem } from './ReviewItem'
import './courseReviews.css'

type Props = {
  course: Course
  /** The caller is a student enrolled in the course. */
  learner: boolean
}

/**
 * A course's ratings and reviews, for everyone: the average, the count and each star's share, a signed-in student's
 * own review, then the reviews newest first with 'Load more'. Its own chunk, loaded once the course page is drawn.
 */
export default function CourseReviews({ course, learner }: Props) {
  const headingId = useId()
  const user = useAppSelector(selectCurrentUser)
  const caller = asCaller(user)
  const list = useGetCourseReviewPagesInfiniteQuery({ courseId: course._id })
  const pages = list.currentData?.pages
  const reviews = pages?.flatMap((page) => page.items) ?? []
  const mayReply = canReplyToReview(caller, course.instructor?._id)
  const mayRemove = canRemoveReview(caller)
  return (
    <section className="card course-reviews" aria-labelledby={headingId}>
      <h2 id={headingId}>Reviews</h2>
      {list.isLoading && <Spinner label="Loading reviews..." />}
      {list.isError && !pages && (
        <LoadError message="The reviews could not be loaded." onRetry={() => void list.refetch()} />
      )}
      {pages?.[0] && <RatingSummary rating={pages[0].rating} />}
      {user?.role === 'student' && <MyReview courseId={course._id} learner={learner} />}
      {reviews.length > 0 && (
        <ul className="course-reviews__list">
          {reviews.map((review) => (
            <ReviewItem key={review._id} review={review} mayReply={mayReply} mayRemove={mayRemove} />
          ))}
        </ul>
      )}
      <LoadMore what="reviews" label="Load more" auto={false} list={list} />
    </section>
  )
}
