// A move in words for screen readers ('White knight to f3', 'Black castles kingside'), from its SAN: the practice
// board and the lines announce moves with it.
import type { Color, San } from './vocabulary'

/** Pieces by their SAN letter (P for the pawn), as the boards and the move announcements name them. */
export const PIECE_NAMES: Record<string, string> = {
  P: 'pawn',
  N: 'knight',
  B: 'bishop',
  R: 'rook',
  Q: 'queen',
  K: 'king',
}

/** A piece as react-chessboard codes it ('wN') in words: 'White knight'. */
export function pieceInWords(code: string): string {
  const side = code[0] === 'w' ? 'White' : code[0] === 'b' ? 'Black' : ''
  return `${side} ${PIECE_NAMES[code[1]] ?? code}`.trim()
}

export function moveInWords(san: San, color: Color): string {
  const side = color === 'w' ? 'White' : 'Black'
  // Each trailing run is matched from its first character only ((?<!...)): /[!?]+$/ alone rescans a long run
  // from every position of it, in time growing with the square of its length.
  const move = san.replace(/(?<![!?])[!?]+$/, '')
  const suffix = move.endsWith('#') ? ', checkmate' : move.endsWith('+') ? ', check' : ''
  const core = move.replace(/(?<![#+])[#+]+$/, '')
  if (/^(O-O-O|0-0-0)/.test(core)) return `${side} castles queenside${suffix}`
  if (/^(O-O|0-0)/.test(core)) return `${side} castles kingside${suffix}`
  const piece = PIECE_NAMES[core[0]] ?? 'pawn'
  const to = core.match(/[a-h][1-8]/g)?.at(-1) ?? ''
  const promotion = /=([QRBN])/.exec(core)
  const verb = core.includes('x') ? 'takes on' : 'to'
  return `${side} ${piece} ${verb} ${to}${promotion ? `, promotes to ${PIECE_NAMES[promotion[1]]}` : ''}${suffix}`
}
