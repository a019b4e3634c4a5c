import { useState } from 'react'
import type { Module, ModuleLine, Video } from '@/api/generated/api'
import { useUploadCaptionsMutation, useUploadVideoMutation } from '@/features/modules/moduleEndpoints'
import {
  isPlayableVideoUrl,
  type ModuleField,
  normalizedVideoUrl,
  uploadProblemText,
  VIDEO_MAX_BYTES,
  VIDEO_SIZE_TEXT,
  VIDEO_URL_TEXT,
} from '@/features/modules/moduleFormRules'
import { readLine } from '@/features/modules/LineFields'
import { readPuzzleSet, type SetPuzzle } from '@domain/chess/puzzleSets'

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

/** Each field's problem, or the form's. */
export type Errors = Partial<Record<ModuleField | 'captions' | 'form', string>>

/**
 * The uploaded file's address on this server without a (short-lived) signature, as a fallback videoUrl; not taken
 * from filePath, which with object storage is the storage's own URL.
 */
const pathOf = (videoId: string) => `/api/media/${videoId}`

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
export function useModuleSubmit(
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
