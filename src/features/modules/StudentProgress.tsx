import { Link } from 'react-router-dom'
import { useGetCourseProgressQuery } from '@/features/progress/progressEndpoints'
import type { StudentProgress as Row } from '@/api/generated/api'
import { LoadError } from '@/components/LoadError'
import { Spinner } from '@/components/Spinner'

export const STUDENT_PROGRESS_HEADING = 'Student progress'

/** The day of a student's last saved position or completion, as the app writes dates ('Jan 5, 2024'). */
const dayOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })

function ProgressRow({ row }: { row: Row }) {
  return (
    <tr>
      <td>
        <Link to={`/profile/${row.student._id}`}>{row.student.username}</Link>
      </td>
      <td>{`${row.completedModules}/${row.totalModules}`}</td>
      <td>{row.puzzlesTotal ? `${row.puzzlesSolved}/${row.puzzlesTried} solved` : '—'}</td>
      <td>
        {row.lastActivityAt ? (
          <time dateTime={row.lastActivityAt}>{dayOf(row.lastActivityAt)}</time>
        ) : (
          'Not started'
        )}
      </td>
    </tr>
  )
}

/**
 * Each enrolled student's modules completed, puzzles of the course's sets solved of those tried ('—' for a course
 * without a set) and last activity, most recent first (the server's order): for the
 * course's instructor and admins only, who alone mount it (canSeeCourseProgress).
 */
export function StudentProgress({ courseId }: { courseId: string }) {
  const { data: rows, isLoading, isError, refetch } = useGetCourseProgressQuery({ courseId })
  return (
    <section className="card student-progress" aria-labelledby="student-progress-heading">
      <h2 id="student-progress-heading">{STUDENT_PROGRESS_HEADING}</h2>
      {isLoading ? (
        <Spinner label="Loading student progress..." />
      ) : isError ? (
        <LoadError message="The students' progress could not be loaded." onRetry={() => void refetch()} />
      ) : !rows?.length ? (
        <p className="muted">No students enrolled yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Student</th>
                <th scope="col">Modules completed</th>
                <th scope="col">Puzzles</th>
                <th scope="col">Last activity</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <ProgressRow key={row.student._id} row={row} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
