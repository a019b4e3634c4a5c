import { useEffect } from 'react'
import { Chessboard, type PieceDropHandlerArgs } from 'react-chessboard'
import { useAppDispatch, useAppSelector } from '@/app/hooks'
import { selectGame } from './gameSlice'
import { cancelComputerReply, playMove, resumeGame, startNewGame } from './gameThunks'
import { MoveInput } from './MoveInput'
import './practiceBoard.css'

/** Board piece animation (SPEC §9). */
export const BOARD_ANIMATION_MS = 300
export const COMPUTER_LABEL = 'Chess Online Education'

/** The practice game: the player is white, the computer answers as black. */
export function PracticeBoard() {
  const dispatch = useAppDispatch()
  const { fen, status, computerThinking, over } = useAppSelector(selectGame)

  useEffect(() => {
    dispatch(resumeGame())
    return () => {
      dispatch(cancelComputerReply())
    }
  }, [dispatch])

  const onPieceDrop = ({ sourceSquare, targetSquare }: PieceDropHandlerArgs) =>
    targetSquare ? dispatch(playMove({ from: sourceSquare, to: targetSquare })) : false

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
