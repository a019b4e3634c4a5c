import { useState } from 'react'
import { LoadError } from '@/components/LoadError'
import { reviewDate } from '@/features/lines/reviewDate'
import { useGetDuePuzzlesQuery } from '@/features/puzzles/puzzlesEndpoints'
import { PuzzleReview } from './PuzzleReview'
import { useRound } from './useRound'

/** The earliest of some review dates (ISO), those unknown left out; null when none is known. */
export const earliest = (dates: (string | null | undefined)[]) =>
  dates.reduce<string | null>((a, b) => (!b ? a : a === null || Date.parse(b) < Date.parse(a) ? b : a), null)

/**
 * The caller's puzzles due when /review opened, taken one after another, and when the next one is due: the earliest
 * of the dates the server gave for those not due then and for each puzzle reviewed since.
 */
export function usePuzzleRound(loggedIn: boolean) {
  const due = useGetDuePuzzlesQuery(undefined, { skip: !loggedIn })
  const round = useRound(due.data?.due)
  const [reviewedDates, setReviewedDates] = useState<string[]>([])
  return {
    ...round,
    isError: due.isError && round.round === null,
    retry: () => void due.refetch(),
    nextDueAt: earliest([due.data?.nextDueAt, ...reviewedDates]),
    reviewed: (dueAt: string) => setReviewedDates((dates) => [...dates, dueAt]),
  }
}

/**
 * /review: 'Puzzles to review' while the round lasts (the player's own mistakes and the rated puzzles they failed),
 * then only when the next one is due.
 */
export function PuzzlesToReview({ puzzles }: { puzzles: ReturnType<typeof usePuzzleRound> }) {
  const { round, index, current, nextDueAt } = puzzles
  if (puzzles.isError)
    return <LoadError message="The puzzles to review could not be loaded." onRetry={puzzles.retry} />
  if (!round?.length) return null
  if (!current) return nextDueAt ? <p role="status">Next puzzle review {reviewDate(nextDueAt)}.</p> : null
  return (
    <section className="card" aria-labelledby="puzzles-to-review-heading">
      <h2 id="puzzles-to-review-heading">Puzzles to review</h2>
      <p className="muted">
        Puzzle {index + 1} of {round.length}
      </p>
      <PuzzleReview
        key={`${current.id}-${index}`}
        puzzle={current}
        onReviewed={puzzles.reviewed}
        onNext={puzzles.next}
      />
    </section>
  )
}
