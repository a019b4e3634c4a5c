// Stockfish 19 (the npm package `stockfish`, GPL-3), its lite single-threaded WebAssembly build, in a Web Worker:
// no SharedArrayBuffer, so no cross-origin isolation. Its files are separate assets under /engine/{hash}/ with
// their licence (vite.config.ts copies them there, the folder named by their content), fetched only when a level is chosen: this module is loaded by
// computerOpponent's engine loader, never with the board.
import engineScript from 'virtual:engine-script'
import type { ChessEngine } from './engine'
import { startUciAnalysis, startUciEngine, workerChannel, type AnalysisEngine } from './uciEngine'

/** The engine's script; it fetches its .wasm from the same folder. */
export const ENGINE_SCRIPT_URL = engineScript

export function loadStockfish(): Promise<ChessEngine> {
  if (typeof Worker === 'undefined' || typeof WebAssembly === 'undefined')
    return Promise.reject(new Error('This browser runs no Web Worker or WebAssembly'))
  return startUciEngine(workerChannel(new Worker(ENGINE_SCRIPT_URL)))
}

/** The same engine for the analysis board, in a worker of its own, full strength with several lines. */
export function loadStockfishAnalysis(): Promise<AnalysisEngine> {
  if (typeof Worker === 'undefined' || typeof WebAssembly === 'undefined')
    return Promise.reject(new Error('This browser runs no Web Worker or WebAssembly'))
  return startUciAnalysis(workerChannel(new Worker(ENGINE_SCRIPT_URL)))
}
