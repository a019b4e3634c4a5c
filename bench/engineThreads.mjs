// The analysis board's engine, single-threaded against multi-threaded: the depth Stockfish reaches in a fixed time
// (5 s) from the start position and from a middlegame, in headless Chromium. The page is a minimal one served on
// loopback with the headers the server sends /analysis (cross-origin isolated) and the engine's two lite builds
// with the headers the server sends them, so SharedArrayBuffer is there as on /analysis. Rows: the single build
// (the fallback), the multi-threaded build with the threads the board gives it on this machine (min(cores - 1, 8),
// at least 1) and, where that is fewer than the cores, with one thread per core.
// Runnable alone: `node bench/engineThreads.mjs [--seconds S]` (builds nothing; reads node_modules/stockfish).
import { createReadStream } from 'node:fs'
import { createServer } from 'node:http'
import { cpus, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { chromiumFlags, findChromium } from '../tests/e2e/support/server.mjs'

const BIN = fileURLToPath(new URL('../node_modules/stockfish/bin/', import.meta.url))
const FILES = {
  'stockfish-19-lite-single.js': 'text/javascript',
  'stockfish-19-lite-single.wasm': 'application/wasm',
  'stockfish-19-lite.js': 'text/javascript',
  'stockfish-19-lite.wasm': 'application/wasm',
}
const ISOLATED = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'credentialless',
  'cross-origin-resource-policy': 'same-origin',
}

export const POSITIONS = [
  { name: 'start position', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' },
  // Kasparov–Topalov, Wijk aan Zee 1999, after 20... Ka7 (bench/analysis.mjs's game).
  { name: 'middlegame', fen: 'b2r3r/k3qp1p/pn3np1/Nppp4/4PQ2/P1N2PPB/1PP4P/1K1R3R w - - 2 21' },
]

/** The hash table the board gives the multi-threaded engine (src/features/game/stockfishWorker.ts). */
const HASH_MB = 64

/** One search in the page: the engine's own worker, `go movetime`, the last depth it reported. */
async function search(page, { script, threads, hashMb, fen, ms }) {
  return page.evaluate(
    ({ script, threads, hashMb, fen, ms }) =>
      new Promise((resolve, reject) => {
        const worker = new globalThis.Worker(script)
        let last = null
        const timer = setTimeout(() => reject(new Error(`no bestmove within ${ms + 30_000} ms`)), ms + 30_000)
        worker.onerror = (e) => reject(new Error(e.message))
        worker.onmessage = ({ data }) => {
          if (typeof data !== 'string') return
          if (data === 'uciok') {
            if (threads) worker.postMessage(`setoption name Threads value ${threads}`)
            if (hashMb) worker.postMessage(`setoption name Hash value ${hashMb}`)
            worker.postMessage('isready')
          } else if (data === 'readyok') {
            worker.postMessage(`position fen ${fen}`)
            worker.postMessage(`go movetime ${ms}`)
          } else if (/^info .*\bdepth \d+ .*\bnodes \d+/.test(data) && !/bound/.test(data)) last = data
          else if (data.startsWith('bestmove')) {
            clearTimeout(timer)
            worker.terminate()
            const field = (name) => Number(new RegExp(`\\b${name} (\\d+)`).exec(last ?? '')?.[1] ?? NaN)
            resolve({
              depth: field('depth'),
              seldepth: field('seldepth'),
              nodes: field('nodes'),
              nps: field('nps'),
            })
          }
        }
        worker.postMessage('uci')
      }),
    { script, threads, hashMb, fen, ms },
  )
}

/** A loopback server of the page and the engine files, with /analysis's headers. */
function serve() {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split(/[?#]/)[0]
    if (path === '/') {
      res.writeHead(200, { ...ISOLATED, 'content-type': 'text/html; charset=utf-8' })
      return res.end('<!doctype html><title>engine threads</title>')
    }
    const name = path.replace(/^\/engine\//, '')
    if (!FILES[name]) return res.writeHead(404).end()
    res.writeHead(200, { ...ISOLATED, 'content-type': FILES[name] })
    createReadStream(BIN + name).pipe(res)
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${server.address().port}` }),
    ),
  )
}

/**
 * The depth reached in `seconds` from each position, by engine: the single build (default hash, as the board's
 * fallback runs it) and the multi-threaded one with HASH_MB, at the board's threads and at one per core.
 */
export async function engineThreadsFigures(browser, { seconds = 5 } = {}) {
  const cores = cpus().length
  const boardThreads = Math.min(Math.max(cores - 1, 1), 8)
  const engines = [
    { engine: 'single-threaded build (fallback)', script: '/engine/stockfish-19-lite-single.js', threads: 1 },
    {
      engine: `multi-threaded build, ${boardThreads} thread${boardThreads === 1 ? '' : 's'} (the board's rule)`,
      script: '/engine/stockfish-19-lite.js',
      threads: boardThreads,
      hashMb: HASH_MB,
    },
    ...(cores > boardThreads
      ? [
          {
            engine: `multi-threaded build, ${cores} threads (one per core)`,
            script: '/engine/stockfish-19-lite.js',
            threads: cores,
            hashMb: HASH_MB,
          },
        ]
      : []),
  ]
  const loadAtStart = loadavg()[0]
  const { server, url } = await serve()
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await page.goto(url)
    const isolated = await page.evaluate(
      () => globalThis.crossOriginIsolated && typeof SharedArrayBuffer === 'function',
    )
    if (!isolated) throw new Error('the bench page is not cross-origin isolated')
    const rows = []
    for (const e of engines) {
      const row = { engine: e.engine, threads: e.threads }
      for (const [i, position] of POSITIONS.entries()) {
        const r = await search(page, {
          script: e.script,
          threads: e.hashMb ? e.threads : undefined,
          hashMb: e.hashMb,
          fen: position.fen,
          ms: seconds * 1000,
        })
        row[`depth${i}`] = `${r.depth}/${r.seldepth}`
        row[`knps${i}`] = Math.round(r.nps / 1000)
      }
      rows.push(row)
    }
    return {
      seconds,
      cores,
      hashMb: HASH_MB,
      positions: POSITIONS.map((p) => p.name),
      rows,
      // Other work on the machine takes cores from the threads: the 1-minute load average before and after.
      loadAverage: [loadAtStart, loadavg()[0]].map((n) => Math.round(n * 10) / 10),
    }
  } finally {
    await context.close()
    server.close()
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--seconds')
  const seconds = i >= 0 ? Number(process.argv[i + 1]) : 5
  const executablePath = findChromium()
  if (!executablePath) {
    console.error('bench: no Chromium (CHROMIUM_PATH or /usr/bin/chromium)')
    process.exit(1)
  }
  const browser = await chromium.launch({ executablePath, args: chromiumFlags })
  try {
    console.log(JSON.stringify(await engineThreadsFigures(browser, { seconds }), null, 2))
  } finally {
    await browser.close()
  }
}
