import { Link } from 'react-router-dom'
import type { Course } from '@/api/generated/api'
import { ErrorMessage } from '@/components/ErrorMessage'
import { useUpdateCourseMutation } from '@/features/courses/courseEndpoints'

export const PREVIEW_BANNER_TEXT = 'You are previewing this course as a student.'
export const PUBLISH_CHANGE_FAILED_TEXT = 'The course could not be changed. Please try again.'

/** The search parameter of the modules page that shows its managers the page as an enrolled student sees it. */
export const PREVIEW_PARAM = 'preview'

/**
 * The course's managers' bar on the modules page: whether the course is a draft, 'Publish' or 'Unpublish', and
 * 'Preview as student'.
 */
export function StudioBar({ course }: { course: Course }) {
  const [updateCourse, update] = useUpdateCourseMutation()
  const change = (published: boolean) =>
    void updateCourse({ courseId: course._id, coursePatch: { published } })
  return (
    <div className="row studio-bar">
      {!course.published && <span className="tag tag--line">Draft</span>}
      <button
        type="button"
        className="btn"
        disabled={update.isLoading}
        onClick={() => change(!course.published)}
      >
        {course.published ? 'Unpublish' : 'Publish'}
      </button>
      <Link className="btn" to={{ search: `?${PREVIEW_PARAM}=student` }}>
        Preview as student
      </Link>
      {update.isError && <ErrorMessage>{PUBLISH_CHANGE_FAILED_TEXT}</ErrorMessage>}
    </div>
  )
}

/** Shown over the page while a manager previews it as a student: a view, not a permission. */
export function PreviewBanner() {
  return (
    <div className="card preview-banner" role="status">
      <p>{PREVIEW_BANNER_TEXT}</p>
      <Link className="btn" to={{ search: '' }}>
        Back to editing
      </Link>
    </div>
  )
}
