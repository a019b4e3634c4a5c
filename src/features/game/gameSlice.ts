import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

/**
 * The standard starting position. Written out rather than imported from chessRules so the store (in the
 * first-load bundle) does not pull chess.js, which loads with the board.
 */
const STANDARD_START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

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

interface MovePayload {
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
const isComputerToMove = (game: Pick<GameState, 'fen' | 'over'>) =>
  !game.over && game.fen.split(' ')[1] === 'b'

export const gameSlice = createSlice({
  name: 'game',
  initialState: initialGameState,
  reducers: {
    /** A move by either side: after the player's, the computer thinks until the game is over. */
    moveMade(state, action: PayloadAction<MovePayload>) {
      const { uci, fen, status, over } = action.payload
      state.moves.push(uci)
      state.fen = fen
      state.status = status
      state.over = over
      state.computerThinking = isComputerToMove(state)
    },
    moveRejected(state, action: PayloadAction<string>) {
      state.status = action.payload
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
  },
})

export const { moveMade, moveRejected, computerReplyScheduled, computerReplyCancelled, gameReset } =
  gameSlice.actions
export const { selectGame } = gameSlice.selectors
