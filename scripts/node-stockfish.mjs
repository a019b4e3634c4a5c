// The engine the app ships (Stockfish 19 lite, single-threaded) in this Node thread, as a UCI transport for the
// board's wrappers (src/features/game/uciEngine.ts for play, uciAnalysis.ts for analysis): the engine-strength
// check, the puzzle miner and the tests that need real answers from the engine.
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
export const ENGINE = require.resolve('stockfish/bin/stockfish-19-lite-single.js')

/** A new engine in this thread: `{ send, listen, close }` for startUciEngine or startUciAnalysis. */
export async function nodeStockfish() {
  // A second engine in one process needs the engine's module afresh (its factory serves one instance).
  delete require.cache[ENGINE]
  // The engine's loader replaces the global fetch: put back, since test files share a worker and their backend calls
  // need it (a later file's requests failed with 'fetch is not a function').
  const { fetch } = globalThis
  let engine
  try {
    engine = await require('stockfish')(ENGINE)
  } finally {
    globalThis.fetch = fetch
  }
  return {
    send: (command) => engine.sendCommand(command),
    listen(onLine) {
      engine.listener = onLine
    },
    close: () => engine.terminate?.(),
  }
}
