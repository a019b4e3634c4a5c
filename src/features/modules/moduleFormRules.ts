import type { ReadableProblem } from '@/api/problemText'

// What the module form checks before anything is sent, and the sentence next to each field when the server
// refuses one (src/api/problemText.ts maps the problem to its field).
export const TITLE_MAX = 200
export const DESCRIPTION_MAX = 5000
const VIDEO_URL_MAX = 2048

export const VIDEO_URL_TEXT =
  'Enter a video URL that starts with https:// or http://, such as a YouTube or Vimeo link.'

export type ModuleField = 'title' | 'description' | 'videoUrl' | 'videoId' | 'pgn'

export const MODULE_FIELDS: Record<ModuleField, string> = {
  title: `Enter a title of up to ${TITLE_MAX} characters.`,
  description: `Enter a description of up to ${DESCRIPTION_MAX} characters.`,
  videoUrl: VIDEO_URL_TEXT,
  videoId: 'The uploaded video cannot be used for this module. Choose the file again.',
  pgn: 'Enter the moves in PGN, of up to 64 KB.',
}

/** The server's sentences about a line ('Illegal move 12... Nf6', 'The FEN tag …') belong next to its field. */
export function withLineField(problem: ReadableProblem): ReadableProblem {
  return !problem.field && /^(Illegal move|The PGN|The FEN)\b/.test(problem.text)
    ? { ...problem, field: 'pgn' }
    : problem
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
