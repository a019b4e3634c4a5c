// The engine's scores (UCI: from the side to move's view) as the kernel's evaluations (from White's view).
import type { Evaluation } from '@domain/chess/gameReport'
import type { Color } from '@domain/chess/vocabulary'
import type { UciScore } from '@/features/game/uciAnalysis'

export function evaluationOf(score: UciScore, turn: Color): Evaluation {
  const sign = turn === 'w' ? 1 : -1
  if ('cp' in score) return { cp: score.cp * sign }
  // Mate 0: the side to move is mated.
  if (score.mate === 0) return { won: turn === 'w' ? 'black' : 'white' }
  return { mate: score.mate * sign }
}

/** The side to move of a FEN. */
export const turnOf = (fen: string): Color => (fen.split(' ')[1] === 'b' ? 'b' : 'w')
