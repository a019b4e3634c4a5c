import { useEffect, useId, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { useAppDispatch, useAppSelector } from '@/app/hooks'
import { BoardOnDemand } from './BoardOnDemand'
import { isEngineLevel } from './engine'
import { useKeepEndedGames } from './gameListeners'
import { GameSettings } from './GameSettings'
import { selectGame } from './gameSlice'
import {
  cancelComputerReply,
  loadLine,
  loadPosition,
  movesToTakeBack,
  resumeGame,
  startNewGame,
  takeBack,
} from './gameThunks'
import { MoveInput } from './MoveInput'
import { MoveList } from './MoveList'
import { COMPUTER_LABEL } from './opponentLabel'
import { PgnTools } from './PgnTools'
import { isLineStart } from './lineStart'
import './practiceBoard.css'

/**
 * /home's practice game. Other pages start it with router state: navigate('/home', { state: { startFen } }) does
 * what 'Load FEN' does; { state: { line } } carries on a line (LineStart). Either brings the board into view.
 */
function useStartFromRoute(board: React.RefObject<HTMLElement | null>) {
  const dispatch = useAppDispatch()
  const location = useLocation()
  const navigate = useNavigate()
  const state = location.state as { startFen?: unknown; line?: unknown } | null
  const startFen = state?.startFen
  const line = state?.line
  useEffect(() => {
    if (isLineStart(line)) dispatch(loadLine(line))
    else if (typeof startFen === 'string') dispatch(loadPosition(startFen))
    else return
    // Taken once: a reload or 'Back' to this entry keeps the game played since.
    void navigate(location.pathname + location.search, { replace: true, state: null })
    // The sections above the board may still be loading and push it down: brought into view again once they have,
    // unless the visitor has scrolled meanwhile.
    // (jsdom, where the unit tests run, has no scrolling.)
    const bring = () => {
      const element = board.current
      if (element && 'scrollIntoView' in element && typeof element.scrollIntoView === 'function')
        element.scrollIntoView({ block: 'start' })
    }
    bring()
    const broughtTo = window.scrollY
    // Not cleared with the effect: the entry's state is taken away just above, which runs the effect again.
    window.setTimeout(() => {
      if (window.scrollY === broughtTo) bring()
    }, 600)
  }, [dispatch, navigate, startFen, line, location.pathname, location.search, board])
}

/** The practice game against the computer: random moves (the spec's) or an engine level, either colour. */
export function PracticeBoard() {
  const dispatch = useAppDispatch()
  const game = useAppSelector(selectGame)
  const { status, lastMoveWords, computerThinking, over, opponent, playerColor, flipped, allowTakebacks } =
    game
  const keysHintId = useId()
  const sectionRef = useRef<HTMLElement>(null)

  // Back on a game where the computer was to move, its reply (cancelled when the board unmounted) resumes.
  useEffect(() => {
    dispatch(resumeGame())
    return () => {
      dispatch(cancelComputerReply())
    }
  }, [dispatch])
  useStartFromRoute(sectionRef)
  useKeepEndedGames()

  const computer = (
    <p className="practice-board__side">
      <span aria-hidden="true">{playerColor === 'white' ? '♚' : '♔'}</span> {COMPUTER_LABEL}
      {isEngineLevel(opponent) && ` (Level ${opponent})`}
      {computerThinking && <span className="practice-board__thinking"> is thinking…</span>}
    </p>
  )
  const player = (
    <p className="practice-board__side">
      <span aria-hidden="true">{playerColor === 'white' ? '♔' : '♚'}</span> You ({playerColor})
    </p>
  )

  return (
    <section ref={sectionRef} className="practice-board" aria-labelledby="practice-board-heading">
      <h2 id="practice-board-heading">Practice game</h2>
      <div className="practice-board__play">
        {flipped ? player : computer}
        <BoardOnDemand keysHintId={keysHintId} />
        {flipped ? computer : player}
        <p id={keysHintId} className="practice-board__keys">
          Board keys: arrows move, Enter picks up and puts down, Escape lets go.
        </p>
        <p
          className="practice-board__status"
          role="status"
          aria-label="Game status"
          aria-live="polite"
          aria-atomic="true"
        >
          {status}
          {lastMoveWords && <span className="practice-board__words"> {lastMoveWords}.</span>}
        </p>
        <MoveInput disabled={over || computerThinking} />
        <div className="practice-board__buttons">
          <button type="button" className="btn" onClick={() => dispatch(startNewGame())}>
            New game
          </button>
          {allowTakebacks && (
            <button
              type="button"
              className="btn"
              disabled={movesToTakeBack(game) === 0}
              onClick={() => dispatch(takeBack())}
            >
              Takeback
            </button>
          )}
        </div>
      </div>
      <div className="practice-board__aside">
        <GameSettings />
        <MoveList />
        <PgnTools />
      </div>
    </section>
  )
}
