import { useId } from 'react'
import type { ModuleLine } from '@/api/generated/api'

type Props = {
  pgn: string
  side: ModuleLine['side']
  error?: string
  onPgn: (value: string) => void
  onSide: (value: ModuleLine['side']) => void
}

/** The module form's optional line to practise: 'Moves (PGN)' and 'Student plays'. */
export function LineFields({ pgn, side, error, onPgn, onSide }: Props) {
  const id = useId()
  return (
    <>
      <label className="field">
        <span>Moves (PGN)</span>
        <textarea
          name="pgn"
          rows={4}
          value={pgn}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onChange={(e) => onPgn(e.target.value)}
        />
      </label>
      {error ? (
        <small id={`${id}-error`} className="error-message" role="alert">
          {error}
        </small>
      ) : (
        <small id={`${id}-hint`} className="muted">
          Optional: moves with comments and variations; a start position with the SetUp and FEN tags.
        </small>
      )}
      <label className="field">
        <span>Student plays</span>
        <select name="side" value={side} onChange={(e) => onSide(e.target.value as ModuleLine['side'])}>
          <option value="white">White</option>
          <option value="black">Black</option>
        </select>
      </label>
    </>
  )
}
