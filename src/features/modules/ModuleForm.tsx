import { useCallback, useId, useRef, useState } from 'react'
import type { Module, ModuleLine, Video } from '@/api/generated/api'
import { useUploadCaptionsMutation, useUploadVideoMutation } from '@/features/modules/moduleEndpoints'
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
import { LineFields, readLine } from '@/features/modules/LineFields'
import { PuzzleSetEditor } from '@/features/modules/PuzzleSetEditor'
import { readPuzzleSet, type SetPuzzle } from '@domain/chess/puzzleSets'
import './moduleForm.css'

export type ModuleFormValues = {
  title: string
  description: string
  /** Absent when none is given (a module with a line needs none); null removes an edited module's video URL. */
  videoUrl?: string | null
  videoId?: string
  /** A line to store; null removes the module's line (an edit whose PGN was cleared). */
  line?: ModuleLine | null
  /** A puzzle set to store; null removes the module's set (an edit whose puzzles were all removed). */
  puzzles?: SetPuzzle[] | null
  /** 'Free preview': everyone may watch or play the module while the course is published. */
  freePreview: boolean
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

type Errors = Partial<Record<ModuleField | 'captions' | 'form', string>>

/**
 * The uploaded file's address on this server without a (short-lived) signature, as a fallback videoUrl; not taken
 * from filePath, which with object storage is the storage's own URL.
 */
const pathOf = (videoId: string) => `/api/media/${videoId}`

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
  const [puzzles, setPuzzles] = useState<SetPuzzle[]>(start?.puzzles ?? [])
  const [freePreview, setFreePreview] = useState(start?.freePreview ?? false)
  const [file, setFile] = useState<File | null>(null)
  const { errors, setErrors, clearError, edit } = useFieldErrors(problem)
  const [captions, setCaptions] = useState<File | null>(null)
  const form = useRef<HTMLFormElement>(null)
  const sending = useModuleSubmit(courseId, editing, form, setErrors, onSubmit)
  const headingId = useId()
  useFormFocus(form, opened)
  // Kept the same across renders, so the line editor is not drawn again while other fields are typed in.
  const onPgn = useCallback(
    (value: string) => {
      setPgn(value)
      setErrors((all) => (all.pgn ? { ...all, pgn: undefined } : all))
    },
    [setErrors],
  )
  // A video uploaded before the server refused the module: kept unless another file is chosen.
  const keptVideoId = file ? undefined : draft?.videoId

  return (
    <form
      ref={form}
      className="form card module-form"
      onSubmit={(e) => {
        e.preventDefault()
        void sending.submit({
          title,
          description,
          videoUrl,
          pgn,
          side,
          puzzles,
          file,
          captions,
          keptVideoId,
          freePreview,
        })
      }}
      aria-labelledby={headingId}
    >
      <h3 id={headingId}>{editing ? `Edit module: ${editing.title}` : 'Add Module'}</h3>
      <p className="muted">
        Fields marked (required) must be filled in. A video is required unless the module has a line or a
        puzzle set.
      </p>
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
        required={!file && !keptVideoId && !pgn.trim() && !puzzles.length}
        value={videoUrl}
        error={errors.videoUrl}
        onChange={(e) => edit('videoUrl', setVideoUrl, e.target.value)}
      />
      <VideoFileFields
        keptVideoId={keptVideoId}
        withCaptions={Boolean(file || keptVideoId || (editing?.videoId && !videoUrl.trim()))}
        errors={errors}
        onFile={setFile}
        onCaptions={setCaptions}
        clearError={clearError}
      />
      <LineFields
        pgn={pgn}
        side={side}
        error={errors.pgn}
        onPgn={onPgn}
        onSide={setSide}
        video={{
          videoUrl,
          file,
          videoId: keptVideoId ?? editing?.videoId,
          savedUrl: editing?.videoUrl ?? undefined,
        }}
      />
      <PuzzleSetEditor
        puzzles={puzzles}
        error={errors.puzzles}
        onChange={(next) => {
          setPuzzles(next)
          clearError('puzzles')
        }}
      />
      <label className="row">
        <input type="checkbox" checked={freePreview} onChange={(e) => setFreePreview(e.target.checked)} />
        Free preview
      </label>
      <p className="muted">Visitors and students who have not bought the course may watch and play it.</p>
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

/** What the form holds when it is sent. */
type Typed = {
  title: string
  description: string
  videoUrl: string
  pgn: string
  side: ModuleLine['side']
  puzzles: SetPuzzle[]
  file: File | null
  captions: File | null
  keptVideoId?: string
  freePreview: boolean
}

/**
 * Sending the form: what can be checked here is checked first (a refused field is said and focused), then the video
 * file and the captions are uploaded, and the module's values handed to `onSubmit`.
 */
function useModuleSubmit(
  courseId: string,
  editing: Module | null,
  form: React.RefObject<HTMLFormElement | null>,
  setErrors: (errors: Errors) => void,
  onSubmit: (values: ModuleFormValues) => void,
) {
  const { attachVideo, attachCaptions, uploading, uploadingCaptions } = useModuleUploads(courseId)

  async function submit(typed: Typed) {
    const { title, description, videoUrl, pgn, side, puzzles, file, captions, keptVideoId, freePreview } =
      typed
    const url = videoUrl.trim()
    const refuse = (field: ModuleField | 'captions', text: string, selector: string) => {
      setErrors({ [field]: text })
      form.current?.querySelector<HTMLElement>(selector)?.focus()
    }
    // Read here with the server's own reader, before any upload: a line that does not read is said at once.
    const lineError = pgn.trim() ? readLine(pgn).error : undefined
    if (lineError) return refuse('pgn', lineError, 'textarea[name="pgn"]')
    // The set's puzzles were checked as each was added; checked again with the server's rules before the optimistic save.
    const setError = puzzles.length ? readPuzzleSet(puzzles).problem : undefined
    if (setError) return refuse('puzzles', setError, 'textarea[name="puzzlePgn"]')
    // Checked here, before the optimistic add: a URL no player can play would only be refused later. A module with
    // a line or a puzzle set needs no video.
    if (url ? !isPlayableVideoUrl(url) : !file && !keptVideoId && !pgn.trim() && !puzzles.length)
      return refuse('videoUrl', VIDEO_URL_TEXT, '[name="videoUrl"]')
    const values: ModuleFormValues = {
      title: title.trim(),
      description: description.trim(),
      ...(url ? { videoUrl: normalizedVideoUrl(url) } : editing?.videoUrl && !file ? { videoUrl: null } : {}),
      ...(keptVideoId ? { videoId: keptVideoId } : {}),
      ...lineValue(pgn, side, !!editing?.line),
      ...puzzlesValue(puzzles, !!editing?.puzzles),
      freePreview,
    }
    if (file) {
      // A refused file is said next to its field, and the form keeps everything typed.
      const refuseFile = (text: string) => refuse('videoId', text, 'input[type="file"]')
      if (file.size > VIDEO_MAX_BYTES) return refuseFile(VIDEO_SIZE_TEXT)
      const refused = await attachVideo(values, file)
      if (refused) return refuseFile(refused)
    }
    // Captions belong to the uploaded video: the new one, or the one the module keeps.
    const captionedVideo = values.videoId ?? (url ? undefined : editing?.videoId)
    if (captions && captionedVideo) {
      const refused = await attachCaptions(captionedVideo, captions)
      if (refused) return refuse('captions', refused, 'input[name="captions"]')
    }
    onSubmit(values)
  }

  return { submit, uploading, uploadingCaptions }
}

/**
 * The uploads a module's form makes before the module is sent: its video file (not sent again when an earlier try
 * uploaded it and only its captions were refused) and its captions. Each answers the text of a refusal, if any.
 */
function useModuleUploads(courseId: string) {
  const [upload, { isLoading: uploading }] = useUploadVideoMutation()
  const [uploaded, setUploaded] = useState<{ file: File; video: Video } | null>(null)
  const [uploadCaptions, { isLoading: uploadingCaptions }] = useUploadCaptionsMutation()

  /** Uploads `file` and gives `values` its videoId (and its address as videoUrl when none was typed). */
  async function attachVideo(values: ModuleFormValues, file: File): Promise<string | undefined> {
    try {
      const video =
        uploaded?.file === file ? uploaded.video : await upload({ videoUpload: { courseId, file } }).unwrap()
      setUploaded({ file, video })
      values.videoId = video._id
      if (!values.videoUrl) values.videoUrl = pathOf(video._id)
    } catch (error) {
      return uploadProblemText(error) // also logged with every failed call (app/listeners.ts)
    }
  }

  async function attachCaptions(videoId: string, file: File): Promise<string | undefined> {
    try {
      await uploadCaptions({ videoId, captionsUpload: { file } }).unwrap()
    } catch (error) {
      return uploadProblemText(error)
    }
  }

  return { attachVideo, attachCaptions, uploading, uploadingCaptions }
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

/** The line sent with the module: the PGN typed, or (when an edit cleared it) null to remove the line. */
function lineValue(pgn: string, side: ModuleLine['side'], hadLine: boolean): { line?: ModuleLine | null } {
  const moves = pgn.trim()
  if (moves) return { line: { pgn: moves, side } }
  return hadLine ? { line: null } : {}
}

/** The set sent with the module: its puzzles, or (when an edit removed them all) null to remove the set. */
function puzzlesValue(puzzles: SetPuzzle[], hadSet: boolean): { puzzles?: SetPuzzle[] | null } {
  if (puzzles.length) return { puzzles }
  return hadSet ? { puzzles: null } : {}
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
