import { useState } from 'react'
import { Link } from 'react-router-dom'
import { useGetDueReviewsQuery, useGetReviewSummaryQuery } from '@/features/review/reviewEndpoints'
import { useAppSelector } from '@/app/hooks'
import { LoadError } from '@/components/LoadError'
import { selectIsLoggedIn } from '@/features/auth/authSlice'
import { LinePanel } from '@/features/lines/LinePanel'
import { reviewDate } from '@/features/lines/reviewDate'
import { DifficultMoves } from '@/features/review/DifficultMoves'
import { ReviewForecast } from '@/features/review/ReviewForecast'
import { earliest, PuzzlesToReview, usePuzzleRound } from './PuzzlesToReview'
import { useRound } from './useRound'

export const nothingToReviewText = (nextDueAt: string | null | undefined) =>
  nextDueAt ? `Nothing to review. Next review ${reviewDate(nextDueAt)}.` : 'Nothing to review.'

/**
 * /review: the caller's due variations of lines, one after another in practice mode, each under its line's prompt,
 * and their due puzzles; then when the next review comes; beside them the next 7 days' reviews and the moves missed
 * most.
 */
export default function ReviewPage() {
  const loggedIn = useAppSelector(selectIsLoggedIn)
  const due = useGetDueReviewsQuery(undefined, { skip: !loggedIn })
  const { round, index, current, finished, next } = useRound(due.data?.due)
  const [practised, setPractised] = useState(false)
  const puzzles = usePuzzleRound(loggedIn)
  const summary = useGetReviewSummaryQuery(undefined, { skip: !loggedIn || !finished })

  if (!loggedIn)
    return (
      <section className="page">
        <h1>Review</h1>
        <p>
          <Link to="/login">Log in</Link> to review your lines.
        </p>
      </section>
    )
  if (due.isError)
    return (
      <section className="page">
        <h1>Review</h1>
        <LoadError message="The lines to review could not be loaded." onRetry={() => void due.refetch()} />
      </section>
    )
  if (round === null || (finished && summary.isFetching) || (puzzles.round === null && !puzzles.isError))
    return <p role="status">Loading...</p>
  return (
    <section className="page stack">
      <h1>Review</h1>
      {!current ? (
        // Nothing to review only once the puzzles are done too (or there were none).
        puzzles.finished && (
          <p role="status">{nothingToReviewText(earliest([summary.data?.nextDueAt, puzzles.nextDueAt]))}</p>
        )
      ) : (
        <article className="card" aria-labelledby="review-line-title">
          <p className="muted">
            Line {index + 1} of {round.length} · {current.courseTitle}
          </p>
          <h2 id="review-line-title">{current.moduleTitle}</h2>
          <LinePanel
            key={`${current.moduleId}-${current.variation}-${index}`}
            moduleId={current.moduleId}
            title={current.moduleTitle}
            line={current.line}
            variation={current.variation}
            practising
            onPractised={() => setPractised(true)}
          />
          {practised && (
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => {
                setPractised(false)
                next()
              }}
            >
              {index + 1 < round.length ? 'Next line' : 'Finish'}
            </button>
          )}
        </article>
      )}
      <PuzzlesToReview puzzles={puzzles} />
      <ReviewForecast />
      <DifficultMoves />
    </section>
  )
}
