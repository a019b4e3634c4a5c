// Keeps a practice game as it ends: a signed-in player's on the server ('My games'), a visitor's in this browser.
// Loaded on the first game that ends (gameListeners.ts).
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit'
import type { GameInput } from '@/api/generated/api'
import type { GameState } from './gameSlice'
import { gamesApi } from './gamesEndpoints'
import { rememberLastGame } from './lastGame'
import { actionFailureText } from '@/api/problemText'
import { alertShown } from '@/features/layout/alertsSlice'

/** Said in the page's alerts when a finished game could not be kept: no control of the board sent it. */
export const GAME_NOT_KEPT_TEXT = "Your game could not be kept in 'My games'"

/** Tries of one save: a lost connection, a busy server or the rate limit may pass; the key keeps them one game. */
export const SAVE_TRIES = 3
export const SAVE_RETRY_MS = 3000

/** A random UUID (v4), also where crypto.randomUUID is missing (a page not served over HTTPS). */
export function newGameKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = (b[6] & 0x0f) | 0x40
  b[8] = (b[8] & 0x3f) | 0x80
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

const retryable = (status: unknown) => typeof status !== 'number' || status === 429 || status >= 500

type Dispatch = ThunkDispatch<unknown, unknown, UnknownAction>

/** A finished game as the board writes it (gamePgn.ts, which loads with the board). */
export interface FinishedGame {
  pgn: string
  result: GameInput['result']
  game: Pick<GameState, 'opponent' | 'playerColor'>
}

/**
 * Keeps the finished game; a failure after the last try is said in the page's alerts and logged (by the app's
 * listener for API calls), never thrown.
 */
export async function keepFinishedGame(
  { pgn, result, game }: FinishedGame,
  signedIn: boolean,
  dispatch: Dispatch,
  wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
) {
  if (!signedIn) {
    rememberLastGame({ pgn, playedAt: new Date().toISOString() })
    return
  }
  const gameInput: GameInput = {
    key: newGameKey(),
    pgn,
    result,
    opponentLevel:
      game.opponent === 'random' ? 'random' : (String(game.opponent) as GameInput['opponentLevel']),
    colour: game.playerColor,
  }
  for (let attempt = 1; attempt <= SAVE_TRIES; attempt++) {
    const saved = await dispatch(gamesApi.endpoints.saveGame.initiate({ gameInput }))
    if (!saved.error) return
    const status = 'status' in saved.error ? saved.error.status : undefined
    if (!retryable(status) || attempt === SAVE_TRIES) {
      dispatch(alertShown(actionFailureText(saved.error, GAME_NOT_KEPT_TEXT), 'error'))
      return
    }
    await wait(SAVE_RETRY_MS * attempt)
  }
}
