// The game report's run against an engine the test scripts: what it asks of the engine for each position, how it
// reads the answers (from the side to move's view to White's), and when it stops.
import { describe, expect, it } from 'vitest'
import { parsePgn } from '@domain/chess/pgn'
import type { Evaluation } from '@domain/chess/gameReport'
import type { AnalysisEngine, AnalysisRequest, EngineLine, UciScore } from '@/features/game/uciAnalysis'
import { REPORT_NODES, reportGameOf, runReport } from '@/features/analysis/reportRunner'

const SCHOLAR = reportGameOf(parsePgn('1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0'))

/** The engine's answer in each position of Scholar's mate: its score (side to move's view) and its move. */
const ANSWERS: [UciScore, string | undefined][] = [
  [{ cp: 30 }, 'e2e4'],
  [{ cp: -30 }, 'e7e5'],
  [{ cp: 35 }, 'g1f3'],
  [{ cp: -30 }, 'g8f6'],
  [{ cp: 25 }, 'g1f3'],
  // Black to move before 3... Nf6: the engine plays 3... g6.
  [{ cp: -20 }, 'g7g6'],
  // White to move after it: mate in 1 for the side to move.
  [{ mate: 1 }, 'h5f7'],
  // Black is mated.
  [{ mate: 0 }, undefined],
]

/** An engine answering ANSWERS position by position; `stopFirst` answers the first search null, as a stop does. */
function scriptedEngine({ stopFirst = false } = {}) {
  const asked: AnalysisRequest[] = []
  let stopped = !stopFirst
  const engine: AnalysisEngine = {
    analyse(request) {
      asked.push(request)
      if (!stopped) {
        stopped = true
        return Promise.resolve(null)
      }
      const [score, move] = ANSWERS[SCHOLAR.fens.indexOf(request.fen)]
      const line: EngineLine = { multipv: 1, depth: 12, score, pv: move ? [move] : [] }
      return Promise.resolve([line])
    },
    stop() {},
    quit() {},
  }
  return { engine, asked }
}

describe("the game report's run", () => {
  it('searches each position in order for the nodes of a report, from a cleared hash, one line', async () => {
    const { engine, asked } = scriptedEngine()
    await runReport(engine, SCHOLAR)
    expect(asked).toEqual(SCHOLAR.fens.map((fen) => ({ fen, nodes: REPORT_NODES, multiPv: 1, fresh: true })))
  })

  it("hears each position from White's view with the engine's move, and marks 3... Nf6 a blunder", async () => {
    const { engine } = scriptedEngine()
    const heard: [Evaluation, string | undefined][] = []
    const report = await runReport(engine, SCHOLAR, { onPosition: (e, best) => heard.push([e, best]) })
    expect(heard[5]).toEqual([{ cp: 20 }, 'g6'])
    // White mates in 1 after 3... Nf6; then Black is mated on the board.
    expect(heard[6]).toEqual([{ mate: 1 }, 'Qxf7#'])
    expect(heard[7]).toEqual([{ won: 'white' }, undefined])
    expect(report?.moves[5]).toMatchObject({ judgement: 'blunder', better: 'g6' })
    expect(report?.moves.filter((m) => m.judgement)).toHaveLength(1)
    expect(report?.evaluations).toEqual(heard.map(([e]) => e))
  })

  it('reads a mate the side to move suffers as a mate for the other side', async () => {
    const game = reportGameOf(parsePgn('1. f3 e5 2. g4 Qh4# 0-1'))
    const scores: UciScore[] = [{ cp: 20 }, { cp: 60 }, { cp: -90 }, { mate: 1 }, { mate: 0 }]
    const engine: AnalysisEngine = {
      analyse: ({ fen }) =>
        Promise.resolve([{ multipv: 1, depth: 10, score: scores[game.fens.indexOf(fen)], pv: [] }]),
      stop() {},
      quit() {},
    }
    const report = await runReport(engine, game)
    expect(report?.evaluations.slice(2)).toEqual([{ cp: -90 }, { mate: -1 }, { won: 'black' }])
    expect(report?.moves[2]).toMatchObject({ judgement: 'blunder', color: 'w' })
  })

  it('asks again for a position whose search was stopped by something else', async () => {
    const { engine, asked } = scriptedEngine({ stopFirst: true })
    const report = await runReport(engine, SCHOLAR)
    expect(asked.map((r) => r.fen)).toEqual([SCHOLAR.fens[0], ...SCHOLAR.fens])
    expect(report?.moves[5].judgement).toBe('blunder')
  })

  it('ends with no report, asking nothing more, once it is no longer wanted', async () => {
    const { engine, asked } = scriptedEngine()
    let positions = 0
    const report = await runReport(engine, SCHOLAR, {
      onPosition: () => positions++,
      live: () => positions < 3,
    })
    expect(report).toBeNull()
    expect(asked).toHaveLength(3)
  })
})
