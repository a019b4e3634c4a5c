// The tactics trainer's puzzles, as lichess's puzzle database shapes them: a position before the opponent's move
// (the mistake), then the opponent's move and the solution, whose solver's moves are each the engine's best and the
// only good one. The rules that accept or refuse a puzzle, its themes and its rating estimate are pure: the engine's
// answers come in through `analyse` (scripts/puzzles-mine.mjs gives Stockfish's; the tests give hand-made ones).
import { Chess, type Color, type PieceSymbol, type Square } from 'chess.js'
import { judgeMove, type Evaluation } from './gameReport'
import type { Fen, Uci } from './vocabulary'

/** A score from the side to move's view, as UCI prints it: centipawns or moves to mate (mate 0: it is mated). */
export type PuzzleScore = { cp: number } | { mate: number }

/** One of the engine's best lines: its score (the side to move's view) and its moves in UCI. */
export interface PuzzleLine {
  score: PuzzleScore
  pv: Uci[]
}

/**
 * The engine's answer for a position: its best lines, best first, and the depth from which the first line's first
 * move stayed the one it ended with (how hard the engine found it; absent when not known).
 */
export interface PuzzleAnswer {
  lines: PuzzleLine[]
  bestSince?: number
}

/** Asks the engine for a position's `multiPv` best lines. */
export type Analyse = (fen: Fen, multiPv: number) => Promise<PuzzleAnswer>

/** A puzzle as the starter set keeps it: `moves[0]` is the opponent's, then solver and opponent alternate. */
export interface Puzzle {
  id: string
  fen: Fen
  moves: Uci[]
  rating: number
  themes: PuzzleTheme[]
}

/** The themes the set tags, named as lichess names them. */
export const PUZZLE_THEMES = [
  'mateIn1',
  'mateIn2',
  'mateIn3',
  'advantage',
  'crushing',
  'opening',
  'middlegame',
  'endgame',
  'short',
  'long',
  'fork',
  'hangingPiece',
  'backRankMate',
] as const
export type PuzzleTheme = (typeof PUZZLE_THEMES)[number]

/** How much worse (centipawns) every other move must be for a solver's move to count as the only one. */
export const ONLY_MOVE_MARGIN = 150
/** The solver's least score (centipawns, own view) at the end of a line that does not mate: a decisive gain. */
export const DECISIVE_GAIN = 300
/** At most this many solver's moves. */
export const MAX_SOLVER_MOVES = 4
/** From the end's score: up to this is `advantage`, above it `crushing` (as is every mate). */
export const CRUSHING_CP = 600
/** The last move number of the opening; a position with at most ENDGAME_PIECES pieces is an endgame. */
export const OPENING_LAST_MOVE = 10
export const ENDGAME_PIECES = 6
/** The rating estimate's range. */
export const MIN_RATING = 800
export const MAX_RATING = 2400

const VALUES: Record<PieceSymbol, number> = { p: 1, n: 3, b: 3, r: 5, q: 9, k: 100 }

const isMate = (score: PuzzleScore): score is { mate: number } => 'mate' in score
/** A mate for the side to move. */
const mates = (score: PuzzleScore) => isMate(score) && score.mate > 0

/**
 * Whether the first line's move is the only good one: every other move is at least ONLY_MOVE_MARGIN worse, or the
 * first line mates and no other does. A single line (the only legal move) counts; a losing best line never does.
 */
export function isOnlyMove(lines: readonly PuzzleLine[]): boolean {
  const [best, second] = lines
  if (!best || best.pv.length === 0) return false
  if (isMate(best.score)) {
    if (best.score.mate <= 0) return false
    return !second || !mates(second.score)
  }
  if (!second) return true
  if (isMate(second.score)) return second.score.mate <= 0
  return best.score.cp - second.score.cp >= ONLY_MOVE_MARGIN
}

/** A side to move's score as the game report's evaluation (White's view). */
export function evaluationOf(score: PuzzleScore, turn: Color): Evaluation {
  const sign = turn === 'w' ? 1 : -1
  if (!isMate(score)) return { cp: sign * score.cp }
  if (score.mate === 0) return { won: turn === 'w' ? 'black' : 'white' }
  return { mate: sign * score.mate }
}

const uciMove = (uci: Uci) => ({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] })

/** Plays a move in UCI; false when it is not legal. */
function play(chess: Chess, uci: Uci): boolean {
  try {
    chess.move(uciMove(uci))
    return true
  } catch {
    return false
  }
}

/** The material of `color` minus its opponent's (pawns 1, knights and bishops 3, rooks 5, queens 9). */
export function materialBalance(fen: Fen, color: Color): number {
  let balance = 0
  for (const row of new Chess(fen).board())
    for (const square of row)
      if (square && square.type !== 'k') balance += (square.color === color ? 1 : -1) * VALUES[square.type]
  return balance
}

export type Refusal =
  'illegal' | 'not a blunder' | 'not the best' | 'not unique' | 'not decisive' | 'no solution' | 'too long'

export type Verdict =
  | { ok: true; moves: Uci[]; themes: PuzzleTheme[]; rating: number; mate: boolean }
  | { ok: false; reason: Refusal }

/**
 * Checks a candidate: the opponent's `blunder` from `fen` must lose at least a blunder's worth of winning chances (as
 * the game report judges it: 0.3), then the solver's line is followed with the engine's answers: each solver's move
 * the engine's best and the only good one (isOnlyMove), each reply the engine's best, at most MAX_SOLVER_MOVES solver's
 * moves, ending in mate or at least DECISIVE_GAIN for the solver. Without `expected` the line is the engine's, as long
 * as its moves stay the only ones (a line that stops being unique ends at the last solver's move that was; a mating
 * line must stay unique to the mate). With `expected` (the solution after the blunder), those moves are checked.
 */
export async function verifyPuzzle(
  fen: Fen,
  blunder: Uci,
  analyse: Analyse,
  expected?: readonly Uci[],
): Promise<Verdict> {
  const chess = new Chess(fen)
  const opponent = chess.turn()
  if (!play(chess, blunder) || chess.isGameOver()) return { ok: false, reason: 'illegal' }
  const start = chess.fen()
  const solver = chess.turn()
  const moves: Uci[] = []
  let firstAnswer: PuzzleAnswer | undefined
  let lastScore: PuzzleScore | undefined
  let mated = false
  for (let step = 0; step < MAX_SOLVER_MOVES; step += 1) {
    if (expected && moves.length >= expected.length) break
    const answer = await analyse(chess.fen(), 2)
    const [best] = answer.lines
    if (!best || best.pv.length === 0) return { ok: false, reason: 'no solution' }
    const move = best.pv[0]
    if (expected && expected[moves.length] !== move) return { ok: false, reason: 'not the best' }
    if (!isOnlyMove(answer.lines)) {
      // The line ends at the last solver's move that was the only one, unless a mate was under way.
      if (step === 0 || expected || (lastScore && mates(lastScore)))
        return { ok: false, reason: 'not unique' }
      moves.pop()
      break
    }
    if (step === 0) {
      firstAnswer = answer
      // The blunder: from the engine's score before it to the score after it, as the game report judges.
      const before = (await analyse(fen, 1)).lines[0]
      if (
        !before ||
        judgeMove(evaluationOf(before.score, opponent), evaluationOf(best.score, solver), opponent) !==
          'blunder'
      )
        return { ok: false, reason: 'not a blunder' }
    }
    play(chess, move)
    moves.push(move)
    lastScore = best.score
    if (chess.isCheckmate()) {
      mated = true
      break
    }
    if (chess.isGameOver() || step === MAX_SOLVER_MOVES - 1) break
    if (expected && moves.length >= expected.length) break
    const reply = (await analyse(chess.fen(), 1)).lines[0]?.pv[0]
    if (!reply) break
    if (expected && expected[moves.length] !== reply) return { ok: false, reason: 'not the best' }
    play(chess, reply)
    moves.push(reply)
  }
  if (expected && moves.length !== expected.length) return { ok: false, reason: 'too long' }
  if (!lastScore || moves.length === 0) return { ok: false, reason: 'no solution' }
  if (!mated && !(mates(lastScore) || (!isMate(lastScore) && lastScore.cp >= DECISIVE_GAIN)))
    return { ok: false, reason: 'not decisive' }
  // A mate the line was on but did not reach (MAX_SOLVER_MOVES): too long for a mating puzzle.
  if (!mated && mates(lastScore)) return { ok: false, reason: 'too long' }
  const line = [blunder, ...moves]
  const themes = puzzleThemes(fen, line, mated ? undefined : lastScore)
  const solverMoves = Math.ceil(moves.length / 2)
  const rating = estimateRating({
    solverMoves,
    bestSince: firstAnswer?.bestSince,
    quiet: isQuiet(start, moves[0]),
  })
  return { ok: true, moves: line, themes, rating, mate: mated }
}

/** Whether a move neither captures nor checks nor promotes (a quiet move is harder to see). */
export function isQuiet(fen: Fen, uci: Uci): boolean {
  const chess = new Chess(fen)
  const move = chess.move(uciMove(uci))
  return !move.captured && !move.promotion && !chess.inCheck()
}

/**
 * The rating estimate: from the depth (plies) at which the engine settled on the first solver's move, the number of
 * solver's moves and whether the first is quiet: 480 + 128 per ply of depth + 320 per solver's move after the first
 * + 400 for a quiet first move, rounded to tens, within MIN_RATING..MAX_RATING. (A capture the engine sees at once
 * rates 800; a line of three whose quiet first move it settles on at depth 8 rates 2400.)
 */
export function estimateRating({
  solverMoves,
  bestSince = 6,
  quiet,
}: {
  solverMoves: number
  bestSince?: number
  quiet: boolean
}): number {
  const raw = 480 + 128 * bestSince + 320 * (solverMoves - 1) + (quiet ? 400 : 0)
  return Math.min(MAX_RATING, Math.max(MIN_RATING, Math.round(raw / 10) * 10))
}

/** The squares holding `color`'s pieces. */
function piecesOf(chess: Chess, color: Color): { square: Square; type: PieceSymbol }[] {
  return chess
    .board()
    .flat()
    .filter((p) => p !== null && p.color === color)
    .map((p) => ({ square: p!.square, type: p!.type }))
}

/**
 * The game's phase at the puzzle's start (after the opponent's move), a simplified form of lichess's division:
 * `endgame` with at most ENDGAME_PIECES knights, bishops, rooks and queens on the board (both sides), else
 * `opening` up to move OPENING_LAST_MOVE, else `middlegame`.
 */
export function phaseOf(fen: Fen): 'opening' | 'middlegame' | 'endgame' {
  const chess = new Chess(fen)
  const pieces = chess
    .board()
    .flat()
    .filter((p) => p !== null && p.type !== 'p' && p.type !== 'k').length
  if (pieces <= ENDGAME_PIECES) return 'endgame'
  return chess.moveNumber() <= OPENING_LAST_MOVE ? 'opening' : 'middlegame'
}

/**
 * fork: the solver's first move (not a king's) attacks, with the piece moved, two pieces that are each the king or
 * worth more than it, a later solver's move captures on one of their squares, and the solver ends with at least 2
 * more in material than at the start.
 */
export function isFork(fen: Fen, line: readonly Uci[]): boolean {
  const chess = new Chess(fen)
  play(chess, line[0])
  const start = chess.fen()
  const solver = chess.turn()
  const first = chess.move(uciMove(line[1]))
  if (first.piece === 'k') return false
  const value = VALUES[first.promotion ?? first.piece]
  const forked = piecesOf(chess, chess.turn()).filter(
    ({ square, type }) =>
      (type === 'k' || VALUES[type] > value) && chess.attackers(square, solver).includes(first.to),
  )
  if (forked.length < 2) return false
  const targets = new Set(forked.filter((p) => p.type !== 'k').map((p) => p.square))
  let captured = false
  for (let i = 2; i < line.length; i += 1) {
    const move = chess.move(uciMove(line[i]))
    if (i % 2 === 1 && move.captured && targets.has(move.to)) captured = true
  }
  return captured && materialBalance(chess.fen(), solver) - materialBalance(start, solver) >= 2
}

/**
 * hangingPiece: the solver's first move captures a piece other than a pawn that no piece of the opponent defends,
 * the opponent's move was not itself a capture on that square (a trade), and the solver ends at least 2 up in
 * material on the start.
 */
export function isHangingPiece(fen: Fen, line: readonly Uci[]): boolean {
  const chess = new Chess(fen)
  const opponentMove = chess.move(uciMove(line[0]))
  const start = chess.fen()
  const solver = chess.turn()
  const target = line[1].slice(2, 4) as Square
  const piece = chess.get(target)
  if (!piece || piece.color === solver || piece.type === 'p') return false
  if (opponentMove.captured && opponentMove.to === target) return false
  if (chess.isAttacked(target, piece.color)) return false
  for (const uci of line.slice(1)) play(chess, uci)
  return materialBalance(chess.fen(), solver) - materialBalance(start, solver) >= 2
}

/**
 * backRankMate (lichess's rule): the line ends in mate, the mated king stands on its first rank, the squares in
 * front of it hold its own pieces that the mating side does not attack, and a checker stands on that rank.
 */
export function isBackRankMate(fen: Fen, line: readonly Uci[]): boolean {
  const chess = new Chess(fen)
  for (const uci of line) play(chess, uci)
  if (!chess.isCheckmate()) return false
  const mated = chess.turn()
  const mater: Color = mated === 'w' ? 'b' : 'w'
  const backRank = mated === 'w' ? '1' : '8'
  const front = mated === 'w' ? '2' : '7'
  const [king] = chess.findPiece({ type: 'k', color: mated })
  if (!king || king[1] !== backRank) return false
  const file = king.charCodeAt(0)
  for (let f = file - 1; f <= file + 1; f += 1) {
    if (f < 97 || f > 104) continue
    const square = `${String.fromCharCode(f)}${front}` as Square
    const piece = chess.get(square)
    if (!piece || piece.color !== mated || chess.isAttacked(square, mater)) return false
  }
  return chess.attackers(king, mater).some((square) => square[1] === backRank)
}

/**
 * A puzzle's themes from its FEN and moves (the opponent's first) and, for a line that does not end in mate, the
 * engine's score at its end (the solver's view): mateIn1/2/3, advantage (up to CRUSHING_CP) or crushing, the
 * phase, short (1-2 solver's moves) or long (3-4), fork, hangingPiece, backRankMate.
 */
export function puzzleThemes(fen: Fen, line: readonly Uci[], endScore?: PuzzleScore): PuzzleTheme[] {
  const chess = new Chess(fen)
  play(chess, line[0])
  const start = chess.fen()
  for (const uci of line.slice(1)) play(chess, uci)
  const solverMoves = Math.ceil((line.length - 1) / 2)
  const themes: PuzzleTheme[] = []
  if (chess.isCheckmate()) {
    if (solverMoves <= 3) themes.push(`mateIn${solverMoves}` as PuzzleTheme)
    themes.push('crushing')
  } else if (endScore)
    themes.push(mates(endScore) || ('cp' in endScore && endScore.cp > CRUSHING_CP) ? 'crushing' : 'advantage')
  themes.push(phaseOf(start), solverMoves <= 2 ? 'short' : 'long')
  if (isFork(fen, line)) themes.push('fork')
  if (isHangingPiece(fen, line)) themes.push('hangingPiece')
  if (isBackRankMate(fen, line)) themes.push('backRankMate')
  return themes
}
