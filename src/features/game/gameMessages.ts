// The status lines of the practice game: who moved, a refused move, who won, and each kind of draw by name.
import type { DrawReason, Outcome } from '@domain/chess/chessRules'

export const INVALID_MOVE = 'Invalid move.'
export const INVALID_POSITION = 'Invalid position.'
const PLAYER_MOVED = 'Player moved.'
const AI_MOVED = 'AI moved.'
const PLAYER_WINS = 'Game over. Player wins!'
const AI_WINS = 'Game over. AI wins!'
export const MOVE_TAKEN_BACK = 'Move taken back.'
/** Shown next to the opponent choice when the engine cannot start or fails. */
export const ENGINE_FALLBACK_NOTE = 'The engine could not start, so the computer plays random moves.'

const DRAW_REASONS: Record<DrawReason, string> = {
  stalemate: 'Stalemate.',
  threefoldRepetition: 'Threefold repetition.',
  fiftyMoveRule: '50-move rule.',
  insufficientMaterial: 'Insufficient material.',
}

/** The message after a move by `mover`, the player playing `playerColor` (white unless chosen otherwise). */
export function statusAfterMove(
  outcome: Outcome,
  mover: 'player' | 'computer',
  playerColor: 'white' | 'black' = 'white',
): string {
  if (!outcome.over) return mover === 'player' ? PLAYER_MOVED : AI_MOVED
  if (outcome.result === 'draw') return `Game over. Draw. ${DRAW_REASONS[outcome.reason]}`
  return outcome.winner === playerColor ? PLAYER_WINS : AI_WINS
}
