// Pure helpers of the board's marks and keyboard cursor (no chess.js: the position is read from the FEN).

import { pieceInWords } from '@domain/chess/moveWords'
import type { Side } from './gameSlice'

const FILES = 'abcdefgh'

/** The side at the bottom of the board: the player's, or the other one when the board is flipped. */
export function boardOrientation(playerColor: Side, flipped: boolean): Side {
  if (!flipped) return playerColor
  return playerColor === 'white' ? 'black' : 'white'
}

/** Where the keyboard cursor starts: the player's king's pawn. */
export const firstCursor = (playerColor: Side) => (playerColor === 'white' ? 'e2' : 'e7')

/** The last move's two squares ('e2e4': e2 and e4), none before the first move. */
export function lastMoveSquares(moves: string[]): string[] {
  const last = moves.at(-1)
  return last ? [last.slice(0, 2), last.slice(2, 4)] : []
}

/** The squares as react-chessboard lays them out, row by row from the top, for the side at the bottom. */
export function squaresInView(orientation: Side) {
  const squares: { square: string; light: boolean; column: string; row: string }[] = []
  for (let row = 0; row < 8; row++)
    for (let column = 0; column < 8; column++) {
      const file = FILES[orientation === 'white' ? column : 7 - column]
      const rank = String(orientation === 'white' ? 8 - row : row + 1)
      squares.push({ square: file + rank, light: (row + column) % 2 === 0, column: file, row: rank })
    }
  return squares
}

/** The square an arrow key moves the cursor to, as the board is seen (up is away from the player at the bottom). */
export function cursorStep(square: string, key: string, orientation: 'white' | 'black'): string {
  const sign = orientation === 'white' ? 1 : -1
  const [dx, dy] =
    key === 'ArrowUp'
      ? [0, sign]
      : key === 'ArrowDown'
        ? [0, -sign]
        : key === 'ArrowLeft'
          ? [-sign, 0]
          : [sign, 0]
  const file = Math.min(7, Math.max(0, FILES.indexOf(square[0]) + dx))
  const rank = Math.min(8, Math.max(1, Number(square[1]) + dy))
  return `${FILES[file]}${rank}`
}

export type SquareMark = 'last' | 'selected' | 'target' | 'capture' | 'cursor' | 'hint'

/** The marks of each square: the last move's two squares, the selected piece, its legal targets, the cursor. */
export function squareMarks(options: {
  lastMove: string[]
  selected: string | null
  targets: string[]
  pieces: Record<string, string>
  cursor: string | null
}): Record<string, SquareMark[]> {
  const marks: Record<string, SquareMark[]> = {}
  const add = (square: string, mark: SquareMark) => (marks[square] ??= []).push(mark)
  for (const square of options.lastMove) add(square, 'last')
  if (options.selected) add(options.selected, 'selected')
  for (const square of options.targets) add(square, options.pieces[square] ? 'capture' : 'target')
  if (options.cursor) add(options.cursor, 'cursor')
  return marks
}

/** What the cursor's square says: 'e2, white pawn, selected' or 'e4, empty, a legal move'. */
export function squareSpoken(
  square: string,
  piece: string | undefined,
  { selected, target }: { selected: boolean; target: boolean },
): string {
  const what = piece ? pieceInWords(piece).toLowerCase() : 'empty'
  return [square, what, selected ? 'selected' : '', target ? 'a legal move' : ''].filter(Boolean).join(', ')
}
