import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import type { Course } from '@/api/generated/api'
import { formatMoney, formatRating } from '@domain/rules'

/** The words of a visitor's way into a course from its card (a link to /login). */
export const LOG_IN_TO_ENROLL = 'Log in to enroll'

/** The words of the link from a card to the course's page. */
export const VIEW_COURSE = 'View course'

/** A course's page: its modules for those who may watch them, its landing page for everyone else. */
export const coursePath = (courseId: string) => `/courses/${courseId}/modules`

/**
 * What a course's card shows everyone: its title (naming the card, a link to the course's page), description, price, rating (once rated), instructor and a
 * 'View course' link, then `children`, what the caller may do with the course. CourseCard draws the app's cards with it, and the server draws
 * the cards in the HTML of /courses with it (server/web/coursesPage.ts), so the two are the same markup.
 */
export function CourseCardFrame({ course, children }: { course: Course; children?: ReactNode }) {
  const titleId = `course-${course._id}`
  const page = coursePath(course._id)
  return (
    <article className="card course-card" aria-labelledby={titleId}>
      <h3 id={titleId}>
        <Link to={page} className="course-card__title">
          {course.title}
        </Link>
      </h3>
      <p>{course.description}</p>
      <p className="price">{formatMoney(course.price)}</p>
      {course.rating && <p>{`Rating: ${formatRating(course.rating)}`}</p>}
      {course.instructor && <p className="muted">Instructor: {course.instructor.username}</p>}
      <p>
        <Link to={page} className="course-card__view" aria-label={`View course ${course.title}`}>
          {VIEW_COURSE}
        </Link>
      </p>
      {children}
    </article>
  )
}
