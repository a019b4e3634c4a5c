// How a game's main line ends by the rules: what the server checks a kept game's result against.
import { Chess } from 'chess.js'
import { mainLine, readLine, type ParsedLine, type PgnLimits } from './pgn'

export type GameResult = '1-0' | '0-1' | '1/2-1/2'

/** The result the rules give the main line's last position: a mate, or a draw (stalemate, insufficient
 * material, threefold repetition, 50 moves); null while the game goes on. */
export function resultByRules(line: ParsedLine): GameResult | null {
  const chess = new Chess(line.nodes[0].fen)
  for (const id of mainLine(line)) chess.move(line.nodes[id].san)
  return resultOf(chess)
}

function resultOf(chess: Chess): GameResult | null {
  if (chess.isCheckmate()) return chess.turn() === 'w' ? '0-1' : '1-0'
  if (chess.isDraw()) return '1/2-1/2'
  return null
}

/** A game as the server keeps it: its plies (the main line's moves) and the result by the rules. */
export interface GameReading {
  plies: number
  result: GameResult | null
}

/**
 * Reads a game's PGN (parsePgn's refusals, as PgnError) and judges its end on the reader's own board: one replay
 * of the moves, where reading and then resultByRules make two.
 */
export function readGame(pgn: string, limits: PgnLimits = {}): GameReading {
  const { line, mainLineEnd } = readLine(pgn, limits)
  return { plies: mainLine(line).length, result: resultOf(mainLineEnd) }
}
