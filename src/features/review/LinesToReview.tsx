import { Link } from 'react-router-dom'
import { useGetReviewSummaryQuery } from '@/features/review/reviewEndpoints'

/** /home: 'Lines to review: {n}' for a signed-in user with lines due, linking to /review (only a count loads). */
export function LinesToReview() {
  const { data } = useGetReviewSummaryQuery()
  if (!data?.dueCount) return null
  return (
    <p className="card lines-to-review">
      <Link to="/review">Lines to review: {data.dueCount}</Link>
    </p>
  )
}
