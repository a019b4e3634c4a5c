// The rules engine (the game thunks with chess.js) loads on the player's first touch of the board, not
// with the page: showing a position needs only its FEN, and chess.js is the heaviest part of the board.
export type GameEngine = typeof import('./gameThunks')

let engine: GameEngine | null = null
let loading: Promise<GameEngine> | null = null

export function loadGameEngine(): Promise<GameEngine> {
  loading ??= import('./gameThunks').then(
    (module) => (engine = module),
    (error: unknown) => {
      loading = null // let the next touch try again
      throw error
    },
  )
  return loading
}

/** The engine if it has loaded, else null. */
export const loadedGameEngine = (): GameEngine | null => engine

export function logEngineError(error: unknown) {
  console.error('Could not load the chess rules', error)
}
