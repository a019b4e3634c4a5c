// How a game's main line ends by the rules: what the server checks a kept game's result against.
import { Chess } from 'chess.js'
import { mainLine, type ParsedLine } from './pgn'

export type GameResult = '1-0' | '0-1' | '1/2-1/2'

/** The result the rules give the main line's last position: a mate, or a draw (stalemate, insufficient
 * material, threefold repetition, 50 moves); null while the game goes on. */
export function resultByRules(line: ParsedLine): GameResult | null {
  const chess = new Chess(line.nodes[0].fen)
  for (const id of mainLine(line)) chess.move(line.nodes[id].san)
  if (chess.isCheckmate()) return chess.turn() === 'w' ? '0-1' : '1-0'
  if (chess.isDraw()) return '1/2-1/2'
  return null
}
