import { Link } from 'react-router-dom'
import { ErrorMessage } from '@/components/ErrorMessage'
import { useGetDraftCoursesQuery, useUpdateCourseMutation } from '@/features/courses/courseEndpoints'
import { CourseCardFrame, coursePath } from '@/features/courses/CourseCardFrame'

export const DRAFT_MARK = 'Draft'
export const PUBLISH_FAILED_TEXT = 'Publishing failed. Please try again.'

/**
 * The drafts an instructor (their own) or an admin (all) may publish, above the catalogue, which never lists them.
 * Loaded on its own, only for those who have drafts to see, so a visitor's and a student's /courses stay as light.
 */
export default function DraftCourses() {
  const { data } = useGetDraftCoursesQuery()
  const [updateCourse, update] = useUpdateCourseMutation()
  if (!data?.length) return null
  return (
    <section aria-labelledby="drafts-heading">
      <h2 id="drafts-heading">Drafts</h2>
      <p className="muted">Only you and the admins see these until they are published.</p>
      {update.isError && <ErrorMessage>{PUBLISH_FAILED_TEXT}</ErrorMessage>}
      <div className="grid">
        {data.map((course) => (
          <CourseCardFrame key={course._id} course={course}>
            <p>
              <span className="tag tag--line">{DRAFT_MARK}</span>
            </p>
            <div className="row">
              <Link className="btn" to={coursePath(course._id)}>
                View Modules
              </Link>
              <button
                type="button"
                className="btn btn--primary"
                disabled={update.isLoading}
                aria-label={`Publish ${course.title}`}
                onClick={() => void updateCourse({ courseId: course._id, coursePatch: { published: true } })}
              >
                Publish
              </button>
            </div>
          </CourseCardFrame>
        ))}
      </div>
    </section>
  )
}
