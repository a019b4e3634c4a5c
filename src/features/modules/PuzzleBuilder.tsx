import { useId, useState } from 'react'
import { applyMove, fenAfter, playablePosition, sanMoves, sideToMove } from '@domain/chess/chessRules'
import { fenProblem } from '@domain/chess/moveTree'
import { readPuzzleSet, type SetPuzzle } from '@domain/chess/puzzleSets'
import { Field } from '@/components/Field'
import { BoardKeysHelp } from '@/features/game/BoardKeysHelp'
import { ChessBoard, type BoardMove } from '@/features/game/ChessBoard'

/** The sentence under the board: the solution played so far, or what to do. */
function solutionText(position: string, moves: string[]): string {
  if (!moves.length) return "Play the solution on the board, from the solver's first move."
  return `Solution: ${sanMoves(moves, position).join(' ')}`
}

/**
 * A puzzle made on the studio's board: a position typed as FEN (its side to move solves), then the solution played
 * on the board, the solver's moves and the opponent's replies in turn; 'Add puzzle' adds it to the set.
 */
export function PuzzleBuilder({ full, onAdd }: { full: boolean; onAdd: (puzzle: SetPuzzle) => void }) {
  const id = useId()
  const [fen, setFen] = useState('')
  const [moves, setMoves] = useState<string[]>([])
  const [error, setError] = useState('')
  const position = fen.trim() ? playablePosition(fen) : null
  const fenError = fen.trim() && !position ? (fenProblem(fen) ?? 'The side to move has no move.') : undefined

  function play(move: BoardMove): boolean {
    if (!position) return false
    const applied = applyMove(moves, move, position)
    if (!applied) return false
    setMoves([...moves, applied.uci])
    setError('')
    return true
  }

  function add() {
    if (!position) return
    const read = readPuzzleSet([{ fen: position, moves }])
    if (read.problem !== undefined) return setError(read.problem.replace(/^Puzzle 1: /, 'This puzzle: '))
    onAdd(read.puzzles[0])
    setFen('')
    setMoves([])
  }

  return (
    <div className="puzzle-builder stack">
      <Field
        label="Position (FEN)"
        name="puzzleFen"
        value={fen}
        autoComplete="off"
        spellCheck={false}
        hint="The position the student solves from: its side to move is the solver."
        error={fenError}
        onChange={(e) => {
          setFen(e.target.value)
          setMoves([])
          setError('')
        }}
      />
      {position && (
        <>
          <div className="puzzle-builder__board">
            <ChessBoard
              id={`${id}-board`}
              fen={fenAfter(moves, position)}
              orientation={sideToMove([], position)}
              mover={sideToMove(moves, position)}
              onMove={play}
              lastMove={moves.length ? [moves.at(-1)!.slice(0, 2), moves.at(-1)!.slice(2, 4)] : []}
              label="Puzzle board: play the solution"
              keysHintId={`${id}-keys`}
            />
            <BoardKeysHelp id={`${id}-keys`} />
          </div>
          <p role="status">{solutionText(position, moves)}</p>
          {error && <p className="error-message">{error}</p>}
          <div className="row">
            <button
              type="button"
              className="btn"
              disabled={!moves.length}
              onClick={() => setMoves(moves.slice(0, -1))}
            >
              Take back
            </button>
            <button type="button" className="btn btn--primary" disabled={full} onClick={add}>
              Add puzzle
            </button>
          </div>
        </>
      )}
    </div>
  )
}
