import { useAppDispatch, useAppSelector } from '@/app/hooks'
import { boardOrientation, lastMoveSquares } from './boardSquares'
import { ChessBoard } from './ChessBoard'
import { isPlayerToMove, selectGame } from './gameSlice'
import { playMove } from './gameThunks'
import type { BoardStart } from './StaticBoard'

/**
 * The practice game's board: the app's one board (ChessBoard.tsx) on the game in the store. It carries on from
 * `start`, what the visitor did on the static board before this one loaded (BoardOnDemand.tsx).
 */
export function PlayBoard({ keysHintId, start }: { keysHintId: string; start?: BoardStart }) {
  const dispatch = useAppDispatch()
  const game = useAppSelector(selectGame)
  const { fen, moves, playerColor, flipped } = game
  return (
    <ChessBoard
      id="practice-board"
      className="practice-board__board"
      fen={fen}
      orientation={boardOrientation(playerColor, flipped)}
      mover={isPlayerToMove(game) ? playerColor : null}
      onMove={(move) => dispatch(playMove(move))}
      lastMove={lastMoveSquares(moves)}
      label={`Board, you play ${playerColor}`}
      keysHintId={keysHintId}
      start={start}
    />
  )
}
