// Pure chess helpers; the only module that imports chess.js (a Chess instance never leaves this file).
import { Chess, DEFAULT_POSITION } from 'chess.js'

export const START_FEN = DEFAULT_POSITION

type Side = 'white' | 'black'

export interface MoveRequest {
  from: string
  to: string
}

/** A move applied to the game: UCI (e.g. 'e7e8q') is what the game slice stores. */
interface AppliedMove {
  uci: string
  san: string
  fen: string
}

export type DrawReason = 'stalemate' | 'threefoldRepetition' | 'fiftyMoveRule' | 'insufficientMaterial'

export type Outcome =
  | { over: false }
  | { over: true; result: 'checkmate'; winner: Side }
  | { over: true; result: 'draw'; reason: DrawReason }

const UCI_PATTERN = /^([a-h][1-8])([a-h][1-8])([qrbn])?$/

function replay(moves: readonly string[], startFen: string): Chess {
  const chess = new Chess(startFen)
  for (const uci of moves) {
    const match = UCI_PATTERN.exec(uci)
    if (!match) throw new Error(`Not a UCI move: ${uci}`)
    chess.move({ from: match[1], to: match[2], promotion: match[3] })
  }
  return chess
}

function tryMove(chess: Chess, move: MoveRequest) {
  try {
    // Promotion is always to a queen; chess.js ignores the field for non-promotion moves.
    return chess.move({ from: move.from, to: move.to, promotion: 'q' })
  } catch {
    return null
  }
}

/** The FEN reached by playing `moves` (UCI) from `startFen`. */
export function fenAfter(moves: readonly string[], startFen: string = START_FEN): string {
  return replay(moves, startFen).fen()
}

/** Whose turn it is after `moves`. */
export function sideToMove(moves: readonly string[], startFen: string = START_FEN): Side {
  return replay(moves, startFen).turn() === 'w' ? 'white' : 'black'
}

export function isLegalMove(
  moves: readonly string[],
  move: MoveRequest,
  startFen: string = START_FEN,
): boolean {
  return tryMove(replay(moves, startFen), move) !== null
}

/** Applies a move (promotion to queen) after `moves`; null when the move is illegal. */
export function applyMove(
  moves: readonly string[],
  move: MoveRequest,
  startFen: string = START_FEN,
): AppliedMove | null {
  const chess = replay(moves, startFen)
  const played = tryMove(chess, move)
  if (!played) return null
  return { uci: played.from + played.to + (played.promotion ?? ''), san: played.san, fen: chess.fen() }
}

/** Every legal move after `moves`, in UCI, in a stable order. */
export function legalMoves(moves: readonly string[], startFen: string = START_FEN): string[] {
  return replay(moves, startFen)
    .moves({ verbose: true })
    .map((m) => m.from + m.to + (m.promotion ?? ''))
}

/** The game's outcome after `moves`; checkmate wins over any draw condition reached on the same move. */
export function outcomeOf(moves: readonly string[], startFen: string = START_FEN): Outcome {
  const chess = replay(moves, startFen)
  if (chess.isCheckmate())
    return { over: true, result: 'checkmate', winner: chess.turn() === 'w' ? 'black' : 'white' }
  if (chess.isStalemate()) return { over: true, result: 'draw', reason: 'stalemate' }
  if (chess.isInsufficientMaterial()) return { over: true, result: 'draw', reason: 'insufficientMaterial' }
  if (chess.isThreefoldRepetition()) return { over: true, result: 'draw', reason: 'threefoldRepetition' }
  if (chess.isDrawByFiftyMoves()) return { over: true, result: 'draw', reason: 'fiftyMoveRule' }
  return { over: false }
}

/**
 * Reads a typed move: coordinates ('e2e4', 'e2-e4', 'e7e8q') or SAN ('e4', 'Nf3', 'O-O', 'exd5').
 * Returns the squares of the matching legal move, or null when nothing legal matches.
 */
export function parseMoveText(
  moves: readonly string[],
  text: string,
  startFen: string = START_FEN,
): MoveRequest | null {
  const trimmed = text.trim()
  const coordinates = /^([a-h][1-8])\s*-?\s*([a-h][1-8])\s*=?[qrbn]?$/i.exec(trimmed)
  if (coordinates) {
    const move = { from: coordinates[1].toLowerCase(), to: coordinates[2].toLowerCase() }
    return isLegalMove(moves, move, startFen) ? move : null
  }
  const wanted = normalizeSan(trimmed)
  if (!wanted) return null
  const match = replay(moves, startFen)
    .moves({ verbose: true })
    .find((m) => normalizeSan(m.san) === wanted || normalizeSan(m.san.replace(/=[QRBN]/, '')) === wanted)
  return match ? { from: match.from, to: match.to } : null
}

function normalizeSan(san: string): string {
  return san
    .replace(/[+#!?]/g, '')
    .replace(/0/g, 'O')
    .trim()
}
