import { useEffect, useRef, useState, type PointerEvent } from 'react'
import pieceSprite from 'virtual:piece-sprite'
import { useAppSelector } from '@/app/hooks'
import { piecesOf } from '@domain/chess/fenPieces'
import { pieceInWords } from '@domain/chess/moveWords'
import {
  boardOrientation,
  firstCursor,
  lastMoveSquares,
  squareMarks,
  squaresInView,
  squareSpoken,
} from './boardSquares'
import { isPlayerToMove, selectGame, type Side } from './gameSlice'
import { useBoardKeys } from './useBoardKeys'
// The squares' marks, shared with the interactive board (ChessBoard.tsx) that replaces this one.
import './board.css'

/** What the visitor did on the static board, for the interactive board to carry on with. */
export type BoardAction = { select: string } | { from: string; to: string }

/** How the interactive board starts where the static one leaves off. */
export interface BoardStart {
  cursor?: string
  /** The static board had the keyboard focus: the interactive one takes it. */
  focused?: boolean
  /** A piece picked (click, tap or Enter), or a move made (drag, or a piece and then its target). */
  action?: BoardAction
}

/** The square under a point of the screen, if any. */
function squareAt(x: number, y: number): string | null {
  return document.elementFromPoint(x, y)?.closest('[data-square]')?.getAttribute('data-square') ?? null
}

/**
 * The practice board drawn from the position alone, without react-chessboard's script (so /home's first
 * visit stays under its byte budget). It looks exactly like the interactive board: the same squares, notation,
 * marks and pieces (react-chessboard's, from an SVG sprite built at build time). The first pointer over it, press or
 * focus asks for the interactive board (`onWanted`); what the visitor does before it arrives (a piece picked, a move
 * dragged or clicked, the keyboard cursor moved) is handed over with `onHandOff` once it is `ready`, never in the
 * middle of a press.
 */
export function StaticBoard({
  keysHintId,
  ready,
  onWanted,
  onHandOff,
}: {
  keysHintId: string
  ready: boolean
  /** `pressed`: pressed or focused, not only passed over by the pointer. */
  onWanted: (pressed: boolean) => void
  onHandOff: (start: BoardStart) => void
}) {
  const game = useAppSelector(selectGame)
  const { fen, moves, playerColor, flipped } = game
  const orientation = boardOrientation(playerColor, flipped)
  const canMove = isPlayerToMove(game)
  const pieces = piecesOf(fen)
  const isOwn = (square: string) => pieces[square]?.[0] === playerColor[0]

  const { selected, setSelected, move, choose, drag } = usePick(canMove, isOwn)
  const [focused, setFocused] = useState(false)
  const [pressedOn, setPressedOn] = useState<string | null>(null)
  const boardRef = useRef<HTMLDivElement>(null)
  const pointerDown = useRef(false)
  const { cursor, onKeyDown } = useBoardKeys(orientation, firstCursor(playerColor), {
    choose,
    letGo: () => setSelected(null),
  })

  useEffect(() => {
    if (!ready || pressedOn) return
    onHandOff({
      cursor,
      focused: document.activeElement === boardRef.current,
      action: actionOf(move, selected),
    })
  }, [ready, pressedOn, cursor, move, selected, onHandOff])

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    onWanted(true)
    pointerDown.current = true
    if (event.button !== 0) return
    // The release comes here even off the board (a drag let go outside it), so a press always ends.
    if ('setPointerCapture' in event.currentTarget) event.currentTarget.setPointerCapture(event.pointerId)
    setPressedOn(squareAt(event.clientX, event.clientY))
  }

  function onPointerUp(event: PointerEvent) {
    pointerDown.current = false
    if (!pressedOn) return
    const to = squareAt(event.clientX, event.clientY)
    setPressedOn(null)
    if (to === pressedOn) choose(to)
    else if (to) drag(pressedOn, to)
  }

  const marks = squareMarks({
    lastMove: lastMoveSquares(moves),
    selected,
    targets: [],
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
      onFocus={(e) => {
        onWanted(true)
        // The cursor is for the keyboard: a press (which focuses this board, not a piece as on react-chessboard's)
        // does not show it.
        if (e.target === e.currentTarget) setFocused(!pointerDown.current)
      }}
      onBlur={(e) => e.target === e.currentTarget && setFocused(false)}
      onPointerEnter={() => onWanted(false)}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        pointerDown.current = false
        setPressedOn(null)
      }}
    >
      <StaticSquares orientation={orientation} pieces={pieces} marks={marks} />
      {focused && (
        <p className="visually-hidden" aria-live="polite" aria-atomic="true">
          {squareSpoken(cursor, pieces[cursor], { selected: cursor === selected, target: false })}
        </p>
      )}
    </div>
  )
}

/** The piece picked and the move made on the static board (one at most, for the interactive board to play). */
function usePick(canMove: boolean, isOwn: (square: string) => boolean) {
  const [selected, setSelected] = useState<string | null>(null)
  const [move, setMove] = useState<{ from: string; to: string } | null>(null)

  /** A click, tap or Enter on `square`: pick one's own piece, or move the picked piece there. */
  function choose(square: string) {
    if (!canMove || move) return
    if (isOwn(square)) setSelected(square === selected ? null : square)
    else if (selected) {
      setSelected(null)
      setMove({ from: selected, to: square })
    }
  }

  /** A piece dragged from `from` and let go on `to`: a move of one's own piece. */
  function drag(from: string, to: string) {
    if (!canMove || move || !isOwn(from)) return
    setSelected(null)
    setMove({ from, to })
  }

  return { selected, setSelected, move, choose, drag }
}

/** What was done before the hand-off: a move made, or else a piece picked. */
function actionOf(
  move: { from: string; to: string } | null,
  selected: string | null,
): BoardAction | undefined {
  return move ?? (selected ? { select: selected } : undefined)
}

/** The squares with their notation, marks and pieces, as react-chessboard draws them. */
function StaticSquares({
  orientation,
  pieces,
  marks,
}: {
  orientation: Side
  pieces: ReturnType<typeof piecesOf>
  marks: ReturnType<typeof squareMarks>
}) {
  const bottomRank = orientation === 'white' ? '1' : '8'
  const leftFile = orientation === 'white' ? 'a' : 'h'
  return (
    <div id="practice-board-board" className="static-board">
      {squaresInView(orientation).map(({ square, light, column, row }) => {
        const piece = pieces[square]
        return (
          <div key={square}>
            <div
              id={`practice-board-square-${square}`}
              className={`static-board__square static-board__square--${light ? 'light' : 'dark'}`}
              data-column={column}
              data-row={row}
              data-square={square}
            >
              <span className="static-board__notation">
                {row === bottomRank && <span className="static-board__file">{column}</span>}
                {column === leftFile && <span className="static-board__rank">{row}</span>}
              </span>
              <div className="board-square" data-mark={marks[square]?.join(' ')}>
                {piece && (
                  <div data-piece={piece} className="static-board__piece">
                    <svg
                      viewBox="0 0 45 45"
                      width="100%"
                      height="100%"
                      role="img"
                      aria-label={`${pieceInWords(piece)} on ${square}`}
                    >
                      <use href={`${pieceSprite}#${piece}`} />
                    </svg>
                  </div>
                )}
              </div>
            </div>
          </div>
        )
      })}
    </div>
  )
}
