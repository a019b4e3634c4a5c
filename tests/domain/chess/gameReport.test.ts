import { describe, expect, it } from 'vitest'
import {
  bothDecisive,
  buildReport,
  DECISIVE_CHANCES,
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

  it("reads a mate from White's view: the side that mates, however far, has the decided chances", () => {
    expect(winningChances({ mate: 3 })).toBeGreaterThan(DECISIVE_CHANCES)
    expect(winningChances({ mate: 25 })).toBeGreaterThan(DECISIVE_CHANCES)
    expect(winningChances({ mate: -3 })).toBeLessThan(-DECISIVE_CHANCES)
    expect(winningChances({ mate: -25 })).toBeLessThan(-DECISIVE_CHANCES)
    expect(winningChances({ won: 'white' })).toBe(1)
    // 1000 centipawns, lichess's ceiling, is where a game counts as decided.
    expect(DECISIVE_CHANCES).toBeCloseTo(0.951, 3)
    expect(winningChances({ cp: 999 })).toBeLessThan(DECISIVE_CHANCES)
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

  it('a move that keeps a forced mate is never judged, however much longer the mate', () => {
    expect(judgeMove({ mate: 1 }, { mate: 12 }, 'w')).toBeNull()
    expect(judgeMove({ mate: -1 }, { mate: -15 }, 'b')).toBeNull()
    // Mated on the board: the mate was kept to its end.
    expect(judgeMove({ mate: -2 }, { won: 'black' }, 'b')).toBeNull()
  })

  it('no judgement when the game is decided for the same side before and after the move', () => {
    expect(bothDecisive({ cp: 1500 }, { mate: 4 })).toBe(true)
    // A mate given up for a position still won (lichess's only mark there is an inaccuracy): none.
    expect(judgeMove({ mate: 2 }, { cp: 1000 }, 'w')).toBeNull()
    expect(judgeMove({ mate: -2 }, { cp: -1200 }, 'b')).toBeNull()
    // The lost side stays lost, mated sooner: none.
    expect(judgeMove({ cp: -1100 }, { mate: -3 }, 'w')).toBeNull()
    expect(judgeMove({ cp: 1200 }, { mate: 2 }, 'b')).toBeNull()
  })

  it('judges a move that leaves a decided game undecided, or decided for the other side', () => {
    expect(bothDecisive({ mate: 3 }, { cp: 700 })).toBe(false)
    expect(judgeMove({ mate: 3 }, { cp: 700 }, 'w')).toBe('inaccuracy')
    expect(judgeMove({ mate: 3 }, { cp: 150 }, 'w')).toBe('blunder')
    expect(bothDecisive({ mate: 2 }, { mate: -2 })).toBe(false)
    expect(judgeMove({ mate: 2 }, { mate: -2 }, 'w')).toBe('blunder')
    expect(judgeMove({ cp: -1500 }, { cp: 1500 }, 'b')).toBe('blunder')
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

const line = (...sans: string[]) =>
  sans.map((san, i) => ({ san, color: i % 2 === 0 ? ('w' as const) : ('b' as const) }))

describe('the report', () => {
  // Scholar's mate: 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?? 4. Qxf7#, the engine finding the mate after 3... Nf6.
  const played = line('e4', 'e5', 'Bc4', 'Nc6', 'Qh5', 'Nf6', 'Qxf7#')
  const evaluations = [
    { cp: 20 },
    { cp: 30 },
    { cp: 25 },
    { cp: 20 },
    { cp: -10 },
    { cp: 0 },
    { mate: 1 },
    { won: 'white' as const },
  ]
  const best = ['e4', 'Nf6', 'Nf3', 'Nf6', 'Nf3', 'g6', 'Qxf7#', undefined]

  it("marks Black's blunder 3... Nf6 with the better move and counts it; the mate is not judged", () => {
    const report = buildReport(played, evaluations, best)
    expect(report.moves[5]).toMatchObject({ judgement: 'blunder', better: 'g6', color: 'b' })
    expect(report.counts.black).toEqual({ inaccuracy: 0, mistake: 0, blunder: 1 })
    expect(report.counts.white).toEqual({ inaccuracy: 0, mistake: 0, blunder: 0 })
    expect(report.moves[6].judgement).toBeNull()
    expect(worstMoves(report)).toEqual([5])
    expect(report.evaluations).toEqual(evaluations)
  })

  // The Opera Game, 15. Bxd7+, as a shallow search reads it: the engine's move before, yet a lower score after,
  // since after 15... Nxd7 it misses 16. Qb8+ Nxb8 17. Rd8#.
  const opera = line('Bxd7+')
  it("never judges the engine's own move: its fall is the engine's horizon, not the player's mistake", () => {
    const evaluations = [{ cp: 1006 }, { cp: 250 }]
    expect(judgeMove(evaluations[0], evaluations[1], 'w')).toBe('blunder')
    expect(buildReport(opera, evaluations, ['Bxd7+']).moves[0]).toMatchObject({ judgement: null })
    expect(buildReport(opera, evaluations, ['Bxd7+']).counts.white.blunder).toBe(0)
    expect(buildReport(opera, evaluations, ['Bxf6']).moves[0]).toMatchObject({
      judgement: 'blunder',
      better: 'Bxf6',
    })
  })

  // Réti–Tartakower, 8... Nxe4??: the engine's move before it, and a mate in 3 (9. Qd8+) found after it.
  it("judges the engine's own move when the engine then finds a mate against the mover, naming no better move", () => {
    const report = buildReport(
      line('O-O-O', 'Nxe4'),
      [{ cp: -80 }, { cp: 100 }, { mate: 3 }],
      ['O-O-O', 'Nxe4'],
    )
    expect(report.moves[1].judgement).toBe('blunder')
    expect(report.moves[1]).not.toHaveProperty('better')
    // Without a mate after it, the same fall is the engine's horizon.
    const horizon = buildReport(
      line('O-O-O', 'Nxe4'),
      [{ cp: -80 }, { cp: 100 }, { cp: 600 }],
      ['O-O-O', 'Nxe4'],
    )
    expect(horizon.moves[1].judgement).toBeNull()
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
