import { Link, Navigate } from 'react-router-dom'
import type { Course, GetCoursesApiResponse } from '@/api/generated/api'
import { useAppSelector } from '@/app/hooks'
import { LoadError } from '@/components/LoadError'
import { Spinner } from '@/components/Spinner'
import { selectCurrentUser } from '@/features/auth/authSlice'
import { CourseCardFrame } from '@/features/courses/CourseCardFrame'
import { useGetCoursesQuery, useGetDraftCoursesQuery } from '@/features/courses/courseEndpoints'
import { canCreateCourse } from '@domain/rules'

/** /studio, an instructor's and an admin's own courses; anyone else is sent to /, as /admin sends a non-admin. */
export default function StudioPage() {
  const user = useAppSelector(selectCurrentUser)
  return user && canCreateCourse(user) ? <Studio userId={user._id} /> : <Navigate to="/" replace />
}

/** The whole course list (without parameters) or a page of it: its courses. */
const itemsOf = (data: GetCoursesApiResponse | undefined): Course[] =>
  Array.isArray(data) ? data : (data?.items ?? [])

/**
 * The caller's courses, drafts first, each part newest first (as the server lists them). An admin's drafts are
 * everyone's and the course list is everyone's: only the caller's own are kept.
 */
function Studio({ userId }: { userId: string }) {
  const published = useGetCoursesQuery({})
  const drafts = useGetDraftCoursesQuery()
  const mine = (c: Course) => c.instructor?._id === userId
  const courses = [...(drafts.data ?? []).filter(mine), ...itemsOf(published.data).filter(mine)]

  function retry() {
    if (published.isError) void published.refetch()
    if (drafts.isError) void drafts.refetch()
  }

  return (
    <section className="page">
      <h1>Studio</h1>
      <p>
        <Link className="btn btn--primary" to="/courses">
          New course
        </Link>
      </p>
      <h2>Your courses</h2>
      {(published.isError && !published.data) || (drafts.isError && !drafts.data) ? (
        <LoadError message="Your courses could not be loaded." onRetry={retry} />
      ) : !published.data || !drafts.data ? (
        <Spinner />
      ) : courses.length === 0 ? (
        <p className="muted">You have no courses yet.</p>
      ) : (
        <div className="grid">
          {courses.map((course) => (
            <CourseCardFrame key={course._id} course={course}>
              {!course.published && (
                <p>
                  {/* DraftCourses' mark, written here: importing it would put the drafts' code in every page's chunk */}
                  <span className="tag tag--line">Draft</span>
                </p>
              )}
            </CourseCardFrame>
          ))}
        </div>
      )}
    </section>
  )
}
