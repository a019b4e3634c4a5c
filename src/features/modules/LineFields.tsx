import { lazy, Suspense, useId, useMemo, useState } from 'react'
import type { ModuleLine } from '@/api/generated/api'
import { asSentence } from '@/api/problemText'
import { Spinner } from '@/components/Spinner'
import { parsePgn, PgnError, type ParsedLine } from '@domain/chess/pgn'

// The board editor loads when a module form opens, not with the modules page.
const LineEditorPanel = lazy(() => import('@/features/modules/LineEditorPanel'))

type Props = {
  pgn: string
  side: ModuleLine['side']
  /** The server's refusal of the PGN; a text that does not read is said here as it is typed. */
  error?: string
  onPgn: (value: string) => void
  onSide: (value: ModuleLine['side']) => void
  /** The form's video, played beside the board. */
  video: { videoUrl: string; file: File | null; videoId?: string | null; savedUrl?: string }
}

/** The PGN read, or why it cannot be: the sentence shown under the text (and checked again before saving). */
export function readLine(
  pgn: string,
): { parsed: ParsedLine; error?: undefined } | { parsed: null; error: string } {
  try {
    return { parsed: parsePgn(pgn) }
  } catch (error) {
    if (error instanceof PgnError) return { parsed: null, error: asSentence(error.message) }
    throw error
  }
}

/**
 * The module form's optional line: the line editor (a board kept in step with the PGN text), 'Edit as PGN' to show
 * the text ('Moves (PGN)'), and 'Student plays'.
 */
export function LineFields({ pgn, side, error, onPgn, onSide, video }: Props) {
  const id = useId()
  const read = useMemo(() => readLine(pgn), [pgn])
  const shownError = error ?? read.error
  const [asText, setAsText] = useState(false)
  // A text that does not read stays in view with its reason until it is fixed.
  const textShown = asText || !!shownError
  return (
    <fieldset className="line-fields">
      <legend>Line (optional)</legend>
      <Suspense fallback={<Spinner label="Loading the board..." />}>
        <LineEditorPanel pgn={pgn} parsed={read.parsed} onPgn={onPgn} side={side} {...video} />
      </Suspense>
      <button
        type="button"
        className="btn"
        aria-expanded={textShown}
        aria-controls={`${id}-text`}
        onClick={() => setAsText(!textShown)}
      >
        Edit as PGN
      </button>
      <div id={`${id}-text`} hidden={!textShown}>
        <label className="field">
          <span>Moves (PGN)</span>
          <textarea
            name="pgn"
            rows={4}
            value={pgn}
            spellCheck={false}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={shownError ? `${id}-error` : `${id}-hint`}
            onChange={(e) => onPgn(e.target.value)}
          />
        </label>
        {shownError ? (
          <small id={`${id}-error`} className="error-message" role="alert">
            {shownError}
          </small>
        ) : (
          <small id={`${id}-hint`} className="muted">
            Optional: moves with comments and variations; a start position with the SetUp and FEN tags.
          </small>
        )}
      </div>
      <label className="field">
        <span>Student plays</span>
        <select name="side" value={side} onChange={(e) => onSide(e.target.value as ModuleLine['side'])}>
          <option value="white">White</option>
          <option value="black">Black</option>
        </select>
      </label>
    </fieldset>
  )
}
