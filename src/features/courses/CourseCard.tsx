import { Link } from 'react-router-dom'
import type { Course } from '@/api/generated/api'
import type { SessionUser } from '@/features/auth/authSlice'
import { Coursemates } from '@/features/courses/Coursemates'
import { StudentActions } from '@/features/courses/StudentActions'
import { canManageCourse, canViewModules, formatPrice } from '@/features/courses/coursePermissions'

type Props = {
  course: Course
  user: SessionUser | null
  enrolled: boolean
  inCart: boolean
  onEdit: (course: Course) => void
  onDelete: (course: Course) => void
}

export function CourseCard({ course, user, enrolled, inCart, onEdit, onDelete }: Props) {
  const titleId = `course-${course._id}`
  return (
    <article className="card course-card" aria-labelledby={titleId}>
      <h3 id={titleId}>{course.title}</h3>
      <p>{course.description}</p>
      <p className="price">{formatPrice(course.price)}</p>
      {course.instructor && <p className="muted">Instructor: {course.instructor.username}</p>}
      {user && <Coursemates courseId={course._id} />}
      {canViewModules(user, enrolled) && (
        <div className="course-card__access">
          <Link className="btn btn--primary" to={`/courses/${course._id}/modules`}>
            View Modules
          </Link>
          <p className="notice">You are already enrolled in this course.</p>
        </div>
      )}
      {user?.role === 'student' && !enrolled && <StudentActions courseId={course._id} inCart={inCart} />}
      {canManageCourse(user, course) && (
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
        </div>
      )}
    </article>
  )
}
