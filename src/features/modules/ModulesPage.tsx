import { lazy, Suspense } from 'react'
import { Link, useParams, useSearchParams } from 'react-router-dom'
import { useGetCourseCurriculumQuery, useGetModulesByCourseQuery } from '@/features/modules/moduleEndpoints'
import { useGetCourseQuery } from '@/features/courses/courseEndpoints'
import { NOT_FOUND_TEXT, problemStatus, readableProblem } from '@/api/problemText'
import { useAppSelector } from '@/app/hooks'
import { LoadError } from '@/components/LoadError'
import { selectCurrentUser } from '@/features/auth/authSlice'
import { asCaller, canBuyCourses, canManageCourse, canSeeCourseProgress } from '@domain/rules'
import { Curriculum } from '@/features/modules/Curriculum'
import { CourseFacts } from '@/features/modules/CourseFacts'
import { EnrollActions, VisitorActions } from '@/features/modules/CurriculumActions'
import { ModuleList } from '@/features/modules/ModuleList'
import { StudentProgress } from '@/features/modules/StudentProgress'
import { PREVIEW_PARAM, PreviewBanner, StudioBar } from '@/features/modules/StudioBar'
import { CourseProgress } from '@/features/progress/CourseProgress'
import { CourseCertificate } from '@/features/certificates/CourseCertificate'

// The ratings and reviews load with their own chunk, once the page is drawn.
const CourseReviews = lazy(() => import('@/features/courseReviews/CourseReviews'))

export { DELETE_MODULE_TEXT } from '@/features/modules/ModuleList'
export const COURSE_NOT_FOUND_TEXT = 'Course not found.'

/** The modules call refused the caller (a visitor, a student not enrolled): they get the curriculum. */
const refused = (error: unknown) => [401, 403].includes(problemStatus(error) ?? 0)

export default function ModulesPage() {
  const { courseId = '' } = useParams()
  const [params] = useSearchParams()
  const user = useAppSelector(selectCurrentUser)
  const course = useGetCourseQuery({ courseId })
  const modules = useGetModulesByCourseQuery({ courseId }, { skip: !user })
  const mayNotWatch = !user || refused(modules.error)
  const curriculum = useGetCourseCurriculumQuery({ courseId }, { skip: !mayNotWatch })

  if (course.isLoading || modules.isLoading || curriculum.isLoading) return <p role="status">Loading...</p>
  // An unknown id, or one that is no id at all (the validator refuses it in the path).
  if (course.isError && readableProblem(course.error).text === NOT_FOUND_TEXT)
    return (
      <section className="page">
        <h1>{COURSE_NOT_FOUND_TEXT}</h1>
        <p>
          <Link to="/courses">See all courses</Link>
        </p>
      </section>
    )
  const instructorId = course.data?.instructor?._id
  const canManage = course.data ? canManageCourse(asCaller(user), instructorId) : false
  const seesProgress = course.data ? canSeeCourseProgress(asCaller(user), instructorId) : false
  // 'Preview as student': the page as an enrolled student sees it, without the managers' controls.
  const previewing = canManage && params.get(PREVIEW_PARAM) === 'student'

  return (
    <section className="page">
      <p>
        <Link to="/courses">← Back to courses</Link>
      </p>
      <h1>Modules for Course: {course.data?.name ?? ''}</h1>
      {previewing ? <PreviewBanner /> : canManage && course.data && <StudioBar course={course.data} />}
      {course.isError && (
        <LoadError message="The course could not be loaded." onRetry={() => void course.refetch()} />
      )}
      {/* A learner's progress in the course, at the top (nothing for those who have none). */}
      {!mayNotWatch && user && <CourseProgress courseId={courseId} />}
      {/* 'View certificate', once a learner has finished the course. */}
      {!mayNotWatch && canBuyCourses(user) && <CourseCertificate courseId={courseId} />}
      {!mayNotWatch ? (
        modules.isError ? (
          <LoadError message="The modules could not be loaded." onRetry={() => void modules.refetch()} />
        ) : (
          <>
            <ModuleList courseId={courseId} canManage={canManage && !previewing} />
            {seesProgress && !previewing && <StudentProgress courseId={courseId} />}
          </>
        )
      ) : (
        <>
          {course.data && <CourseFacts course={course.data} entries={curriculum.data} />}
          {!user ? (
            <VisitorActions />
          ) : (
            // The course's title and price are what 'Enroll Now' asks about before it takes money.
            canBuyCourses(user) &&
            course.data && <EnrollActions course={course.data} onEnrolled={() => void modules.refetch()} />
          )}
          <Curriculum
            entries={curriculum.data}
            failed={curriculum.isError}
            onRetry={() => void curriculum.refetch()}
          />
        </>
      )}
      {course.data && (
        <Suspense fallback={null}>
          <CourseReviews course={course.data} learner={!mayNotWatch && !!user && canBuyCourses(user)} />
        </Suspense>
      )}
    </section>
  )
}
