// The line editor's edits of a line's tree (pgn.ts), as pure functions: each returns a new line and leaves the one
// it was given as it was, so the editor's undo and redo are a stack of lines.
import type { LineNode, ParsedLine } from './pgn'
import { withAsk, withStamp, withText } from './videoStamps'

/** A line after an edit, and the move the editor selects next. */
export interface Edited {
  line: ParsedLine
  id: number
}

/** The line with node `id` replaced by `change(node)`. */
function withNode(line: ParsedLine, id: number, change: (node: LineNode) => LineNode): ParsedLine {
  const nodes = [...line.nodes]
  nodes[id] = change(nodes[id])
  return { ...line, nodes }
}

/** The line with a node's comment set (`undefined` removes it). */
function withComment(line: ParsedLine, id: number, comment: string | undefined): ParsedLine {
  return withNode(line, id, (node) => {
    const { comment: _old, ...rest } = node
    return comment ? { ...rest, comment } : rest
  })
}

/**
 * The move `san` played after node `at`: a move already there is selected, a new one added as the last of its
 * siblings (a variation when the position had a move). The analysis board's own move, one tree for both.
 */
export { playInTree as addMove } from './moveTree'

/** The line without move `id` and the moves after it (its variations too); the move before it is selected. */
export function deleteFrom(line: ParsedLine, id: number): Edited {
  if (id <= 0 || !line.nodes[id]) return { line, id: 0 }
  const gone = new Set<number>()
  const stack = [id]
  while (stack.length) {
    const at = stack.pop()!
    gone.add(at)
    stack.push(...line.nodes[at].children)
  }
  // The ids left are renumbered in order, so the tree stays a dense array as the reader makes it.
  const newId = new Map<number, number>()
  line.nodes.forEach((_node, old) => {
    if (!gone.has(old)) newId.set(old, newId.size)
  })
  const nodes = line.nodes
    .filter((_node, old) => !gone.has(old))
    .map((node) => ({
      ...node,
      parent: node.parent < 0 ? -1 : newId.get(node.parent)!,
      children: node.children.filter((child) => !gone.has(child)).map((child) => newId.get(child)!),
    }))
  return { line: { ...line, nodes }, id: newId.get(line.nodes[id].parent)! }
}

/**
 * The variation holding move `id` made the main continuation where it branches off (the innermost variation: a
 * move of the main line promotes nothing and the line comes back unchanged).
 */
export function promoteVariation(line: ParsedLine, id: number): ParsedLine {
  for (let at = id; at > 0; at = line.nodes[at].parent) {
    const parent = line.nodes[line.nodes[at].parent]
    if (parent.children[0] !== at)
      return withNode(line, line.nodes[at].parent, (node) => ({
        ...node,
        children: [at, ...node.children.filter((child) => child !== at)],
      }))
  }
  return line
}

/** The move's comment text set to `text`; its stamp, question and other commands kept. */
export const setComment = (line: ParsedLine, id: number, text: string): ParsedLine =>
  withComment(line, id, withText(line.nodes[id].comment, text.replace(/[{}]/g, '')))

/** The move stamped with the video's second (null clears the stamp). */
export const setStamp = (line: ParsedLine, id: number, seconds: number | null): ParsedLine =>
  withComment(line, id, withStamp(line.nodes[id].comment, seconds))

/** The move made a question the video pauses on (`[%vt-ask]`), or no longer one. */
export const setAsk = (line: ParsedLine, id: number, ask: boolean): ParsedLine =>
  withComment(line, id, withAsk(line.nodes[id].comment, ask))
