// A move the student made on the board or typed, as the line's SAN; null when it is not legal there.
import { Chess } from 'chess.js'

function sanAfter(
  fen: string,
  move: string | { from: string; to: string; promotion?: string },
): string | null {
  try {
    return new Chess(fen).move(move).san
  } catch {
    return null
  }
}

/** A piece dragged from one square to another (a pawn reaching the last rank becomes a queen). */
export const sanOfDrop = (fen: string, from: string, to: string) =>
  sanAfter(fen, { from, to, promotion: 'q' })

/** A typed move: SAN ('Nf3') or squares ('g1f3', 'e7e8q'). */
export function sanOfTyped(fen: string, text: string): string | null {
  const typed = text.trim()
  if (!typed) return null
  const squares = /^([a-h][1-8])-?([a-h][1-8])([qrbn])?$/i.exec(typed)
  if (squares)
    return sanAfter(fen, {
      from: squares[1].toLowerCase(),
      to: squares[2].toLowerCase(),
      promotion: squares[3]?.toLowerCase() ?? 'q',
    })
  return sanAfter(fen, typed)
}
