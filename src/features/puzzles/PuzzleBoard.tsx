import { BoardKeysHelp } from '@/features/game/BoardKeysHelp'
import { ChessBoard } from '@/features/game/ChessBoard'
import { fenAfter } from '@domain/chess/chessRules'
import { lastMoveOf, solverSide, type PuzzleLine } from './puzzleSolving'
import type { usePuzzleSolving } from './usePuzzleSolving'
import './puzzles.css'

/**
 * The board of a puzzle being solved, turned to the solver's side, the last move marked: the trainer's (/puzzles),
 * the review's (/review) and a module's puzzle set's (one board per puzzle: its own id and label).
 */
export function PuzzleBoard({
  puzzle,
  solving: { shown, canMove, hint, move },
  id = 'puzzle-board',
  label,
  className = 'puzzles__board',
}: {
  puzzle: PuzzleLine
  solving: Pick<ReturnType<typeof usePuzzleSolving>, 'shown' | 'canMove' | 'hint' | 'move'>
  id?: string
  label?: string
  className?: string
}) {
  const side = solverSide(puzzle)
  return (
    <div className={className}>
      <ChessBoard
        id={id}
        fen={fenAfter(shown, puzzle.fen)}
        orientation={side}
        mover={canMove ? side : null}
        onMove={move}
        lastMove={lastMoveOf({ played: shown }, puzzle)}
        hint={hint}
        label={label ?? `Puzzle board, you play ${side}`}
        keysHintId={`${id}-keys`}
      />
      <BoardKeysHelp id={`${id}-keys`} />
    </div>
  )
}
