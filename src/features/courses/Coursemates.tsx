import { useRef } from 'react'
import { Link } from 'react-router-dom'
import { skipToken } from '@reduxjs/toolkit/query/react'
import { api, useGetEnrolledStudentsQuery } from '@/api/enhancedApi'
import { useNearViewport } from './useNearViewport'

/**
 * The students enrolled in a course, each linking to their profile (needs a login to read).
 * Fetched only when the card is on screen or about to be, so a long list does not send one
 * request per course at once; data already in the cache shows straight away.
 */
export function Coursemates({ courseId }: { courseId: string }) {
  const ref = useRef<HTMLDivElement>(null)
  const cached = api.endpoints.getEnrolledStudents.useQueryState({ courseId }).data !== undefined
  const near = useNearViewport(ref, cached)
  const {
    data: students = [],
    isLoading,
    isUninitialized,
  } = useGetEnrolledStudentsQuery(near ? { courseId } : skipToken)
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
    </div>
  )
}
