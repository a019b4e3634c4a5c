import { Chess } from 'chess.js'
import { describe, expect, it } from 'vitest'
import {
  estimateRating,
  isBackRankMate,
  isFork,
  isHangingPiece,
  isOnlyMove,
  MAX_RATING,
  MIN_RATING,
  phaseOf,
  puzzleThemes,
  verifyPuzzle,
  type Analyse,
  type PuzzleAnswer,
} from '@domain/chess/puzzles'

/** The position a FEN names, without its move counters. */
const positionOf = (fen: string) => fen.split(' ').slice(0, 4).join(' ')

/** The FEN after `moves` (UCI) from `fen`. */
function after(fen: string, moves: string[]): string {
  const chess = new Chess(fen)
  for (const m of moves) chess.move({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] })
  return chess.fen()
}

/**
 * An engine that answers from a table (position after `moves` from `fen` -> answer), and fails the test on any
 * other position: the verification asks for exactly the positions it needs.
 */
function tableEngine(fen: string, table: [string[], PuzzleAnswer][]): Analyse & { asked: string[] } {
  const answers = new Map(table.map(([moves, answer]) => [positionOf(after(fen, moves)), answer]))
  const asked: string[] = []
  const analyse = (position: string) => {
    asked.push(position)
    const answer = answers.get(positionOf(position))
    if (!answer) throw new Error(`No answer for ${position}`)
    return Promise.resolve(answer)
  }
  return Object.assign(analyse, { asked })
}

// Philidor's smothered mate: Black, a knight up if it takes on h6, plays 20... a6?? and White mates in two,
// 21. Qg8+ Rxg8 22. Nf7#.
const SMOTHERED = '5r1k/ppp3pp/3q3N/8/2Q5/8/PPP2PPP/5RK1 b - - 0 20'
const smotheredAnswers = (): [string[], PuzzleAnswer][] => [
  [[], { lines: [{ score: { cp: 250 }, pv: ['g7h6', 'c4c3'] }] }],
  [
    ['a7a6'],
    {
      lines: [
        { score: { mate: 2 }, pv: ['c4g8', 'f8g8', 'h6f7'] },
        { score: { cp: 180 }, pv: ['h6f7', 'f8f7', 'c4f7'] },
      ],
      bestSince: 4,
    },
  ],
  [['a7a6', 'c4g8'], { lines: [{ score: { mate: -1 }, pv: ['f8g8', 'h6f7'] }] }],
  [
    ['a7a6', 'c4g8', 'f8g8'],
    {
      lines: [
        { score: { mate: 1 }, pv: ['h6f7'] },
        { score: { cp: -700 }, pv: ['h6g8'] },
      ],
    },
  ],
]

describe('the verification of a puzzle', () => {
  it('accepts a mate in two after a blunder, with its themes and a rating', async () => {
    const engine = tableEngine(SMOTHERED, smotheredAnswers())
    const verdict = await verifyPuzzle(SMOTHERED, 'a7a6', engine)
    expect(verdict).toEqual({
      ok: true,
      moves: ['a7a6', 'c4g8', 'f8g8', 'h6f7'],
      themes: ['mateIn2', 'crushing', 'endgame', 'short'],
      rating: estimateRating({ solverMoves: 2, bestSince: 4, quiet: false }),
      mate: true,
    })
    expect(engine.asked).toHaveLength(4)
  })

  it('checks a given solution: accepted when it is the engine’s, refused when a move is not the best', async () => {
    const good = await verifyPuzzle(SMOTHERED, 'a7a6', tableEngine(SMOTHERED, smotheredAnswers()), [
      'c4g8',
      'f8g8',
      'h6f7',
    ])
    expect(good.ok).toBe(true)
    const notBest = await verifyPuzzle(SMOTHERED, 'a7a6', tableEngine(SMOTHERED, smotheredAnswers()), [
      'h6f7',
      'f8f7',
      'c4f7',
    ])
    expect(notBest).toEqual({ ok: false, reason: 'not the best' })
  })

  it('refuses a position with two winning moves', async () => {
    // 1... Qe5?? puts the queen where the d-pawn and the knight both take it: both win.
    const fen = 'rnb1kbnr/pppp1ppp/4p3/6q1/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 1 3'
    const engine = tableEngine(fen, [
      [[], { lines: [{ score: { cp: -40 }, pv: ['g5f6'] }] }],
      [
        ['g5e5'],
        {
          lines: [
            { score: { cp: 880 }, pv: ['d4e5'] },
            { score: { cp: 850 }, pv: ['f3e5'] },
          ],
        },
      ],
    ])
    expect(await verifyPuzzle(fen, 'g5e5', engine)).toEqual({ ok: false, reason: 'not unique' })
  })

  it('refuses a move that was not a blunder, and a gain that is not decisive', async () => {
    const notBlunder = tableEngine(SMOTHERED, [
      [[], { lines: [{ score: { mate: -2 }, pv: ['a7a6'] }] }],
      ...smotheredAnswers().slice(1),
    ])
    expect(await verifyPuzzle(SMOTHERED, 'a7a6', notBlunder)).toEqual({ ok: false, reason: 'not a blunder' })
    // The knight wins only two pawns' worth: not decisive.
    const fen = 'rnb1kbnr/pppp1ppp/4p3/6q1/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 1 3'
    const small = tableEngine(fen, [
      [[], { lines: [{ score: { cp: 150 }, pv: ['g5f6'] }] }],
      [
        ['g5e5'],
        {
          lines: [
            { score: { cp: 200 }, pv: ['d4e5'] },
            { score: { cp: -20 }, pv: ['f3e5'] },
          ],
        },
      ],
      [['g5e5', 'd4e5'], { lines: [{ score: { cp: -200 }, pv: ['b8c6'] }] }],
      [
        ['g5e5', 'd4e5', 'b8c6'],
        {
          lines: [
            { score: { cp: 190 }, pv: ['c1g5'] },
            { score: { cp: 185 }, pv: ['b1c3'] },
          ],
        },
      ],
    ])
    expect(await verifyPuzzle(fen, 'g5e5', small)).toEqual({ ok: false, reason: 'not decisive' })
  })

  it('ends a line at the last solver’s move that was the only one', async () => {
    const fen = 'rnb1kbnr/pppp1ppp/4p3/6q1/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 1 3'
    const engine = tableEngine(fen, [
      [[], { lines: [{ score: { cp: -40 }, pv: ['g5f6'] }] }],
      [
        ['g5e5'],
        {
          lines: [
            { score: { cp: 880 }, pv: ['f3e5'] },
            { score: { cp: 600 }, pv: ['d4e5'] },
          ],
          bestSince: 1,
        },
      ],
      [['g5e5', 'f3e5'], { lines: [{ score: { cp: -880 }, pv: ['d7d6'] }] }],
      [
        ['g5e5', 'f3e5', 'd7d6'],
        {
          lines: [
            { score: { cp: 870 }, pv: ['e5f3'] },
            { score: { cp: 860 }, pv: ['e5c4'] },
          ],
        },
      ],
    ])
    const verdict = await verifyPuzzle(fen, 'g5e5', engine)
    expect(verdict).toMatchObject({ ok: true, moves: ['g5e5', 'f3e5'], mate: false })
    expect(verdict.ok && verdict.themes).toEqual(['crushing', 'opening', 'short', 'hangingPiece'])
  })
})

describe('the only move', () => {
  it('needs every other move 1.5 pawns worse, or the only mate', () => {
    expect(
      isOnlyMove([
        { score: { cp: 400 }, pv: ['a'] },
        { score: { cp: 250 }, pv: ['b'] },
      ]),
    ).toBe(true)
    expect(
      isOnlyMove([
        { score: { cp: 400 }, pv: ['a'] },
        { score: { cp: 251 }, pv: ['b'] },
      ]),
    ).toBe(false)
    expect(
      isOnlyMove([
        { score: { mate: 3 }, pv: ['a'] },
        { score: { cp: 2000 }, pv: ['b'] },
      ]),
    ).toBe(true)
    expect(
      isOnlyMove([
        { score: { mate: 1 }, pv: ['a'] },
        { score: { mate: 4 }, pv: ['b'] },
      ]),
    ).toBe(false)
    expect(
      isOnlyMove([
        { score: { cp: 100 }, pv: ['a'] },
        { score: { mate: -2 }, pv: ['b'] },
      ]),
    ).toBe(true)
    expect(isOnlyMove([{ score: { mate: -1 }, pv: ['a'] }])).toBe(false)
    expect(isOnlyMove([{ score: { cp: 30 }, pv: ['a'] }])).toBe(true)
    expect(isOnlyMove([])).toBe(false)
  })
})

describe('the themes', () => {
  it('names the phase by move number and pieces', () => {
    expect(phaseOf('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2')).toBe('opening')
    expect(phaseOf('r1bq1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2QK2R w KQ - 0 11')).toBe('middlegame')
    // Six pieces besides kings and pawns, early or not: an endgame.
    expect(phaseOf('r2qk3/pp3ppp/2n5/8/8/2N5/PP3PPP/R2QK3 w - - 0 8')).toBe('endgame')
  })

  it('finds a knight fork of king and queen that wins the queen', () => {
    // 20... c5?? 21. Nf5+ hits the king on e7 and the queen on d6; 21... Kf8 22. Nxd6.
    const fen = '4r3/pp2kppp/2pq4/8/3N4/8/PPP2PPP/R5K1 b - - 0 20'
    expect(isFork(fen, ['c6c5', 'd4f5', 'e7f8', 'f5d6'])).toBe(true)
    // Attacking two pieces that are not taken afterwards is no fork.
    expect(isFork(fen, ['c6c5', 'd4f5', 'e7f8'])).toBe(false)
    // A check that attacks nothing else is no fork.
    expect(isFork(fen, ['c6c5', 'a1e1', 'e7f8'])).toBe(false)
  })

  it('finds a hanging piece: an undefended piece taken, not a trade', () => {
    // 4... Nd4 is taken by the knight, but the pawn e5 takes back: not hanging.
    const fen = 'r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/3Q1N2/PPPP1PPP/RNB1KB1R b KQkq - 0 4'
    expect(isHangingPiece(fen, ['c6d4', 'f3d4'])).toBe(false)
    // The knight on c4 has no defender: 4... h6?? 5. Qxc4.
    const hanging = 'r1bqkb1r/pppp1ppp/5n2/4p3/2n1P3/3Q1N2/PPPP1PPP/RNB1KB1R b KQkq - 0 4'
    expect(isHangingPiece(hanging, ['h7h6', 'd3c4'])).toBe(true)
    expect(puzzleThemes(hanging, ['h7h6', 'd3c4'], { cp: 350 })).toEqual([
      'advantage',
      'opening',
      'short',
      'hangingPiece',
    ])
  })

  it('finds a back-rank mate, and not a smothered one', () => {
    // 30... a6?? 31. Rd8#: the king on g8 behind its own pawns, mated on its first rank.
    const fen = '6k1/p4ppp/8/8/8/8/5PPP/3R2K1 b - - 0 30'
    expect(isBackRankMate(fen, ['a7a6', 'd1d8'])).toBe(true)
    expect(isBackRankMate(fen, ['a7a6', 'd1d7'])).toBe(false) // no mate
    expect(isBackRankMate(SMOTHERED, ['a7a6', 'c4g8', 'f8g8', 'h6f7'])).toBe(false)
    expect(puzzleThemes(fen, ['a7a6', 'd1d8'])).toEqual([
      'mateIn1',
      'crushing',
      'endgame',
      'short',
      'backRankMate',
    ])
  })

  it('names a line of three solver’s moves long, and one ending at +6 or less an advantage', () => {
    const line = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6']
    expect(
      puzzleThemes('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', line, { cp: 600 }),
    ).toEqual(['advantage', 'opening', 'long'])
    expect(puzzleThemes(SMOTHERED, ['a7a6', 'c4g8', 'f8g8', 'h6f7'])).toContain('short')
  })
})

describe('the rating estimate', () => {
  it('rises with the depth, the length and a quiet first move, within its range', () => {
    const easy = estimateRating({ solverMoves: 1, bestSince: 1, quiet: false })
    const deeper = estimateRating({ solverMoves: 1, bestSince: 8, quiet: false })
    const longer = estimateRating({ solverMoves: 3, bestSince: 8, quiet: false })
    const quiet = estimateRating({ solverMoves: 3, bestSince: 8, quiet: true })
    expect(easy).toBe(MIN_RATING)
    expect(deeper).toBeGreaterThan(easy)
    expect(longer).toBeGreaterThan(deeper)
    expect(quiet).toBeGreaterThan(longer)
    expect(estimateRating({ solverMoves: 4, bestSince: 30, quiet: true })).toBe(MAX_RATING)
  })
})
