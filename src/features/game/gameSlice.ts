import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { Side } from '@domain/chess/vocabulary'
import type { EngineLevel } from './engine'

/**
 * The standard starting position. Written out rather than imported from chessRules so the store (in the
 * first-load bundle) does not pull chess.js, which loads with the board.
 */
const STANDARD_START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

export type { Side }

/** Who answers the player: the spec's random mover (the default) or the engine at a level. */
export type Opponent = 'random' | EngineLevel

// Serializable only: the Chess object is rebuilt from `moves` when needed (chessRules.ts).
export interface GameState {
  /** Position the game started from (the standard position unless one was loaded). */
  startFen: string
  /** Moves so far in UCI ('e2e4', 'e7e8q'), in the order played. */
  moves: string[]
  /** Position after `moves`. */
  fen: string
  /** The status line shown to the player ('' before the first move). */
  status: string
  /** The last move in words ('Black knight to f6'), said after the status; '' when there is none to say. */
  lastMoveWords: string
  /** True while the computer's reply is pending. */
  computerThinking: boolean
  /** True once checkmate or a draw is reached. */
  over: boolean
  opponent: Opponent
  /** The side the player plays (white, as the spec says, unless chosen otherwise). */
  playerColor: Side
  /** The board shows the player's side at the top. */
  flipped: boolean
  /** 'Takeback' is offered (off for training). */
  allowTakebacks: boolean
  /** The engine's state: 'loading' while it starts for a chosen level. Not persisted. */
  engine: 'off' | 'loading' | 'ready'
  /** Why the board plays random moves although a level was chosen; '' otherwise. Not persisted. */
  engineNote: string
  /** 'Invalid position.' after a refused FEN, '' otherwise. Not persisted. */
  positionError: string
}

interface MovePayload {
  uci: string
  fen: string
  status: string
  over: boolean
  words: string
}

export const initialGameState: GameState = {
  startFen: STANDARD_START_FEN,
  moves: [],
  fen: STANDARD_START_FEN,
  status: '',
  lastMoveWords: '',
  computerThinking: false,
  over: false,
  opponent: 'random',
  playerColor: 'white',
  flipped: false,
  allowTakebacks: true,
  engine: 'off',
  engineNote: '',
  positionError: '',
}

/** What survives a reload (persisted under its own key, see app/persist.ts). */
export const PERSISTED_GAME_FIELDS = [
  'startFen',
  'moves',
  'fen',
  'status',
  'lastMoveWords',
  'over',
  'opponent',
  'playerColor',
  'flipped',
  'allowTakebacks',
] as const satisfies readonly (keyof GameState)[]

/** The side to move, read from the FEN's side-to-move field. */
export const sideToMoveIn = (fen: string): Side => (fen.split(' ')[1] === 'b' ? 'black' : 'white')

/** The computer is to move in a game still going. */
export const isComputerToMove = (game: Pick<GameState, 'fen' | 'over' | 'playerColor'>) =>
  !game.over && sideToMoveIn(game.fen) !== game.playerColor

/** The player may move on the board: the game goes on, it is their turn and the computer is not thinking. */
export const isPlayerToMove = (game: Pick<GameState, 'fen' | 'over' | 'playerColor' | 'computerThinking'>) =>
  !game.over && !game.computerThinking && sideToMoveIn(game.fen) === game.playerColor

/** A fresh game from `startFen`, keeping the player's choices (opponent, colour, board, takebacks). */
function freshGame(state: GameState, startFen: string): GameState {
  return {
    ...initialGameState,
    startFen,
    fen: startFen,
    opponent: state.opponent,
    playerColor: state.playerColor,
    flipped: state.flipped,
    allowTakebacks: state.allowTakebacks,
    engine: state.engine,
    engineNote: state.engineNote,
  }
}

export const gameSlice = createSlice({
  name: 'game',
  initialState: initialGameState,
  reducers: {
    /** A move by either side: after the player's, the computer thinks until the game is over. */
    moveMade(state, action: PayloadAction<MovePayload>) {
      const { uci, fen, status, over, words } = action.payload
      state.moves.push(uci)
      state.fen = fen
      state.status = status
      state.lastMoveWords = words
      state.over = over
      state.computerThinking = isComputerToMove(state)
    },
    moveRejected(state, action: PayloadAction<string>) {
      state.status = action.payload
      state.lastMoveWords = ''
    },
    computerReplyScheduled(state) {
      state.computerThinking = true
    },
    computerReplyCancelled(state) {
      state.computerThinking = false
    },
    /** 'New game': the standard position again; the player's choices stay. */
    gameReset(state) {
      return freshGame(state, STANDARD_START_FEN)
    },
    /** A game from a loaded position (already checked to be playable). */
    positionLoaded(state, action: PayloadAction<string>) {
      return freshGame(state, action.payload)
    },
    /** A game from a line: its start position and the moves played to reach the position (already checked). */
    lineLoaded(
      state,
      action: PayloadAction<{ startFen: string; moves: string[]; fen: string; playerColor: Side }>,
    ) {
      const { startFen, moves, fen, playerColor } = action.payload
      return { ...freshGame(state, startFen), moves, fen, playerColor, flipped: false }
    },
    positionRejected(state, action: PayloadAction<string>) {
      state.positionError = action.payload
    },
    opponentChosen(state, action: PayloadAction<Opponent>) {
      state.opponent = action.payload
      state.engineNote = ''
      if (action.payload === 'random') state.engine = 'off'
    },
    engineLoading(state) {
      state.engine = 'loading'
    },
    engineReady(state) {
      state.engine = 'ready'
    },
    /** The engine could not start or failed: the board goes on with random moves and says why. */
    engineFailed(state, action: PayloadAction<string>) {
      state.opponent = 'random'
      state.engine = 'off'
      state.engineNote = action.payload
    },
    /** 'Play as': a new game from the standard position with the player on that side. */
    playerColorChosen(state, action: PayloadAction<Side>) {
      return { ...freshGame(state, STANDARD_START_FEN), playerColor: action.payload, flipped: false }
    },
    boardFlipped(state) {
      state.flipped = !state.flipped
    },
    takebacksAllowed(state, action: PayloadAction<boolean>) {
      state.allowTakebacks = action.payload
    },
    /** 'Takeback': the last `count` moves are gone (the player's last move and the reply); the player moves. */
    movesTakenBack(state, action: PayloadAction<{ count: number; fen: string; status: string }>) {
      state.moves.splice(state.moves.length - action.payload.count)
      state.fen = action.payload.fen
      state.status = action.payload.status
      state.lastMoveWords = ''
      state.over = false
      state.computerThinking = false
    },
  },
  selectors: {
    selectGame: (state) => state,
  },
})

export const {
  moveMade,
  moveRejected,
  computerReplyScheduled,
  computerReplyCancelled,
  gameReset,
  positionLoaded,
  positionRejected,
  opponentChosen,
  lineLoaded,
  engineLoading,
  engineReady,
  engineFailed,
  playerColorChosen,
  boardFlipped,
  takebacksAllowed,
  movesTakenBack,
} = gameSlice.actions
export const { selectGame } = gameSlice.selectors
