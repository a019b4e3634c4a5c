// Solving a puzzle, as lichess's trainer does: the opponent's last move is played first, then the solver finds each
// move of the solution and the opponent's replies follow. A puzzle to review is given from the solver's position
// instead, the opponent's move already made, and its first move decides. Pure functions of the puzzle and the moves
// played.
import { applyMove, outcomeOf, sideToMove, type MoveRequest } from '@domain/chess/chessRules'
import type { Side, Uci } from '@domain/chess/vocabulary'

/** What solving needs of a puzzle: the position before the opponent's move, then the moves (UCI). */
export interface PuzzleLine {
  /** The position before the opponent's move; with `lastMove` given, the solver's position. */
  fen: string
  /** moves[0] is the opponent's move; then the solver's move, the reply, and so on (the solver's first with `lastMove`). */
  moves: string[]
  /**
   * Given for a puzzle that starts from the solver's position (a review's): the opponent's move that led to `fen`
   * (UCI; null when there was none), shown as the last move until a move is played.
   */
  lastMove?: string | null
}

export type PuzzleStatus = 'playing' | 'solved' | 'failed'

export interface Solving {
  /** The moves played on the board from the puzzle's FEN, the opponent's first move included. */
  played: Uci[]
  status: PuzzleStatus
  /** The solution was shown ('View the solution'): the puzzle counts as failed. */
  shown: boolean
}

/** What a move of the solver did: not legal (nothing changes), right (the reply follows), the last right one, wrong. */
export type MoveVerdict = 'illegal' | 'right' | 'solved' | 'wrong'

/** The opponent's move played before the solver's first: none when the puzzle starts from the solver's position. */
const openingMoves = (puzzle: PuzzleLine) => (puzzle.lastMove === undefined ? puzzle.moves.slice(0, 1) : [])

/** The puzzle as the solver first sees it: the opponent's move played. */
export function startSolving(puzzle: PuzzleLine): Solving {
  return { played: openingMoves(puzzle), status: 'playing', shown: false }
}

/** The side the solver plays: the side to move after the opponent's move (the board is turned to it). */
export function solverSide(puzzle: PuzzleLine): Side {
  return sideToMove(openingMoves(puzzle), puzzle.fen)
}

const isMate = (puzzle: PuzzleLine, moves: readonly string[]) => {
  const outcome = outcomeOf(moves, puzzle.fen)
  return outcome.over && outcome.result === 'checkmate'
}

/**
 * The solver plays `move`. Right when it is the solution's move, or when the solution's move mates and this one mates
 * too (any mate is a solution, as on lichess); the opponent's reply is then played, or the puzzle is solved after the
 * solution's last move. Anything else is wrong and ends the puzzle as failed, the position left as it was before it.
 * A pawn moved to the last rank becomes the solution's piece when its squares are the solution's, else a queen.
 */
export function playSolverMove(
  puzzle: PuzzleLine,
  solving: Solving,
  move: MoveRequest,
): { solving: Solving; verdict: MoveVerdict } {
  if (solving.status !== 'playing') return { solving, verdict: 'illegal' }
  const expected = puzzle.moves[solving.played.length]
  const sameSquares = expected?.slice(0, 4) === move.from + move.to
  const promotion =
    move.promotion ?? (sameSquares && expected.length === 5 ? promotionOf(expected) : undefined)
  const applied = applyMove(solving.played, { ...move, promotion }, puzzle.fen)
  if (!applied) return { solving, verdict: 'illegal' }
  const right =
    applied.uci === expected ||
    (isMate(puzzle, [...solving.played, expected]) && isMate(puzzle, [...solving.played, applied.uci]))
  if (!right) return { solving: { ...solving, status: 'failed' }, verdict: 'wrong' }
  const reply = puzzle.moves[solving.played.length + 1]
  const lastRight = reply === undefined || isMate(puzzle, [...solving.played, applied.uci])
  if (lastRight)
    return {
      solving: { ...solving, played: [...solving.played, applied.uci], status: 'solved' },
      verdict: 'solved',
    }
  return { solving: { ...solving, played: [...solving.played, applied.uci, reply] }, verdict: 'right' }
}

const promotionOf = (uci: string) => uci[4] as MoveRequest['promotion']

/**
 * A review's rule: the solver's first move decides. Right, the rest of the solution is played and the puzzle is
 * solved; wrong, the puzzle is failed and the solution is shown from the position before the move.
 */
export function playDecidingMove(
  puzzle: PuzzleLine,
  solving: Solving,
  move: MoveRequest,
): { solving: Solving; verdict: MoveVerdict } {
  const result = playSolverMove(puzzle, solving, move)
  if (result.verdict === 'right')
    return { solving: { ...result.solving, played: [...puzzle.moves], status: 'solved' }, verdict: 'solved' }
  if (result.verdict === 'wrong') return { solving: showSolution(puzzle, result.solving), verdict: 'wrong' }
  return result
}

/** 'View the solution': the rest of the solution played from where the solver stopped; the puzzle counts as failed. */
export function showSolution(puzzle: PuzzleLine, solving: Solving): Solving {
  if (solving.status === 'solved') return solving
  return { played: [...puzzle.moves], status: 'failed', shown: true }
}

/** 'Hint': the square of the piece the solution moves next; null once the puzzle has ended. */
export function hintSquare(puzzle: PuzzleLine, solving: Solving): string | null {
  if (solving.status !== 'playing') return null
  return puzzle.moves[solving.played.length]?.slice(0, 2) ?? null
}

/** The last move on the board, as its two squares: the puzzle's `lastMove` while nothing is played from its FEN. */
export function lastMoveOf(solving: Pick<Solving, 'played'>, puzzle?: PuzzleLine): string[] {
  const last = solving.played.at(-1) ?? puzzle?.lastMove
  return last ? [last.slice(0, 2), last.slice(2, 4)] : []
}
