// Stepping through a line's tree of moves (node ids of domain/chess/pgn.ts): the viewer's buttons and keys.
import type { ParsedLine } from '@domain/chess/pgn'

export const START = 0

/** The next move: the current line's continuation (inside a variation, the variation's). */
export const nextNode = (line: ParsedLine, id: number) => line.nodes[id].children[0] ?? id

export const previousNode = (line: ParsedLine, id: number) => Math.max(line.nodes[id].parent, START)

/** The last move of the line being followed. */
export function endNode(line: ParsedLine, id: number): number {
  let at = id
  while (line.nodes[at].children.length) at = line.nodes[at].children[0]
  return at
}

/** Variations that may be entered here: the alternatives to the next move. */
export const variationsAt = (line: ParsedLine, id: number) => line.nodes[id].children.slice(1)

/** The move a variation starts with, for a node inside one; undefined on the main line. */
export function variationStart(line: ParsedLine, id: number): number | undefined {
  let start: number | undefined
  for (let at = id; at !== START; at = line.nodes[at].parent) {
    const parent = line.nodes[line.nodes[at].parent]
    if (parent.children[0] !== at) start = at
  }
  return start
}

/** Leaving a variation: back to the position it branched from, where the main line goes on. */
export function leaveVariation(line: ParsedLine, id: number): number {
  let at = id
  while (at !== START) {
    const parentId = line.nodes[at].parent
    if (line.nodes[parentId].children[0] !== at) return parentId
    at = parentId
  }
  return id
}
