import type { CourseRatingDistribution } from '@/api/generated/courseReviewsApi'
import { formatRating } from '@domain/rules'

/** A rating as stars ('★★★★☆'), named for those who do not see them ('4 stars out of 5'). */
export function Stars({ value }: { value: number }) {
  const full = Math.round(value)
  return (
    <span className="stars" role="img" aria-label={`${value} ${value === 1 ? 'star' : 'stars'} out of 5`}>
      {'★'.repeat(full) + '☆'.repeat(5 - full)}
    </span>
  )
}

const starsWord = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`

/**
 * A course's rating: the average and the count ('4.6 (12 ratings)'), then how many ratings of each star, five stars
 * first, each with a bar of its share.
 */
export function RatingSummary({ rating }: { rating: CourseRatingDistribution }) {
  if (rating.average === null || rating.count === 0) return <p className="muted">No ratings yet.</p>
  return (
    <div className="rating-summary">
      <p className="rating-summary__average">
        <Stars value={rating.average} />{' '}
        <span>{formatRating({ average: rating.average, count: rating.count })}</span>
      </p>
      <ul className="rating-bars" aria-label="Ratings by stars">
        {[5, 4, 3, 2, 1].map((star) => {
          const count = rating.stars[star - 1] ?? 0
          return (
            <li key={star} className="rating-bars__row">
              <span>{starsWord(star)}</span>
              <span className="rating-bars__track" aria-hidden="true">
                <span className="rating-bars__bar" style={{ width: `${(count * 100) / rating.count}%` }} />
              </span>
              <span>{count}</span>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
