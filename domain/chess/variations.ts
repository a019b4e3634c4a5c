// The variations of a line, each practised and scheduled for review on its own (as Chessable does): a variation is
// one path from the start to an end of the tree of moves, the main line first, then every sideline in the order the
// PGN writes them. A missed sideline then brings back that sideline only, not the whole line.
//
// A variation is named by its key: the moves where it leaves the first continuation, each numbered as a move list
// writes it without the space ('3...Nf6', '3...Nf6 5.Nc3'); the main line's key is ''. Moves added at the end of a
// line, or other variations added beside it, leave a key as it was. Variations nest at most MAX_VARIATION_DEPTH
// deep, so a key holds at most that many moves (plus one).
import { numbered, type LineSide, type ParsedLine } from './pgn'
import { colorOf, type Color, type Fen, type San } from './vocabulary'

/** The main line's key. */
export const MAIN_LINE = ''
/** The longest key the contract and the database take (33 numbered moves fit many times over). */
export const MAX_VARIATION_KEY_LENGTH = 2000

export interface Variation {
  key: string
  /** Node ids from the first move to the variation's last (the root left out). */
  path: number[]
}

const keyMove = (line: ParsedLine, id: number) => {
  const node = line.nodes[id]
  return numbered(node.moveNumber, node.color, node.san).replace(' ', '')
}

/**
 * Every variation of the line: the main line first, then the sidelines in the order the PGN writes them (by where they
 * last leave the first continuation); two variations written alike keep one key, the first.
 */
export function variations(line: ParsedLine): Variation[] {
  const found: (Variation & { leaves: number })[] = []
  const seen = new Set<string>()
  // without recursion (a line holds up to 1,500 moves); `leaves` is the node where the path last left the first
  // continuation (-1 for the main line)
  const stack: { id: number; key: string; leaves: number }[] = [{ id: 0, key: MAIN_LINE, leaves: -1 }]
  while (stack.length > 0) {
    const { id, key, leaves } = stack.pop()!
    const { children } = line.nodes[id]
    if (children.length === 0) {
      if (id !== 0) found.push({ key, path: pathTo(line, id), leaves })
      continue
    }
    children.forEach((child, i) =>
      stack.push(
        i === 0
          ? { id: child, key, leaves }
          : { id: child, key: [key, keyMove(line, child)].filter(Boolean).join(' '), leaves: child },
      ),
    )
  }
  return found
    .sort((a, b) => a.leaves - b.leaves)
    .filter(({ key }) => {
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
    .map(({ key, path }) => ({ key, path }))
}

function pathTo(line: ParsedLine, id: number): number[] {
  const path: number[] = []
  for (let at = id; at > 0; at = line.nodes[at].parent) path.push(at)
  return path.reverse()
}

/** The variation of the line with this key; undefined when the line has none (a sideline removed since). */
export const findVariation = (line: ParsedLine, key: string): Variation | undefined =>
  variations(line).find((v) => v.key === key)

/** What a variation is called on screen: 'Main line', or 'Variation 3... Nf6' ('3... Nf6, 5. Nc3' for deeper). */
export const variationName = (key: string) =>
  key === MAIN_LINE
    ? 'Main line'
    : `Variation ${key
        .split(' ')
        .map((move) => move.replace(/^(\d+)(\.+)/, '$1$2 '))
        .join(', ')}`

/** A student's move not played right at the first try: the position before it and the move. */
export interface MissedMove {
  fen: Fen
  san: San
  moveNumber: number
  color: Color
}

/**
 * A practice of a variation as the server records it: the student's moves in it, and the moves named by `plies`
 * (indexes into the variation's path) that the student missed. A sentence saying what is wrong when the variation
 * is not the line's or a ply is not one of the student's moves in it.
 */
export function variationPractice(
  line: ParsedLine,
  side: LineSide,
  key: string,
  plies: readonly number[],
): { moves: number; missed: MissedMove[] } | string {
  const variation = findVariation(line, key)
  if (!variation) return `This line has no variation '${key}'`
  const color = colorOf(side)
  const moves = variation.path.filter((id) => line.nodes[id].color === color).length
  const missed: MissedMove[] = []
  const named = new Set<number>()
  for (const ply of plies) {
    const id = variation.path[ply]
    if (id === undefined || line.nodes[id].color !== color || named.has(ply))
      return `missed names ply ${ply}, which is not a move the student plays in this variation (once)`
    named.add(ply)
    const node = line.nodes[id]
    missed.push({ fen: line.nodes[node.parent].fen, san: node.san, moveNumber: node.moveNumber, color })
  }
  return { moves, missed }
}
