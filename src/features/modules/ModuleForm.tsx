import { useCallback, useId, useRef, useState } from 'react'
import type { Module, ModuleLine } from '@/api/generated/api'
import type { ReadableProblem } from '@/api/problemText'
import { ErrorMessage } from '@/components/ErrorMessage'
import { Field } from '@/components/Field'
import { DESCRIPTION_MAX, MODULE_FIELDS, TITLE_MAX } from '@/features/modules/moduleFormRules'
import { useFormFocus } from '@/components/useFormFocus'
import { LineFields } from '@/features/modules/LineFields'
import { ModulePreviewFields } from '@/features/modules/ModulePreviewFields'
import { type Errors, type ModuleFormValues, useModuleSubmit } from '@/features/modules/useModuleSubmit'
import type { SetPuzzle } from '@domain/chess/puzzleSets'
import './moduleForm.css'

export type { ModuleFormValues } from '@/features/modules/useModuleSubmit'

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

const errorsOf = (problem?: ReadableProblem): Errors =>
  problem ? { [problem.field && problem.field in MODULE_FIELDS ? problem.field : 'form']: problem.text } : {}

/** Add mode without a module, edit mode with one; an optional file upload sets videoId. */
export function ModuleForm({ courseId, editing, opened, draft, problem, onSubmit, onCancel }: Props) {
  const start = draft ?? editing
  const { typed, set } = useTypedFields(start)
  const { title, description, videoUrl, pgn, side, puzzles, freePreview, file } = typed
  const { errors, setErrors, clearError, edit } = useFieldErrors(problem)
  const form = useRef<HTMLFormElement>(null)
  const sending = useModuleSubmit(courseId, editing, form, setErrors, onSubmit)
  const headingId = useId()
  useFormFocus(form, opened)
  // Kept the same across renders, so the line editor is not drawn again while other fields are typed in.
  const setPgn = set.pgn
  const onPgn = useCallback(
    (value: string) => {
      setPgn(value)
      setErrors((all) => (all.pgn ? { ...all, pgn: undefined } : all))
    },
    [setErrors, setPgn],
  )
  // A video uploaded before the server refused the module: kept unless another file is chosen.
  const keptVideoId = file ? undefined : draft?.videoId

  return (
    <form
      ref={form}
      className="form card module-form"
      onSubmit={(e) => {
        e.preventDefault()
        void sending.submit({ ...typed, keptVideoId })
      }}
      aria-labelledby={headingId}
    >
      <ModuleFormHeading id={headingId} editing={editing} />
      <Field
        label="Module title"
        name="title"
        placeholder="Module Title"
        required
        maxLength={TITLE_MAX}
        value={title}
        error={errors.title}
        onChange={(e) => edit('title', set.title, e.target.value)}
      />
      <DescriptionField
        value={description}
        error={errors.description}
        onChange={(value) => edit('description', set.description, value)}
      />
      <Field
        label="Video URL"
        name="videoUrl"
        placeholder="Video URL"
        inputMode="url"
        required={!file && !keptVideoId && !pgn.trim() && !puzzles.length}
        value={videoUrl}
        error={errors.videoUrl}
        onChange={(e) => edit('videoUrl', set.videoUrl, e.target.value)}
      />
      <VideoFileFields
        keptVideoId={keptVideoId}
        withCaptions={Boolean(file || keptVideoId || (editing?.videoId && !videoUrl.trim()))}
        errors={errors}
        onFile={set.file}
        onCaptions={set.captions}
        clearError={clearError}
      />
      <LineFields
        pgn={pgn}
        side={side}
        error={errors.pgn}
        onPgn={onPgn}
        onSide={set.side}
        video={{
          videoUrl,
          file,
          videoId: keptVideoId ?? editing?.videoId,
          savedUrl: editing?.videoUrl ?? undefined,
        }}
      />
      <ModulePreviewFields
        puzzles={puzzles}
        error={errors.puzzles}
        onPuzzles={(next) => {
          set.puzzles(next)
          clearError('puzzles')
        }}
        freePreview={freePreview}
        onFreePreview={set.freePreview}
      />
      <FormEnd
        problem={errors.form}
        editing={Boolean(editing)}
        uploading={sending.uploading}
        uploadingCaptions={sending.uploadingCaptions}
        onCancel={onCancel}
      />
    </form>
  )
}

/** The values typed in the form: at first the refused draft's or the edited module's. */
function useTypedFields(start: ModuleFormValues | Module | null) {
  const [title, setTitle] = useState(start?.title ?? '')
  const [description, setDescription] = useState(start?.description ?? '')
  const [videoUrl, setVideoUrl] = useState(start?.videoUrl ?? '')
  const [pgn, setPgn] = useState(start?.line?.pgn ?? '')
  const [side, setSide] = useState<ModuleLine['side']>(start?.line?.side ?? 'white')
  const [puzzles, setPuzzles] = useState<SetPuzzle[]>(start?.puzzles ?? [])
  const [freePreview, setFreePreview] = useState(start?.freePreview ?? false)
  const [file, setFile] = useState<File | null>(null)
  const [captions, setCaptions] = useState<File | null>(null)
  return {
    typed: { title, description, videoUrl, pgn, side, puzzles, freePreview, file, captions },
    set: {
      title: setTitle,
      description: setDescription,
      videoUrl: setVideoUrl,
      pgn: setPgn,
      side: setSide,
      puzzles: setPuzzles,
      freePreview: setFreePreview,
      file: setFile,
      captions: setCaptions,
    },
  }
}

/** The form's heading, and which fields it needs. */
function ModuleFormHeading({ id, editing }: { id: string; editing: Module | null }) {
  return (
    <>
      <h3 id={id}>{editing ? `Edit module: ${editing.title}` : 'Add Module'}</h3>
      <p className="muted">
        Fields marked (required) must be filled in. A video is required unless the module has a line or a
        puzzle set.
      </p>
    </>
  )
}

/** Each field's problem, cleared as soon as the field is changed. */
function useFieldErrors(problem?: ReadableProblem) {
  const [errors, setErrors] = useState<Errors>(() => errorsOf(problem))
  const clearError = (key: keyof Errors) => {
    if (errors[key]) setErrors((all) => ({ ...all, [key]: undefined }))
  }
  function edit(key: keyof Errors, set: (value: string) => void, value: string) {
    set(value)
    clearError(key)
  }
  return { errors, setErrors, clearError, edit }
}

/** The video file to upload, and its captions once there is an uploaded video for them. */
function VideoFileFields(props: {
  keptVideoId?: string
  withCaptions: boolean
  errors: Errors
  onFile: (file: File | null) => void
  onCaptions: (file: File | null) => void
  clearError: (key: 'videoId' | 'captions') => void
}) {
  const { keptVideoId, errors } = props
  return (
    <>
      <Field
        label="Or upload a video file"
        type="file"
        accept="video/mp4,video/webm,video/ogg"
        hint={keptVideoId ? 'The video uploaded before is kept unless you choose another file.' : undefined}
        error={errors.videoId}
        onChange={(e) => {
          props.onFile(e.target.files?.[0] ?? null)
          props.clearError('videoId')
        }}
      />
      {props.withCaptions && (
        <Field
          label="Captions (WebVTT)"
          name="captions"
          type="file"
          accept=".vtt,text/vtt"
          hint="Optional: a .vtt file of the video's captions; students turn them on with 'CC'."
          error={errors.captions}
          onChange={(e) => {
            props.onCaptions(e.target.files?.[0] ?? null)
            props.clearError('captions')
          }}
        />
      )}
    </>
  )
}

/** The form's problem, its buttons and what is being uploaded. */
function FormEnd(props: {
  problem?: string
  editing: boolean
  uploading: boolean
  uploadingCaptions: boolean
  onCancel: () => void
}) {
  const { uploading, uploadingCaptions } = props
  return (
    <>
      {props.problem && <ErrorMessage>{props.problem}</ErrorMessage>}
      <div className="row">
        <button type="submit" className="btn btn--primary" disabled={uploading || uploadingCaptions}>
          {props.editing ? 'Update Module' : 'Add Module'}
        </button>
        <button type="button" className="btn" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
      {uploading && <p role="status">Uploading video...</p>}
      {uploadingCaptions && <p role="status">Uploading captions...</p>}
    </>
  )
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
