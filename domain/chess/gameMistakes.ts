// A player's mistakes of a kept game made personal puzzles ('Find the better move'): each mistake the game report
// found is checked against the game's own moves (the server's check before it keeps any), and becomes the position
// before the move, the opponent's move that led there, the move played and the engine's better one.
import { readMoveText } from './moveText'
import { mainLine, numbered, type ParsedLine } from './pgn'
import { colorOf, type Fen, type San, type Side, type Uci } from './vocabulary'

/** A mistake as the report names it: the move's index in the game (0 is the first move) and the engine's move. */
export interface GameMistake {
  ply: number
  better: string
  mark: '?' | '??'
}

/** A mistake made a puzzle: the position where the player moved, and the move they should have played. */
export interface MistakePuzzle {
  ply: number
  fen: Fen
  /** The opponent's move that led to `fen` (UCI); null at the game's first move. */
  lastMove: Uci | null
  /** The move played. */
  played: San
  /** The engine's move, in UCI. */
  better: Uci
  mark: GameMistake['mark']
}

const uciOf = (move: { from: string; to: string; promotion?: string }): Uci =>
  move.from + move.to + (move.promotion ?? '')

/**
 * The puzzles of `mistakes` in the game `line`, played by `side`; or a sentence naming the first mistake refused
 * (counted from 1, as the request lists them): a ply that is not a move of the game, a move of the opponent, a
 * better move that is not legal before the move or is the move played, or a ply named twice.
 */
export function mistakePuzzles(
  line: ParsedLine,
  side: Side,
  mistakes: readonly GameMistake[],
): MistakePuzzle[] | string {
  const plies = mainLine(line)
  const named = new Map<number, number>()
  const puzzles: MistakePuzzle[] = []
  for (const [index, mistake] of mistakes.entries()) {
    const which = `Mistake ${index + 1}`
    const id = plies[mistake.ply]
    if (id === undefined)
      return `${which}: the game has no move at ply ${mistake.ply} (its ${plies.length} moves are plies 0 to ${plies.length - 1})`
    const node = line.nodes[id]
    const move = numbered(node.moveNumber, node.color, node.san)
    if (node.color !== colorOf(side)) return `${which}: move ${move} is not yours (you played ${side})`
    const earlier = named.get(mistake.ply)
    if (earlier !== undefined) return `${which}: move ${move} is already mistake ${earlier}`
    named.set(mistake.ply, index + 1)
    const before = line.nodes[node.parent]
    const better = readMoveText(before.fen, mistake.better)
    if (!better) return `${which}: ${mistake.better} is not a legal move before ${move}`
    if (better.san === node.san)
      return `${which}: ${mistake.better} is the move played (${move}), not a better one`
    const previous = node.parent === 0 ? null : readMoveText(line.nodes[before.parent].fen, before.san)
    puzzles.push({
      ply: mistake.ply,
      fen: before.fen,
      lastMove: previous && uciOf(previous),
      played: node.san,
      better: uciOf(better),
      mark: mistake.mark,
    })
  }
  return puzzles
}
