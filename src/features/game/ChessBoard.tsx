import { useEffect, useRef, useState } from 'react'
import { Chessboard, type Arrow, type PieceDropHandlerArgs } from 'react-chessboard'
import { namedPieces } from '@/components/namedPieces'
import { legalTargets } from '@domain/chess/chessRules'
import { piecesOf } from '@domain/chess/fenPieces'
import { firstCursor, squareMarks, squareSpoken } from './boardSquares'
import type { Side } from './gameSlice'
import type { BoardStart } from './StaticBoard'
import { useBoardKeys } from './useBoardKeys'
import './board.css'

/** How long a piece takes to slide to its square. */
const BOARD_ANIMATION_MS = 300

export type BoardMove = { from: string; to: string }

type Props = {
  /** Names the board's squares in the page. */
  id: string
  fen: string
  orientation: Side
  /** The side whose pieces may be moved now; null when no move can be made. */
  mover: Side | null
  /** Called with a move made by drag, click-click, tap-tap or the keys; true when it was played. */
  onMove: (move: BoardMove) => boolean
  /** The last move's two squares, marked. */
  lastMove: string[]
  /** A square to point at (the piece to move, asked for with 'Hint'). */
  hint?: string | null
  label: string
  /** The text that tells the board's keys. */
  keysHintId?: string
  /** What was done on the static board before this one loaded (BoardOnDemand.tsx). */
  start?: BoardStart
  /** Classes added to the board's frame (the practice game's layout). */
  className?: string
  /** Arrows drawn on the board (the analysis board's best move). */
  arrows?: Arrow[]
}

/**
 * The one interactive board of the app (practice game, line viewer, line practice, review): drag, click or tap a
 * piece and then its target, or use the keys (one tab stop for the whole board). The selected piece's legal
 * targets, the last move and a hinted piece are marked. It sizes to its container.
 */
export function ChessBoard({
  id,
  fen,
  orientation,
  mover,
  onMove,
  lastMove,
  hint,
  label,
  keysHintId,
  start,
  className,
  arrows,
}: Props) {
  // A selection belongs to the position it was made in: after any move it is gone.
  const [selection, setSelection] = useState<{ square: string; fen: string } | null>(null)
  const selected = mover && selection?.fen === fen ? selection.square : null
  const targets = selected ? legalTargets([], selected, fen) : []
  const { cursor, onKeyDown } = useBoardKeys(orientation, start?.cursor ?? firstCursor(orientation), {
    choose,
    letGo: () => setSelection(null),
  })
  const { focused, handlers } = useKeyboardFocus(onKeyDown)
  const boardRef = useRef<HTMLDivElement>(null)
  useBoardAsOneControl(boardRef)

  const pieces = piecesOf(fen)
  const isMovers = (piece: string | undefined) => !!mover && piece?.[0] === mover[0]

  /** A click, tap or Enter on `square`: select a piece of the side to move, or move the selected piece there. */
  function choose(square: string) {
    if (!mover) return
    if (isMovers(pieces[square])) {
      setSelection(square === selected ? null : { square, fen })
    } else if (selected) {
      setSelection(null)
      onMove({ from: selected, to: square })
    }
  }

  useBoardStart(start, boardRef, choose, onMove)

  const onPieceDrop = ({ sourceSquare, targetSquare }: PieceDropHandlerArgs) => {
    setSelection(null)
    // Off the board, or put back on its own square: not a move, so no message either.
    if (!targetSquare || targetSquare === sourceSquare) return false
    return onMove({ from: sourceSquare, to: targetSquare })
  }

  const marks = squareMarks({ lastMove, selected, targets, pieces, cursor: focused ? cursor : null })
  if (hint) (marks[hint] ??= []).push('hint')

  return (
    <div
      ref={boardRef}
      className={className ? `chess-board ${className}` : 'chess-board'}
      role="application"
      aria-roledescription="chess board"
      aria-label={label}
      aria-describedby={keysHintId}
      tabIndex={0}
      {...handlers}
    >
      <Chessboard
        options={{
          id,
          position: fen,
          pieces: namedPieces,
          boardOrientation: orientation,
          onPieceDrop,
          onPieceDrag: ({ square }) => square && setSelection({ square, fen }),
          onSquareClick: ({ square }) => choose(square),
          canDragPiece: ({ piece }) => isMovers(piece.pieceType),
          squareRenderer: ({ square, children }) => (
            <div className="board-square" data-mark={marks[square]?.join(' ')}>
              {children}
            </div>
          ),
          animationDurationInMs: BOARD_ANIMATION_MS,
          allowDragging: !!mover,
          ...(arrows && { arrows, allowDrawingArrows: false }),
        }}
      />
      {focused && (
        <p className="visually-hidden" aria-live="polite" aria-atomic="true">
          {squareSpoken(cursor, pieces[cursor], {
            selected: cursor === selected,
            target: targets.includes(cursor),
          })}
        </p>
      )}
    </div>
  )
}

/**
 * Whether the cursor shows: when the board has the keyboard's focus, not after a click or a tap, until a key is
 * pressed. `handlers` go on the board's frame; its keys go on to `onKeyDown`.
 */
function useKeyboardFocus(onKeyDown: (e: React.KeyboardEvent<HTMLDivElement>) => void) {
  const [focused, setFocused] = useState(false)
  const pressed = useRef(false)
  const handlers = {
    onKeyDown: (e: React.KeyboardEvent<HTMLDivElement>) => {
      pressed.current = false
      setFocused(true)
      onKeyDown(e)
    },
    onPointerDown: () => (pressed.current = true),
    onFocus: (e: React.FocusEvent<HTMLDivElement>) =>
      e.target === e.currentTarget && setFocused(!pressed.current),
    onBlur: (e: React.FocusEvent<HTMLDivElement>) => {
      if (e.target !== e.currentTarget) return
      pressed.current = false
      setFocused(false)
    },
  }
  return { focused, handlers }
}

/**
 * What was done on the static board before this one loaded, taken once on the first draw (a ref, not the effect's
 * cleanup: React's strict mode runs a first effect twice): its focus, and a piece it selected or a move it made.
 */
function useBoardStart(
  start: BoardStart | undefined,
  boardRef: React.RefObject<HTMLDivElement | null>,
  choose: (square: string) => void,
  onMove: (move: BoardMove) => boolean,
) {
  const startTaken = useRef(false)
  useEffect(() => {
    if (startTaken.current || !start) return
    startTaken.current = true
    if (start.focused) boardRef.current?.focus()
    const action = start.action
    if (action && 'select' in action) choose(action.select)
    else if (action) onMove(action)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- what the static board handed over, taken once
  }, [])
}

/**
 * react-chessboard makes every piece a tab stop (32 of them, the opponent's included); the board itself is the
 * one tab stop, its keys move a cursor instead. New pieces (after each move) are taken out of the tab order too.
 *
 * Its drag library (dnd-kit, whose announcements react-chessboard's options do not reach) also speaks for itself:
 * a live region saying 'Draggable item g1 was dropped over droppable area f3', and on every piece instructions for
 * keys this board does not use. Both are taken out of what a screen reader meets; a move is said once, in words, by
 * the page around the board ('White knight to f3', moveWords.ts), whether dragged, clicked or played with the keys.
 */
function useBoardAsOneControl(ref: React.RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const board = ref.current
    if (!board) return
    const tidy = () => {
      board.querySelectorAll('[tabindex="0"]').forEach((element) => element.setAttribute('tabindex', '-1'))
      board.querySelectorAll<HTMLElement>('[id^="DndLiveRegion"]:not([hidden])').forEach((region) => {
        region.hidden = true
        region.setAttribute('aria-hidden', 'true')
      })
      board
        .querySelectorAll('[aria-roledescription="draggable"][aria-describedby]')
        .forEach((piece) => piece.removeAttribute('aria-describedby'))
    }
    tidy()
    const observer = new MutationObserver(tidy)
    observer.observe(board, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['tabindex', 'aria-describedby'],
    })
    return () => observer.disconnect()
  }, [ref])
}
