import { useEffect, useId, useReducer, useRef, useState } from 'react'
import type { LineSide, ParsedLine } from '@domain/chess/pgn'
import { readMoveText, sanOfDrop } from '@domain/chess/moveText'
import { TypedMoveForm } from '@/features/lines/TypedMoveForm'
import { moveInWords } from '@domain/chess/moveWords'
import { BoardKeysHelp } from '@/features/game/BoardKeysHelp'
import { ChessBoard, type BoardMove } from '@/features/game/ChessBoard'
import {
  completeText,
  expectedMove,
  isComplete,
  mistakesOf,
  OPPONENT_DELAY_MS,
  opponentToMove,
  positionOf,
  practiceReducer,
  promptOf,
  recentComments,
  startPractice,
  TRY_AGAIN_TEXT,
  studentToMove,
} from '@/features/lines/practice'

type Props = {
  /** Names the board's squares in the page (the module's id). */
  id: string
  line: ParsedLine
  side: LineSide
  title: string
  /** The variation practised: node ids from its first move (the main line when not given). */
  path?: number[]
  /** Called once when the line is complete, with the student moves not right at the first try and their plies. */
  onComplete: (mistakes: number, missed: number[]) => void
}

/**
 * The practice's state: the other side answers after its delay, and `onComplete` is called once when the line is
 * complete.
 */
function usePractice(
  line: ParsedLine,
  side: LineSide,
  path: number[] | undefined,
  onComplete: Props['onComplete'],
) {
  const [state, dispatch] = useReducer(practiceReducer, undefined, () => startPractice(line, side, path))
  const reported = useRef(false)
  const complete = isComplete(state)

  useEffect(() => {
    if (!opponentToMove(state)) return
    const timer = setTimeout(() => dispatch({ type: 'opponentMoved' }), OPPONENT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [state])

  useEffect(() => {
    if (!complete || reported.current) return
    reported.current = true
    onComplete(mistakesOf(state), state.missed)
  }, [complete, state, onComplete])

  return [state, dispatch] as const
}

/**
 * 'Practise this line': under the line's prompt, the student plays their side of a variation (the main line unless
 * another is named); the other side answers after 0.5 s.
 */
export function LinePractice({ id, line, side, title, path, onComplete }: Props) {
  const [state, dispatch] = usePractice(line, side, path, onComplete)
  const [invalid, setInvalid] = useState(false)
  const complete = isComplete(state)
  const fen = positionOf(state)
  const keysHintId = useId()
  const expected = expectedMove(state)
  const hint = state.hinted && expected ? readMoveText(fen, expected.san)?.from : null
  const before = state.ply >= 2 ? state.moves[state.ply - 2].fen : state.startFen
  const last = state.ply > 0 ? readMoveText(before, state.moves[state.ply - 1].san) : null
  const comments = recentComments(state)
  const wrong = state.feedback === TRY_AGAIN_TEXT

  function tryMove(san: string | null): boolean {
    setInvalid(san === null)
    if (san === null) return false
    const right = state.moves[state.ply]?.san === san
    dispatch({ type: 'moveTried', san })
    return right
  }

  const onMove = ({ from, to }: BoardMove) => studentToMove(state) && tryMove(sanOfDrop(fen, from, to))

  return (
    <section className="line-practice" aria-label={`Practice: ${title}`}>
      <p className="line-practice__prompt">{promptOf(line, side)}</p>
      <div className="line-viewer__board">
        <ChessBoard
          id={`practice-${id}`}
          fen={fen}
          orientation={side}
          mover={studentToMove(state) ? side : null}
          onMove={onMove}
          lastMove={last ? [last.from, last.to] : []}
          hint={hint}
          label={`Board, you play ${side}`}
          keysHintId={keysHintId}
        />
      </div>
      <BoardKeysHelp id={keysHintId} />
      <p className="line-sr-only" aria-live="polite" aria-atomic="true">
        {state.lastMove ? moveInWords(state.lastMove.san, state.lastMove.color) : ''}
      </p>
      <p className="line-practice__status" role="status" aria-label="Practice status" aria-live="polite">
        {invalid ? 'Invalid move.' : state.feedback}
        {complete && ` ${completeText(state.right, state.total)}`}
        {!complete &&
          !state.feedback &&
          !invalid &&
          (studentToMove(state) ? 'Your move.' : 'Opponent to move…')}
      </p>
      {wrong && expected && (
        <div className="row">
          <button type="button" className="btn" onClick={() => dispatch({ type: 'hinted' })}>
            Hint
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => {
              setInvalid(false)
              dispatch({ type: 'shown' })
            }}
          >
            Show me
          </button>
        </div>
      )}
      {comments.length > 0 && (
        <div className="line-viewer__comment" role="note" aria-label="Comment">
          {comments.join(' ')}
        </div>
      )}
      {!complete && (
        <TypedMoveForm
          label="Your move"
          name="practiceMove"
          fen={fen}
          disabled={!studentToMove(state)}
          // a move read is cleared even when it is not the line's: the student types the next try afresh
          play={(san) => {
            tryMove(san)
            return san !== null
          }}
        />
      )}
    </section>
  )
}
