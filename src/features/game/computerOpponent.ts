// The computer's pending reply, its dice and its engine, one per store (the thunk middleware's extra argument, set in
// makeStore): two stores (two tests, two boards) never share a pending reply or a search. No chess.js and no engine
// code here: the store is in the first-load bundle; the rules load with the board and the engine when a level is
// chosen.
import type { ChessEngine, EngineLoader, EngineSearch } from './engine'

/** A number in [0, 1), like Math.random. */
export type RandomSource = () => number

/** Where the reply's delay is kept; the default is the global timer, which fake timers replace. */
export interface Clock {
  setTimeout(run: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

const systemClock: Clock = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/** Stockfish in a Web Worker, in its own chunk. */
const loadStockfish: EngineLoader = () => import('./stockfishWorker').then((m) => m.loadStockfish())

export interface ComputerOpponentOptions {
  clock?: Clock
  random?: RandomSource
  /** Starts the engine for the levels (tests give a fake). */
  engine?: EngineLoader
}

/** The computer's side of one store's game. */
export interface ComputerOpponent {
  /** Picks among the legal moves. */
  readonly random: RandomSource
  /** Runs `reply` after `ms`, replacing the pending reply if there is one. */
  schedule(reply: () => void, ms: number): void
  /**
   * Asks the engine (started on first use) for a move and hands it to `reply`, or the failure to `failed`,
   * unless the reply is cancelled first; replaces the pending reply if there is one.
   */
  think(search: EngineSearch, reply: (uci: string | null) => void, failed: (error: unknown) => void): void
  /** Starts the engine ahead of its first search (a level was chosen). */
  prepareEngine(): Promise<void>
  /** Drops the pending reply, stopping the engine's search; true when there was one. */
  cancel(): boolean
  /** True while a reply is pending. */
  readonly pending: boolean
}

export function createComputerOpponent({
  clock = systemClock,
  random = Math.random,
  engine: loadEngine = loadStockfish,
}: ComputerOpponentOptions = {}): ComputerOpponent {
  // Neither a timer handle nor an engine is serializable, so they live here rather than in the state.
  let handle: unknown = null
  let pending = false
  /** Counts replies: a search's answer counts only while its reply is still the pending one. */
  let reply = 0
  let engine: Promise<ChessEngine> | null = null
  let started: ChessEngine | null = null

  function startEngine(): Promise<ChessEngine> {
    engine ??= loadEngine().then(
      (ready) => (started = ready),
      (error: unknown) => {
        engine = null // a later choice of a level tries again
        throw error
      },
    )
    return engine
  }

  const cancel = () => {
    if (!pending) return false
    if (handle !== null) clock.clearTimeout(handle)
    handle = null
    pending = false
    reply += 1
    started?.stop()
    return true
  }

  return {
    random,
    schedule(run, ms) {
      cancel()
      pending = true
      handle = clock.setTimeout(() => {
        handle = null
        pending = false
        run()
      }, ms)
    },
    think(search, onMove, failed) {
      cancel()
      pending = true
      const mine = (reply += 1)
      const current = () => pending && reply === mine
      startEngine()
        .then((ready) => (current() ? ready.bestMove(search) : null))
        .then(
          (uci) => {
            if (!current()) return
            pending = false
            onMove(uci)
          },
          (error: unknown) => {
            // A failed engine is dropped: choosing a level again starts a new one.
            engine = null
            started = null
            if (!current()) return
            pending = false
            failed(error)
          },
        )
    },
    prepareEngine: () => startEngine().then(() => undefined),
    cancel,
    get pending() {
      return pending
    },
  }
}

/** What the game's thunks find in the thunk middleware's extra argument. */
export interface GameThunkExtra {
  computer: ComputerOpponent
}
