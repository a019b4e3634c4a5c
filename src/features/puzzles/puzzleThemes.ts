// The puzzles' themes by their human names (lichess's names), in the order the filter lists them.
import type { PuzzleDifficulty, PuzzleTheme } from '@/api/generated/puzzlesApi'

export const THEME_NAMES: Record<PuzzleTheme, string> = {
  mateIn1: 'Mate in 1',
  mateIn2: 'Mate in 2',
  mateIn3: 'Mate in 3',
  backRankMate: 'Back-rank mate',
  fork: 'Fork',
  hangingPiece: 'Hanging piece',
  advantage: 'Advantage',
  crushing: 'Crushing',
  opening: 'Opening',
  middlegame: 'Middlegame',
  endgame: 'Endgame',
  short: 'Short puzzle',
  long: 'Long puzzle',
}

export const THEMES = Object.keys(THEME_NAMES) as PuzzleTheme[]

export const DIFFICULTY_NAMES: Record<PuzzleDifficulty, string> = {
  easier: 'Easier',
  normal: 'Normal',
  harder: 'Harder',
}

/** A rating change as lichess writes it: '+12', '−8' (a minus sign), '±0'. */
export function ratingChange(change: number): string {
  if (change > 0) return `+${change}`
  if (change < 0) return `\u2212${-change}`
  return '±0'
}
