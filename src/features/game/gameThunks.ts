import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit'
import {
  applyMove,
  fenAfter,
  legalMoves,
  outcomeOf,
  parseMoveText,
  playablePosition,
  type MoveRequest,
} from '@domain/chess/chessRules'
import type { GameThunkExtra } from './computerOpponent'
import { isEngineLevel } from './engine'
import {
  computerReplyCancelled,
  computerReplyScheduled,
  engineFailed,
  engineLoading,
  engineReady,
  gameReset,
  isComputerToMove,
  lineLoaded,
  moveMade,
  moveRejected,
  movesTakenBack,
  opponentChosen,
  playerColorChosen,
  positionLoaded,
  positionRejected,
  sideToMoveIn,
  type GameState,
  type Opponent,
  type Side,
} from './gameSlice'
import {
  ENGINE_FALLBACK_NOTE,
  INVALID_MOVE,
  INVALID_POSITION,
  MOVE_TAKEN_BACK,
  statusAfterMove,
} from './gameMessages'

/** How long the random opponent waits before answering. */
export const COMPUTER_REPLY_DELAY_MS = 1000

// The pending reply, the random source and the engine come per store with the thunk middleware's extra argument.
type GameThunk<R = void> = ThunkAction<R, { game: GameState }, GameThunkExtra, UnknownAction>

/** Plays `uci` (promotion to a queen, as for the player) for the computer, when it is the computer's turn. */
const playComputerUci =
  (uci: string): GameThunk<boolean> =>
  (dispatch, getState) => {
    const game = getState().game
    if (!isComputerToMove(game)) return false
    const applied = applyMove(game.moves, { from: uci.slice(0, 2), to: uci.slice(2, 4) }, game.startFen)
    if (!applied) return false
    const outcome = outcomeOf([...game.moves, applied.uci], game.startFen)
    dispatch(
      moveMade({
        uci: applied.uci,
        fen: applied.fen,
        status: statusAfterMove(outcome, 'computer', game.playerColor),
        over: outcome.over,
        words: applied.words,
      }),
    )
    return true
  }

/** The spec's opponent: a random legal move. */
const playRandomMove =
  (): GameThunk =>
  (dispatch, getState, { computer }) => {
    const { moves, startFen } = getState().game
    const candidates = legalMoves(moves, startFen)
    if (candidates.length === 0) return
    const index = Math.min(candidates.length - 1, Math.floor(computer.random() * candidates.length))
    dispatch(playComputerUci(candidates[index]))
  }

/** The engine could not start or failed: say so, and go on with random moves. */
const fallBackToRandom =
  (error: unknown): GameThunk =>
  (dispatch, getState) => {
    console.error('The practice engine failed; playing random moves', error)
    dispatch(engineFailed(ENGINE_FALLBACK_NOTE))
    if (isComputerToMove(getState().game)) dispatch(scheduleComputerReply())
  }

const scheduleComputerReply =
  (): GameThunk =>
  (dispatch, getState, { computer }) => {
    const { opponent, startFen, moves } = getState().game
    if (!isEngineLevel(opponent)) {
      computer.schedule(() => dispatch(playRandomMove()), COMPUTER_REPLY_DELAY_MS)
      return
    }
    computer.think(
      { startFen, moves, level: opponent },
      (uci) => {
        // An engine move the rules refuse (it never should) is replaced by a random one rather than lost.
        if (!uci || !dispatch(playComputerUci(uci))) dispatch(playRandomMove())
      },
      (error) => dispatch(fallBackToRandom(error)),
    )
  }

/**
 * The player's move, promoted to a queen when a pawn reaches the last rank.
 * Returns whether the move was accepted, which is what the board needs to know at once.
 */
export const playMove =
  (move: MoveRequest): GameThunk<boolean> =>
  (dispatch, getState) => {
    const { moves, startFen, over, computerThinking, fen, playerColor } = getState().game
    // After the end the final message stays; the move is still refused.
    if (over) return false
    const applied =
      computerThinking || sideToMoveIn(fen) !== playerColor ? null : applyMove(moves, move, startFen)
    if (!applied) {
      dispatch(moveRejected(INVALID_MOVE))
      return false
    }
    const outcome = outcomeOf([...moves, applied.uci], startFen)
    dispatch(
      moveMade({
        uci: applied.uci,
        fen: applied.fen,
        status: statusAfterMove(outcome, 'player', playerColor),
        over: outcome.over,
        words: applied.words,
      }),
    )
    if (!outcome.over) dispatch(scheduleComputerReply())
    return true
  }

/** When the computer is to move and no reply is pending, schedules one (the state says it is thinking). */
const replyIfComputerToMove =
  (): GameThunk =>
  (dispatch, getState, { computer }) => {
    if (!isComputerToMove(getState().game) || computer.pending) return
    dispatch(computerReplyScheduled())
    dispatch(scheduleComputerReply())
  }

/** Starts again from the standard position (the player's choices stay), dropping any pending reply. */
export const startNewGame =
  (): GameThunk =>
  (dispatch, _getState, { computer }) => {
    computer.cancel()
    dispatch(gameReset())
    dispatch(replyIfComputerToMove()) // playing black, the computer opens
  }

/** Drops the pending computer reply (the board unmounted); `resumeGame` picks it up again. */
export const cancelComputerReply =
  (): GameThunk =>
  (dispatch, _getState, { computer }) => {
    if (computer.cancel()) dispatch(computerReplyCancelled())
  }

/** Starts the engine for a chosen level; when it cannot start, the board falls back to random moves. */
const prepareEngine =
  (): GameThunk =>
  (dispatch, getState, { computer }) => {
    dispatch(engineLoading())
    computer.prepareEngine().then(
      () => {
        if (isEngineLevel(getState().game.opponent)) dispatch(engineReady())
      },
      (error: unknown) => {
        // A search waiting for the engine falls back by itself; this covers the wait before the first move.
        if (isEngineLevel(getState().game.opponent) && !computer.pending) dispatch(fallBackToRandom(error))
      },
    )
  }

/**
 * When the board mounts (also after a reload): a stored game that no longer replays starts afresh, the engine of
 * a chosen level starts, and where the computer is to move its reply is scheduled.
 */
export const resumeGame = (): GameThunk => (dispatch, getState) => {
  const { moves, startFen, fen, opponent, engine } = getState().game
  try {
    const board = (position: string) => position.split(' ').slice(0, 2).join(' ')
    if (board(fenAfter(moves, startFen)) !== board(fen))
      throw new Error('The stored position does not match its moves')
  } catch (error) {
    console.error('The stored practice game could not be replayed; starting a new one', error)
    dispatch(gameReset())
  }
  if (isEngineLevel(opponent) && engine === 'off') dispatch(prepareEngine())
  dispatch(replyIfComputerToMove())
}

/** 'Opponent': random moves or an engine level, from the next reply on (a pending reply is asked again). */
export const chooseOpponent =
  (opponent: Opponent): GameThunk =>
  (dispatch, getState, { computer }) => {
    computer.cancel()
    dispatch(opponentChosen(opponent))
    if (isEngineLevel(opponent) && getState().game.engine !== 'ready') dispatch(prepareEngine())
    dispatch(replyIfComputerToMove())
  }

/** 'Play as': a new game with the player on that side (playing black, the computer opens). */
export const choosePlayerColor =
  (color: Side): GameThunk =>
  (dispatch, _getState, { computer }) => {
    computer.cancel()
    dispatch(playerColorChosen(color))
    dispatch(replyIfComputerToMove())
  }

/** How many moves 'Takeback' removes: the replies after the player's last move, and that move; 0 for none. */
export function movesToTakeBack(game: Pick<GameState, 'moves' | 'startFen' | 'playerColor'>): number {
  const firstMover = sideToMoveIn(game.startFen)
  const sideOf = (ply: number) => (ply % 2 === 0 ? firstMover : firstMover === 'white' ? 'black' : 'white')
  for (let ply = game.moves.length - 1; ply >= 0; ply -= 1)
    if (sideOf(ply) === game.playerColor) return game.moves.length - ply
  return 0
}

/** 'Takeback': undoes the player's last move and the reply (also a reply still being thought about). */
export const takeBack =
  (): GameThunk<boolean> =>
  (dispatch, getState, { computer }) => {
    const game = getState().game
    const count = movesToTakeBack(game)
    if (!game.allowTakebacks || count === 0) return false
    computer.cancel()
    const fen = fenAfter(game.moves.slice(0, game.moves.length - count), game.startFen)
    dispatch(movesTakenBack({ count, fen, status: MOVE_TAKEN_BACK }))
    return true
  }

/** 'Load FEN': a new game from that position; 'Invalid position.' for one that is not a playable FEN. */
export const loadPosition =
  (text: string): GameThunk<boolean> =>
  (dispatch, _getState, { computer }) => {
    const fen = playablePosition(text)
    if (!fen) {
      dispatch(positionRejected(INVALID_POSITION))
      return false
    }
    computer.cancel()
    dispatch(positionLoaded(fen))
    dispatch(replyIfComputerToMove())
    return true
  }

/**
 * A game that carries on a line ('Play from here'): from the line's start position, with the line's moves up to the
 * position (UCI) in the move list, the player on the line's side. False when the moves do not replay.
 */
export const loadLine =
  (line: { startFen: string; moves: string[]; side: Side }): GameThunk<boolean> =>
  (dispatch, _getState, { computer }) => {
    let fen: string
    try {
      fen = fenAfter(line.moves, line.startFen)
    } catch {
      dispatch(positionRejected(INVALID_POSITION))
      return false
    }
    if (outcomeOf(line.moves, line.startFen).over) return dispatch(loadPosition(fen))
    computer.cancel()
    dispatch(lineLoaded({ startFen: line.startFen, moves: line.moves, fen, playerColor: line.side }))
    dispatch(replyIfComputerToMove())
    return true
  }

/** A move typed by the player (keyboard alternative to dragging): 'e2e4', 'e2-e4' or SAN like 'e4', 'Nf3'. */
export const playTypedMove =
  (text: string): GameThunk<boolean> =>
  (dispatch, getState) => {
    const { moves, startFen, over } = getState().game
    if (over) return false
    const move = parseMoveText(moves, text, startFen)
    if (!move) {
      dispatch(moveRejected(INVALID_MOVE))
      return false
    }
    return dispatch(playMove(move))
  }
