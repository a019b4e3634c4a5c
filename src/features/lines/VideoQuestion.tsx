import { useEffect, useId, useRef, useState } from 'react'
import type { LineSide, ParsedLine } from '@domain/chess/pgn'
import { readMoveText, sanOfDrop } from '@domain/chess/moveText'
import { TypedMoveForm } from '@/features/lines/TypedMoveForm'
import { readStamp } from '@domain/chess/videoStamps'
import { BoardKeysHelp } from '@/features/game/BoardKeysHelp'
import { ChessBoard, type BoardMove } from '@/features/game/ChessBoard'
import { moveWasText, TRY_AGAIN_TEXT } from '@/features/lines/practice'
import { scrollToElement } from '@/components/useFormFocus'

export const askText = (color: 'w' | 'b') =>
  `Your move: find what ${color === 'w' ? 'White' : 'Black'} plays here.`
export const foundText = (san: string) => `Well found: ${san}.`

type Props = {
  /** Names the board's squares in the page (the module's id). */
  id: string
  line: ParsedLine
  side: LineSide
  /** The `[%vt-ask]` move the student is to find. */
  node: number
  /** 'Continue': the video plays on. */
  onContinue: () => void
}

/** The video paused on a question: the student plays the move on the board; 'Show me' plays it for them. */
export function VideoQuestion({ id, line, side, node, onContinue }: Props) {
  const move = line.nodes[node]
  const before = line.nodes[move.parent].fen
  const [answer, setAnswer] = useState<'none' | 'wrong' | 'found' | 'shown'>('none')
  const keysHintId = useId()
  const sectionRef = useRef<HTMLElement>(null)
  const promptRef = useRef<HTMLParagraphElement>(null)
  // The video paused to ask: the question and its board come into view (below the video, they were off a phone's
  // screen), and focus moves to the prompt, so a screen reader says what is asked.
  useEffect(() => {
    if (sectionRef.current) scrollToElement(sectionRef.current, 'start')
    promptRef.current?.focus({ preventScroll: true })
  }, [])
  const done = answer === 'found' || answer === 'shown'
  const last = done ? readMoveText(before, move.san) : null
  const fen = done ? move.fen : before

  function tryMove(san: string | null): boolean {
    if (done || san === null) return false
    const right = san === move.san
    setAnswer(right ? 'found' : 'wrong')
    return right
  }

  const status = {
    none: askText(move.color),
    wrong: TRY_AGAIN_TEXT,
    found: foundText(move.san),
    shown: moveWasText(move.san),
  }[answer]
  const comment = done ? readStamp(move.comment).text : ''

  return (
    <section className="line-viewer" aria-label="Question from the video" ref={sectionRef}>
      <div className="line-viewer__board" data-fen={fen}>
        <ChessBoard
          id={`question-${id}`}
          fen={fen}
          orientation={side}
          mover={done ? null : move.color === 'w' ? 'white' : 'black'}
          onMove={({ from, to }: BoardMove) => tryMove(sanOfDrop(before, from, to))}
          lastMove={last ? [last.from, last.to] : []}
          label="Board: play the move"
          keysHintId={keysHintId}
        />
      </div>
      <BoardKeysHelp id={keysHintId} />
      <p
        className="line-practice__status"
        role="status"
        aria-label="Question status"
        aria-live="polite"
        tabIndex={-1}
        ref={promptRef}
      >
        {status}
      </p>
      {comment && (
        <div className="line-viewer__comment" role="note" aria-label="Comment">
          {comment}
        </div>
      )}
      {!done && <TypedMoveForm label="Your move" name="questionMove" fen={before} play={tryMove} />}
      <div className="row">
        {!done && (
          <button type="button" className="btn" onClick={() => setAnswer('shown')}>
            Show me
          </button>
        )}
        <button type="button" className="btn btn--primary" onClick={onContinue}>
          Continue
        </button>
      </div>
    </section>
  )
}
