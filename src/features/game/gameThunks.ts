import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit'
import { applyMove, legalMoves, outcomeOf, parseMoveText, sideToMove, type MoveRequest } from './chessRules'
import {
  computerMoved,
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

type GameThunk<R = void> = ThunkAction<R, { game: GameState }, unknown, UnknownAction>

/** A number in [0, 1), like Math.random. */
export type RandomSource = () => number

let randomSource: RandomSource = Math.random

/** Replaces the computer's random source (tests rig it); returns the previous one. */
export function setRandomSource(source: RandomSource): RandomSource {
  const previous = randomSource
  randomSource = source
  return previous
}

// The pending reply lives outside the state: a timer handle is not serializable.
let pendingReply: ReturnType<typeof setTimeout> | null = null

function clearPendingReply(): boolean {
  if (pendingReply === null) return false
  clearTimeout(pendingReply)
  pendingReply = null
  return true
}

/** Plays the computer's move now: a random legal move for black. */
export const playComputerMove = (): GameThunk => (dispatch, getState) => {
  const { moves, startFen, over } = getState().game
  if (over || sideToMove(moves, startFen) !== 'black') return
  const candidates = legalMoves(moves, startFen)
  if (candidates.length === 0) return
  const index = Math.min(candidates.length - 1, Math.floor(randomSource() * candidates.length))
  const uci = candidates[index]
  const applied = applyMove(moves, { from: uci.slice(0, 2), to: uci.slice(2, 4) }, startFen)
  if (!applied) return
  const outcome = outcomeOf([...moves, applied.uci], startFen)
  dispatch(
    computerMoved({
      uci: applied.uci,
      fen: applied.fen,
      status: statusAfterMove(outcome, 'computer'),
      over: outcome.over,
    }),
  )
}

function scheduleComputerReply(dispatch: (action: GameThunk | UnknownAction) => unknown) {
  clearPendingReply()
  pendingReply = setTimeout(() => {
    pendingReply = null
    dispatch(playComputerMove())
  }, COMPUTER_REPLY_DELAY_MS)
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
    if (!outcome.over) scheduleComputerReply(dispatch)
    return true
  }

/** Starts again from the standard position, dropping any pending computer reply. */
export const startNewGame = (): GameThunk => (dispatch) => {
  clearPendingReply()
  dispatch(gameReset())
}

/** Drops the pending computer reply (the board unmounted); `resumeGame` picks it up again. */
export const cancelComputerReply = (): GameThunk => (dispatch) => {
  if (clearPendingReply()) dispatch(computerReplyCancelled())
}

/** When the board mounts on a game where the computer is to move, schedules its reply. */
export const resumeGame = (): GameThunk => (dispatch, getState) => {
  const { moves, startFen, over } = getState().game
  if (over || pendingReply !== null || sideToMove(moves, startFen) !== 'black') return
  dispatch(computerReplyScheduled())
  scheduleComputerReply(dispatch)
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
