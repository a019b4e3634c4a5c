import { useEffect, useRef } from 'react'
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom'
import type { Module } from '@/api/generated/api'
import { useGetModulesByCourseQuery } from '@/features/modules/moduleEndpoints'
import { useGetCourseQuery } from '@/features/courses/courseEndpoints'
import { NOT_FOUND_TEXT, problemStatus, readableProblem } from '@/api/problemText'
import { useAppSelector } from '@/app/hooks'
import { NotFoundPage } from '@/components/ErrorPage'
import { LoadError } from '@/components/LoadError'
import { selectCurrentUser } from '@/features/auth/authSlice'
import { ModuleCard } from '@/features/modules/ModuleCard'
import { LessonCurriculum, lessonPath } from '@/features/modules/LessonCurriculum'
import './lesson.css'

const notFound = (error: unknown) => error !== undefined && readableProblem(error).text === NOT_FOUND_TEXT
/** The modules call refused the caller (a student not enrolled): the course's page offers the curriculum. */
const refused = (error: unknown) => [401, 403].includes(problemStatus(error) ?? 0)
const ignore = () => undefined

/**
 * Moving to another module (Previous, Next, the curriculum, 'Mark as complete') starts at the top of the page with
 * the module's heading focused: the router keeps the scroll where the link was, at the foot of the last module.
 */
function useStartAtTop(moduleId: string, shown: boolean) {
  const page = useRef<HTMLElement>(null)
  const last = useRef<string | null>(null)
  useEffect(() => {
    if (!shown || last.current === moduleId) return
    const first = last.current === null
    last.current = moduleId
    if (first) return
    page.current?.scrollIntoView?.({ block: 'start', behavior: 'instant' })
    document.getElementById(`module-${moduleId}`)?.focus({ preventScroll: true })
  }, [moduleId, shown])
  return page
}

/** The module on the page now (null once the page is gone): a completion kept later moves on only from there. */
function useShownModule(moduleId: string) {
  const shown = useRef<string | null>(null)
  useEffect(() => {
    shown.current = moduleId
    return () => {
      shown.current = null
    }
  }, [moduleId])
  return shown
}

/** 'Previous' and 'Next', each naming the module it opens. */
function LessonSteps({ courseId, previous, next }: { courseId: string; previous?: Module; next?: Module }) {
  if (!previous && !next) return null
  return (
    <nav className="lesson__steps" aria-label="Previous and next module">
      {previous && (
        <Link className="btn lesson__step" to={lessonPath(courseId, previous._id)} rel="prev">
          <span>Previous</span> <span className="lesson__step-title">{previous.title}</span>
        </Link>
      )}
      {next && (
        <Link
          className="btn btn--primary lesson__step lesson__step--next"
          to={lessonPath(courseId, next._id)}
          rel="next"
        >
          <span>Next</span> <span className="lesson__step-title">{next.title}</span>
        </Link>
      )}
    </nav>
  )
}

/**
 * /courses/{courseId}/modules/{moduleId}: one module filling the page (its video, description, line and 'Mark as
 * complete', which moves on to the next module), 'Previous' and 'Next', and the course's curriculum beside it.
 */
export default function LessonPage() {
  const { courseId = '', moduleId = '' } = useParams()
  const user = useAppSelector(selectCurrentUser)
  const navigate = useNavigate()
  const course = useGetCourseQuery({ courseId })
  const modules = useGetModulesByCourseQuery({ courseId }, { skip: !user })
  const list = modules.data ?? []
  const index = list.findIndex((m) => m._id === moduleId)
  const page = useStartAtTop(moduleId, index >= 0)
  const shown = useShownModule(moduleId)
  const coursePath = `/courses/${courseId}/modules`

  // A visitor, or a student not enrolled: the course's page, with its curriculum and the way to enroll.
  if (!user || refused(modules.error)) return <Navigate to={coursePath} replace />
  if (course.isLoading || modules.isLoading) return <p role="status">Loading...</p>
  if (notFound(course.error) || notFound(modules.error)) return <NotFoundPage />
  if (modules.isError)
    return (
      <section className="page">
        <LoadError message="The modules could not be loaded." onRetry={() => void modules.refetch()} />
      </section>
    )
  // A module of another course, or one deleted: no lesson here.
  if (index < 0) return <NotFoundPage />
  const module = list[index]
  const [previous, next] = [list[index - 1], list[index + 1]]
  const moveOn = () => {
    if (next && shown.current === module._id) void navigate(lessonPath(courseId, next._id))
  }

  return (
    <section className="page lesson" ref={page}>
      <div className="lesson__bar">
        <Link className="lesson__back" to={coursePath}>
          ← {course.data?.name ?? 'Course'}
        </Link>
        <span className="muted">
          Module {index + 1} of {list.length}
        </span>
      </div>
      <div className="lesson__layout">
        <LessonCurriculum courseId={courseId} modules={list} currentId={module._id} />
        <div className="lesson__main">
          <ModuleCard
            key={module._id}
            module={module}
            titleAs="h1"
            canManage={false}
            onEdit={ignore}
            onDelete={ignore}
            onCompleted={moveOn}
          />
          <LessonSteps courseId={courseId} previous={previous} next={next} />
        </div>
      </div>
    </section>
  )
}
