// The practice board's game rules over a list of moves in UCI: legality, the position, the outcome, PGN. A Chess
// instance never leaves this file; chess.js itself is imported only by the kernel's chess modules (domain/chess/).
import { Chess, DEFAULT_POSITION, validateFen } from 'chess.js'
import { moveInWords } from './moveWords'
import { readMoveText } from './moveText'
import { sideOf, type Fen, type Promotion, type San, type Side, type Square, type Uci } from './vocabulary'

export const START_FEN: Fen = DEFAULT_POSITION

export interface MoveRequest {
  from: Square
  to: Square
  /** The piece a pawn reaching the last rank becomes: a queen when not given. */
  promotion?: Promotion
}

/** A move applied to the game: UCI (e.g. 'e7e8q') is what the game slice stores. */
interface AppliedMove {
  uci: Uci
  san: San
  fen: Fen
  /** The move in words, for the status region ('Black knight to f6'). */
  words: string
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
    // A promotion without a piece given is to a queen; chess.js ignores the field for other moves.
    return chess.move({ from: move.from, to: move.to, promotion: move.promotion ?? 'q' })
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
  return sideOf(replay(moves, startFen).turn())
}

export function isLegalMove(
  moves: readonly string[],
  move: MoveRequest,
  startFen: string = START_FEN,
): boolean {
  return tryMove(replay(moves, startFen), move) !== null
}

/** Applies a move (a promotion to the piece given, else a queen) after `moves`; null when the move is illegal. */
export function applyMove(
  moves: readonly string[],
  move: MoveRequest,
  startFen: string = START_FEN,
): AppliedMove | null {
  const chess = replay(moves, startFen)
  const played = tryMove(chess, move)
  if (!played) return null
  return {
    uci: played.from + played.to + (played.promotion ?? ''),
    san: played.san,
    fen: chess.fen(),
    words: moveInWords(played.san, played.color),
  }
}

/** The moves in SAN, for the move list. */
export function sanMoves(moves: readonly string[], startFen: string = START_FEN): string[] {
  return replay(moves, startFen).history()
}

/** The squares the piece on `from` may move to (none when it is not that side's turn). */
export function legalTargets(moves: readonly string[], from: string, startFen: string = START_FEN): string[] {
  const chess = replay(moves, startFen)
  return chess
    .moves({ verbose: true })
    .filter((m) => m.from === from)
    .map((m) => m.to)
    .filter((to, i, all) => all.indexOf(to) === i)
}

/**
 * A position a game can start from: a valid FEN (both kings, legal castling and en passant fields) with a
 * move to play. Returns the FEN as chess.js writes it, or null.
 */
export function playablePosition(fen: string): string | null {
  const trimmed = fen.trim().replace(/\s+/g, ' ')
  if (!validateFen(trimmed).ok) return null
  try {
    const chess = new Chess(trimmed)
    return chess.isGameOver() ? null : chess.fen()
  } catch {
    return null
  }
}

export interface PgnPlayers {
  white: string
  black: string
  /** The day the game is written, 'YYYY.MM.DD'. */
  date: string
}

/** The game as PGN: the seven tags, the start position when it is not the standard one, the moves, the result. */
export function pgnOf(moves: readonly string[], startFen: string, players: PgnPlayers): string {
  const chess = replay(moves, startFen)
  chess.setHeader('Event', 'Practice game')
  chess.setHeader('Site', 'Chess Online Education')
  chess.setHeader('Date', players.date)
  chess.setHeader('Round', '-')
  chess.setHeader('White', players.white)
  chess.setHeader('Black', players.black)
  chess.setHeader('Result', resultOf(outcomeOf(moves, startFen)))
  return chess.pgn() + '\n'
}

function resultOf(outcome: Outcome): string {
  if (!outcome.over) return '*'
  if (outcome.result === 'draw') return '1/2-1/2'
  return outcome.winner === 'white' ? '1-0' : '0-1'
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
 * Reads a typed move after `moves` (the forms of moveText.ts: 'e2e4', 'e2 - e4', 'e7e8n', 'e4', 'Nf3', '0-0',
 * 'a8=N'). Returns the squares of the matching legal move and, for a promotion, its piece; null when nothing legal
 * matches.
 */
export function parseMoveText(
  moves: readonly string[],
  text: string,
  startFen: string = START_FEN,
): MoveRequest | null {
  const move = readMoveText(replay(moves, startFen).fen(), text)
  if (!move) return null
  return { from: move.from, to: move.to, ...(move.promotion && { promotion: move.promotion }) }
}
