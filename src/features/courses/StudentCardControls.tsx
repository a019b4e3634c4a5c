import { Link } from 'react-router-dom'
import type { Course } from '@/api/generated/api'
import { CourseProgress } from '@/features/progress/CourseProgress'
import { StudentActions } from '@/features/courses/StudentActions'

export const ENROLLED_NOTICE = 'You are already enrolled in this course.'

/**
 * The tallest a student's controls get (enrolled: 'View Modules', the notice and the progress), drawn unseen and
 * out of reach under them: the controls take the same space before the student's enrollments are known, and
 * whichever arrive ('Enroll Now' or 'View Modules', later the progress), nothing below them moves. Its texts come
 * from the stylesheet (data-text), so no query or screen reader finds them twice.
 */
function ControlsReserve() {
  return (
    <div className="reserved" aria-hidden="true">
      <div className="course-card__access">
        <span className="btn btn--primary reserved-text" data-text="View Modules" />
        <p className="notice reserved-text" data-text={ENROLLED_NOTICE} />
      </div>
      <div className="course-progress">
        <span className="reserved-text" data-text="0 of 0 modules completed" />
        <div className="course-progress__track" />
      </div>
    </div>
  )
}

/**
 * A student's controls on a course card. `enrolled` and `inCart` are undefined until the student's enrollments
 * and cart are known: a guess would offer 'Enroll Now' for a course already bought, and a click on it would
 * enroll again.
 */
export function StudentCardControls({
  course,
  enrolled,
  inCart,
}: {
  course: Pick<Course, '_id' | 'title' | 'price'>
  enrolled: boolean | undefined
  inCart: boolean | undefined
}) {
  const courseId = course._id
  return (
    <div className="course-card__controls">
      <ControlsReserve />
      {enrolled === undefined || inCart === undefined ? null : enrolled ? (
        <div>
          <div className="course-card__access">
            <Link className="btn btn--primary" to={`/courses/${courseId}/modules`}>
              View Modules
            </Link>
            <p className="notice">{ENROLLED_NOTICE}</p>
          </div>
          <CourseProgress courseId={courseId} />
        </div>
      ) : (
        <div>
          <StudentActions course={course} inCart={inCart} />
        </div>
      )}
    </div>
  )
}
