import { useEffect, useRef } from 'react'
import { Chessboard, type PieceDropHandlerArgs } from 'react-chessboard'
import { useAppDispatch, useAppSelector } from '@/app/hooks'
import { accessiblePieces } from './accessiblePieces'
import { loadGameEngine, loadedGameEngine, logEngineError } from './gameEngine'
import { gameReset, isComputerToMove, selectGame } from './gameSlice'
import { MoveInput } from './MoveInput'
import './practiceBoard.css'

/** Board piece animation (SPEC §9). */
export const BOARD_ANIMATION_MS = 300
export const COMPUTER_LABEL = 'Chess Online Education'

const warmUp = () => void loadGameEngine().catch(logEngineError)

/** The practice game: the player is white, the computer answers as black. */
export function PracticeBoard() {
  const dispatch = useAppDispatch()
  const game = useAppSelector(selectGame)
  const { fen, status, computerThinking, over } = game
  // Back on a game where the computer was to move (its reply was cancelled when the board unmounted).
  const resumeOnMount = useRef(isComputerToMove(game))

  useEffect(() => {
    let mounted = true
    if (resumeOnMount.current) {
      loadGameEngine().then((engine) => {
        if (mounted) dispatch(engine.resumeGame())
      }, logEngineError)
    }
    return () => {
      mounted = false
      const engine = loadedGameEngine()
      if (engine) dispatch(engine.cancelComputerReply())
    }
  }, [dispatch])

  const onPieceDrop = ({ sourceSquare, targetSquare }: PieceDropHandlerArgs) => {
    if (!targetSquare) return false
    const move = { from: sourceSquare, to: targetSquare }
    const engine = loadedGameEngine()
    if (engine) return dispatch(engine.playMove(move))
    // Dropped before the rules arrived: the piece goes back, then moves once they have loaded.
    loadGameEngine().then((loaded) => dispatch(loaded.playMove(move)), logEngineError)
    return false
  }

  const newGame = () => {
    const engine = loadedGameEngine()
    dispatch(engine ? engine.startNewGame() : gameReset()) // without the engine no reply can be pending
  }

  return (
    <section
      className="practice-board"
      aria-labelledby="practice-board-heading"
      onPointerEnter={warmUp}
      onPointerDown={warmUp}
      onFocus={warmUp}
    >
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
      <button type="button" className="btn practice-board__new" onClick={newGame}>
        New game
      </button>
    </section>
  )
}
