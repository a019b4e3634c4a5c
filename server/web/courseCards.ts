// The course cards of /courses's HTML, drawn by the SPA's own component (CourseCardFrame, which CourseCard draws the
// app's cards with) through react-dom/server, so the server's cards and the app's cannot drift apart. What the
// server draws is a visitor's card: nothing in the page's HTML depends on who asks (the session lives in the
// browser). Not CourseCard itself: it reads the signed-in student's state from the app's store, which the server
// does not have; tests/features/courses/coursesPageHtml.test.tsx holds the two to the same markup.
import { createElement, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { Link, MemoryRouter } from 'react-router-dom'
import type { Course } from '../../src/api/generated/api'
import { LoginLink } from '../../src/features/auth/LoginRequiredModal'
import { CourseCardFrame, LOG_IN_TO_ENROLL } from '../../src/features/courses/CourseCardFrame'

/**
 * 'Log in to enroll' as CourseCard shows it to a visitor, or, `reserved` (the visitor is not known yet: the page's
 * HTML is the same for everyone), keeping its place unseen and out of reach until the app, which knows the visitor,
 * draws the card: the stylesheet's `reserved` class, since the pages' Content-Security-Policy refuses style
 * attributes.
 */
function visitorLink(reserved: boolean): ReactNode {
  return reserved
    ? createElement(
        Link,
        { to: '/login', className: 'btn btn--primary reserved', 'aria-hidden': true, tabIndex: -1 },
        LOG_IN_TO_ENROLL,
      )
    : createElement(LoginLink, { className: 'btn btn--primary', children: LOG_IN_TO_ENROLL })
}

/**
 * The cards' HTML. React separates adjacent texts with an empty comment (`<!-- -->`) for hydration; the page is
 * replaced by the app, never hydrated, so they are left out (a course's own text is escaped and holds none).
 */
function render(courses: Course[], reserved: boolean): string {
  const cards = courses.map((course) =>
    createElement(CourseCardFrame, { key: course._id, course }, visitorLink(reserved)),
  )
  return renderToString(createElement(MemoryRouter, null, cards)).replaceAll('<!-- -->', '')
}

/** A course's card as a visitor sees it (`reserved`: with 'Log in to enroll' kept unseen). */
export function courseCardHtml(course: Course, { reserved }: { reserved: boolean }): string {
  return render([course], reserved)
}

/** The cards of the page's HTML, 'Log in to enroll' kept unseen, in one render. */
export function reservedCardsHtml(courses: Course[]): string {
  return render(courses, true)
}
