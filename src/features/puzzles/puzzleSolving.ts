// Solving a puzzle, as lichess's trainer does: the opponent's last move is played first, then the solver finds each
// move of the solution and the opponent's replies follow. Pure functions of the puzzle and the moves played.
import { applyMove, outcomeOf, sideToMove, type MoveRequest } from '@domain/chess/chessRules'
import type { Side, Uci } from '@domain/chess/vocabulary'

/** What solving needs of a puzzle: the position before the opponent's move, then the moves (UCI). */
export interface PuzzleLine {
  fen: string
  /** moves[0] is the opponent's move; then the solver's move, the reply, and so on. */
  moves: string[]
  /**
   * How many of `moves` are played before the solver's first: 1, the opponent's move (the trainer's puzzles, the
   * default), or 0 when the position is already the solver's to move (a course's puzzle set).
   */
  lead?: 0 | 1
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

/** The puzzle as the solver first sees it: the opponent's move played (none when it leads with none). */
export function startSolving(puzzle: PuzzleLine): Solving {
  return { played: puzzle.moves.slice(0, puzzle.lead ?? 1), status: 'playing', shown: false }
}

/** The side the solver plays: the side to move after the opponent's move (the board is turned to it). */
export function solverSide(puzzle: PuzzleLine): Side {
  return sideToMove(puzzle.moves.slice(0, puzzle.lead ?? 1), puzzle.fen)
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

/** The last move on the board, as its two squares. */
export function lastMoveOf(solving: Solving): string[] {
  const last = solving.played.at(-1)
  return last ? [last.slice(0, 2), last.slice(2, 4)] : []
}
