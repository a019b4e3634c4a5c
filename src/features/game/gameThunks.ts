import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit'
import { applyMove, legalMoves, outcomeOf, parseMoveText, sideToMove, type MoveRequest } from './chessRules'
import type { GameThunkExtra } from './computerOpponent'
import {
  computerReplyCancelled,
  computerReplyScheduled,
  gameReset,
  moveMade,
  moveRejected,
  type GameState,
} from './gameSlice'
import { INVALID_MOVE, statusAfterMove } from './gameMessages'

/** How long the computer waits before answering (SPEC §9). */
export const COMPUTER_REPLY_DELAY_MS = 1000

// The pending reply and the random source come per store with the thunk middleware's extra argument.
type GameThunk<R = void> = ThunkAction<R, { game: GameState }, GameThunkExtra, UnknownAction>

/** Plays the computer's move now: a random legal move for black. */
const playComputerMove =
  (): GameThunk =>
  (dispatch, getState, { computer }) => {
    const { moves, startFen, over } = getState().game
    if (over || sideToMove(moves, startFen) !== 'black') return
    const candidates = legalMoves(moves, startFen)
    if (candidates.length === 0) return
    const index = Math.min(candidates.length - 1, Math.floor(computer.random() * candidates.length))
    const uci = candidates[index]
    const applied = applyMove(moves, { from: uci.slice(0, 2), to: uci.slice(2, 4) }, startFen)
    if (!applied) return
    const outcome = outcomeOf([...moves, applied.uci], startFen)
    dispatch(
      moveMade({
        uci: applied.uci,
        fen: applied.fen,
        status: statusAfterMove(outcome, 'computer'),
        over: outcome.over,
      }),
    )
  }

const scheduleComputerReply =
  (): GameThunk =>
  (dispatch, _getState, { computer }) => {
    computer.schedule(() => dispatch(playComputerMove()), COMPUTER_REPLY_DELAY_MS)
  }

/**
 * The player's (white's) move, promoted to a queen when a pawn reaches the last rank.
 * Returns whether the move was accepted, which is what the board needs to know at once.
 */
export const playMove =
  (move: MoveRequest): GameThunk<boolean> =>
  (dispatch, getState) => {
    const { moves, startFen, over, computerThinking } = getState().game
    // After the end the final message stays; the move is still refused.
    if (over) return false
    const applied =
      computerThinking || sideToMove(moves, startFen) !== 'white' ? null : applyMove(moves, move, startFen)
    if (!applied) {
      dispatch(moveRejected(INVALID_MOVE))
      return false
    }
    const outcome = outcomeOf([...moves, applied.uci], startFen)
    dispatch(
      moveMade({
        uci: applied.uci,
        fen: applied.fen,
        status: statusAfterMove(outcome, 'player'),
        over: outcome.over,
      }),
    )
    if (!outcome.over) dispatch(scheduleComputerReply())
    return true
  }

/** Starts again from the standard position, dropping any pending computer reply. */
export const startNewGame =
  (): GameThunk =>
  (dispatch, _getState, { computer }) => {
    computer.cancel()
    dispatch(gameReset())
  }

/** Drops the pending computer reply (the board unmounted); `resumeGame` picks it up again. */
export const cancelComputerReply =
  (): GameThunk =>
  (dispatch, _getState, { computer }) => {
    if (computer.cancel()) dispatch(computerReplyCancelled())
  }

/** When the board mounts on a game where the computer is to move, schedules its reply. */
export const resumeGame =
  (): GameThunk =>
  (dispatch, getState, { computer }) => {
    const { moves, startFen, over } = getState().game
    if (over || computer.pending || sideToMove(moves, startFen) !== 'black') return
    dispatch(computerReplyScheduled())
    dispatch(scheduleComputerReply())
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
