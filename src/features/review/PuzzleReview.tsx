import { useState } from 'react'
import type { ReviewPuzzle } from '@/api/generated/puzzlesApi'
import { ErrorMessage } from '@/components/ErrorMessage'
import { PuzzleBoard } from '@/features/puzzles/PuzzleBoard'
import { solverSide } from '@/features/puzzles/puzzleSolving'
import { useRecordPuzzleReviewMutation } from '@/features/puzzles/puzzlesEndpoints'
import { usePuzzleSolving } from '@/features/puzzles/usePuzzleSolving'
import { treeFromFen } from '@domain/chess/moveTree'
import { numbered } from '@domain/chess/pgn'

/** The move a mistake was, numbered from the puzzle's position and marked: '12... Nxe4??'. */
export function playedText(puzzle: ReviewPuzzle): string {
  const { moveNumber, color } = treeFromFen(puzzle.fen).nodes[0]
  return `${numbered(moveNumber, color, puzzle.played ?? '')}${puzzle.mark ?? ''}`
}

const ENDED = { solved: 'Solved.', failed: 'Not the move.' } as const

/**
 * One puzzle to review, from the solver's position with the opponent's last move marked: 'Find the better move' (a
 * mistake of the player's, the move played named) or 'Solve the puzzle' (a rated puzzle failed). The first move
 * decides, the solution then played on; the result is sent once, and `onReviewed` hears the next date.
 */
export function PuzzleReview({
  puzzle,
  onReviewed,
  onNext,
}: {
  puzzle: ReviewPuzzle
  onReviewed: (dueAt: string) => void
  onNext: () => void
}) {
  const [recordReview] = useRecordPuzzleReviewMutation()
  const [unsaved, setUnsaved] = useState(false)
  const solver = usePuzzleSolving(
    puzzle,
    (solved) => {
      recordReview({ reviewPuzzleId: puzzle.id, puzzleReviewInput: { solved } })
        .unwrap()
        .then(
          (result) => onReviewed(result.dueAt),
          () => setUnsaved(true),
        )
    },
    { firstMoveDecides: true },
  )
  const side = solverSide(puzzle)
  const status = solver.solving.status
  return (
    <div className="puzzles__trainer">
      <PuzzleBoard puzzle={puzzle} solving={solver} />
      <div className="puzzles__side stack">
        <h3>{puzzle.kind === 'mistake' ? 'Find the better move' : 'Solve the puzzle'}</h3>
        {puzzle.kind === 'mistake' && puzzle.played && <p>You played {playedText(puzzle)}</p>}
        <p className="puzzles__status" role="status">
          {status === 'playing' ? `${side === 'white' ? 'White' : 'Black'} to move.` : ENDED[status]}
        </p>
        {unsaved && <ErrorMessage>This review could not be saved: the puzzle stays due.</ErrorMessage>}
        {status !== 'playing' && (
          <div className="row puzzles__buttons">
            <button type="button" className="btn btn--primary" onClick={onNext}>
              Next puzzle
            </button>
          </div>
        )}
      </div>
    </div>
  )
}
