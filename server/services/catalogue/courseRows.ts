// A course as the database holds it and as the API shows it: the select list that reads it and the mapper to its
// view, used by the course rules (courses.ts), the kept course list (courseListCache.ts), the catalogue, the cart
// and the users' enrolled courses.
import { iso, type Schema } from '../types'

export type CourseView = Schema<'Course'>

export interface CourseRow {
  id: string
  title: string
  description: string
  price: number
  instructor_id: string | null
  instructor_username: string | null
  created_at: Date | string
  published: boolean
  rating_count: number | null
  rating_average: number | null
}

const STARS = [1, 2, 3, 4, 5]
/** How many ratings the course `c` has (migration 025 keeps how many of each star on the course's row). */
export const ratingCount = (c: string) => STARS.map((s) => `${c}.rating_counts[${s}]`).join(' + ')
/** The average rating of the course `c`, rounded to one decimal; null while it has none. */
export const ratingAverage = (c: string) =>
  `round((${STARS.map((s) => `${s} * ${c}.rating_counts[${s}]`).join(' + ')})::numeric / NULLIF(${ratingCount(c)}, 0), 1)::float8`

/** Select list for `courses c LEFT JOIN users u ON u.id = c.instructor_id`. */
export const courseColumns =
  'c.id, c.title, c.description, c.price_cents::float8 / 100 AS price, c.instructor_id, u.username AS instructor_username, c.published, ' +
  // Already the wire's ISO 8601 text (what Date#toISOString gives): parsing 200 timestamps into Date
  // objects only to print them again was a large share of the course list's CPU time.
  `to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at, ` +
  `${ratingCount('c')} AS rating_count, ${ratingAverage('c')} AS rating_average`

export function courseFrom(row: CourseRow): CourseView {
  return {
    _id: row.id,
    title: row.title,
    name: row.title,
    description: row.description,
    price: Number(row.price),
    instructor: row.instructor_id
      ? { _id: row.instructor_id, username: row.instructor_username ?? '' }
      : null,
    createdAt:
      typeof row.created_at === 'string' && row.created_at.endsWith('Z')
        ? row.created_at
        : iso(row.created_at),
    published: row.published,
    // A course without ratings has no `rating` (the cards then show none).
    ...(row.rating_count && row.rating_average !== null
      ? { rating: { average: Number(row.rating_average), count: Number(row.rating_count) } }
      : {}),
  }
}
