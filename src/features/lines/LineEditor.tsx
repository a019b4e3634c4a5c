import { memo, useMemo, type ReactNode } from 'react'
import { addMove } from '@domain/chess/lineEdit'
import { readMoveText, sanOfDrop } from '@domain/chess/moveText'
import { moveInWords } from '@domain/chess/moveWords'
import type { LineSide, ParsedLine } from '@domain/chess/pgn'
import { sideOf } from '@domain/chess/vocabulary'
import { ChessBoard, type BoardMove } from '@/features/game/ChessBoard'
import { BoardKeysHelp } from '@/features/game/BoardKeysHelp'
import { MoveEditPanel } from '@/features/lines/MoveEditPanel'
import { MoveTree } from '@/features/lines/MoveTree'
import { useLineHistory } from '@/features/lines/useLineHistory'
import './lines.css'
import './lineEditor.css'

type Props = {
  /** The form's PGN text, and what it reads as (null when it does not read: the board keeps the last good line). */
  pgn: string
  parsed: ParsedLine | null
  onPgn: (text: string) => void
  side: LineSide
  /** The module's video, played beside the board, and its current second (to stamp moves); null without one. */
  video?: ReactNode
  videoSecond: (() => number | null) | null
}

/**
 * A module's line authored on a board: moves played by drag, click or the board's keys (a move from an earlier
 * position becomes a variation), a selected move commented, deleted from, promoted or stamped with the video's
 * second, undo and redo (buttons, Ctrl+Z and Ctrl+Shift+Z). Every edit rewrites the form's PGN text.
 */
export const LineEditor = memo(function LineEditor({ pgn, parsed, onPgn, side, video, videoSecond }: Props) {
  const history = useLineHistory(pgn, parsed, onPgn)
  const { line, selected, edit, select } = history

  // Drawn again only when the line or the selection changes, not while the form's other fields are typed in.
  const board = useMemo(() => {
    const node = line.nodes[selected]
    const last = selected > 0 ? readMoveText(line.nodes[node.parent].fen, node.san) : null
    const onMove = ({ from, to }: BoardMove): boolean => {
      const san = sanOfDrop(node.fen, from, to)
      const edited = san ? addMove(line, selected, san) : null
      if (!edited) return false
      edit(edited)
      return true
    }
    return (
      <ChessBoard
        id="line-editor"
        fen={node.fen}
        orientation={side}
        mover={sideOf(node.fen.split(' ')[1] === 'b' ? 'b' : 'w')}
        onMove={onMove}
        lastMove={last ? [last.from, last.to] : []}
        label="Board: play a move to add it to the line"
        keysHintId="line-editor-keys"
      />
    )
  }, [line, selected, side, edit])
  const moves = useMemo(
    () => <MoveTree line={line} current={selected} onSelect={select} />,
    [line, selected, select],
  )
  const panel = useMemo(
    () => <MoveEditPanel line={line} selected={selected} onEdit={edit} videoSecond={videoSecond} />,
    [line, selected, edit, videoSecond],
  )

  function onKeyDown(e: React.KeyboardEvent) {
    // Text fields keep their own undo.
    if (e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLInputElement) return
    if (!(e.ctrlKey || e.metaKey) || e.altKey) return
    const key = e.key.toLowerCase()
    if (key === 'z' && !e.shiftKey) history.undo()
    else if ((key === 'z' && e.shiftKey) || key === 'y') history.redo()
    else return
    e.preventDefault()
  }

  return (
    <section className="line-editor" aria-label="Line editor" onKeyDown={onKeyDown}>
      <div className="line-editor__stage">
        <div className="line-editor__board">
          {board}
          <BoardKeysHelp id="line-editor-keys" />
          {/* the selected move in words, however it was played or chosen: the board's one announcement */}
          <p className="line-sr-only" aria-live="polite" aria-atomic="true">
            {selected === 0
              ? 'Start position'
              : moveInWords(line.nodes[selected].san, line.nodes[selected].color)}
          </p>
        </div>
        {video}
      </div>
      <div className="row">
        <button type="button" className="btn" onClick={() => select(0)} aria-pressed={selected === 0}>
          Start position
        </button>
        <button type="button" className="btn" disabled={!history.canUndo} onClick={history.undo}>
          Undo
        </button>
        <button type="button" className="btn" disabled={!history.canRedo} onClick={history.redo}>
          Redo
        </button>
      </div>
      {moves}
      {panel}
    </section>
  )
})
