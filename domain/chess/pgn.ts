// A module's line: PGN read into a tree of moves (comments and variations kept), each move checked by chess.js.
// The server reads a line with it before storing one (a refusal names the move: 'Illegal move 12... Nf6'), and
// the SPA's viewer and practice read the stored text with the same code, so both sides see the same moves.
// Iterative, with bounds (size, variation depth), so hostile input is refused instead of exhausting the stack.
import { Chess, DEFAULT_POSITION } from 'chess.js'
import { colorOf, type Color, type Fen, type San, type Side } from './vocabulary'

/** The largest PGN a module may carry, in UTF-8 bytes (64 KB). */
export const PGN_MAX_BYTES = 64 * 1024
/** How deep variations may nest inside one another. */
export const MAX_VARIATION_DEPTH = 32
/** The most moves (main line and variations together) a line may hold: chess.js checks about 10 per ms. */
export const MAX_LINE_MOVES = 1500

/** The side a line is practised from (the contract's `side` of a module's line). */
export type LineSide = Side

/** One position of the line: the root (the start, no move) or the position after a move. */
export interface LineNode {
  /** The node this move was played from; -1 for the root. */
  parent: number
  /** Moves played from here: the first is the main continuation, the others variations. */
  children: number[]
  /** The move as chess.js writes it (canonical SAN); '' for the root. */
  san: San
  /** The position after the move (the start position for the root). */
  fen: Fen
  /** The side that played the move (for the root: the side to move at the start). */
  color: Color
  /** The full-move number of the move ('12' in '12... Nf6'). */
  moveNumber: number
  /** The instructor's comment on the move (or, for the root, on the start position). */
  comment?: string
  /** The move's annotation as written ('!', '?', '!!', '??', '!?', '?!', or NAG $1 to $6); chess.js drops it. */
  glyph?: Glyph
}

export type Glyph = '!' | '?' | '!!' | '??' | '!?' | '?!'
const GLYPHS: readonly string[] = ['!', '?', '!!', '??', '!?', '?!']
/** NAGs $1 to $6 in the order of the PGN standard. */
const NAG_GLYPHS: Record<string, Glyph> = { $1: '!', $2: '?', $3: '!!', $4: '??', $5: '!?', $6: '?!' }
const isGlyph = (text: string): text is Glyph => GLYPHS.includes(text)

export interface ParsedLine {
  /** nodes[0] is the root. */
  nodes: LineNode[]
  /** The tag pairs as written ([Event "..."], [FEN "..."]). */
  tags: Record<string, string>
}

/** Why a PGN was refused, in a sentence for the person who wrote it. */
export class PgnError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PgnError'
  }
}

/** A move as a move list writes it: '12. Nf3' for White, '12... Nf6' for Black. */
export const numbered = (moveNumber: number, color: Color, san: San) =>
  `${moveNumber}${color === 'w' ? '.' : '...'} ${san}`

/** The main line: the root's first child, its first child, and so on (node ids, the root left out). */
export function mainLine(line: ParsedLine): number[] {
  const ids: number[] = []
  let at = line.nodes[0].children[0]
  while (at !== undefined) {
    ids.push(at)
    at = line.nodes[at].children[0]
  }
  return ids
}

// Control characters other than tab and line breaks (NUL included) have no place in a PGN.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/
const RESULT = /^(1-0|0-1|1\/2-1\/2|\*)$/
const MOVE_NUMBER = /^\d+\.*$/
const SAN_TOKEN = /^[A-Za-z0-9][A-Za-z0-9+#=:-]*$/
// A move with its number glued to it ('12.Nf3', '12...Nf6'): the move starts at the first character after the dots.
const GLUED = /^(\d+\.+)([^.].*)$/
// A move and its annotation ('!', '?', '!!', '!?', '?!', '??'), kept out of the SAN given to chess.js. Anchored at
// the start, with the two parts disjoint, so a long run of '!' is read once: the unanchored /[!?]+$/ rescanned
// the run from every position of it (60,000 '!' and one other character took 7.6 s).
const ANNOTATED = /^([^!?]*)([!?]*)$/
/**
 * The longest token (a move with its number glued to it and its annotation, a result) read further: a move has at
 * most 12 characters (play() refuses longer ones), dots and an annotation a few more, which leaves a move number
 * up to 15 digits. A longer token is refused before any pattern reads it.
 */
const MAX_TOKEN_LENGTH = 32

interface Context {
  chess: Chess
  /** The node the next move is played from. */
  at: number
  /** The node the last move was played from (a variation starts there); -1 before the first move. */
  before: number
  /** A comment written before this context's first move: it goes with that move. */
  pending?: string
}

/** Reads a PGN (one game); throws PgnError with a sentence naming what is wrong. */
export function parsePgn(pgn: string): ParsedLine {
  if (new TextEncoder().encode(pgn).length > PGN_MAX_BYTES)
    throw new PgnError(`The PGN is larger than ${PGN_MAX_BYTES / 1024} KB`)
  if (CONTROL.test(pgn)) throw new PgnError('The PGN contains a control character (such as NUL)')
  const n = pgn.length
  const { tags, end } = readTags(pgn)
  const tree = lineTree(startPosition(tags))
  let i = end
  let ended = false
  while (true) {
    while (i < n && /\s/.test(pgn[i])) i++
    if (i >= n) break
    const c = pgn[i]
    if (ended) throw new PgnError('The PGN continues after the result: a line holds one game')
    if (c === '{') {
      const close = pgn.indexOf('}', i + 1)
      if (close < 0) throw new PgnError(`The PGN has a comment that is never closed (${tree.where()})`)
      tree.addComment(pgn.slice(i + 1, close))
      i = close + 1
    } else if (c === ';') {
      const lineEnd = pgn.indexOf('\n', i)
      tree.addComment(pgn.slice(i + 1, lineEnd < 0 ? n : lineEnd))
      i = lineEnd < 0 ? n : lineEnd + 1
    } else if (c === '%' && (i === 0 || pgn[i - 1] === '\n')) {
      const lineEnd = pgn.indexOf('\n', i)
      i = lineEnd < 0 ? n : lineEnd + 1
    } else if (c === '(') {
      tree.openVariation()
      i++
    } else if (c === ')') {
      tree.closeVariation()
      i++
    } else if (c === '$') {
      const m = /^\$\d{1,3}/.exec(pgn.slice(i, i + 4))
      if (!m) throw new PgnError(`The PGN has an annotation that could not be read (${tree.where()})`)
      i += m[0].length
      // A NAG follows its move: one written before any move of its variation annotates nothing here.
      tree.annotate(NAG_GLYPHS[m[0]])
    } else {
      let j = i
      while (j < n && j - i <= MAX_TOKEN_LENGTH && !/[\s{}();$[\]]/.test(pgn[j])) j++
      ended = readToken(tree, pgn.slice(i, j), c)
      i = j
    }
  }
  if (tree.inVariation()) throw new PgnError('The PGN has a variation that is never closed')
  return { nodes: tree.nodes, tags }
}

/** Tag pairs: [Name "value"] before the moves; `end` is where the move text starts. */
function readTags(pgn: string): { tags: Record<string, string>; end: number } {
  const tags: Record<string, string> = {}
  let i = 0
  const skipSpace = () => {
    while (i < pgn.length && /\s/.test(pgn[i])) i++
  }
  for (skipSpace(); pgn[i] === '['; skipSpace()) {
    const m = /^\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]/.exec(pgn.slice(i, i + 4096))
    if (!m) throw new PgnError('The PGN has a tag pair that could not be read (write it as [Name "value"])')
    tags[m[1]] = m[2].replace(/\\(.)/g, '$1')
    i += m[0].length
  }
  return { tags, end: i }
}

/** The position the game starts from: the FEN tag, or the usual one unless [SetUp "1"] asks for a FEN. */
function startPosition(tags: Record<string, string>): Chess {
  const startFen = tags.FEN ?? (tags.SetUp === '1' ? undefined : DEFAULT_POSITION)
  if (startFen === undefined) throw new PgnError('The PGN has [SetUp "1"] but no FEN tag')
  try {
    return new Chess(startFen)
  } catch {
    throw new PgnError('The FEN tag is not a legal position')
  }
}

/**
 * A token of the move text: a result (returns true: the game has ended), a move number, or a move with its
 * annotation, played on the tree. `first` is the character the token starts at.
 */
function readToken(tree: LineTree, token: string, first: string): boolean {
  if (!token) throw new PgnError(`The PGN could not be read at '${first}' (${tree.where()})`)
  if (token.length > MAX_TOKEN_LENGTH)
    throw new PgnError(`The PGN could not be read at '${token.slice(0, 20)}' (${tree.where()})`)
  if (RESULT.test(token)) {
    if (tree.inVariation()) throw new PgnError('The PGN ends inside a variation')
    return true
  }
  // '12.' or '12...' (possibly glued to the move: '12.Nf3')
  if (MOVE_NUMBER.test(token)) return false
  const move = GLUED.exec(token)?.[2] ?? token
  // a '!' or '?' inside the move is left in it, for play() to refuse
  const annotated = ANNOTATED.exec(move)
  tree.play(annotated?.[1] ?? move)
  const glyph = annotated?.[2]
  if (glyph && isGlyph(glyph)) tree.annotate(glyph)
  return false
}

type LineTree = ReturnType<typeof lineTree>

/** The tree of moves being read, from `root`: the main line and its variations, each a context on a stack. */
function lineTree(root: Chess) {
  const nodes: LineNode[] = [
    { parent: -1, children: [], san: '', fen: root.fen(), color: root.turn(), moveNumber: root.moveNumber() },
  ]
  const stack: Context[] = [{ chess: root, at: 0, before: -1 }]
  const top = () => stack[stack.length - 1]
  /** Where the reader is, for a sentence: 'after 12... Nf6' or 'before the first move'. */
  const where = () => {
    const node = nodes[top().at]
    return top().at === 0
      ? 'before the first move'
      : `after ${numbered(node.moveNumber, node.color, node.san)}`
  }
  return {
    nodes,
    where,
    inVariation: () => stack.length > 1,
    addComment(text: string) {
      const ctx = top()
      const comment = text.replace(/\s+/g, ' ').trim()
      if (!comment) return
      if (ctx.before === -1 && stack.length > 1)
        ctx.pending = ctx.pending ? `${ctx.pending} ${comment}` : comment
      else {
        const node = nodes[ctx.at]
        node.comment = node.comment ? `${node.comment} ${comment}` : comment
      }
    },
    /** Gives the last move played its glyph; none before the first move of a variation. */
    annotate(glyph: Glyph | undefined) {
      if (glyph && top().before !== -1) nodes[top().at].glyph = glyph
    },
    openVariation() {
      const ctx = top()
      if (ctx.before === -1) throw new PgnError(`The PGN has a variation that follows no move (${where()})`)
      if (stack.length > MAX_VARIATION_DEPTH)
        throw new PgnError(`The PGN nests variations deeper than ${MAX_VARIATION_DEPTH} levels`)
      stack.push({ chess: new Chess(nodes[ctx.before].fen), at: ctx.before, before: -1 })
    },
    closeVariation() {
      if (stack.length === 1)
        throw new PgnError(`The PGN closes a variation that was never opened (${where()})`)
      stack.pop()
    },
    play(written: string) {
      const ctx = top()
      const from = nodes[ctx.at]
      const color = ctx.chess.turn()
      const moveNumber = ctx.chess.moveNumber()
      if (nodes.length > MAX_LINE_MOVES) throw new PgnError(`The PGN holds more than ${MAX_LINE_MOVES} moves`)
      if (written.length > 12 || !SAN_TOKEN.test(written))
        throw new PgnError(`The PGN could not be read at '${written.slice(0, 20)}' (${where()})`)
      let san: string
      try {
        san = ctx.chess.move(written, { strict: false }).san
      } catch {
        throw new PgnError(`Illegal move ${numbered(moveNumber, color, written)}`)
      }
      const id = nodes.length
      nodes.push({ parent: ctx.at, children: [], san, fen: ctx.chess.fen(), color, moveNumber })
      from.children.push(id)
      ctx.before = ctx.at
      ctx.at = id
      if (ctx.pending) {
        nodes[id].comment = ctx.pending
        ctx.pending = undefined
      }
    },
  }
}

/** The moves of the line's main line that `side` plays: what a practice of the line asks for. */
export function studentMoves(line: ParsedLine, side: LineSide): number {
  const color = colorOf(side)
  return mainLine(line).filter((id) => line.nodes[id].color === color).length
}
