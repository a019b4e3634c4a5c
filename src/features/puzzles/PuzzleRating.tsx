import { Link } from 'react-router-dom'
import type { PuzzleAttemptResult } from '@/api/generated/puzzlesApi'
import { useGetMyPuzzleRatingQuery } from './puzzlesEndpoints'
import { ratingChange } from './puzzleThemes'

/**
 * 'Your puzzle rating: N', the server's, with the change of the last rated attempt next to it; a visitor is asked
 * to sign in to keep one.
 */
export function PuzzleRating({
  signedIn,
  attempt,
}: {
  signedIn: boolean
  attempt: PuzzleAttemptResult | null
}) {
  if (!signedIn)
    return (
      <p className="puzzles__rating">
        Puzzles solved as a visitor are not rated. <Link to="/login">Sign in</Link> to keep a puzzle rating.
      </p>
    )
  return <SignedInRating attempt={attempt} />
}

function SignedInRating({ attempt }: { attempt: PuzzleAttemptResult | null }) {
  const { data } = useGetMyPuzzleRatingQuery()
  const rating = attempt?.rating ?? data?.rating
  if (rating === undefined) return <p className="puzzles__rating">Your puzzle rating: …</p>
  const change = attempt?.rated ? attempt.change : null
  return (
    <p className="puzzles__rating" aria-live="polite">
      Your puzzle rating: <strong>{Math.round(rating)}</strong>
      {change !== null && ' '}
      {change !== null && (
        <span className={change < 0 ? 'puzzles__change puzzles__change--down' : 'puzzles__change'}>
          {ratingChange(Math.round(change))}
        </span>
      )}
    </p>
  )
}
