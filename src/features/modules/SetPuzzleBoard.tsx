import { useRef } from 'react'
import { sanMoves } from '@domain/chess/chessRules'
import type { SetPuzzle } from '@domain/chess/puzzleSets'
import type { BoardMove } from '@/features/game/ChessBoard'
import { PuzzleBoard } from '@/features/puzzles/PuzzleBoard'
import { solverSide, type Solving } from '@/features/puzzles/puzzleSolving'
import { usePuzzleSolving } from '@/features/puzzles/usePuzzleSolving'

const sideName = (side: string) => side[0].toUpperCase() + side.slice(1)

function statusText(solving: Solving, side: string, rightSoFar: boolean): string {
  if (solving.status === 'solved') return 'Solved.'
  if (solving.status === 'failed') return 'Not the move.'
  if (rightSoFar) return 'Right! Keep going.'
  return `Your turn: find the best move for ${sideName(side)}.`
}

type Props = {
  puzzle: SetPuzzle
  /** Which puzzle of the set this is, from 0, and how many the set has. */
  index: number
  count: number
  /** Called once, when the puzzle ends: solved, or failed at the first wrong move. */
  onEnd: (solved: boolean) => void
  /** 'Next puzzle' (or, after the last, 'See the results'). */
  onNext: () => void
}

/**
 * One puzzle of a module's set on the board, turned to the solver: the position is already the solver's to move. The
 * first wrong move fails it ('Not the move.') and the solution is played on the board; the last right move solves it.
 */
export function SetPuzzleBoard({ puzzle, index, count, onEnd, onNext }: Props) {
  const line = { ...puzzle, lastMove: null }
  const failed = useRef(false)
  const { solving, shown, canMove, verdict, move, viewSolution } = usePuzzleSolving(line, (solved) => {
    failed.current = !solved
    onEnd(solved)
  })
  const side = solverSide(line)
  const ended = solving.status !== 'playing'

  function play(boardMove: BoardMove): boolean {
    const played = move(boardMove)
    // a wrong move ends the puzzle: the solution is played from the position before it
    if (failed.current && !solving.shown) viewSolution()
    return played
  }

  return (
    <div className="puzzle-set__puzzle">
      <p className="puzzle-set__count">
        Puzzle {index + 1} of {count}
      </p>
      <PuzzleBoard
        puzzle={line}
        solving={{ shown, canMove, hint: null, move: play }}
        id={`set-puzzle-${index}`}
        label={`Puzzle ${index + 1} board, you play ${side}`}
        className="puzzle-set__board"
      />
      <p className="puzzle-set__status" role="status">
        {statusText(solving, side, verdict === 'right')}
      </p>
      {solving.status === 'failed' && (
        <p className="muted">The solution: {sanMoves(puzzle.moves, puzzle.fen).join(' ')}</p>
      )}
      {ended && (
        <div className="row">
          <button type="button" className="btn btn--primary" onClick={onNext}>
            {index + 1 < count ? 'Next puzzle' : 'See the results'}
          </button>
        </div>
      )}
    </div>
  )
}
