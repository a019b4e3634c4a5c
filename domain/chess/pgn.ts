// A module's line: PGN read into a tree of moves (comments and variations kept), each move checked by chess.js.
// The server reads a line with it before storing one (a refusal names the move: 'Illegal move 12... Nf6'), and
// the SPA's viewer and practice read the stored text with the same code, so both sides see the same moves.
// Iterative, with bounds (size, variation depth, moves counted before any is played), so hostile input is refused
// instead of exhausting the stack or the time.
import { Chess, DEFAULT_POSITION, type Move } from 'chess.js'
import { colorOf, type Color, type Fen, type San, type Side } from './vocabulary'

/** The largest PGN a module may carry, in UTF-8 bytes (64 KB). */
export const PGN_MAX_BYTES = 64 * 1024
/** How deep variations may nest inside one another. */
export const MAX_VARIATION_DEPTH = 32
/**
 * The most moves (main line and variations together) a line may hold. chess.js checks a move in 0.03 to 1 ms (the
 * more pieces of a kind, the longer: a queen's move is told apart from every other queen's), so a reader refuses
 * more before it plays any (moveCountOver).
 */
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

/** A move the position does not allow, as it was written, with its number and side. */
export interface IllegalMove {
  moveNumber: number
  color: Color
  written: string
}

const ILLEGAL_MOVE = /^Illegal move (\d{1,15})(\.{1,3}) (\S{1,32})$/

/** The move a refusal names when the refusal is of an illegal move ('Illegal move 12... Nf6'); null otherwise. */
export function illegalMoveOf(error: PgnError): IllegalMove | null {
  const m = ILLEGAL_MOVE.exec(error.message)
  return m ? { moveNumber: Number(m[1]), color: m[2] === '.' ? 'w' : 'b', written: m[3] } : null
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

/** What a reader may take: the most moves (main line and variations together); MAX_LINE_MOVES unless less. */
export interface PgnLimits {
  maxMoves?: number
}

/** Reads a PGN (one game); throws PgnError with a sentence naming what is wrong. */
export function parsePgn(pgn: string, limits: PgnLimits = {}): ParsedLine {
  return readLine(pgn, limits).line
}

/**
 * Reads a PGN as parsePgn does, and hands over chess.js's board at the end of the main line as well, its history
 * kept (what a threefold repetition is judged by): the game's result is read from it without playing the moves
 * again.
 */
export function readLine(pgn: string, limits: PgnLimits = {}): { line: ParsedLine; mainLineEnd: Chess } {
  const maxMoves = Math.min(limits.maxMoves ?? MAX_LINE_MOVES, MAX_LINE_MOVES)
  if (new TextEncoder().encode(pgn).length > PGN_MAX_BYTES)
    throw new PgnError(`The PGN is larger than ${PGN_MAX_BYTES / 1024} KB`)
  if (CONTROL.test(pgn)) throw new PgnError('The PGN contains a control character (such as NUL)')
  const { tags, end } = readTags(pgn)
  // counted before any is played: a text over the bound costs no move of chess.js
  if (countMoves(pgn, end, maxMoves) > maxMoves) throw tooManyMoves(maxMoves)
  const root = startPosition(tags)
  const tree = lineTree(root, maxMoves)
  readMoveText(pgn, end, tree)
  if (tree.inVariation()) throw new PgnError('The PGN has a variation that is never closed')
  return { line: { nodes: tree.nodes, tags }, mainLineEnd: root }
}

const tooManyMoves = (maxMoves: number) =>
  new PgnError(`The PGN holds more than ${maxMoves} moves (main line and variations together)`)

/**
 * Refuses (PgnError) a move text of more than `maxMoves` moves, counted by the reader's own tokens without playing
 * any: a fraction of a millisecond for 64 KB, so a PGN over the bound costs no move of chess.js. Text the reader
 * would refuse for another reason passes here (counted as far as it reads) and is refused by the reader.
 */
export function checkMoveCount(pgn: string, maxMoves: number): void {
  let end: number
  try {
    end = readTags(pgn).end
  } catch (error) {
    if (error instanceof PgnError) return
    throw error
  }
  if (countMoves(pgn, end, maxMoves) > maxMoves) throw tooManyMoves(maxMoves)
}

/** Ends a count: past the bound, or at a token the reader refuses. */
class CountEnded extends Error {}

/**
 * The moves from `start` on, counted up to the first past `maxMoves`; a malformed text is counted up to its fault
 * (a token too long, or whatever else the reader refuses), which the reader then names.
 */
function countMoves(pgn: string, start: number, maxMoves: number): number {
  let count = 0
  const counter: MoveTextHandler = {
    where: () => '',
    inVariation: () => false,
    addComment: () => {},
    annotate: () => {},
    openVariation: () => {},
    closeVariation: () => {},
    token(token) {
      if (token.length > MAX_TOKEN_LENGTH) throw new CountEnded()
      if (!RESULT.test(token) && !MOVE_NUMBER.test(token)) count++
      if (count > maxMoves) throw new CountEnded()
      return false
    },
  }
  try {
    readMoveText(pgn, start, counter)
  } catch (error) {
    if (!(error instanceof PgnError || error instanceof CountEnded)) throw error
  }
  return count
}

/** What the move text is handed to, token by token: the tree of moves, or the counter of moves. */
interface MoveTextHandler {
  where(): string
  inVariation(): boolean
  addComment(text: string): void
  annotate(glyph: Glyph | undefined): void
  openVariation(): void
  closeVariation(): void
  /** A result, a move number or a move; returns true when the text has ended (after a result). */
  token(token: string, first: string): boolean
}

/** The move text from `start`: comments, escapes, variations, NAGs and tokens, each handed to `to`. */
function readMoveText(pgn: string, start: number, to: MoveTextHandler) {
  const n = pgn.length
  let i = start
  let ended = false
  while (true) {
    while (i < n && /\s/.test(pgn[i])) i++
    if (i >= n) break
    const c = pgn[i]
    if (ended) throw new PgnError('The PGN continues after the result: a line holds one game')
    if (c === '{') {
      const close = pgn.indexOf('}', i + 1)
      if (close < 0) throw new PgnError(`The PGN has a comment that is never closed (${to.where()})`)
      to.addComment(pgn.slice(i + 1, close))
      i = close + 1
    } else if (c === ';') {
      const lineEnd = pgn.indexOf('\n', i)
      to.addComment(pgn.slice(i + 1, lineEnd < 0 ? n : lineEnd))
      i = lineEnd < 0 ? n : lineEnd + 1
    } else if (c === '%' && (i === 0 || pgn[i - 1] === '\n')) {
      const lineEnd = pgn.indexOf('\n', i)
      i = lineEnd < 0 ? n : lineEnd + 1
    } else if (c === '(') {
      to.openVariation()
      i++
    } else if (c === ')') {
      to.closeVariation()
      i++
    } else if (c === '$') {
      const m = /^\$\d{1,3}/.exec(pgn.slice(i, i + 4))
      if (!m) throw new PgnError(`The PGN has an annotation that could not be read (${to.where()})`)
      i += m[0].length
      // A NAG follows its move: one written before any move of its variation annotates nothing here.
      to.annotate(NAG_GLYPHS[m[0]])
    } else {
      let j = i
      while (j < n && j - i <= MAX_TOKEN_LENGTH && !/[\s{}();$[\]]/.test(pgn[j])) j++
      ended = to.token(pgn.slice(i, j), c)
      i = j
    }
  }
}

/** Tag pairs: [Name "value"] before the moves; `end` is where the move text starts. */
export function readTags(pgn: string): { tags: Record<string, string>; end: number } {
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
function readToken(tree: TokenTarget, token: string, first: string): boolean {
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

/** What a token is played on: the tree of moves being read. */
interface TokenTarget {
  where(): string
  inVariation(): boolean
  annotate(glyph: Glyph | undefined): void
  play(written: string): void
}

/** The tree of moves being read, from `root`: the main line and its variations, each a context on a stack. */
function lineTree(root: Chess, maxMoves: number) {
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
  const tree = {
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
      if (nodes.length > maxMoves) throw tooManyMoves(maxMoves)
      if (written.length > 12 || !SAN_TOKEN.test(written))
        throw new PgnError(`The PGN could not be read at '${written.slice(0, 20)}' (${where()})`)
      let move: Move
      try {
        move = ctx.chess.move(written, { strict: false })
      } catch {
        throw new PgnError(`Illegal move ${numbered(moveNumber, color, written)}`)
      }
      const id = nodes.length
      // the move already carries the position after it: asking the board for its FEN again would cost as much
      nodes.push({ parent: ctx.at, children: [], san: move.san, fen: move.after, color, moveNumber })
      from.children.push(id)
      ctx.before = ctx.at
      ctx.at = id
      if (ctx.pending) {
        nodes[id].comment = ctx.pending
        ctx.pending = undefined
      }
    },
  }
  return { ...tree, token: (token: string, first: string) => readToken(tree, token, first) }
}

/** The moves of the line's main line that `side` plays: what a practice of the line asks for. */
export function studentMoves(line: ParsedLine, side: LineSide): number {
  const color = colorOf(side)
  return mainLine(line).filter((id) => line.nodes[id].color === color).length
}
