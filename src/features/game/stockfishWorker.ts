// Stockfish 19 (the npm package `stockfish`, GPL-3), its lite WebAssembly builds, in a Web Worker. The practice game
// runs the single-threaded build; /analysis runs the multi-threaded one where the page is cross-origin isolated (it
// is served so: src/app/isolatedPages.ts), which gives it SharedArrayBuffer, and the single one elsewhere. Their
// files are separate assets under /engine/{hash}/ with their licence (vite.config.ts copies them there, the folder
// named by their content), fetched only when a level is chosen or the analysis engine is switched on: this module is
// loaded by the engines' loaders, never with a board.
import engineScript, { multiThreaded } from 'virtual:engine-script'
import type { ChessEngine } from './engine'
import { startUciAnalysis, type AnalysisEngine } from './uciAnalysis'
import { startUciEngine, workerChannel } from './uciEngine'

/** The single-threaded build's script; it fetches its .wasm from the same folder. */
export const ENGINE_SCRIPT_URL = engineScript
/** The multi-threaded build's script: its .wasm beside it, its threads workers of the same script. */
export const MULTI_THREADED_ENGINE_URL = multiThreaded

/** The multi-threaded build's hash table, MB (the single one keeps the engine's default, 16). */
export const ANALYSIS_HASH_MB = 64

/** The analysis engine's threads on a machine of `cores` logical cores: one core left to the page, at most 8. */
export function analysisThreads(cores: number | undefined): number {
  return Math.max(1, Math.min((cores ?? 1) - 1, 8))
}

/** Whether this page may run the multi-threaded build: cross-origin isolated, so it has SharedArrayBuffer. */
export const canRunThreads = () =>
  globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function'

const noWorkers = () => typeof Worker === 'undefined' || typeof WebAssembly === 'undefined'
const NO_WORKERS = 'This browser runs no Web Worker or WebAssembly'

export function loadStockfish(): Promise<ChessEngine> {
  if (noWorkers()) return Promise.reject(new Error(NO_WORKERS))
  return startUciEngine(workerChannel(new Worker(ENGINE_SCRIPT_URL)))
}

/**
 * The engine for the analysis board, in a worker of its own, full strength with several lines: the multi-threaded
 * build on analysisThreads(cores) threads where the page can run it, else (or when it fails to start) the single one.
 */
export function loadStockfishAnalysis(): Promise<AnalysisEngine> {
  if (noWorkers()) return Promise.reject(new Error(NO_WORKERS))
  const single = () => startUciAnalysis(workerChannel(new Worker(ENGINE_SCRIPT_URL)))
  if (!canRunThreads()) return single()
  const channel = workerChannel(new Worker(MULTI_THREADED_ENGINE_URL))
  return startUciAnalysis(channel, { threads: analysisThreads(navigator.hardwareConcurrency) }).then(
    (engine) => {
      // Before any search: the engine reads its commands in order.
      channel.send(`setoption name Hash value ${ANALYSIS_HASH_MB}`)
      return engine
    },
    single,
  )
}
