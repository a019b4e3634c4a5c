import type { ReactNode } from 'react'
import type { Course } from '@/api/generated/api'
import { formatMoney } from '@domain/rules'

/** The words of a visitor's way into a course from its card (a link to /login). */
export const LOG_IN_TO_ENROLL = 'Log in to enroll'

/**
 * What a course's card shows everyone: its title (naming the card), description, price and instructor, then
 * `children`, what the caller may do with the course. CourseCard draws the app's cards with it, and the server draws
 * the cards in the HTML of /courses with it (server/web/coursesPage.ts), so the two are the same markup.
 */
export function CourseCardFrame({ course, children }: { course: Course; children?: ReactNode }) {
  const titleId = `course-${course._id}`
  return (
    <article className="card course-card" aria-labelledby={titleId}>
      <h3 id={titleId}>{course.title}</h3>
      <p>{course.description}</p>
      <p className="price">{formatMoney(course.price)}</p>
      {course.instructor && <p className="muted">Instructor: {course.instructor.username}</p>}
      {children}
    </article>
  )
}
