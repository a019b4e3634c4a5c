import { describe, expect, it } from 'vitest'
import {
  buildReport,
  evaluationText,
  gameAccuracy,
  judgeMove,
  moveAccuracy,
  winningChances,
  worstMoves,
} from '@domain/chess/gameReport'

describe('winning chances', () => {
  it('follows the lichess curve, capped at 1000 centipawns', () => {
    expect(winningChances({ cp: 0 })).toBe(0)
    expect(winningChances({ cp: 100 })).toBeCloseTo(0.1821, 3)
    expect(winningChances({ cp: -100 })).toBeCloseTo(-0.1821, 3)
    expect(winningChances({ cp: 5000 })).toBe(winningChances({ cp: 1000 }))
  })

  it('weighs a mate as 2100 centipawns less 100 a move, and a mate on the board as certain', () => {
    expect(winningChances({ mate: 1 })).toBeCloseTo(2 / (1 + Math.exp(-0.00368208 * 2000)) - 1, 6)
    expect(winningChances({ mate: -15 })).toBeCloseTo(-(2 / (1 + Math.exp(-0.00368208 * 1100)) - 1), 6)
    expect(winningChances({ mate: 1 })).toBeGreaterThan(winningChances({ mate: 5 }))
    expect(winningChances({ won: 'black' })).toBe(-1)
  })
})

describe('judging a move by the winning chances it loses', () => {
  it('names inaccuracies, mistakes and blunders at 0.1, 0.2 and 0.3', () => {
    // 0 -> -100 cp for White loses 0.182: an inaccuracy; -> -200 cp loses 0.35: a blunder.
    expect(judgeMove({ cp: 0 }, { cp: -40 }, 'w')).toBeNull()
    expect(judgeMove({ cp: 0 }, { cp: -100 }, 'w')).toBe('inaccuracy')
    expect(judgeMove({ cp: 0 }, { cp: -120 }, 'w')).toBe('mistake')
    expect(judgeMove({ cp: 0 }, { cp: -200 }, 'w')).toBe('blunder')
  })

  it("judges from the mover's side: Black gains when the score goes down", () => {
    expect(judgeMove({ cp: 0 }, { cp: -300 }, 'b')).toBeNull()
    expect(judgeMove({ cp: 0 }, { cp: 300 }, 'b')).toBe('blunder')
  })

  it('a move that allows a mate is a blunder; a winning side that stays winning is not judged', () => {
    expect(judgeMove({ cp: -50 }, { mate: 1 }, 'b')).toBe('blunder')
    expect(judgeMove({ cp: 900 }, { cp: 1500 }, 'w')).toBeNull()
    expect(judgeMove({ mate: 3 }, { cp: 1000 }, 'w')).toBeNull()
  })
})

describe('accuracy', () => {
  it('is 100 for a move that keeps the win percentage and falls with the loss', () => {
    expect(moveAccuracy(50, 60)).toBe(100)
    expect(moveAccuracy(50, 40)).toBeCloseTo(64.6, 1)
    expect(moveAccuracy(90, 0)).toBe(0)
  })

  it("puts a side that blunders below one that does not, each side's moves apart", () => {
    const evaluations = [
      { cp: 20 },
      { cp: 30 },
      { cp: 25 },
      { cp: 30 },
      { cp: 600 },
      { won: 'white' as const },
    ]
    const accuracy = gameAccuracy(evaluations, 'w')
    expect(accuracy.white).toBeGreaterThan(95)
    expect(accuracy.black!).toBeLessThan(accuracy.white!)
  })

  it('a side without a move has no accuracy', () => {
    expect(gameAccuracy([{ cp: 0 }, { cp: 10 }], 'w')).toEqual({ white: 100, black: null })
  })
})

describe('the report', () => {
  // Scholar's mate: 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7#
  const played = ['e4', 'e5', 'Qh5', 'Nc6', 'Bc4', 'Nf6', 'Qxf7#'].map((san, i) => ({
    san,
    color: i % 2 === 0 ? ('w' as const) : ('b' as const),
  }))
  const evaluations = [
    { cp: 20 },
    { cp: 30 },
    { cp: 25 },
    { cp: -10 },
    { cp: -30 },
    { cp: -20 },
    { mate: 1 },
    { won: 'white' as const },
  ]
  const best = ['e4', 'e5', 'Nf3', 'Nc6', 'Nf3', 'g6', 'Qxf7#']

  it("marks Black's blunder with the better move and counts it", () => {
    const report = buildReport(played, evaluations, best)
    expect(report.moves[5]).toMatchObject({ judgement: 'blunder', better: 'g6', color: 'b' })
    expect(report.counts.black).toEqual({ inaccuracy: 0, mistake: 0, blunder: 1 })
    expect(report.counts.white).toEqual({ inaccuracy: 0, mistake: 0, blunder: 0 })
    expect(report.moves[6].judgement).toBeNull()
    expect(worstMoves(report)).toEqual([5])
  })
})

describe('the evaluation as written', () => {
  it('writes pawns with a sign, and mates', () => {
    expect(evaluationText({ cp: 130 })).toBe('+1.3')
    expect(evaluationText({ cp: -46 })).toBe('-0.5')
    expect(evaluationText({ cp: -4 })).toBe('0.0')
    expect(evaluationText({ mate: -3 })).toBe('Mate in 3')
    expect(evaluationText({ won: 'white' })).toBe('Checkmate')
  })
})
