import { useGetReviewForecastQuery } from '@/features/review/reviewEndpoints'
import './review.css'

/** A day of the forecast as /review names it: 'Today', 'Tomorrow', then the weekday ('Monday'). */
export function forecastDayName(date: string, index: number): string {
  if (index === 0) return 'Today'
  if (index === 1) return 'Tomorrow'
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' })
}

/** /review: how many reviews fall due on each of the next 7 days, in the learner's own days. */
export function ReviewForecast() {
  const { data } = useGetReviewForecastQuery({ tzOffset: -new Date().getTimezoneOffset() })
  if (!data) return null
  return (
    <section className="card" aria-labelledby="review-forecast-heading">
      <h2 id="review-forecast-heading">The next 7 days</h2>
      <table className="review-forecast">
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Reviews</th>
          </tr>
        </thead>
        <tbody>
          {data.days.map((day, i) => (
            <tr key={day.date}>
              <th scope="row">{forecastDayName(day.date, i)}</th>
              <td>{day.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
