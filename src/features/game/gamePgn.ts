// The practice game as others read it: its PGN (copied, downloaded, analysed, kept) and its result.
import { outcomeOf, pgnOf } from '@domain/chess/chessRules'
import { isEngineLevel } from './engine'
import type { GameState } from './gameSlice'
import { COMPUTER_LABEL } from './opponentLabel'

export function gamePgn({ moves, startFen, playerColor, opponent }: GameState): string {
  const computer = `${COMPUTER_LABEL} (${isEngineLevel(opponent) ? `Level ${opponent}` : 'Random'})`
  const today = new Date()
  const date = [today.getFullYear(), today.getMonth() + 1, today.getDate()]
    .map((n) => String(n).padStart(2, '0'))
    .join('.')
  return pgnOf(moves, startFen, {
    white: playerColor === 'white' ? 'You' : computer,
    black: playerColor === 'black' ? 'You' : computer,
    date,
  })
}

/** The result of a finished game as PGN writes it; null while it goes on. */
export function gameResult({ moves, startFen }: Pick<GameState, 'moves' | 'startFen'>) {
  const outcome = outcomeOf(moves, startFen)
  if (!outcome.over) return null
  if (outcome.result === 'draw') return '1/2-1/2' as const
  return outcome.winner === 'white' ? ('1-0' as const) : ('0-1' as const)
}
