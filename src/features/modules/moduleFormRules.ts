import {
  asSentence,
  problemDetailOf,
  problemStatus,
  readableProblem,
  type ReadableProblem,
} from '@/api/problemText'

// What the module form checks before anything is sent, and the sentence next to each field when the server
// refuses one (src/api/problemText.ts maps the problem to its field).
export const TITLE_MAX = 200
export const DESCRIPTION_MAX = 5000
const VIDEO_URL_MAX = 2048

export const VIDEO_URL_TEXT =
  'Enter a video URL that starts with https:// or http://, such as a YouTube or Vimeo link.'

export type ModuleField = 'title' | 'description' | 'videoUrl' | 'videoId' | 'pgn' | 'puzzles'

export const MODULE_FIELDS: Record<ModuleField, string> = {
  title: `Enter a title of up to ${TITLE_MAX} characters.`,
  description: `Enter a description of up to ${DESCRIPTION_MAX} characters.`,
  videoUrl: VIDEO_URL_TEXT,
  videoId: 'The uploaded video cannot be used for this module. Choose the file again.',
  pgn: 'Enter the moves in PGN, of up to 64 KB.',
  puzzles: 'Give each puzzle a legal position and a solution of legal moves, at most 100 puzzles.',
}

/**
 * The server's sentences about a line ('Illegal move 12... Nf6', 'The FEN tag …') belong next to its field, and those
 * about a puzzle set ('Puzzle 3: move 2 (e7e5) is illegal') next to the set.
 */
export function withLineField(problem: ReadableProblem): ReadableProblem {
  if (problem.field) return problem
  if (/^(Illegal move|The PGN|The FEN)\b/.test(problem.text)) return { ...problem, field: 'pgn' }
  if (/^(Puzzle \d+:|More than \d+ puzzles|A puzzle set)/.test(problem.text))
    return { ...problem, field: 'puzzles' }
  return problem
}

/**
 * A videoUrl react-player can play and the contract accepts: an http(s) URL with a host, or a path on this
 * server (what an upload leaves, and the demo's modules use). No spaces, at most 2048 characters.
 */
export function isPlayableVideoUrl(value: string): boolean {
  if (!value || value.length > VIDEO_URL_MAX || /\s/.test(value)) return false
  if (value.startsWith('/')) return !value.startsWith('//')
  if (!/^https?:\/\//i.test(value)) return false
  try {
    return new URL(value).hostname !== ''
  } catch {
    return false
  }
}

/** The URL as the contract's pattern wants it (`^(https?://|/)`): a scheme typed in capitals is lowered. */
export const normalizedVideoUrl = (value: string) => value.replace(/^https?:/i, (s) => s.toLowerCase())

/** The largest file the server takes (its UPLOAD_MAX_BYTES by default): a larger one is refused before sending. */
export const VIDEO_MAX_BYTES = 50 * 1024 * 1024
export const VIDEO_TYPE_TEXT = 'This file is not a video we can play (MP4 or WebM).'
export const VIDEO_SIZE_TEXT = 'The video is larger than 50 MB.'

/**
 * Why an upload was refused, for the file field: a file that is no video (415), one too large (413), or the
 * server's own sentence about the uploader's quota (a 413 whose detail names it); otherwise the usual reading.
 */
export function uploadProblemText(error: unknown): string {
  const status = problemStatus(error)
  if (status === 415) return VIDEO_TYPE_TEXT
  if (status === 413) {
    const detail = problemDetailOf(error)
    return /^Upload quota\b/.test(detail) ? asSentence(detail) : VIDEO_SIZE_TEXT
  }
  return readableProblem(error).text
}
