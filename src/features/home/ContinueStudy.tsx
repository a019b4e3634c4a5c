import { Link } from 'react-router-dom'
import { useGetEnrolledCoursesQuery } from '@/features/courses/courseEndpoints'
import { StudyProgress } from './StudyProgress'

/** Enrolled courses with a way back into their modules; nothing at all while the list is empty. */
export function ContinueStudy({ userId }: { userId: string }) {
  const { data: courses } = useGetEnrolledCoursesQuery({ userId })
  if (!courses || courses.length === 0) return null

  return (
    <section className="card" aria-labelledby="continue-study-heading">
      <h2 id="continue-study-heading">Continue Study</h2>
      <ul className="home__courses">
        {courses.map((course) => (
          <li key={course._id} className="home__course">
            <Link to={`/courses/${course._id}/modules`}>{course.title}</Link>
            <StudyProgress courseId={course._id} />
          </li>
        ))}
      </ul>
    </section>
  )
}
