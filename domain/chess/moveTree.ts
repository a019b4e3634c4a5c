// The analysis board's tree of moves: the ParsedLine of pgn.ts grown by the moves played on the board (a new move
// from any position becomes a variation there), a tree started from a FEN, and an engine's moves written in SAN.
import { Chess, validateFen } from 'chess.js'
import { MAX_LINE_MOVES, type ParsedLine } from './pgn'
import type { Fen, San, Uci } from './vocabulary'

/** A tree holding only its start position. */
export function treeFromFen(fen: Fen): ParsedLine {
  const chess = new Chess(fen)
  return {
    nodes: [
      {
        parent: -1,
        children: [],
        san: '',
        fen: chess.fen(),
        color: chess.turn(),
        moveNumber: chess.moveNumber(),
      },
    ],
    tags: {},
  }
}

/**
 * Why a FEN cannot be read, naming its field ('Invalid FEN: castling availability is invalid'); null when it
 * reads. A position without a king on each side or with the side not to move in check is refused too.
 */
export function fenProblem(fen: string): string | null {
  const trimmed = fen.trim().replace(/\s+/g, ' ')
  if (!trimmed) return 'Enter a position in FEN.'
  const check = validateFen(trimmed)
  if (!check.ok) return check.error ?? 'Invalid FEN'
  try {
    new Chess(trimmed)
    return null
  } catch (error) {
    return error instanceof Error ? error.message : 'Invalid FEN'
  }
}

/**
 * Plays `san` from node `at`: an existing child when the move is already there, otherwise a new node (the main
 * continuation when `at` had none, a variation when it had). Returns the tree (a new object when it grew) and the
 * node reached; null when the move is not legal there or the tree is full.
 */
export function playInTree(line: ParsedLine, at: number, san: San): { line: ParsedLine; id: number } | null {
  const from = line.nodes[at]
  const chess = new Chess(from.fen)
  const moveNumber = chess.moveNumber()
  let move
  try {
    move = chess.move(san)
  } catch {
    return null
  }
  const existing = from.children.find((child) => line.nodes[child].san === move.san)
  if (existing !== undefined) return { line, id: existing }
  if (line.nodes.length > MAX_LINE_MOVES) return null
  const id = line.nodes.length
  const nodes = line.nodes.slice()
  nodes[at] = { ...from, children: [...from.children, id] }
  nodes.push({ parent: at, children: [], san: move.san, fen: chess.fen(), color: move.color, moveNumber })
  return { line: { ...line, nodes }, id }
}

/** An engine's moves (UCI) from `fen`, in SAN, up to the first that is not legal. */
export function sanOfUcis(fen: Fen, ucis: readonly Uci[]): San[] {
  const chess = new Chess(fen)
  const sans: San[] = []
  for (const uci of ucis) {
    try {
      sans.push(chess.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] }).san)
    } catch {
      break
    }
  }
  return sans
}

/** The nodes from the start to node `id` (the root left out). */
export function pathTo(line: ParsedLine, id: number): number[] {
  const path: number[] = []
  for (let at = id; at > 0; at = line.nodes[at].parent) path.unshift(at)
  return path
}
