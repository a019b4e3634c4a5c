import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import type { Module } from '@/api/generated/api'
import { trapTab } from '@/components/focusTrap'
import { CourseProgress } from '@/features/progress/CourseProgress'
import { useCourseProgress } from '@/features/progress/useCourseProgress'

export const CURRICULUM_TEXT = 'Curriculum'
const DRAWER_ID = 'lesson-curriculum'
const FOCUSABLE = 'a[href], button:not([disabled])'

/** The address of one module in the lesson view. */
export const lessonPath = (courseId: string, moduleId: string) => `/courses/${courseId}/modules/${moduleId}`

type Props = { courseId: string; modules: Module[]; currentId: string }

/**
 * The course's modules beside the lesson, each a link to its lesson, the current one marked and the completed ones
 * ticked (', completed' for screen readers). A sidebar from 1024 px wide; below, a drawer that 'Curriculum' opens:
 * focus moves into it, Tab stays in it, and Escape, 'Close' or the backdrop close it, focus back on 'Curriculum'.
 */
export function LessonCurriculum({ courseId, modules, currentId }: Props) {
  // Opened for one module: moving to another (a link in it) closes it.
  const [openFor, setOpenFor] = useState<string | null>(null)
  const open = openFor === currentId
  const toggle = useRef<HTMLButtonElement>(null)
  const drawer = useRef<HTMLElement>(null)
  const progress = useCourseProgress(courseId)
  const completed = new Set(progress?.modules.filter((m) => m.completed).map((m) => m.moduleId))

  useEffect(() => {
    const panel = drawer.current
    if (!open || !panel) return
    const here = panel.querySelector<HTMLElement>('[aria-current="page"]')
    const target = here ?? panel.querySelector<HTMLElement>(FOCUSABLE)
    target?.focus()
  }, [open])

  const close = () => {
    setOpenFor(null)
    toggle.current?.focus()
  }

  function onKeyDown(e: React.KeyboardEvent) {
    if (!open) return
    if (e.key === 'Escape') {
      e.preventDefault()
      close()
      return
    }
    trapTab(e, drawer.current, FOCUSABLE)
  }

  return (
    <div className="lesson-curriculum" onKeyDown={onKeyDown}>
      <button
        ref={toggle}
        type="button"
        className="btn lesson-curriculum__toggle"
        aria-expanded={open}
        aria-controls={DRAWER_ID}
        onClick={() => (open ? close() : setOpenFor(currentId))}
      >
        {CURRICULUM_TEXT}
      </button>
      {open && <div className="lesson-curriculum__backdrop" onClick={close} />}
      <nav
        ref={drawer}
        id={DRAWER_ID}
        className={`lesson-curriculum__panel${open ? ' lesson-curriculum__panel--open' : ''}`}
        aria-labelledby={`${DRAWER_ID}-heading`}
      >
        <div className="lesson-curriculum__head">
          <h2 id={`${DRAWER_ID}-heading`}>{CURRICULUM_TEXT}</h2>
          {open && (
            <button type="button" className="btn" onClick={close}>
              Close
            </button>
          )}
        </div>
        <CourseProgress courseId={courseId} />
        <ol className="lesson-curriculum__list">
          {modules.map((m, i) => {
            const done = completed.has(m._id)
            return (
              <li key={m._id}>
                <Link
                  className="lesson-curriculum__link"
                  to={lessonPath(courseId, m._id)}
                  aria-current={m._id === currentId ? 'page' : undefined}
                >
                  <span className={`lesson-curriculum__mark${done ? ' lesson-curriculum__mark--done' : ''}`}>
                    <span aria-hidden="true">{done ? '✓' : i + 1}</span>
                  </span>
                  <span className="lesson-curriculum__title">
                    {m.title}
                    {done && <span className="lesson-sr-only">, completed</span>}
                  </span>
                </Link>
              </li>
            )
          })}
        </ol>
      </nav>
    </div>
  )
}
