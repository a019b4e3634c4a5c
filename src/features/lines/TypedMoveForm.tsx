import { useState } from 'react'
import { sanOfTyped } from '@domain/chess/moveText'
import type { Fen, San } from '@domain/chess/vocabulary'

/**
 * A move typed in SAN or as squares ('Nf3' or 'g1f3') from the position `fen`, played with 'Play': the line viewer's,
 * the practice's and the video question's. `play` gets the move read (null when the text is no legal move) and says
 * whether to clear the field.
 */
export function TypedMoveForm({
  label,
  name,
  fen,
  disabled = false,
  play,
}: {
  label: string
  name: string
  fen: Fen
  disabled?: boolean
  play: (san: San | null) => boolean
}) {
  const [typed, setTyped] = useState('')
  function submit(e: React.FormEvent) {
    e.preventDefault()
    if (!disabled && play(sanOfTyped(fen, typed))) setTyped('')
  }
  return (
    <form className="row" onSubmit={submit}>
      <label className="field field--inline">
        <span>{label}</span>
        <input
          name={name}
          value={typed}
          autoComplete="off"
          placeholder="e.g. Nf3 or g1f3"
          disabled={disabled}
          onChange={(e) => setTyped(e.target.value)}
        />
      </label>
      <button type="submit" className="btn" disabled={disabled}>
        Play
      </button>
    </form>
  )
}
