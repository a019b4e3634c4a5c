import { Link } from 'react-router-dom'
import { ActionError } from '@/components/ActionError'
import { useUpdateCourseMutation } from '@/features/courses/courseEndpoints'
import type { Course } from '@/api/generated/api'
import type { SessionUser } from '@/features/auth/authSlice'
import { LoginLink } from '@/features/auth/LoginRequiredModal'
import { CourseCardFrame, LOG_IN_TO_ENROLL } from './CourseCardFrame'
import { Coursemates } from '@/features/courses/Coursemates'
import { ENROLLED_NOTICE, StudentCardControls } from '@/features/courses/StudentCardControls'
import { asCaller, canBuyCourses, canManageCourse, canReadModules } from '@domain/rules'

type Props = {
  course: Course
  user: SessionUser | null
  /** Whether a student is enrolled in the course, and has it in the cart: undefined until known. */
  enrolled: boolean | undefined
  inCart: boolean | undefined
  onEdit: (course: Course) => void
  onDelete: (course: Course) => void
  /** Why deleting this course failed, until it is tried again. */
  deleteError?: unknown
}

export function CourseCard({ course, user, enrolled, inCart, onEdit, onDelete, deleteError }: Props) {
  const caller = asCaller(user)
  return (
    <CourseCardFrame course={course}>
      {user && <Coursemates courseId={course._id} />}
      {canBuyCourses(caller) ? (
        <StudentCardControls course={course} enrolled={enrolled} inCart={inCart} />
      ) : (
        // Instructors and admins read every course's modules, enrolled or not.
        canReadModules(caller, false) && (
          <div className="course-card__access">
            <Link className="btn btn--primary" to={`/courses/${course._id}/modules`}>
              View Modules
            </Link>
            <p className="notice">{ENROLLED_NOTICE}</p>
          </div>
        )
      )}
      {!user && (
        // A visitor enrolls after logging in, which comes back to this page.
        <LoginLink className="btn btn--primary">{LOG_IN_TO_ENROLL}</LoginLink>
      )}
      {canManageCourse(caller, course.instructor?._id) && (
        <div className="row">
          <button
            type="button"
            className="btn"
            onClick={() => onEdit(course)}
            aria-label={`Edit ${course.title}`}
          >
            Edit
          </button>
          <button
            type="button"
            className="btn btn--danger"
            onClick={() => onDelete(course)}
            aria-label={`Delete ${course.title}`}
          >
            Delete
          </button>
          <UnpublishButton course={course} />
          <ActionError error={deleteError} failed="The course could not be deleted" />
        </div>
      )}
    </CourseCardFrame>
  )
}

/** Back to the drafts: out of the catalogue, still readable to its enrolled students. */
function UnpublishButton({ course }: { course: Course }) {
  const [updateCourse, update] = useUpdateCourseMutation()
  return (
    <>
      <button
        type="button"
        className="btn"
        disabled={update.isLoading}
        onClick={() => void updateCourse({ courseId: course._id, coursePatch: { published: false } })}
        aria-label={`Unpublish ${course.title}`}
      >
        Unpublish
      </button>
      <ActionError error={update.error} failed="The course could not be unpublished" />
    </>
  )
}
