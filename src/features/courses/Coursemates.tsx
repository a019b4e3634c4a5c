import { useRef } from 'react'
import { Link } from 'react-router-dom'
import { skipToken } from '@reduxjs/toolkit/query/react'
import { courseApi, useGetCoursematePagesInfiniteQuery } from '@/features/courses/courseEndpoints'
import { LoadMore } from '@/components/LoadMore'
import { useNearViewport } from './useNearViewport'

/**
 * The students enrolled in a course, each linking to their profile (needs a login to read).
 * Fetched only when the card is on screen or about to be, so a long list does not send one
 * request per course at once; data already in the cache shows straight away.
 */
export function Coursemates({ courseId }: { courseId: string }) {
  const ref = useRef<HTMLDivElement>(null)
  const cached = courseApi.endpoints.getCoursematePages.useInfiniteQueryState({ courseId }).data !== undefined
  const near = useNearViewport(ref, cached)
  // Pages of COURSEMATES_PAGE_SIZE; the next with 'Load more coursemates' only (the cards' list scrolls on).
  const pages = useGetCoursematePagesInfiniteQuery(near ? { courseId } : skipToken)
  const { data, isLoading, isUninitialized } = pages
  const students = data?.pages.flatMap((page) => page.items) ?? []
  return (
    <div className="coursemates" ref={ref}>
      <h4>Coursemates</h4>
      {isUninitialized || isLoading ? (
        <p className="muted">Loading...</p>
      ) : students.length === 0 ? (
        <p className="muted">No coursemates yet.</p>
      ) : (
        <ul className="chips">
          {students.map((s) => (
            <li key={s._id}>
              <Link to={`/profile/${s._id}`}>{s.username}</Link>
            </li>
          ))}
        </ul>
      )}
      <LoadMore what="coursemates" auto={false} list={pages} />
    </div>
  )
}
