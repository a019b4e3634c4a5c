import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  analysisThreads,
  ENGINE_SCRIPT_URL,
  loadStockfish,
  loadStockfishAnalysis,
  MULTI_THREADED_ENGINE_URL,
} from '@/features/game/stockfishWorker'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** A worker that answers the start handshake, or fails as it loads (`failing`, an address). */
function stubWorkers(failing?: string) {
  const workers: { url: string; sent: string[] }[] = []
  vi.stubGlobal(
    'Worker',
    class {
      sent: string[] = []
      onmessage: ((e: { data: string }) => void) | null = null
      onerror: ((e: { message: string; preventDefault(): void }) => void) | null = null
      constructor(public url: string) {
        workers.push(this)
      }
      postMessage(command: string) {
        this.sent.push(command)
        if (this.url === failing)
          queueMicrotask(() => this.onerror?.({ message: 'refused', preventDefault() {} }))
        else if (command === 'uci') queueMicrotask(() => this.onmessage?.({ data: 'uciok' }))
        else if (command === 'isready') queueMicrotask(() => this.onmessage?.({ data: 'readyok' }))
      }
      terminate() {}
    },
  )
  return workers
}

/** A page cross-origin isolated (or not) on a machine of `cores` logical cores. */
function page({ isolated, cores }: { isolated: boolean; cores: number }) {
  vi.stubGlobal('crossOriginIsolated', isolated)
  vi.spyOn(navigator, 'hardwareConcurrency', 'get').mockReturnValue(cores)
}

describe('the Stockfish worker', () => {
  it('runs the lite single-threaded build from /engine/{content hash}/ in a Web Worker and starts it', async () => {
    const workers = stubWorkers()
    const engine = await loadStockfish()
    expect(ENGINE_SCRIPT_URL).toMatch(/^\/engine\/[0-9a-f]{12}\/stockfish-19-lite-single\.js$/)
    expect(workers.map((w) => [w.url, w.sent])).toEqual([[ENGINE_SCRIPT_URL, ['uci', 'isready']]])
    expect(typeof engine.bestMove).toBe('function')
  })

  it('plays the practice game on the single-threaded build even on a cross-origin-isolated page', async () => {
    page({ isolated: true, cores: 8 })
    const workers = stubWorkers()
    await loadStockfish()
    expect(workers.map((w) => w.url)).toEqual([ENGINE_SCRIPT_URL])
  })

  it('cannot start where there is no Web Worker', async () => {
    vi.stubGlobal('Worker', undefined)
    await expect(loadStockfish()).rejects.toThrow('no Web Worker')
    await expect(loadStockfishAnalysis()).rejects.toThrow('no Web Worker')
  })
})

describe("the analysis engine's threads", () => {
  it('leaves one core to the page and uses at most 8', () => {
    expect([undefined, 0, 1, 2, 3, 4, 8, 9, 16, 64].map(analysisThreads)).toEqual([
      1, 1, 1, 1, 2, 3, 7, 8, 8, 8,
    ])
  })

  it('runs the multi-threaded build on a cross-origin-isolated page, on cores - 1 threads with a 64 MB hash', async () => {
    page({ isolated: true, cores: 4 })
    const workers = stubWorkers()
    const engine = await loadStockfishAnalysis()
    expect(MULTI_THREADED_ENGINE_URL).toMatch(/^\/engine\/[0-9a-f]{12}\/stockfish-19-lite\.js$/)
    expect(workers.map((w) => [w.url, w.sent])).toEqual([
      [
        MULTI_THREADED_ENGINE_URL,
        ['uci', 'isready', 'setoption name Threads value 3', 'setoption name Hash value 64'],
      ],
    ])
    expect(engine.threads).toBe(3)
  })

  it('falls back to the single-threaded build, on 1 thread, where the page is not isolated', async () => {
    page({ isolated: false, cores: 4 })
    const workers = stubWorkers()
    const engine = await loadStockfishAnalysis()
    expect(workers.map((w) => [w.url, w.sent])).toEqual([[ENGINE_SCRIPT_URL, ['uci', 'isready']]])
    expect(engine.threads).toBe(1)
  })

  it('falls back to the single-threaded build when the multi-threaded one fails to start', async () => {
    page({ isolated: true, cores: 4 })
    const workers = stubWorkers(MULTI_THREADED_ENGINE_URL)
    const engine = await loadStockfishAnalysis()
    expect(workers.map((w) => w.url)).toEqual([MULTI_THREADED_ENGINE_URL, ENGINE_SCRIPT_URL])
    expect(engine.threads).toBe(1)
  })
})
