import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChessEngine } from '@/features/game/engine'
import { LEVEL_SETTINGS, startUciEngine, workerChannel, type WorkerLike } from '@/features/game/uciEngine'

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

/** A Web Worker that records what it is sent and answers what the test makes it say. */
class FakeWorker implements WorkerLike {
  sent: string[] = []
  terminated = false
  onmessage: ((event: MessageEvent) => unknown) | null = null
  onerror: ((event: ErrorEvent) => unknown) | null = null
  postMessage(message: string) {
    this.sent.push(message)
  }
  terminate() {
    this.terminated = true
  }
  say(...lines: unknown[]) {
    for (const data of lines) this.onmessage?.({ data } as MessageEvent)
  }
  crash(message: string) {
    this.onerror?.({ message, preventDefault: () => {} } as ErrorEvent)
  }
  /** Drops what was sent so far: the next assertions see only new commands. */
  take() {
    const sent = this.sent
    this.sent = []
    return sent
  }
}

async function startedEngine(): Promise<{ worker: FakeWorker; engine: ChessEngine }> {
  const worker = new FakeWorker()
  const starting = startUciEngine(workerChannel(worker))
  worker.say('Stockfish 19 Lite WASM by the Stockfish developers', 'id name Stockfish 19', 'uciok')
  worker.say('readyok')
  const engine = await starting
  worker.take()
  return { worker, engine }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the UCI engine wrapper', () => {
  it('starts with uci, then isready, and is ready on readyok', async () => {
    const worker = new FakeWorker()
    let ready = false
    const starting = startUciEngine(workerChannel(worker)).then(() => (ready = true))
    expect(worker.sent).toEqual(['uci'])
    worker.say('id name Stockfish 19', 'option name Skill Level type spin default 20 min 0 max 20', 'uciok')
    expect(worker.sent).toEqual(['uci', 'isready'])
    await Promise.resolve()
    expect(ready).toBe(false)
    worker.say('readyok')
    await starting
    expect(ready).toBe(true)
  })

  it("sends the level's skill, the game as a position and the level's limits, and reads the best move", async () => {
    const { worker, engine } = await startedEngine()
    const answer = engine.bestMove({ startFen: START, moves: ['e2e4'], level: 3 })
    expect(worker.take()).toEqual([
      `setoption name Skill Level value ${LEVEL_SETTINGS[3].skill}`,
      `position fen ${START} moves e2e4`,
      `go depth ${LEVEL_SETTINGS[3].depth} movetime ${LEVEL_SETTINGS[3].movetimeMs}`,
    ])
    worker.say('info depth 1 seldepth 1 score cp -20 pv e7e5', 'bestmove g8f6 ponder e4e5')
    await expect(answer).resolves.toBe('g8f6')
  })

  it('sends the skill only when the level changes; level 8 has no depth cap', async () => {
    const { worker, engine } = await startedEngine()
    const first = engine.bestMove({ startFen: START, moves: [], level: 8 })
    expect(worker.take()).toEqual([
      'setoption name Skill Level value 20',
      `position fen ${START}`,
      `go movetime ${LEVEL_SETTINGS[8].movetimeMs}`,
    ])
    worker.say('bestmove e2e4')
    await first
    const second = engine.bestMove({ startFen: START, moves: ['e2e4', 'e7e5'], level: 8 })
    expect(worker.take()).toEqual([
      `position fen ${START} moves e2e4 e7e5`,
      `go movetime ${LEVEL_SETTINGS[8].movetimeMs}`,
    ])
    worker.say('bestmove g1f3')
    await expect(second).resolves.toBe('g1f3')
  })

  it("answers null for 'bestmove (none)' and ignores lines that are not strings", async () => {
    const { worker, engine } = await startedEngine()
    const answer = engine.bestMove({ startFen: START, moves: [], level: 1 })
    worker.say({ progress: 0.5 }, 'bestmove (none)')
    await expect(answer).resolves.toBeNull()
  })

  it("stop() ends the search at once with null, sends 'stop' and drops the stopped search's late answer", async () => {
    const { worker, engine } = await startedEngine()
    const stopped = engine.bestMove({ startFen: START, moves: [], level: 5 })
    worker.take()
    engine.stop()
    await expect(stopped).resolves.toBeNull()
    expect(worker.take()).toEqual(['stop'])
    // A new search waits for the stopped one's bestmove before it is sent.
    const next = engine.bestMove({ startFen: START, moves: ['d2d4'], level: 5 })
    expect(worker.take()).toEqual([])
    worker.say('bestmove e2e4')
    expect(worker.take()).toEqual([`position fen ${START} moves d2d4`, goFor(5)])
    worker.say('bestmove d7d5')
    await expect(next).resolves.toBe('d7d5')
  })

  it('a search asked for while one runs stops the running one', async () => {
    const { worker, engine } = await startedEngine()
    const first = engine.bestMove({ startFen: START, moves: [], level: 2 })
    worker.take()
    const second = engine.bestMove({ startFen: START, moves: ['e2e4'], level: 2 })
    await expect(first).resolves.toBeNull()
    expect(worker.take()).toEqual(['stop'])
    worker.say('bestmove d2d4') // the first search's answer
    worker.say('bestmove c7c5')
    await expect(second).resolves.toBe('c7c5')
  })

  it('fails to start when the worker fails (the files cannot be fetched, no WebAssembly)', async () => {
    const worker = new FakeWorker()
    const starting = startUciEngine(workerChannel(worker))
    worker.crash('NetworkError: Failed to load worker script')
    await expect(starting).rejects.toThrow('Failed to load worker script')
    expect(worker.terminated).toBe(true)
  })

  it('fails to start when the engine does not answer in time', async () => {
    const worker = new FakeWorker()
    const starting = startUciEngine(workerChannel(worker), { startTimeoutMs: 5000 })
    const failed = expect(starting).rejects.toThrow('did not start in time')
    vi.advanceTimersByTime(5000)
    await failed
    expect(worker.terminated).toBe(true)
  })

  it('a crash during a search rejects it, and every later search', async () => {
    const { worker, engine } = await startedEngine()
    const answer = engine.bestMove({ startFen: START, moves: [], level: 4 })
    worker.crash('RuntimeError: unreachable')
    await expect(answer).rejects.toThrow('unreachable')
    await expect(engine.bestMove({ startFen: START, moves: [], level: 4 })).rejects.toThrow()
    expect(worker.terminated).toBe(true)
  })

  it('a search with no answer long after its time cap counts as a failure', async () => {
    const worker = new FakeWorker()
    const starting = startUciEngine(workerChannel(worker), { searchGraceMs: 2000 })
    worker.say('uciok', 'readyok')
    const engine = await starting
    const answer = engine.bestMove({ startFen: START, moves: [], level: 1 })
    const failed = expect(answer).rejects.toThrow('did not answer in time')
    vi.advanceTimersByTime(LEVEL_SETTINGS[1].movetimeMs + 2000)
    await failed
  })

  it('quit() sends quit and ends the worker', async () => {
    const { worker, engine } = await startedEngine()
    engine.quit()
    expect(worker.take()).toEqual(['quit'])
    expect(worker.terminated).toBe(true)
  })
})

function goFor(level: 5) {
  return `go depth ${LEVEL_SETTINGS[level].depth} movetime ${LEVEL_SETTINGS[level].movetimeMs}`
}
