import { Link } from 'react-router-dom'
import type { Course, CourseProgress } from '@/api/generated/api'
import { useGetEnrolledCoursesQuery } from '@/features/courses/courseEndpoints'
import { useGetMyProgressQuery } from '@/features/progress/progressEndpoints'
import { useGetReviewSummaryQuery } from '@/features/review/reviewEndpoints'

export const NEXT_STEP_HEADING = 'Your next step'

type Next = { course: Pick<Course, '_id' | 'title'>; moduleId: string | null }

/**
 * The course to continue: of the enrolled courses not yet completed, the one studied last (a course without any
 * activity comes after those with some, in the enrolled list's order); null when every course is completed.
 */
export function nextCourse(
  courses: readonly Pick<Course, '_id' | 'title'>[],
  progress: readonly CourseProgress[],
) {
  let best: (Next & { at: string }) | null = null
  for (const course of courses) {
    const p = progress.find((c) => c.courseId === course._id)
    if (p && p.totalModules > 0 && p.nextModuleId === null) continue
    const at = p?.lastActivityAt ?? ''
    if (!best || at > best.at) best = { course, moduleId: p?.nextModuleId ?? null, at }
  }
  return best && { course: best.course, moduleId: best.moduleId }
}

/**
 * /home, right under the greeting: 'Continue {course}' to the lesson of the first module not completed (its video
 * resumes at the saved second) and, when lines are due, 'Review {n} lines'. Nothing for a user without an enrolled
 * course. Only the lists /home reads anyway load here.
 */
export function NextStep({ userId }: { userId: string }) {
  const { data: courses } = useGetEnrolledCoursesQuery({ userId })
  const { data: progress, isError } = useGetMyProgressQuery(undefined, { skip: !courses?.length })
  const { data: review } = useGetReviewSummaryQuery()
  // Shown once the progress is known (or failed to load), so its link never changes under a finger.
  if (!courses || courses.length === 0 || (!progress && !isError)) return null
  const next = nextCourse(courses, progress ?? [])
  const due = review?.dueCount ?? 0
  if (!next && due === 0) return null

  return (
    <section className="card next-step" aria-labelledby="next-step-heading">
      <h2 id="next-step-heading">{NEXT_STEP_HEADING}</h2>
      <div className="next-step__actions">
        {next && (
          <Link
            className="btn btn--primary"
            to={
              next.moduleId
                ? `/courses/${next.course._id}/modules/${next.moduleId}`
                : `/courses/${next.course._id}/modules`
            }
          >
            Continue {next.course.title}
          </Link>
        )}
        {due > 0 && (
          <Link className="btn" to="/review">
            Review {due} {due === 1 ? 'line' : 'lines'}
          </Link>
        )}
      </div>
    </section>
  )
}
