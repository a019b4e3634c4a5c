import { afterEach, describe, expect, it, vi } from 'vitest'
import { ENGINE_SCRIPT_URL, loadStockfish } from '@/features/game/stockfishWorker'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the Stockfish worker', () => {
  it('runs the lite single-threaded build from /engine/{content hash}/ in a Web Worker and starts it', async () => {
    const workers: { url: string; sent: string[]; onmessage: ((e: { data: string }) => void) | null }[] = []
    vi.stubGlobal(
      'Worker',
      class {
        sent: string[] = []
        onmessage: ((e: { data: string }) => void) | null = null
        onerror = null
        constructor(public url: string) {
          workers.push(this)
        }
        postMessage(command: string) {
          this.sent.push(command)
          if (command === 'uci') queueMicrotask(() => this.onmessage?.({ data: 'uciok' }))
          if (command === 'isready') queueMicrotask(() => this.onmessage?.({ data: 'readyok' }))
        }
        terminate() {}
      },
    )
    const engine = await loadStockfish()
    expect(ENGINE_SCRIPT_URL).toMatch(/^\/engine\/[0-9a-f]{12}\/stockfish-19-lite-single\.js$/)
    expect(workers.map((w) => [w.url, w.sent])).toEqual([[ENGINE_SCRIPT_URL, ['uci', 'isready']]])
    expect(typeof engine.bestMove).toBe('function')
  })

  it('cannot start where there is no Web Worker', async () => {
    vi.stubGlobal('Worker', undefined)
    await expect(loadStockfish()).rejects.toThrow('no Web Worker')
  })
})
