import { sanMoves, sideToMove } from '@domain/chess/chessRules'
import { MAX_SET_PUZZLES, type SetPuzzle } from '@domain/chess/puzzleSets'
import { PuzzleBuilder } from '@/features/modules/PuzzleBuilder'
import { PuzzleImport } from '@/features/modules/PuzzleImport'
import './puzzleSets.css'

type Props = {
  puzzles: SetPuzzle[]
  /** The server's refusal of the set ('Puzzle 3: move 2 (e7e5) is illegal'). */
  error?: string
  onChange: (puzzles: SetPuzzle[]) => void
}

const sideName = (puzzle: SetPuzzle) => (sideToMove([], puzzle.fen) === 'white' ? 'White' : 'Black')

/**
 * The module form's optional puzzle set, solved by students in this order: its puzzles, each with 'Remove'; 'Add
 * puzzle' from a position and the solution played on a board; 'Import PGN' for many at once. At most 100.
 */
export function PuzzleSetEditor({ puzzles, error, onChange }: Props) {
  const room = MAX_SET_PUZZLES - puzzles.length
  return (
    <fieldset className="puzzle-set-editor stack">
      <legend>Puzzle set (optional)</legend>
      {puzzles.length ? (
        <ol className="puzzle-set-editor__list" aria-label="Puzzles of the set">
          {puzzles.map((puzzle, i) => (
            <li key={`${i}-${puzzle.fen}-${puzzle.moves.join()}`}>
              <span>
                {sideName(puzzle)} to move: {sanMoves(puzzle.moves, puzzle.fen).join(' ')}
              </span>{' '}
              <button
                type="button"
                className="btn"
                aria-label={`Remove puzzle ${i + 1}`}
                onClick={() => onChange(puzzles.filter((_p, j) => j !== i))}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">No puzzles yet: students solve a set's puzzles in order, one after another.</p>
      )}
      {error && (
        <p className="error-message" role="alert">
          {error}
        </p>
      )}
      {room <= 0 && <p className="muted">The set is full: {MAX_SET_PUZZLES} puzzles.</p>}
      <PuzzleBuilder full={room <= 0} onAdd={(puzzle) => onChange([...puzzles, puzzle])} />
      <PuzzleImport room={room} onImport={(more) => onChange([...puzzles, ...more])} />
    </fieldset>
  )
}
