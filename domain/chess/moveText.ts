// A move the player typed or dragged, read against a position: the one reader of typed moves of the practice board
// and the lines. It takes squares ('e2e4', 'e2-e4', 'e2 - e4', 'e7e8n', 'e7-e8=N') and SAN as people write it
// ('Nf3', 'exd5', 'O-O' or '0-0', a check sign or an annotation left on, 'Pe4', 'Ng1f3'). A promotion keeps the
// piece written; a queen only when none is.
import { Chess } from 'chess.js'
import type { Fen, Promotion, San, Square } from './vocabulary'

/** A legal move read from text or a drag: its squares, the piece a pawn becomes (promotions only), its SAN. */
export interface ReadMove {
  from: Square
  to: Square
  promotion?: Promotion
  san: San
}

/**
 * The longest text read: a move written in any of the forms above has fewer characters; longer text is refused
 * before any pattern or chess.js reads it, so a pasted page costs nothing.
 */
const MAX_TEXT_LENGTH = 32
const SQUARES = /^([a-h][1-8])\s*(?:-\s*)?([a-h][1-8])\s*=?([qrbn])?$/i
/** SAN reduced to what identifies a move: no check sign or annotation, castling with the letter O. */
const bare = (san: string) => san.replace(/[+#!?]/g, '').replace(/0/g, 'O')

function played(
  fen: Fen,
  move: string | { from: string; to: string; promotion: Promotion },
): ReadMove | null {
  try {
    const result = new Chess(fen).move(move)
    // '--' is chess.js's null move: not a move a player makes.
    if (result.from === result.to) return null
    const promotion = result.promotion as Promotion | undefined
    return { from: result.from, to: result.to, ...(promotion && { promotion }), san: result.san }
  } catch {
    return null
  }
}

/** The legal move `text` names in the position `fen`, or null when it names none (or is not a move). */
export function readMoveText(fen: Fen, text: string): ReadMove | null {
  const typed = text.trim()
  if (!typed || typed.length > MAX_TEXT_LENGTH) return null
  const squares = SQUARES.exec(typed)
  if (squares)
    return played(fen, {
      from: squares[1].toLowerCase(),
      to: squares[2].toLowerCase(),
      promotion: (squares[3]?.toLowerCase() as Promotion | undefined) ?? 'q',
    })
  // SAN as chess.js reads it (its permissive reader takes '0-0', 'Pe4', 'Ng1f3'), then SAN with the promotion left
  // out ('a8' for 'a8=Q') or signs inside it, matched against the legal moves.
  const direct = played(fen, typed)
  if (direct) return direct
  const wanted = bare(typed).trim()
  if (!wanted) return null
  const legal = new Chess(fen).moves({ verbose: true })
  const exact = legal.find((m) => bare(m.san) === wanted)
  const match = exact ?? legal.find((m) => bare(m.san.replace(/=[QRBN]/, '')) === wanted)
  if (!match) return null
  return played(fen, { from: match.from, to: match.to, promotion: (exact?.promotion as Promotion) ?? 'q' })
}

/** The SAN of a typed move in the position `fen`; null when it is not legal there. */
export const sanOfTyped = (fen: Fen, text: string): San | null => readMoveText(fen, text)?.san ?? null

/** A piece dragged from one square to another (a pawn reaching the last rank becomes a queen). */
export const sanOfDrop = (fen: Fen, from: Square, to: Square): San | null =>
  played(fen, { from, to, promotion: 'q' })?.san ?? null
