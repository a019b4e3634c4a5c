import { useId, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { readMoveText, sanOfDrop } from '@domain/chess/moveText'
import { TypedMoveForm } from '@/features/lines/TypedMoveForm'
import { BoardKeysHelp } from '@/features/game/BoardKeysHelp'
import { ChessBoard, type BoardMove } from '@/features/game/ChessBoard'
import type { LineStart } from '@/features/game/lineStart'
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
import { readStamp } from '@domain/chess/videoStamps'
import { MoveTree } from '@/features/lines/MoveTree'
import { StepButtons } from '@/features/lines/StepButtons'
import { analysisState } from '@/features/analysis/analysisStart'
import type { VideoFollow } from '@/features/lines/useFollowVideo'

type Props = {
  id: string
  line: ParsedLine
  side: LineSide
  title: string
  onPractise: () => void
  /** The module's video, when the line has stamped moves: the board follows it until the student steps. */
  video?: VideoFollow | null
}

const KEYS: Record<string, (line: ParsedLine, id: number) => number> = {
  ArrowRight: nextNode,
  ArrowLeft: previousNode,
  Home: () => START,
  End: endNode,
  ArrowUp: leaveVariation,
  ArrowDown: (line, id) => variationsAt(line, id)[0] ?? id,
}

export const NOT_IN_LINE_TEXT = 'That move is not in this line.'

/** The moves from the line's start to `id`, in UCI ('e2e4'), as /home's practice game keeps them. */
function ucisTo(line: ParsedLine, id: number): string[] {
  const path: number[] = []
  for (let at = id; at > 0; at = line.nodes[at].parent) path.unshift(at)
  return path.map((at) => {
    const move = readMoveText(line.nodes[line.nodes[at].parent].fen, line.nodes[at].san)
    return move ? `${move.from}${move.to}${move.promotion ?? ''}` : ''
  })
}

/**
 * The line on a board: step with the buttons or ←, →, Home, End (↓ enters a variation, ↑ leaves it), or play the
 * next move on the board (drag, click-click, tap-tap, or the board's own keys as on every board: arrows move its
 * cursor, Enter picks up and puts down): a move of the line or of a variation goes there.
 */
export function LineViewer({ id, line, side, title, onPractise, video }: Props) {
  const [own, setOwn] = useState(START)
  const current = video?.following ? video.node : own
  const [flipped, setFlipped] = useState(false)
  const node = line.nodes[current]
  const orientation = (side === 'white') !== flipped ? 'white' : 'black'
  const [notInLine, setNotInLine] = useState(false)
  /** The student steps on their own: the board stops following the video. */
  const go = (id: number) => {
    setNotInLine(false)
    setOwn(id)
    video?.setFollowing(false)
  }
  /** A move picked in the list: a stamped one seeks the video there. */
  const select = (id: number) => {
    if (video?.secondOf(id) === undefined) return go(id)
    setNotInLine(false)
    setOwn(id)
    video.seek(id)
  }
  const last = current === START ? null : readMoveText(line.nodes[node.parent].fen, node.san)
  const toMove = node.fen.split(' ')[1] === 'b' ? 'black' : 'white'

  const keysHintId = useId()

  const onMove = ({ from, to }: BoardMove) => goBySan(sanOfDrop(node.fen, from, to))

  /** The line's move (main line or a variation) `san` from the position shown: go there. */
  function goBySan(san: string | null): boolean {
    const next = node.children.find((child) => line.nodes[child].san === san)
    if (next === undefined) {
      setNotInLine(true)
      return false
    }
    go(next)
    return true
  }

  function onKeyDown(e: React.KeyboardEvent) {
    const step = KEYS[e.key]
    // The keys step through the moves, except in the move field, where they edit the text, and on the board, whose
    // own keys (arrows, Enter, Escape) took them: Home and End still step there.
    if (!step || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return
    if (e.target instanceof HTMLInputElement) return
    e.preventDefault()
    go(step(line, current))
  }

  return (
    <section className="line-viewer" aria-label={`Line: ${title}`} onKeyDown={onKeyDown}>
      <div
        className="line-viewer__board"
        data-fen={node.fen}
        tabIndex={0}
        role="group"
        aria-label="Board. Use the left and right arrow keys, Home and End to step through the moves."
      >
        <ChessBoard
          id={`line-${id}`}
          fen={node.fen}
          orientation={orientation}
          mover={node.children.length > 0 ? toMove : null}
          onMove={onMove}
          lastMove={last ? [last.from, last.to] : []}
          label="Board: play the line's next move"
          keysHintId={keysHintId}
        />
      </div>
      <BoardKeysHelp id={keysHintId} />
      <div className="line-viewer__comment" role="note" aria-label="Comment">
        {readStamp(node.comment).text}
      </div>
      {node.children.length > 0 && (
        <TypedMoveForm label="Next move" name="lineMove" fen={node.fen} play={goBySan} />
      )}
      {notInLine && (
        <p className="line-viewer__status" role="status">
          {NOT_IN_LINE_TEXT}
        </p>
      )}
      <p className="line-sr-only" aria-live="polite" aria-atomic="true">
        {current === START ? 'Start position' : moveInWords(node.san, node.color)}
      </p>
      <div className="row line-viewer__controls">
        <StepButtons line={line} current={current} go={go} />
        <button type="button" className="btn" onClick={() => setFlipped((f) => !f)} aria-pressed={flipped}>
          Flip board
        </button>
      </div>
      <VariationButtons line={line} current={current} go={go} />
      <MoveTree line={line} current={current} onSelect={select} secondOf={video?.secondOf} />
      <LineActions line={line} current={current} side={side} onPractise={onPractise} />
    </section>
  )
}

/** Enters a variation that starts at the move shown, or leaves the one the move shown is in. */
function VariationButtons({
  line,
  current,
  go,
}: {
  line: ParsedLine
  current: number
  go: (id: number) => void
}) {
  const inVariation = variationStart(line, current) !== undefined
  return (
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
  )
}

/** Practise the line, or leave for a game or the analysis from the position shown. */
function LineActions({
  line,
  current,
  side,
  onPractise,
}: {
  line: ParsedLine
  current: number
  side: LineSide
  onPractise: () => void
}) {
  const navigate = useNavigate()
  const node = line.nodes[current]

  function playFromHere() {
    const state: { line: LineStart } = {
      line: { startFen: line.nodes[START].fen, moves: ucisTo(line, current), side },
    }
    void navigate('/home', { state })
  }

  return (
    <div className="row">
      <button type="button" className="btn btn--primary" onClick={onPractise}>
        Practise this line
      </button>
      {/* /home's practice game carries on the line: its start and moves handed over in the router state */}
      <button type="button" className="btn" onClick={playFromHere}>
        Play from here
      </button>
      <button
        type="button"
        className="btn"
        onClick={() => void navigate('/analysis', { state: analysisState({ fen: node.fen }) })}
      >
        Analyse from here
      </button>
    </div>
  )
}
