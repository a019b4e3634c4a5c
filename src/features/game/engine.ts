// The practice board's engine, as the game's thunks see it: a search that answers one move. The Stockfish worker
// (stockfishWorker.ts) is one implementation; tests give the store a fake. No chess.js and no worker here: the
// store, in the first-load bundle, imports this file.

/** The engine levels the 'Opponent' choice offers. */
export const ENGINE_LEVELS = [1, 2, 3, 4, 5, 6, 7, 8] as const
export type EngineLevel = (typeof ENGINE_LEVELS)[number]

export const isEngineLevel = (value: unknown): value is EngineLevel =>
  (ENGINE_LEVELS as readonly unknown[]).includes(value)

/** One search: the game so far (its start and the moves in UCI) and the level to play at. */
export interface EngineSearch {
  startFen: string
  moves: readonly string[]
  level: EngineLevel
}

export interface ChessEngine {
  /**
   * The move to play in UCI ('e7e5'), or null when there is none or the search was stopped. Rejects when the
   * engine fails.
   */
  bestMove(search: EngineSearch): Promise<string | null>
  /** Stops the running search at once; its promise resolves with null. */
  stop(): void
  /** Ends the engine for good. */
  quit(): void
}

/** Starts an engine; rejects when it cannot start (no worker, the files cannot be fetched, no WebAssembly). */
export type EngineLoader = () => Promise<ChessEngine>
