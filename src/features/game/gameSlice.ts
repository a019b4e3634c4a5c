import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

/**
 * The standard starting position. Written out rather than imported from chessRules so the store (in the
 * first-load bundle) does not pull chess.js, which loads with the board.
 */
export const STANDARD_START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

// Serializable only: the Chess object is rebuilt from `moves` when needed (chessRules.ts).
export interface GameState {
  /** Position the game started from (the standard position in the product). */
  startFen: string
  /** Moves so far in UCI ('e2e4', 'e7e8q'), white first. */
  moves: string[]
  /** Position after `moves`. */
  fen: string
  /** The status line shown to the player ('' before the first move). */
  status: string
  /** True while the computer's reply is pending. */
  computerThinking: boolean
  /** True once checkmate or a draw is reached. */
  over: boolean
}

export interface MovePayload {
  uci: string
  fen: string
  status: string
  over: boolean
}

export const initialGameState: GameState = {
  startFen: STANDARD_START_FEN,
  moves: [],
  fen: STANDARD_START_FEN,
  status: '',
  computerThinking: false,
  over: false,
}

/** Black (the computer) is to move in a game still going: read from the FEN's side-to-move field. */
export const isComputerToMove = (game: Pick<GameState, 'fen' | 'over'>) =>
  !game.over && game.fen.split(' ')[1] === 'b'

export const gameSlice = createSlice({
  name: 'game',
  initialState: initialGameState,
  reducers: {
    moveMade(state, action: PayloadAction<MovePayload>) {
      const { uci, fen, status, over } = action.payload
      state.moves.push(uci)
      state.fen = fen
      state.status = status
      state.over = over
      state.computerThinking = !over
    },
    moveRejected(state, action: PayloadAction<string>) {
      state.status = action.payload
    },
    computerMoved(state, action: PayloadAction<MovePayload>) {
      const { uci, fen, status, over } = action.payload
      state.moves.push(uci)
      state.fen = fen
      state.status = status
      state.over = over
      state.computerThinking = false
    },
    computerReplyScheduled(state) {
      state.computerThinking = true
    },
    computerReplyCancelled(state) {
      state.computerThinking = false
    },
    gameReset() {
      return initialGameState
    },
  },
  selectors: {
    selectGame: (state) => state,
    selectGameFen: (state) => state.fen,
    selectGameStatus: (state) => state.status,
    selectGameMoves: (state) => state.moves,
    selectComputerThinking: (state) => state.computerThinking,
    selectGameOver: (state) => state.over,
  },
})

export const {
  moveMade,
  moveRejected,
  computerMoved,
  computerReplyScheduled,
  computerReplyCancelled,
  gameReset,
} = gameSlice.actions
export const {
  selectGame,
  selectGameFen,
  selectGameStatus,
  selectGameMoves,
  selectComputerThinking,
  selectGameOver,
} = gameSlice.selectors
export default gameSlice.reducer
