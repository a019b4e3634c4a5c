import { useId, useState } from 'react'
import { importPuzzlePgn, PUZZLE_PGN_MAX_BYTES, type SetPuzzle } from '@domain/chess/puzzleSets'
import { Field } from '@/components/Field'

type Outcome = { imported: number; errors: string[] }

const importedText = (n: number) => `${n} ${n === 1 ? 'puzzle' : 'puzzles'} imported.`

/**
 * 'Import PGN': games typed or read from a .pgn file, each with a [FEN] tag (the position) and a main line (the
 * solution). The good games are added to the set; each refused game is named with its reason, and its text is left
 * in the field to be corrected.
 */
export function PuzzleImport({ room, onImport }: { room: number; onImport: (puzzles: SetPuzzle[]) => void }) {
  const id = useId()
  const [text, setText] = useState('')
  const [outcome, setOutcome] = useState<Outcome | null>(null)

  function importText() {
    const { puzzles, errors, refused } = importPuzzlePgn(text, room)
    if (puzzles.length) onImport(puzzles)
    setOutcome({ imported: puzzles.length, errors })
    setText(refused.join('\n\n'))
  }

  async function readFile(file: File | undefined) {
    if (!file) return
    if (file.size > PUZZLE_PGN_MAX_BYTES)
      return setOutcome({ imported: 0, errors: [`The PGN is larger than ${PUZZLE_PGN_MAX_BYTES / 1024} KB`] })
    setText(await file.text())
    setOutcome(null)
  }

  return (
    <div className="puzzle-import stack">
      <label className="field">
        <span>Puzzles (PGN)</span>
        <textarea
          name="puzzlePgn"
          rows={4}
          value={text}
          spellCheck={false}
          aria-describedby={`${id}-hint`}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <small id={`${id}-hint`} className="muted">
        One game per puzzle, up to 64 KB: its [FEN] tag is the position the student solves (the side to move
        solves), its main line the solution. Comments and variations are left out.
      </small>
      <Field
        label="Or read a .pgn file"
        type="file"
        accept=".pgn,application/x-chess-pgn,application/vnd.chess-pgn,text/plain"
        onChange={(e) => void readFile(e.target.files?.[0])}
      />
      <div className="row">
        <button type="button" className="btn" onClick={importText} disabled={!text.trim() || room <= 0}>
          Import PGN
        </button>
      </div>
      <div role="status">
        {outcome && <p>{importedText(outcome.imported)}</p>}
        {outcome && outcome.errors.length > 0 && (
          <ul className="error-message puzzle-import__errors" aria-label="Games not imported">
            {outcome.errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
