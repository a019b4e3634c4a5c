// The analysis wrapper against the engine the app ships (Stockfish 19 lite, single-threaded), run in the test
// scripts/engine-strength.mjs runs it, at a small depth.
import { afterEach, describe, expect, it } from 'vitest'
import {
  analysisGoCommand,
  FRESH_HASH_MB,
  parseInfoLine,
  startUciAnalysis,
  type AnalysisEngine,
  type AnalysisRequest,
} from '@/features/game/uciAnalysis'
import type { UciChannel } from '@/features/game/uciEngine'
import { startNodeAnalysis } from '../../support/nodeEngine'

let engine: AnalysisEngine | undefined

async function startEngine(): Promise<AnalysisEngine> {
  engine = await startNodeAnalysis()
  return engine
}

afterEach(() => {
  engine?.quit()
  engine = undefined
})

describe('reading the engine info lines', () => {
  it('reads the rank, depth, score and moves of a line', () => {
    expect(
      parseInfoLine(
        'info depth 12 seldepth 18 multipv 2 score cp -31 nodes 1000 nps 1 time 3 pv e7e5 g1f3 b8c6',
      ),
    ).toEqual({ multipv: 2, depth: 12, score: { cp: -31 }, pv: ['e7e5', 'g1f3', 'b8c6'] })
    expect(parseInfoLine('info depth 3 score mate -2 pv h7h6 d1f7')).toEqual({
      multipv: 1,
      depth: 3,
      score: { mate: -2 },
      pv: ['h7h6', 'd1f7'],
    })
    expect(parseInfoLine('info depth 0 score mate 0')).toEqual({
      multipv: 1,
      depth: 0,
      score: { mate: 0 },
      pv: [],
    })
  })

  it('leaves out bounds and lines without a score', () => {
    expect(parseInfoLine('info depth 10 score cp 20 lowerbound pv e2e4')).toBeNull()
    expect(parseInfoLine('info string NNUE evaluation using nn.bin')).toBeNull()
    expect(parseInfoLine('bestmove e2e4')).toBeNull()
  })
})

describe('the commands of an analysis', () => {
  it('searches to a depth, a node count or both', () => {
    const fen = '8/8/8/8/8/5k2/8/4K2R w K - 0 40'
    expect(analysisGoCommand({ fen, depth: 18, multiPv: 3 })).toBe('go depth 18')
    expect(analysisGoCommand({ fen, nodes: 150_000, multiPv: 1 })).toBe('go nodes 150000')
    expect(analysisGoCommand({ fen, depth: 12, nodes: 9000, multiPv: 1 })).toBe('go depth 12 nodes 9000')
  })

  /** A channel that records the commands and answers the start; `say` speaks for the engine. */
  function fakeChannel() {
    const sent: string[] = []
    let say: (line: string) => void = () => {}
    const channel: UciChannel = {
      send(command) {
        sent.push(command)
        if (command === 'uci') say('uciok')
        if (command === 'isready') say('readyok')
      },
      listen(onLine) {
        say = onLine
      },
      close() {},
    }
    return { channel, sent, say: (line: string) => say(line) }
  }
  const fen = '2r3k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1'

  it('clears the hash before a fresh analysis, and reads its lines past the readyok', async () => {
    const { channel, sent, say } = fakeChannel()
    const analysis = await startUciAnalysis(channel)
    sent.length = 0
    const fresh = analysis.analyse({ fen, nodes: 5000, multiPv: 1, fresh: true })
    expect(sent).toEqual([
      `setoption name Hash value ${FRESH_HASH_MB}`,
      'ucinewgame',
      'isready',
      `position fen ${fen}`,
      'go nodes 5000',
    ])
    say('info depth 3 seldepth 4 multipv 1 score mate 2 nodes 4000 pv d2d8 c8d8 d1d8')
    say('bestmove d2d8')
    expect((await fresh)?.[0]).toMatchObject({ score: { mate: 2 }, pv: ['d2d8', 'c8d8', 'd1d8'] })
    sent.length = 0
    const again = analysis.analyse({ fen, nodes: 5000, multiPv: 1, fresh: true })
    expect(sent).toEqual(['ucinewgame', 'isready', `position fen ${fen}`, 'go nodes 5000'])
    say('bestmove d2d8')
    await again
    sent.length = 0
    const live = analysis.analyse({ fen, depth: 18, multiPv: 1 })
    expect(sent).toEqual([`position fen ${fen}`, 'go depth 18'])
    analysis.stop()
    await expect(live).resolves.toBeNull()
    // A caller without the types (a script) asking for neither cap is refused rather than searching for ever.
    sent.length = 0
    await expect(analysis.analyse({ fen, multiPv: 1 } as unknown as AnalysisRequest)).rejects.toThrow(
      'An analysis needs a depth or a node count',
    )
    expect(sent).toEqual([])
  })

  it("searches a fresh analysis on one thread, and the next one on the engine's threads again", async () => {
    const { channel, sent, say } = fakeChannel()
    const analysis = await startUciAnalysis(channel, { threads: 4 })
    sent.length = 0
    const fresh = analysis.analyse({ fen, nodes: 5000, multiPv: 1, fresh: true })
    expect(sent[0]).toBe('setoption name Threads value 1')
    say('bestmove d2d8')
    await fresh
    sent.length = 0
    const live = analysis.analyse({ fen, depth: 18, multiPv: 3 })
    expect(sent).toEqual([
      'setoption name MultiPV value 3',
      'setoption name Threads value 4',
      `position fen ${fen}`,
      'go depth 18',
    ])
    analysis.stop()
    await expect(live).resolves.toBeNull()
  })
})

describe('analysis with the shipped engine', () => {
  it('finds a mate in 2 and gives three ranked lines', async () => {
    const analysis = await startEngine()
    // The back rank: 1. Rd8+ Rxd8 2. Rxd8#.
    const lines = await analysis.analyse({
      fen: '2r3k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1',
      depth: 8,
      multiPv: 3,
    })
    expect(lines).not.toBeNull()
    expect(lines!.map((l) => l.multipv)).toEqual([1, 2, 3])
    expect(lines![0].score).toEqual({ mate: 2 })
  }, 60_000)

  it('says the side to move is mated in a checkmate', async () => {
    const analysis = await startEngine()
    const lines = await analysis.analyse({
      fen: 'r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4',
      depth: 4,
      multiPv: 1,
    })
    expect(lines?.[0].score).toEqual({ mate: 0 })
  }, 60_000)

  it('a fresh search of a node count gives the same lines whatever was searched before', async () => {
    const analysis = await startEngine()
    // The Opera Game before 15. Bxd7+.
    const fen = '4kb1r/p2r1ppp/4qn2/1B2p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 2 15'
    const search = () => analysis.analyse({ fen, nodes: 30_000, multiPv: 1, fresh: true })
    const first = await search()
    await analysis.analyse({ fen: '2r3k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1', nodes: 30_000, multiPv: 1 })
    expect(await search()).toEqual(first)
    expect(first?.[0].pv.length).toBeGreaterThan(0)
  }, 60_000)

  it('a new analysis stops the running one, which answers null', async () => {
    const analysis = await startEngine()
    const first = analysis.analyse({
      fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
      depth: 30,
      multiPv: 1,
    })
    const second = analysis.analyse({
      fen: '2r3k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1',
      depth: 6,
      multiPv: 1,
    })
    await expect(first).resolves.toBeNull()
    expect((await second)?.[0].score).toEqual({ mate: 2 })
  }, 60_000)
})
