import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import { useAppSelector } from '@/app/hooks'
import { selectLessonName } from '@/app/lessonName'

export const PRODUCT_NAME = 'Chess Online Education'

/** Each route's name in the document title, first match wins; an address no route has is 'Page not found'. */
const TITLES: [RegExp, (m: RegExpMatchArray) => string][] = [
  [/^\/(home)?$/, () => 'Home'],
  [/^\/player\/([^/]+)$/, (m) => decodeURIComponent(m[1])],
  [/^\/title\/([^/]+)$/, (m) => `${decodeURIComponent(m[1])} players`],
  [/^\/courses$/, () => 'Courses'],
  [/^\/courses\/[^/]+\/modules$/, () => 'Course modules'],
  // named by its module once the course's modules are known (lessonName.ts)
  [/^\/courses\/[^/]+\/modules\/[^/]+$/, () => 'Lesson'],
  [/^\/studio$/, () => 'Studio'],
  [/^\/admin$/, () => 'Admin'],
  [/^\/blog$/, () => 'Blog'],
  [/^\/login$/, () => 'Login'],
  [/^\/register$/, () => 'Register'],
  [/^\/forgot-password$/, () => 'Forgot password'],
  [/^\/reset-password$/, () => 'New password'],
  [/^\/verify-email$/, () => 'Verify email'],
  [/^\/unsubscribe$/, () => 'Review reminders'],
  [/^\/cart$/, () => 'Cart'],
  [/^\/profile(\/[^/]+)?$/, () => 'Profile'],
  [/^\/review$/, () => 'Review'],
  [/^\/analysis$/, () => 'Analysis'],
  [/^\/puzzles(\/[^/]+)?$/, () => 'Puzzles'],
  [/^\/orders\/[^/]+$/, () => 'Receipt'],
  [/^\/certificates\/[^/]+$/, () => 'Certificate'],
]

// the trailing slashes, matched from the first of them only: /\/+$/ alone rescans a long run of them from each of
// its positions, in time growing with the square of its length
const withoutTrailingSlashes = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/(?<!\/)\/+$/, '') : pathname

/** The document title for a path: '<page> · Chess Online Education'. */
export function documentTitle(pathname: string): string {
  const path = withoutTrailingSlashes(pathname)
  for (const [pattern, name] of TITLES) {
    const m = path.match(pattern)
    if (m) return `${safeName(name, m)} · ${PRODUCT_NAME}`
  }
  return `Page not found · ${PRODUCT_NAME}`
}

function safeName(name: (m: RegExpMatchArray) => string, m: RegExpMatchArray): string {
  try {
    return name(m)
  } catch {
    return m[1] ?? '' // a malformed %-escape: show the address as written
  }
}

/** Keeps the document title in step with the address (rendered once, at the root route). */
export function DocumentTitle() {
  const { pathname } = useLocation()
  const lesson = useAppSelector((state) => selectLessonName(state, withoutTrailingSlashes(pathname)))
  useEffect(() => {
    document.title =
      lesson === undefined ? documentTitle(pathname) : `${lesson ?? 'Page not found'} · ${PRODUCT_NAME}`
  }, [pathname, lesson])
  return null
}
