// The engine the app ships (Stockfish 19 lite, single-threaded) in Node, behind the analysis board's UCI wrapper:
// the tests that need real answers from it (the report's corpus, the puzzles' verification, the wrapper itself).
import { createRequire } from 'node:module'
import { startUciAnalysis, type AnalysisEngine } from '@/features/game/uciAnalysis'

const require = createRequire(import.meta.url)
const ENGINE = require.resolve('stockfish/bin/stockfish-19-lite-single.js')

interface NodeStockfish {
  sendCommand(command: string): void
  listener?: (line: string) => void
  terminate?: () => void
}

/** A new engine in this thread (the package's factory serves one instance per load of its module). */
export async function startNodeAnalysis(): Promise<AnalysisEngine> {
  delete require.cache[ENGINE]
  // The engine's loader replaces the global fetch: put back, since the web test files share a worker and its
  // backend calls (a later file's requests failed with 'fetch is not a function').
  const { fetch } = globalThis
  let stockfish: NodeStockfish
  try {
    stockfish = (await (require('stockfish') as (path: string) => Promise<unknown>)(ENGINE)) as NodeStockfish
  } finally {
    globalThis.fetch = fetch
  }
  return startUciAnalysis({
    send: (command) => stockfish.sendCommand(command),
    listen(onLine) {
      stockfish.listener = onLine
    },
    close: () => stockfish.terminate?.(),
  })
}
