import { Link } from 'react-router-dom'
import { useGetEnrolledStudentsQuery } from '@/api/enhancedApi'

/** The students enrolled in a course, each linking to their profile (needs a login to read). */
export function Coursemates({ courseId }: { courseId: string }) {
  const { data: students = [], isLoading } = useGetEnrolledStudentsQuery({ courseId })
  return (
    <div className="coursemates">
      <h4>Coursemates</h4>
      {isLoading ? (
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
