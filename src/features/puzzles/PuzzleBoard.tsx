import { BoardKeysHelp } from '@/features/game/BoardKeysHelp'
import { ChessBoard } from '@/features/game/ChessBoard'
import { fenAfter } from '@domain/chess/chessRules'
import { lastMoveOf, solverSide, type PuzzleLine } from './puzzleSolving'
import type { usePuzzleSolving } from './usePuzzleSolving'
import './puzzles.css'

/**
 * The board of a puzzle being solved, turned to the solver's side, the last move marked: the trainer's (/puzzles)
 * and the review's (/review).
 */
export function PuzzleBoard({
  puzzle,
  solving: { shown, canMove, hint, move },
}: {
  puzzle: PuzzleLine
  solving: ReturnType<typeof usePuzzleSolving>
}) {
  const side = solverSide(puzzle)
  return (
    <div className="puzzles__board">
      <ChessBoard
        id="puzzle-board"
        fen={fenAfter(shown, puzzle.fen)}
        orientation={side}
        mover={canMove ? side : null}
        onMove={move}
        lastMove={lastMoveOf({ played: shown }, puzzle)}
        hint={hint}
        label={`Puzzle board, you play ${side}`}
        keysHintId="puzzle-board-keys"
      />
      <BoardKeysHelp id="puzzle-board-keys" />
    </div>
  )
}
