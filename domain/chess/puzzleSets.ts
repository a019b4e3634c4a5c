// A module's puzzle set: positions the student solves in order, each with its solution from the solver's first move
// (the position's side to move is the solver). The rules a set must keep, checked alike by the studio before it sends a
// set and by the server before it stores one, and 'Import PGN': games with a [FEN] tag whose main lines are solutions.
import { Chess } from 'chess.js'
import { fenProblem } from './moveTree'
import { illegalMoveOf, mainLine, parsePgn, PGN_MAX_BYTES, PgnError, readTags, type IllegalMove } from './pgn'
import type { Color, Fen, Uci } from './vocabulary'

/** The most puzzles a set holds. */
export const MAX_SET_PUZZLES = 100
/** The most moves of one puzzle's solution: 15 of the solver's and the opponent's 14 replies. */
export const MAX_PUZZLE_MOVES = 29
/** The largest PGN text 'Import PGN' reads, in UTF-8 bytes (64 KB, as a line). */
export const PUZZLE_PGN_MAX_BYTES = PGN_MAX_BYTES

/** One puzzle of a set: the position the solver moves from, then the solution in UCI, the solver's move first. */
export interface SetPuzzle {
  fen: Fen
  moves: Uci[]
}

const UCI = /^[a-h][1-8][a-h][1-8][qrbn]?$/

/** Plays a move given in UCI exactly as written; false when it is not legal there (a promotion needs its piece). */
function playUci(chess: Chess, uci: Uci): boolean {
  if (!UCI.test(uci)) return false
  try {
    const move = chess.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] })
    return move.from + move.to + (move.promotion ?? '') === uci
  } catch {
    return false
  }
}

/** The FEN as chess.js writes it, or null when it is not a legal position. */
function legalFen(fen: string): Fen | null {
  if (fenProblem(fen) !== null) return null
  return new Chess(fen.trim().replace(/\s+/g, ' ')).fen()
}

/** Why one puzzle breaks the rules ('move 2 (e7e5) is illegal'), or the puzzle with its FEN as chess.js writes it. */
function readPuzzle(puzzle: SetPuzzle): { puzzle: SetPuzzle } | { problem: string } {
  const fen = legalFen(puzzle.fen)
  if (fen === null) return { problem: 'the FEN is not a legal position' }
  if (puzzle.moves.length === 0) return { problem: 'no moves' }
  if (puzzle.moves.length > MAX_PUZZLE_MOVES) return { problem: `more than ${MAX_PUZZLE_MOVES} moves` }
  if (puzzle.moves.length % 2 === 0)
    return { problem: "the last move is the opponent's (a solution ends with the solver's move)" }
  const chess = new Chess(fen)
  for (const [i, uci] of puzzle.moves.entries())
    if (!playUci(chess, uci)) return { problem: `move ${i + 1} (${uci.slice(0, 8)}) is illegal` }
  return { puzzle: { fen, moves: [...puzzle.moves] } }
}

/**
 * Checks a set: 1 to MAX_SET_PUZZLES puzzles, each a legal position, at least one move and at most MAX_PUZZLE_MOVES,
 * every move legal in turn, the last the solver's. Returns the set with each FEN as chess.js writes it, or the first
 * problem named by its puzzle ('Puzzle 3: move 2 (e7e5) is illegal').
 */
export function readPuzzleSet(
  puzzles: readonly SetPuzzle[],
): { puzzles: SetPuzzle[]; problem?: undefined } | { problem: string } {
  if (puzzles.length === 0) return { problem: 'A puzzle set needs at least one puzzle' }
  if (puzzles.length > MAX_SET_PUZZLES) return { problem: `More than ${MAX_SET_PUZZLES} puzzles` }
  const read: SetPuzzle[] = []
  for (const [i, puzzle] of puzzles.entries()) {
    const one = readPuzzle(puzzle)
    if ('problem' in one) return { problem: `Puzzle ${i + 1}: ${one.problem}` }
    read.push(one.puzzle)
  }
  return { puzzles: read }
}

/** The side that solves a puzzle: the side to move in its position. */
export function solverColor(puzzle: SetPuzzle): Color {
  return new Chess(puzzle.fen).turn()
}

const RESULT = /^(1-0|0-1|1\/2-1\/2|\*)$/
const SPACE = /\s/
const TOKEN_END = /[\s{}[\];()]/

/**
 * The games of a PGN text, each as its own text: a game ends at its result, where the tag pairs of the next begin
 * after its moves, or at a tag it already has (a game of tags alone). Comments are skipped whole (a '[' or a result
 * inside one splits nothing). One pass over the text.
 */
export function splitGames(text: string): string[] {
  const games: string[] = []
  const n = text.length
  let start = 0
  let moves = false
  let tagNames = new Set<string>()
  const cut = (at: number) => {
    const game = text.slice(start, at).trim()
    if (game) games.push(game)
    start = at
    moves = false
    tagNames = new Set()
  }
  const after = (char: string, from: number) => {
    const at = text.indexOf(char, from)
    return at < 0 ? n : at + 1
  }
  let i = 0
  while (i < n) {
    const c = text[i]
    if (SPACE.test(c)) i++
    else if (c === '{') i = after('}', i + 1)
    else if (c === ';') i = after('\n', i + 1)
    else if (c === '[') {
      const name = tagName(text, i + 1)
      if (moves || tagNames.has(name)) cut(i)
      tagNames.add(name)
      i = endOfTag(text, i + 1)
    } else if (c === '(' || c === ')') {
      moves = true
      i++
    } else {
      let j = i
      while (j < n && !TOKEN_END.test(text[j])) j++
      const token = text.slice(i, Math.max(j, i + 1))
      i = Math.max(j, i + 1)
      if (RESULT.test(token)) cut(i)
      else moves = true
    }
  }
  cut(n)
  return games
}

/** The name of the tag pair whose '[' is just before `from` ('' when none is written). */
function tagName(text: string, from: number): string {
  let i = from
  while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i++
  const begin = i
  while (i < text.length && i - begin < 64 && /\w/.test(text[i])) i++
  return text.slice(begin, i)
}

/** Where a tag pair ends: after its ']', its quoted value read whole (a ']' inside it ends nothing), or at the line's end. */
function endOfTag(text: string, from: number): number {
  let quoted = false
  for (let i = from; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '\\') i++
      else if (c === '"') quoted = false
    } else if (c === '"') quoted = true
    else if (c === ']') return i + 1
    else if (c === '\n') return i
  }
  return text.length
}

/** What 'Import PGN' made of a text: the puzzles of the games it took, and a sentence for each game it refused. */
export interface PuzzleImport {
  puzzles: SetPuzzle[]
  errors: string[]
  /** The text of each game refused, to be corrected and imported again. */
  refused: string[]
}

/** A move as the import's refusal names it: '3.Nf6' for White, '3...Nf6' for Black. */
const moveName = ({ moveNumber, color, written }: IllegalMove) =>
  `${moveNumber}${color === 'w' ? '.' : '...'}${written}`

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1)

/**
 * One game as a puzzle: its [FEN] tag (with or without [SetUp "1"]) is the position, its main line the solution
 * (comments, NAGs and variations dropped; a last move of the opponent's left out). Or why it cannot be one.
 */
function gamePuzzle(game: string): { puzzle: SetPuzzle } | { problem: string } {
  let tags: Record<string, string>
  try {
    tags = readTags(game).tags
  } catch (error) {
    if (error instanceof PgnError) return { problem: lowerFirst(error.message) }
    throw error
  }
  if (tags.FEN === undefined) return { problem: 'no [FEN] tag' }
  if (fenProblem(tags.FEN) !== null) return { problem: 'the [FEN] tag is not a legal position' }
  let line
  try {
    line = parsePgn(game)
  } catch (error) {
    if (!(error instanceof PgnError)) throw error
    const illegal = illegalMoveOf(error)
    return { problem: illegal ? `move ${moveName(illegal)} is illegal` : lowerFirst(error.message) }
  }
  const chess = new Chess(line.nodes[0].fen)
  const moves = mainLine(line).map((id) => {
    const move = chess.move(line.nodes[id].san)
    return move.from + move.to + (move.promotion ?? '')
  })
  if (moves.length % 2 === 0) moves.pop()
  if (moves.length === 0) return { problem: 'no moves' }
  if (moves.length > MAX_PUZZLE_MOVES) return { problem: `more than ${MAX_PUZZLE_MOVES} moves` }
  return { puzzle: { fen: line.nodes[0].fen, moves } }
}

/**
 * 'Import PGN': each game of the text with a [FEN] tag and at least one move becomes a puzzle; every other game is
 * named with its reason ('Game 2: no [FEN] tag'). The good games are taken even when others are refused, as many as
 * `room` (what the set has room for) allows: past it, 'More than 100 puzzles'. A text over 64 KB is refused whole.
 */
export function importPuzzlePgn(text: string, room: number = MAX_SET_PUZZLES): PuzzleImport {
  if (new TextEncoder().encode(text).length > PUZZLE_PGN_MAX_BYTES)
    return { puzzles: [], errors: [`The PGN is larger than ${PUZZLE_PGN_MAX_BYTES / 1024} KB`], refused: [] }
  const games = splitGames(text)
  if (games.length === 0) return { puzzles: [], errors: ['No game found in the PGN'], refused: [] }
  const puzzles: SetPuzzle[] = []
  const errors: string[] = []
  const refused: string[] = []
  let leftOut = 0
  for (const [i, game] of games.entries()) {
    const read = gamePuzzle(game)
    if ('problem' in read) {
      errors.push(`Game ${i + 1}: ${read.problem}`)
      refused.push(game)
    } else if (puzzles.length < room) puzzles.push(read.puzzle)
    else leftOut++
  }
  if (leftOut)
    errors.push(
      `More than ${MAX_SET_PUZZLES} puzzles: ${leftOut} ${leftOut === 1 ? 'game was' : 'games were'} left out`,
    )
  return { puzzles, errors, refused }
}
