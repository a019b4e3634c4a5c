import { useEffect } from 'react'
import { Chessboard, type PieceDropHandlerArgs } from 'react-chessboard'
import { useAppDispatch, useAppSelector } from '@/app/hooks'
import { accessiblePieces } from './accessiblePieces'
import { selectGame } from './gameSlice'
import { cancelComputerReply, playMove, resumeGame, startNewGame } from './gameThunks'
import { MoveInput } from './MoveInput'
import './practiceBoard.css'

/** Board piece animation (SPEC §9). */
const BOARD_ANIMATION_MS = 300
const COMPUTER_LABEL = 'Chess Online Education'

/** The practice game: the player is white, the computer answers as black. */
export function PracticeBoard() {
  const dispatch = useAppDispatch()
  const { fen, status, computerThinking, over } = useAppSelector(selectGame)

  // Back on a game where the computer was to move, its reply (cancelled when the board unmounted) resumes.
  useEffect(() => {
    dispatch(resumeGame())
    return () => {
      dispatch(cancelComputerReply())
    }
  }, [dispatch])

  const onPieceDrop = ({ sourceSquare, targetSquare }: PieceDropHandlerArgs) => {
    // Off the board, or put back on its own square: not a move, so no message either.
    if (!targetSquare || targetSquare === sourceSquare) return false
    return dispatch(playMove({ from: sourceSquare, to: targetSquare }))
  }

  return (
    <section className="practice-board" aria-labelledby="practice-board-heading">
      <h2 id="practice-board-heading">Practice game</h2>
      <p className="practice-board__side">
        <span aria-hidden="true">♚</span> {COMPUTER_LABEL}
        {computerThinking && <span className="practice-board__thinking"> is thinking…</span>}
      </p>
      <div className="practice-board__board">
        <Chessboard
          options={{
            id: 'practice-board',
            position: fen,
            pieces: accessiblePieces,
            boardOrientation: 'white',
            onPieceDrop,
            animationDurationInMs: BOARD_ANIMATION_MS,
            allowDragging: !over && !computerThinking,
          }}
        />
      </div>
      <p className="practice-board__side">
        <span aria-hidden="true">♔</span> You (white)
      </p>
      <p
        className="practice-board__status"
        role="status"
        aria-label="Game status"
        aria-live="polite"
        aria-atomic="true"
      >
        {status}
      </p>
      <MoveInput disabled={over || computerThinking} />
      <button type="button" className="btn practice-board__new" onClick={() => dispatch(startNewGame())}>
        New game
      </button>
    </section>
  )
}
