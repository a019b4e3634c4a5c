// A kept game's mistakes made personal puzzles: the position before the move, the opponent's move that led there
// (none at the first move), the move played and the better one in UCI; a refusal names the first item refused.
import { describe, expect, it } from 'vitest'
import { mistakePuzzles } from '@domain/chess/gameMistakes'
import { parsePgn } from '@domain/chess/pgn'

// White to move with a pawn on a7: 1. Kb2?? where 1. a8=Q wins at once; then 1... Kg6 2. a8=Q.
const START = '8/P6k/8/8/8/8/8/K7 w - - 0 1'
const GAME = parsePgn(`[SetUp "1"]\n[FEN "${START}"]\n\n1. Kb2 Kg6 2. a8=Q *`)

describe('mistakePuzzles', () => {
  it('makes the first move a puzzle without a last move, and reads a promotion written without its piece', () => {
    expect(mistakePuzzles(GAME, 'white', [{ ply: 0, better: 'a8', mark: '??' }])).toEqual([
      { ply: 0, fen: START, lastMove: null, played: 'Kb2', better: 'a7a8q', mark: '??' },
    ])
  })

  it("gives the opponent's move before a later one in UCI", () => {
    expect(mistakePuzzles(GAME, 'black', [{ ply: 1, better: 'Kh6', mark: '?' }])).toMatchObject([
      { lastMove: 'a1b2', played: 'Kg6', better: 'h7h6' },
    ])
  })

  it('names the first item refused, counted from 1', () => {
    const ok = { ply: 0, better: 'a8=Q', mark: '?' as const }
    expect(mistakePuzzles(GAME, 'white', [ok, { ply: 3, better: 'a8=Q', mark: '?' }])).toBe(
      'Mistake 2: the game has no move at ply 3 (its 3 moves are plies 0 to 2)',
    )
    expect(mistakePuzzles(GAME, 'black', [ok])).toBe('Mistake 1: move 1. Kb2 is not yours (you played black)')
    expect(mistakePuzzles(GAME, 'white', [{ ...ok, better: 'Kb2' }])).toBe(
      'Mistake 1: Kb2 is the move played (1. Kb2), not a better one',
    )
    expect(mistakePuzzles(GAME, 'white', [{ ...ok, better: 'Qa8' }])).toBe(
      'Mistake 1: Qa8 is not a legal move before 1. Kb2',
    )
    expect(mistakePuzzles(GAME, 'white', [ok, ok])).toBe('Mistake 2: move 1. Kb2 is already mistake 1')
  })
})
