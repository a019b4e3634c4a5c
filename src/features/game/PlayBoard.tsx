import { useEffect, useRef, useState } from 'react'
import { Chessboard, type PieceDropHandlerArgs } from 'react-chessboard'
import { useAppDispatch, useAppSelector } from '@/app/hooks'
import { namedPieces } from '@/components/namedPieces'
import {
  boardOrientation,
  firstCursor,
  lastMoveSquares,
  piecesOf,
  squareMarks,
  squareSpoken,
} from './boardSquares'
import { legalTargets } from '@domain/chess/chessRules'
import { isPlayerToMove, selectGame } from './gameSlice'
import { playMove } from './gameThunks'
import type { BoardStart } from './StaticBoard'
import { useBoardKeys } from './useBoardKeys'

/** How long a piece takes to slide to its square. */
const BOARD_ANIMATION_MS = 300

/**
 * The board: drag, click or tap a piece and then its target, or use the keys (one tab stop for the whole board,
 * told in `keysHintId`). The selected piece's legal targets and the last move are marked. It carries on from
 * `start`, what the visitor did on the static board before this one loaded (BoardOnDemand.tsx).
 */
export function PlayBoard({ keysHintId, start }: { keysHintId: string; start?: BoardStart }) {
  const dispatch = useAppDispatch()
  const game = useAppSelector(selectGame)
  const { fen, moves, startFen, playerColor, flipped } = game
  const orientation = boardOrientation(playerColor, flipped)
  const canMove = isPlayerToMove(game)
  // A selection belongs to the position it was made in: after any move it is gone.
  const [selection, setSelection] = useState<{ square: string; fen: string } | null>(null)
  const selected = canMove && selection?.fen === fen ? selection.square : null
  const targets = selected ? legalTargets(moves, selected, startFen) : []
  const { cursor, onKeyDown } = useBoardKeys(orientation, start?.cursor ?? firstCursor(playerColor), {
    choose,
    letGo: () => setSelection(null),
  })
  const [focused, setFocused] = useState(false)
  const boardRef = useRef<HTMLDivElement>(null)
  useOneTabStop(boardRef)

  const pieces = piecesOf(fen)
  const isOwn = (piece: string | undefined) => piece?.[0] === playerColor[0]

  /** A click, tap or Enter on `square`: select one's own piece, or move the selected piece there. */
  function choose(square: string) {
    if (!canMove) return
    if (isOwn(pieces[square])) {
      setSelection(square === selected ? null : { square, fen })
    } else if (selected) {
      setSelection(null)
      dispatch(playMove({ from: selected, to: square }))
    }
  }

  // Once, on the first draw (a ref, not the effect's cleanup: React's strict mode runs a first effect twice).
  const startTaken = useRef(false)
  useEffect(() => {
    if (startTaken.current || !start) return
    startTaken.current = true
    if (start.focused) boardRef.current?.focus()
    const action = start.action
    if (action && 'select' in action) choose(action.select)
    else if (action) dispatch(playMove(action))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- what the static board handed over, taken once
  }, [])

  const onPieceDrop = ({ sourceSquare, targetSquare }: PieceDropHandlerArgs) => {
    setSelection(null)
    // Off the board, or put back on its own square: not a move, so no message either.
    if (!targetSquare || targetSquare === sourceSquare) return false
    return dispatch(playMove({ from: sourceSquare, to: targetSquare }))
  }

  const marks = squareMarks({
    lastMove: lastMoveSquares(moves),
    selected,
    targets,
    pieces,
    cursor: focused ? cursor : null,
  })

  return (
    <div
      ref={boardRef}
      className="practice-board__board"
      role="application"
      aria-roledescription="chess board"
      aria-label={`Board, you play ${playerColor}`}
      aria-describedby={keysHintId}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onFocus={(e) => e.target === e.currentTarget && setFocused(true)}
      onBlur={(e) => e.target === e.currentTarget && setFocused(false)}
    >
      <Chessboard
        options={{
          id: 'practice-board',
          position: fen,
          pieces: namedPieces,
          boardOrientation: orientation,
          onPieceDrop,
          onPieceDrag: ({ square }) => square && setSelection({ square, fen }),
          onSquareClick: ({ square }) => choose(square),
          canDragPiece: ({ piece }) => canMove && isOwn(piece.pieceType),
          squareRenderer: ({ square, children }) => (
            <div className="board-square" data-mark={marks[square]?.join(' ')}>
              {children}
            </div>
          ),
          animationDurationInMs: BOARD_ANIMATION_MS,
          allowDragging: canMove,
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
 * react-chessboard makes every piece a tab stop (32 of them, the opponent's included); the board itself is the
 * one tab stop, its keys move a cursor instead. New pieces (after each move) are taken out of the tab order too.
 */
function useOneTabStop(ref: React.RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const board = ref.current
    if (!board) return
    const untab = () =>
      board.querySelectorAll('[tabindex="0"]').forEach((element) => element.setAttribute('tabindex', '-1'))
    untab()
    const observer = new MutationObserver(untab)
    observer.observe(board, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['tabindex'],
    })
    return () => observer.disconnect()
  }, [ref])
}
