import type { Puzzle } from '@/api/generated/puzzlesApi'
import { PuzzleBoard } from './PuzzleBoard'
import { solverSide, type MoveVerdict, type Solving } from './puzzleSolving'
import { THEME_NAMES } from './puzzleThemes'
import { usePuzzleSolving } from './usePuzzleSolving'

const sideName = (side: string) => side[0].toUpperCase() + side.slice(1)

/** What the line under the board says. */
function statusText(solving: Solving, verdict: MoveVerdict | null, side: string): string {
  if (solving.shown) return 'Solution shown: the puzzle counts as failed.'
  if (solving.status === 'solved') return 'Solved!'
  if (solving.status === 'failed') return 'Not the move.'
  if (verdict === 'right') return 'Best move! Keep going.'
  return `Your turn: find the best move for ${sideName(side)}.`
}

/**
 * One puzzle on the board, turned to the solver's side: the opponent's move is played first, then the solver's moves
 * are checked against the solution. 'Hint', 'View the solution' and 'Next puzzle' below it; the puzzle's rating and
 * themes once it has ended.
 */
export function PuzzleTrainer({
  puzzle,
  onEnd,
  onNext,
}: {
  puzzle: Puzzle
  onEnd: (solved: boolean) => void
  onNext: () => void
}) {
  const solver = usePuzzleSolving(puzzle, onEnd)
  const { solving, canMove, verdict, askHint, viewSolution } = solver
  const side = solverSide(puzzle)
  const playing = solving.status === 'playing'
  return (
    <div className="puzzles__trainer">
      <PuzzleBoard puzzle={puzzle} solving={solver} />
      <div className="puzzles__side stack">
        <p className="puzzles__status" role="status">
          {statusText(solving, verdict, side)}
        </p>
        <div className="row puzzles__buttons">
          {playing && (
            <button type="button" className="btn" onClick={askHint} disabled={!canMove}>
              Hint
            </button>
          )}
          {!solving.shown && solving.status !== 'solved' && (
            <button type="button" className="btn" onClick={viewSolution}>
              View the solution
            </button>
          )}
          <button type="button" className={playing ? 'btn' : 'btn btn--primary'} onClick={onNext}>
            Next puzzle
          </button>
        </div>
        {!playing && (
          <dl className="puzzles__about">
            <dt>Puzzle rating</dt>
            <dd>{Math.round(puzzle.rating)}</dd>
            <dt>Themes</dt>
            <dd>{puzzle.themes.map((theme) => THEME_NAMES[theme] ?? theme).join(', ') || 'None'}</dd>
          </dl>
        )}
      </div>
    </div>
  )
}
