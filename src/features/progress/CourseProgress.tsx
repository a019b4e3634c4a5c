import { useId } from 'react'
import type { CourseProgress as Progress } from '@/api/generated/api'
import { useCourseProgress } from '@/features/progress/useCourseProgress'

type Counts = Pick<Progress, 'completedModules' | 'totalModules' | 'percent'>

/** '{k} of {n} modules completed' and a bar named by that text, its value the percent. */
export function ProgressSummary({ progress }: { progress: Counts }) {
  const id = useId()
  const { completedModules, totalModules, percent } = progress
  return (
    <div className="course-progress">
      <span id={id}>{`${completedModules} of ${totalModules} modules completed`}</span>
      <div
        className="course-progress__track"
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="course-progress__bar" style={{ width: `${percent}%` }} />
      </div>
    </div>
  )
}

/** The signed-in caller's progress in a course, once known (nothing while loading or for a course without any). */
export function CourseProgress({ courseId }: { courseId: string }) {
  const progress = useCourseProgress(courseId)
  return progress ? <ProgressSummary progress={progress} /> : null
}
