import type { ChessEngine, EngineLoader, EngineSearch } from '@/features/game/engine'

/**
 * An engine the test drives: it records each search and answers when told (`answer`), or fails to start
 * (`failStart`). `loader` goes into makeStore's options.
 */
export function fakeEngine() {
  const searches: EngineSearch[] = []
  let pending: { resolve(uci: string | null): void; reject(error: Error): void } | null = null
  let startFailure: Error | null = null
  let starts = 0
  const state = { stops: 0, quit: false }
  const engine: ChessEngine = {
    bestMove(search) {
      searches.push({ ...search, moves: [...search.moves] })
      return new Promise((resolve, reject) => {
        pending = { resolve, reject }
      })
    },
    stop() {
      state.stops += 1
      pending?.resolve(null)
      pending = null
    },
    quit() {
      state.quit = true
    },
  }
  const loader: EngineLoader = () => {
    starts += 1
    return startFailure ? Promise.reject(startFailure) : Promise.resolve(engine)
  }
  return {
    loader,
    searches,
    state,
    get starts() {
      return starts
    },
    /** True while a search waits for its answer. */
    get searching() {
      return pending !== null
    },
    /** The engine answers the running search with `uci`. */
    async answer(uci: string) {
      if (!pending) throw new Error('no search is running')
      const running = pending
      pending = null
      running.resolve(uci)
      await settle()
    },
    /** The running search fails (the engine crashed). */
    async crash() {
      const running = pending
      pending = null
      running?.reject(new Error('engine crashed'))
      await settle()
    },
    failStart(message = 'no WebAssembly') {
      startFailure = new Error(message)
    },
  }
}

/** Lets resolved promises run their callbacks (works with fake timers too). */
export async function settle() {
  for (let i = 0; i < 5; i += 1) await Promise.resolve()
}
