// The writer of the line's PGN, the reader's counterpart (pgn.ts): tags as read (FEN and SetUp kept), move
// numbers, glyphs, comments in braces and variations in parentheses after the move they replace. What it writes
// reads back into the same tree, so the line editor's board and its 'Edit as PGN' text stay in step.
import { type LineNode, type ParsedLine } from './pgn'

/** Where the text wraps, as PGN export does (a longer comment stays whole). */
const LINE_WIDTH = 80
const RESULT = /^(1-0|0-1|1\/2-1\/2|\*)$/

const tagValue = (value: string) => value.replace(/[\\"]/g, (c) => `\\${c}`)
/** A brace would end the comment early: the reader has no escape for it. */
const commentText = (text: string) => text.replace(/[{}]/g, '').replace(/\s+/g, ' ').trim()

function moveToken(node: LineNode, numberShown: boolean): string {
  const number = node.color === 'w' ? `${node.moveNumber}. ` : numberShown ? `${node.moveNumber}... ` : ''
  return `${number}${node.san}${node.glyph ?? ''}`
}

/** The line as PGN text: '' for a line without moves, comments or tags. */
export function writePgn(line: ParsedLine): string {
  const { nodes, tags } = line
  const tokens: string[] = []
  let opening = false
  const push = (token: string) => {
    tokens.push(opening ? `(${token}` : token)
    opening = false
  }
  const comment = (node: LineNode) => {
    const text = node.comment ? commentText(node.comment) : ''
    if (text) push(`{${text}}`)
    return !!text
  }
  /** A sequence of moves from `first`, each followed by its comment and the variations that replace it. */
  const sequence = (first: number) => {
    let numberShown = true
    for (let at: number | undefined = first; at !== undefined; at = nodes[at].children[0]) {
      const node: LineNode = nodes[at]
      push(moveToken(node, numberShown))
      numberShown = comment(node)
      const siblings: number[] = nodes[node.parent].children
      if (siblings[0] === at && siblings.length > 1) {
        for (const alt of siblings.slice(1)) {
          opening = true
          sequence(alt)
          tokens[tokens.length - 1] += ')'
        }
        numberShown = true
      }
    }
  }
  comment(nodes[0])
  const first = nodes[0].children[0]
  if (first !== undefined) sequence(first)

  const tagLines = Object.entries(tags).map(([name, value]) => `[${name} "${tagValue(value)}"]`)
  if (!tokens.length && !tagLines.length) return ''
  tokens.push(tags.Result && RESULT.test(tags.Result) ? tags.Result : '*')
  const moves = wrap(tokens)
  return tagLines.length ? `${tagLines.join('\n')}\n\n${moves}` : moves
}

/** The tokens in lines of at most LINE_WIDTH characters (a longer token, such as a comment, stays whole). */
function wrap(tokens: string[]): string {
  const lines: string[] = []
  let line = ''
  for (const token of tokens) {
    if (line && line.length + 1 + token.length > LINE_WIDTH) {
      lines.push(line)
      line = token
    } else line = line ? `${line} ${token}` : token
  }
  if (line) lines.push(line)
  return lines.join('\n')
}
