import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import type { Course } from '@/api/generated/api'
import { useCreateCourseMutation, useUpdateCourseMutation } from '@/features/courses/courseEndpoints'
import { coursePath } from '@/features/courses/CourseCardFrame'
import { useFormFocus } from '@/components/useFormFocus'
import { ActionError } from '@/components/ActionError'
import { CourseLevelFields, learningPointsOf, type Level } from '@/features/courses/CourseLevelFields'

type Props = { editing: Course | null; onDone: () => void }

const empty = { title: '', description: '', price: '', publish: true, level: '', points: '' }

/** The form's fields: the edited course's, or empty ones for a new course. */
function useCourseFields(editing: Course | null) {
  const fields = useState(empty)
  const setForm = fields[1]
  useEffect(() => {
    setForm(
      editing
        ? {
            title: editing.title,
            description: editing.description,
            price: String(editing.price),
            publish: editing.published,
            level: editing.level ?? '',
            points: editing.learningPoints.join('\n'),
          }
        : empty,
    )
  }, [editing, setForm])
  return fields
}

/**
 * Create mode, or edit mode when a course is selected; submitting clears the form and closes edit mode. A created
 * course is announced beside the button ('Course created.'), with the way to its modules.
 */
export function CourseForm({ editing, onDone }: Props) {
  const [form, setForm] = useCourseFields(editing)
  const [created, setCreated] = useState<Course | null>(null)
  const [createCourse, create] = useCreateCourseMutation()
  const [updateCourse, update] = useUpdateCourseMutation()
  const formRef = useRef<HTMLFormElement>(null)
  useFormFocus(formRef, editing, Boolean(editing))
  const set =
    (key: 'title' | 'description' | 'price' | 'level' | 'points') =>
    (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setForm((f) => ({ ...f, [key]: e.target.value }))
  async function onSubmit(e: React.FormEvent) {
    e.preventDefault()
    const input = {
      title: form.title.trim(),
      description: form.description.trim(),
      price: Number(form.price),
      level: (form.level || null) as Level | null,
      learningPoints: learningPointsOf(form.points),
    }
    setCreated(null)
    try {
      if (editing) await updateCourse({ courseId: editing._id, coursePatch: input }).unwrap()
      // Unchecked 'Publish now' makes a draft, seen only by its instructor and admins until published.
      else setCreated(await createCourse({ courseInput: { ...input, published: form.publish } }).unwrap())
      setForm(empty)
      onDone()
    } catch {
      // the form keeps what was typed and says why (below); logged with every failed call (app/listeners.ts)
    }
  }

  return (
    <form
      ref={formRef}
      className="form card"
      onSubmit={(e) => void onSubmit(e)}
      aria-label={editing ? 'Edit course' : 'Create course'}
    >
      <h2>{editing ? `Edit course: ${editing.title}` : 'Create Course'}</h2>
      <label className="field">
        <span>Title</span>
        <input name="title" required value={form.title} onChange={set('title')} />
      </label>
      <label className="field">
        <span>Description</span>
        <textarea
          name="description"
          required
          rows={3}
          value={form.description}
          onChange={set('description')}
        />
      </label>
      <label className="field">
        <span>Price</span>
        <input
          name="price"
          type="number"
          min={0}
          step="0.01"
          required
          value={form.price}
          onChange={set('price')}
        />
      </label>
      <CourseLevelFields
        level={form.level}
        points={form.points}
        onLevel={set('level')}
        onPoints={set('points')}
      />
      {!editing && (
        <label className="row">
          <input
            type="checkbox"
            name="published"
            checked={form.publish}
            onChange={(e) => setForm((f) => ({ ...f, publish: e.target.checked }))}
          />
          <span>Publish now</span>
        </label>
      )}
      <CourseFormEnd
        editing={editing}
        created={created}
        busy={create.isLoading || update.isLoading}
        error={editing ? update.error : create.error}
        onCancel={onDone}
      />
    </form>
  )
}

/** The form's buttons, the announcement of a created course and the form's problem. */
function CourseFormEnd(props: {
  editing: Course | null
  created: Course | null
  busy: boolean
  error: unknown
  onCancel: () => void
}) {
  const { editing, created } = props
  return (
    <>
      <div className="row">
        <button type="submit" className="btn btn--primary" disabled={props.busy}>
          {editing ? 'Update Course' : 'Create Course'}
        </button>
        {editing && (
          <button type="button" className="btn" onClick={props.onCancel}>
            Cancel
          </button>
        )}
        {/* always there, so that what it says is announced */}
        <p className="notice" role="status">
          {created && !editing && (
            <>
              Course created. <Link to={coursePath(created._id)}>Add modules</Link>
            </>
          )}
        </p>
      </div>
      <ActionError
        error={props.error}
        failed={editing ? 'The course could not be updated' : 'The course could not be created'}
      />
    </>
  )
}
