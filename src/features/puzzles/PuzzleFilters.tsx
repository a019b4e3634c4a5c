import type { PuzzleDifficulty, PuzzleTheme } from '@/api/generated/puzzlesApi'
import { DIFFICULTY_NAMES, THEME_NAMES, THEMES } from './puzzleThemes'

export interface Filters {
  theme: PuzzleTheme | null
  difficulty: PuzzleDifficulty
}

/** The theme and the difficulty of the next puzzle. */
export function PuzzleFilters({
  filters,
  onChange,
}: {
  filters: Filters
  onChange: (filters: Filters) => void
}) {
  return (
    <fieldset className="puzzles__filters">
      <legend>Next puzzle</legend>
      <label>
        Theme
        <select
          value={filters.theme ?? ''}
          onChange={(e) => onChange({ ...filters, theme: (e.target.value || null) as PuzzleTheme | null })}
        >
          <option value="">All themes</option>
          {THEMES.map((theme) => (
            <option key={theme} value={theme}>
              {THEME_NAMES[theme]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Difficulty
        <select
          value={filters.difficulty}
          onChange={(e) => onChange({ ...filters, difficulty: e.target.value as PuzzleDifficulty })}
        >
          {(Object.keys(DIFFICULTY_NAMES) as PuzzleDifficulty[]).map((difficulty) => (
            <option key={difficulty} value={difficulty}>
              {DIFFICULTY_NAMES[difficulty]}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  )
}
