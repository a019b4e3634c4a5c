import { useId, useRef, useState } from 'react'
import type { Module, ModuleLine } from '@/api/generated/api'
import { useUploadVideoMutation } from '@/features/modules/moduleEndpoints'
import type { ReadableProblem } from '@/api/problemText'
import { ErrorMessage } from '@/components/ErrorMessage'
import { Field } from '@/components/Field'
import {
  DESCRIPTION_MAX,
  isPlayableVideoUrl,
  MODULE_FIELDS,
  type ModuleField,
  normalizedVideoUrl,
  TITLE_MAX,
  uploadProblemText,
  VIDEO_MAX_BYTES,
  VIDEO_SIZE_TEXT,
  VIDEO_URL_TEXT,
} from '@/features/modules/moduleFormRules'
import { useFormFocus } from '@/components/useFormFocus'
import { LineFields } from '@/features/modules/LineFields'

export type ModuleFormValues = {
  title: string
  description: string
  videoUrl: string
  videoId?: string
  /** A line to store; null removes the module's line (an edit whose PGN was cleared). */
  line?: ModuleLine | null
}

type Props = {
  courseId: string
  editing: Module | null
  /** Changes each time the form is asked for (e.g. 'Edit' pressed again): it comes back into view. */
  opened?: number
  /** What was typed when the server refused it, and why: the form comes back with both. */
  draft?: ModuleFormValues
  problem?: ReadableProblem
  onSubmit: (values: ModuleFormValues) => void
  onCancel: () => void
}

type Errors = Partial<Record<ModuleField | 'form', string>>

/** The uploaded file's URL without its (short-lived) signature, as a fallback videoUrl. */
const pathOf = (filePath: string) => new URL(filePath, globalThis.location.origin).pathname

const errorsOf = (problem?: ReadableProblem): Errors =>
  problem ? { [problem.field && problem.field in MODULE_FIELDS ? problem.field : 'form']: problem.text } : {}

/** Add mode without a module, edit mode with one; an optional file upload sets videoId. */
export function ModuleForm({ courseId, editing, opened, draft, problem, onSubmit, onCancel }: Props) {
  const start = draft ?? editing
  const [title, setTitle] = useState(start?.title ?? '')
  const [description, setDescription] = useState(start?.description ?? '')
  const [videoUrl, setVideoUrl] = useState(start?.videoUrl ?? '')
  const [pgn, setPgn] = useState(start?.line?.pgn ?? '')
  const [side, setSide] = useState<ModuleLine['side']>(start?.line?.side ?? 'white')
  const [file, setFile] = useState<File | null>(null)
  const [errors, setErrors] = useState<Errors>(() => errorsOf(problem))
  const [upload, { isLoading: uploading }] = useUploadVideoMutation()
  const form = useRef<HTMLFormElement>(null)
  const headingId = useId()
  useFormFocus(form, opened)
  // A video uploaded before the server refused the module: kept unless another file is chosen.
  const keptVideoId = file ? undefined : draft?.videoId

  async function submit(e: React.FormEvent) {
    e.preventDefault()
    const url = videoUrl.trim()
    // Checked here, before the optimistic add: a URL no player can play would only be refused later.
    if (url ? !isPlayableVideoUrl(url) : !file && !keptVideoId) {
      setErrors({ videoUrl: VIDEO_URL_TEXT })
      form.current?.querySelector<HTMLElement>('[name="videoUrl"]')?.focus()
      return
    }
    const values: ModuleFormValues = {
      title: title.trim(),
      description: description.trim(),
      videoUrl: normalizedVideoUrl(url),
      ...(keptVideoId ? { videoId: keptVideoId } : {}),
      ...lineValue(pgn, side, !!editing?.line),
    }
    if (file) {
      // A refused file is said next to its field, and the form keeps everything typed.
      const refuse = (text: string) => {
        setErrors({ videoId: text })
        form.current?.querySelector<HTMLElement>('input[type="file"]')?.focus()
      }
      if (file.size > VIDEO_MAX_BYTES) return refuse(VIDEO_SIZE_TEXT)
      try {
        const video = await upload({ videoUpload: { courseId, file } }).unwrap()
        values.videoId = video._id
        if (!values.videoUrl) values.videoUrl = pathOf(video.filePath)
      } catch (error) {
        return refuse(uploadProblemText(error)) // also logged with every failed call (app/listeners.ts)
      }
    }
    onSubmit(values)
  }

  function edit(key: keyof Errors, set: (value: string) => void, value: string) {
    set(value)
    if (errors[key]) setErrors((all) => ({ ...all, [key]: undefined }))
  }

  return (
    <form ref={form} className="form card" onSubmit={(e) => void submit(e)} aria-labelledby={headingId}>
      <h3 id={headingId}>{editing ? `Edit module: ${editing.title}` : 'Add Module'}</h3>
      <Field
        label="Module title"
        name="title"
        placeholder="Module Title"
        required
        maxLength={TITLE_MAX}
        value={title}
        error={errors.title}
        onChange={(e) => edit('title', setTitle, e.target.value)}
      />
      <DescriptionField
        value={description}
        error={errors.description}
        onChange={(value) => edit('description', setDescription, value)}
      />
      <Field
        label="Video URL"
        name="videoUrl"
        placeholder="Video URL"
        inputMode="url"
        required={!file && !keptVideoId}
        value={videoUrl}
        error={errors.videoUrl}
        onChange={(e) => edit('videoUrl', setVideoUrl, e.target.value)}
      />
      <Field
        label="Or upload a video file"
        type="file"
        accept="video/mp4,video/webm,video/ogg"
        hint={keptVideoId ? 'The video uploaded before is kept unless you choose another file.' : undefined}
        error={errors.videoId}
        onChange={(e) => {
          setFile(e.target.files?.[0] ?? null)
          if (errors.videoId) setErrors((all) => ({ ...all, videoId: undefined }))
        }}
      />
      <LineFields
        pgn={pgn}
        side={side}
        error={errors.pgn}
        onPgn={(value) => edit('pgn', setPgn, value)}
        onSide={setSide}
      />
      {errors.form && <ErrorMessage>{errors.form}</ErrorMessage>}
      <div className="row">
        <button type="submit" className="btn btn--primary" disabled={uploading}>
          {editing ? 'Update Module' : 'Add Module'}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {uploading && <p role="status">Uploading video...</p>}
    </form>
  )
}

/** The line sent with the module: the PGN typed, or (when an edit cleared it) null to remove the line. */
function lineValue(pgn: string, side: ModuleLine['side'], hadLine: boolean): { line?: ModuleLine | null } {
  const moves = pgn.trim()
  if (moves) return { line: { pgn: moves, side } }
  return hadLine ? { line: null } : {}
}

function DescriptionField(props: { value: string; error?: string; onChange: (value: string) => void }) {
  const id = useId()
  return (
    <>
      <label className="field">
        <span>Module description</span>
        <textarea
          name="description"
          placeholder="Module Description"
          required
          rows={3}
          maxLength={DESCRIPTION_MAX}
          value={props.value}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? `${id}-error` : undefined}
          onChange={(e) => props.onChange(e.target.value)}
        />
      </label>
      {props.error && (
        <small id={`${id}-error`} className="error-message" role="alert">
          {props.error}
        </small>
      )}
    </>
  )
}
