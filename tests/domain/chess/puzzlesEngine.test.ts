// The puzzles' verification with the engine the miner runs (scripts/puzzles-mine.mjs): Stockfish 19 lite,
// single-threaded, in Node, each search fresh and bounded by nodes, so its answers are the same on any machine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyPuzzle, type Analyse } from '@domain/chess/puzzles'
import type { AnalysisEngine } from '@/features/game/uciAnalysis'
import { startNodeAnalysis } from '../../support/nodeEngine'

const NODES = 100_000

let engine: AnalysisEngine
beforeAll(async () => {
  engine = await startNodeAnalysis()
}, 60_000)
afterAll(() => engine?.quit())

const analyse: Analyse = async (fen, multiPv) => ({
  lines: ((await engine.analyse({ fen, nodes: NODES, multiPv, fresh: true })) ?? []).map(({ score, pv }) => ({
    score,
    pv,
  })),
})

// Philidor's smothered mate: 20... a6?? (20... gxh6 keeps the knight won) 21. Qg8+ Rxg8 22. Nf7#.
const SMOTHERED = '5r1k/ppp3pp/3q3N/8/2Q5/8/PPP2PPP/5RK1 b - - 0 20'

describe('the verification with the engine', () => {
  it('finds the smothered mate in two after the blunder', async () => {
    const verdict = await verifyPuzzle(SMOTHERED, 'a7a6', analyse)
    expect(verdict).toMatchObject({ ok: true, moves: ['a7a6', 'c4g8', 'f8g8', 'h6f7'], mate: true })
    expect(verdict.ok && verdict.themes).toContain('mateIn2')
  }, 30_000)

  it('refuses a solution that is not the best, and a move that was no blunder', async () => {
    expect(await verifyPuzzle(SMOTHERED, 'a7a6', analyse, ['h6f7', 'f8f7', 'c4f7'])).toEqual({
      ok: false,
      reason: 'not the best',
    })
    // Taking the knight keeps Black's game: White has no puzzle.
    expect(await verifyPuzzle(SMOTHERED, 'g7h6', analyse)).toMatchObject({ ok: false })
  }, 30_000)
})
