import { describe, expect, it } from 'vitest'
import {
  hintSquare,
  lastMoveOf,
  playDecidingMove,
  playSolverMove,
  showSolution,
  solverSide,
  startSolving,
  type PuzzleLine,
} from '@/features/puzzles/puzzleSolving'

/** Black's king steps into the corner; two white rooks each mate on the back rank (the solution gives a1a8). */
const backRank: PuzzleLine = { fen: '6k1/6pp/8/8/8/8/5PPP/RR4K1 b - - 0 1', moves: ['g8h8', 'a1a8'] }
/** A knight fork: Nc7+ forks the king and the queen; after the king steps away the knight takes the queen. */
const fork: PuzzleLine = { fen: 'q3k3/7p/8/3N4/8/8/8/6K1 b - - 0 1', moves: ['h7h6', 'd5c7', 'e8d7', 'c7a8'] }
/** White moves first here: the solver plays black. */
const blackMates: PuzzleLine = { fen: 'r5k1/5ppp/8/8/8/8/6PP/6K1 w - - 0 1', moves: ['g1h1', 'a8a1'] }

describe('solving a puzzle', () => {
  it("starts with the opponent's move played, shown as the last move, the solver's side to move", () => {
    const solving = startSolving(fork)
    expect(solving).toEqual({ played: ['h7h6'], status: 'playing', shown: false })
    expect(lastMoveOf(solving)).toEqual(['h7', 'h6'])
    expect(solverSide(fork)).toBe('white')
    expect(solverSide(blackMates)).toBe('black')
  })

  it("plays the opponent's reply after a right move, and says the puzzle is solved after the last one", () => {
    const first = playSolverMove(fork, startSolving(fork), { from: 'd5', to: 'c7' })
    expect(first.verdict).toBe('right')
    expect(first.solving).toEqual({ played: ['h7h6', 'd5c7', 'e8d7'], status: 'playing', shown: false })
    const last = playSolverMove(fork, first.solving, { from: 'c7', to: 'a8' })
    expect(last.verdict).toBe('solved')
    expect(last.solving.status).toBe('solved')
    expect(last.solving.played).toEqual(fork.moves)
  })

  it('ends the puzzle as failed on a wrong move, at the first move or later, the position left as it was', () => {
    const wrong = playSolverMove(fork, startSolving(fork), { from: 'g1', to: 'g2' })
    expect(wrong.verdict).toBe('wrong')
    expect(wrong.solving).toEqual({ played: ['h7h6'], status: 'failed', shown: false })

    const right = playSolverMove(fork, startSolving(fork), { from: 'd5', to: 'c7' }).solving
    const later = playSolverMove(fork, right, { from: 'c7', to: 'e6' })
    expect(later.verdict).toBe('wrong')
    expect(later.solving.status).toBe('failed')
    expect(later.solving.played).toEqual(['h7h6', 'd5c7', 'e8d7'])
    // Nothing more is played once the puzzle has ended.
    expect(playSolverMove(fork, later.solving, { from: 'c7', to: 'a8' }).verdict).toBe('illegal')
  })

  it('leaves an illegal move unplayed, without failing the puzzle', () => {
    const result = playSolverMove(fork, startSolving(fork), { from: 'd5', to: 'd7' })
    expect(result.verdict).toBe('illegal')
    expect(result.solving).toEqual(startSolving(fork))
  })

  it("accepts another mate when the solution's move mates, and nothing else", () => {
    const other = playSolverMove(backRank, startSolving(backRank), { from: 'b1', to: 'b8' })
    expect(other.verdict).toBe('solved')
    expect(other.solving.played).toEqual(['g8h8', 'b1b8'])
    expect(playSolverMove(backRank, startSolving(backRank), { from: 'a1', to: 'a7' }).verdict).toBe('wrong')
    expect(playSolverMove(blackMates, startSolving(blackMates), { from: 'a8', to: 'a1' }).verdict).toBe(
      'solved',
    )
  })

  it('plays the rest of the solution when it is asked for, counting the puzzle as failed', () => {
    const right = playSolverMove(fork, startSolving(fork), { from: 'd5', to: 'c7' }).solving
    expect(showSolution(fork, right)).toEqual({ played: fork.moves, status: 'failed', shown: true })
    const failed = playSolverMove(fork, startSolving(fork), { from: 'g1', to: 'g2' }).solving
    expect(showSolution(fork, failed)).toEqual({ played: fork.moves, status: 'failed', shown: true })
  })

  it("gives the square of the solution's next piece as the hint, none once the puzzle has ended", () => {
    const start = startSolving(fork)
    expect(hintSquare(fork, start)).toBe('d5')
    const right = playSolverMove(fork, start, { from: 'd5', to: 'c7' }).solving
    expect(hintSquare(fork, right)).toBe('c7')
    expect(hintSquare(fork, showSolution(fork, right))).toBeNull()
  })

  it("promotes to the solution's piece when the pawn goes to the solution's square", () => {
    const underPromotion: PuzzleLine = {
      fen: '3q2k1/2P5/8/8/8/8/8/K7 b - - 0 1',
      moves: ['g8f7', 'c7d8n'],
    }
    const result = playSolverMove(underPromotion, startSolving(underPromotion), { from: 'c7', to: 'd8' })
    expect(result.verdict).toBe('solved')
    expect(result.solving.played).toEqual(['g8f7', 'c7d8n'])
  })
})

describe("reviewing a puzzle from the solver's position, the first move deciding", () => {
  /** The fork after the opponent's h7h6, given as a review gives it: the solver to move, h7h6 the last move. */
  const forkToReview: PuzzleLine = {
    fen: 'q3k3/8/7p/3N4/8/8/8/6K1 w - - 0 2',
    moves: ['d5c7', 'e8d7', 'c7a8'],
    lastMove: 'h7h6',
  }
  /** A game's first move: no last move to show. */
  const firstMove: PuzzleLine = {
    fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    moves: ['e2e4'],
    lastMove: null,
  }

  it("starts with nothing to play first, the opponent's move shown as the last one", () => {
    const solving = startSolving(forkToReview)
    expect(solving).toEqual({ played: [], status: 'playing', shown: false })
    expect(lastMoveOf(solving, forkToReview)).toEqual(['h7', 'h6'])
    expect(solverSide(forkToReview)).toBe('white')
    expect(lastMoveOf(startSolving(firstMove), firstMove)).toEqual([])
    expect(hintSquare(forkToReview, solving)).toBe('d5')
  })

  it('plays the rest of the solution after a right first move, the puzzle solved', () => {
    const right = playDecidingMove(forkToReview, startSolving(forkToReview), { from: 'd5', to: 'c7' })
    expect(right.verdict).toBe('solved')
    expect(right.solving).toEqual({ played: forkToReview.moves, status: 'solved', shown: false })
    expect(lastMoveOf(right.solving, forkToReview)).toEqual(['c7', 'a8'])
    const single = playDecidingMove(firstMove, startSolving(firstMove), { from: 'e2', to: 'e4' })
    expect(single.solving).toEqual({ played: ['e2e4'], status: 'solved', shown: false })
  })

  it('fails on a wrong first move and shows the solution; an illegal one changes nothing', () => {
    const wrong = playDecidingMove(forkToReview, startSolving(forkToReview), { from: 'g1', to: 'g2' })
    expect(wrong.verdict).toBe('wrong')
    expect(wrong.solving).toEqual({ played: forkToReview.moves, status: 'failed', shown: true })
    const illegal = playDecidingMove(forkToReview, startSolving(forkToReview), { from: 'd5', to: 'd8' })
    expect(illegal).toEqual({ solving: startSolving(forkToReview), verdict: 'illegal' })
  })
})
