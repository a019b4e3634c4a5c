import { Link } from 'react-router-dom'
import { ProgressSummary } from '@/features/progress/CourseProgress'
import { useCourseProgress } from '@/features/progress/useCourseProgress'

export const COURSE_COMPLETED_TEXT = 'Course completed'

/**
 * A course's count and bar, then 'Continue' to the lesson of the first module not completed (its video resumes at
 * the saved second), or 'Course completed' once every module is.
 */
export function StudyProgress({ courseId }: { courseId: string }) {
  const progress = useCourseProgress(courseId)
  if (!progress) return null
  const { nextModuleId, totalModules } = progress
  return (
    <>
      <ProgressSummary progress={progress} />
      {totalModules > 0 && nextModuleId === null ? (
        <p className="notice">{COURSE_COMPLETED_TEXT}</p>
      ) : (
        <Link
          className="btn"
          to={nextModuleId ? `/courses/${courseId}/modules/${nextModuleId}` : `/courses/${courseId}/modules`}
        >
          Continue
        </Link>
      )}
    </>
  )
}
