import { useState } from 'react'
import { Chessboard } from 'react-chessboard'
import { useNavigate } from 'react-router-dom'
import { numbered, type LineSide, type ParsedLine } from '@domain/chess/pgn'
import {
  endNode,
  leaveVariation,
  nextNode,
  previousNode,
  START,
  variationStart,
  variationsAt,
} from '@/features/lines/lineNavigation'
import { moveInWords } from '@domain/chess/moveWords'
import { MoveTree } from '@/features/lines/MoveTree'
import { namedPieces } from '@/components/namedPieces'

type Props = { id: string; line: ParsedLine; side: LineSide; title: string; onPractise: () => void }

const KEYS: Record<string, (line: ParsedLine, id: number) => number> = {
  ArrowRight: nextNode,
  ArrowLeft: previousNode,
  Home: () => START,
  End: endNode,
  ArrowUp: leaveVariation,
  ArrowDown: (line, id) => variationsAt(line, id)[0] ?? id,
}

/** The line on a board: step with the buttons or ←, →, Home, End (↓ enters a variation, ↑ leaves it). */
export function LineViewer({ id, line, side, title, onPractise }: Props) {
  const [current, setCurrent] = useState(START)
  const [flipped, setFlipped] = useState(false)
  const navigate = useNavigate()
  const node = line.nodes[current]
  const go = (id: number) => setCurrent(id)
  const orientation = (side === 'white') !== flipped ? 'white' : 'black'
  const inVariation = variationStart(line, current) !== undefined

  function onKeyDown(e: React.KeyboardEvent) {
    const step = KEYS[e.key]
    if (!step || e.altKey || e.ctrlKey || e.metaKey) return
    e.preventDefault()
    go(step(line, current))
  }

  return (
    <section className="line-viewer" aria-label={`Line: ${title}`} onKeyDown={onKeyDown}>
      <div
        className="line-viewer__board"
        tabIndex={0}
        role="group"
        aria-label="Board. Use the left and right arrow keys, Home and End to step through the moves."
      >
        <Chessboard
          options={{
            id: `line-${id}`,
            position: node.fen,
            pieces: namedPieces,
            boardOrientation: orientation,
            allowDragging: false,
          }}
        />
      </div>
      <div className="line-viewer__comment" role="note" aria-label="Comment">
        {node.comment ?? ''}
      </div>
      <p className="line-sr-only" aria-live="polite" aria-atomic="true">
        {current === START ? 'Start position' : moveInWords(node.san, node.color)}
      </p>
      <div className="row line-viewer__controls">
        <button type="button" className="btn" onClick={() => go(START)} aria-label="First position">
          |◀
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => go(previousNode(line, current))}
          aria-label="Previous move"
        >
          ◀
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => go(nextNode(line, current))}
          aria-label="Next move"
        >
          ▶
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => go(endNode(line, current))}
          aria-label="Last move"
        >
          ▶|
        </button>
        <button type="button" className="btn" onClick={() => setFlipped((f) => !f)} aria-pressed={flipped}>
          Flip board
        </button>
      </div>
      <div className="row line-viewer__controls">
        {variationsAt(line, current).map((id) => (
          <button key={id} type="button" className="btn" onClick={() => go(id)}>
            Enter variation {numbered(line.nodes[id].moveNumber, line.nodes[id].color, line.nodes[id].san)}
          </button>
        ))}
        {inVariation && (
          <button type="button" className="btn" onClick={() => go(leaveVariation(line, current))}>
            Leave variation
          </button>
        )}
      </div>
      <MoveTree line={line} current={current} onSelect={go} />
      <div className="row">
        <button type="button" className="btn btn--primary" onClick={onPractise}>
          Practise this line
        </button>
        {/* /home's practice game starts from a position handed over in the router state */}
        <button
          type="button"
          className="btn"
          onClick={() => void navigate('/home', { state: { startFen: node.fen } })}
        >
          Play from here
        </button>
      </div>
    </section>
  )
}
