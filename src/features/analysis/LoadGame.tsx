import { useId, useState, type FormEvent } from 'react'
import { fenProblem, treeFromFen } from '@domain/chess/moveTree'
import { parsePgn, PgnError, type ParsedLine } from '@domain/chess/pgn'

/** 'Load PGN' and 'Load FEN': a refusal names the bad move or field, next to its field. */
export function LoadGame({ onLoad }: { onLoad: (line: ParsedLine) => void }) {
  const [pgn, setPgn] = useState('')
  const [fen, setFen] = useState('')
  const [pgnError, setPgnError] = useState('')
  const [fenError, setFenError] = useState('')
  const pgnId = useId()
  const fenId = useId()

  function loadPgn(event: FormEvent) {
    event.preventDefault()
    try {
      onLoad(parsePgn(pgn))
      setPgnError('')
      setPgn('')
    } catch (error) {
      setPgnError(error instanceof PgnError ? error.message : 'The PGN could not be read')
    }
  }

  function loadFen(event: FormEvent) {
    event.preventDefault()
    const problem = fenProblem(fen)
    setFenError(problem ?? '')
    if (problem) return
    onLoad(treeFromFen(fen.trim().replace(/\s+/g, ' ')))
    setFen('')
  }

  return (
    <div className="analysis-load">
      <form onSubmit={loadPgn}>
        <label htmlFor={pgnId}>Game (PGN)</label>
        <textarea
          id={pgnId}
          rows={4}
          value={pgn}
          onChange={(e) => setPgn(e.target.value)}
          aria-invalid={pgnError ? true : undefined}
          aria-describedby={`${pgnId}-error`}
          spellCheck={false}
        />
        <button type="submit" className="btn">
          Load PGN
        </button>
        <p id={`${pgnId}-error`} className="error-message" role="alert">
          {pgnError}
        </p>
      </form>
      <form onSubmit={loadFen}>
        <label htmlFor={fenId}>Position (FEN)</label>
        <input
          id={fenId}
          value={fen}
          onChange={(e) => setFen(e.target.value)}
          aria-invalid={fenError ? true : undefined}
          aria-describedby={`${fenId}-error`}
          autoComplete="off"
          spellCheck={false}
        />
        <button type="submit" className="btn">
          Load FEN
        </button>
        <p id={`${fenId}-error`} className="error-message" role="alert">
          {fenError}
        </p>
      </form>
    </div>
  )
}
