// The computer's pending reply and its dice, one per store (the thunk middleware's extra argument, set in
// makeStore): two stores (two tests, two boards) never share a pending reply. No chess.js here: the store
// is in the first-load bundle, the rules load with the board.

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

export interface ComputerOpponentOptions {
  clock?: Clock
  random?: RandomSource
}

/** The computer's side of one store's game. */
export interface ComputerOpponent {
  /** Picks among the legal moves. */
  readonly random: RandomSource
  /** Runs `reply` after `ms`, replacing the pending reply if there is one. */
  schedule(reply: () => void, ms: number): void
  /** Drops the pending reply; true when there was one. */
  cancel(): boolean
  /** True while a reply is pending. */
  readonly pending: boolean
}

export function createComputerOpponent({
  clock = systemClock,
  random = Math.random,
}: ComputerOpponentOptions = {}): ComputerOpponent {
  // A timer handle is not serializable, so it lives here rather than in the state.
  let handle: unknown = null
  let pending = false
  const cancel = () => {
    if (!pending) return false
    clock.clearTimeout(handle)
    handle = null
    pending = false
    return true
  }
  return {
    random,
    schedule(reply, ms) {
      cancel()
      pending = true
      handle = clock.setTimeout(() => {
        handle = null
        pending = false
        reply()
      }, ms)
    },
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
