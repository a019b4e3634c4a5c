// The practice board's engine, as the game's thunks see it: a search that answers one move. The Stockfish worker
// (stockfishWorker.ts) is one implementation; tests give the store a fake. No chess.js and no worker here: the
// store, in the first-load bundle, imports this file.

/** The engine levels the 'Opponent' choice offers. */
export const ENGINE_LEVELS = [1, 2, 3, 4, 5, 6, 7, 8] as const
export type EngineLevel = (typeof ENGINE_LEVELS)[number]

/** How each level searches: Stockfish's Skill Level (0..20), a depth cap and a time cap per move. */
export interface LevelSettings {
  skill: number
  /** Plies; none for full strength within the time cap. */
  depth?: number
  movetimeMs: number
}

/**
 * Strength rises with the level (the lowest levels look one or two plies ahead and often choose a weaker move;
 * level 8 plays its best move found within 800 ms, so it answers within a second). scripts/engine-strength.mjs
 * checks the ends of the scale: level 8 beats random moves and level 1.
 */
export const LEVEL_SETTINGS: Record<EngineLevel, LevelSettings> = {
  1: { skill: 0, depth: 1, movetimeMs: 50 },
  2: { skill: 2, depth: 2, movetimeMs: 100 },
  3: { skill: 4, depth: 3, movetimeMs: 150 },
  4: { skill: 7, depth: 5, movetimeMs: 200 },
  5: { skill: 10, depth: 7, movetimeMs: 300 },
  6: { skill: 13, depth: 9, movetimeMs: 400 },
  7: { skill: 16, depth: 12, movetimeMs: 600 },
  8: { skill: 20, movetimeMs: 800 },
}

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
