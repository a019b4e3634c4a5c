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
  rating_total: number | null
}

const STARS = [1, 2, 3, 4, 5]
/** How many ratings the course `c` has (migration 025 keeps how many of each star on the course's row). */
export const ratingCount = (c: string) => STARS.map((s) => `${c}.rating_counts[${s}]`).join(' + ')
/** The sum of the course `c`'s ratings (integers only: the average is worked out by ratingAverage, outside SQL). */
export const ratingTotal = (c: string) => STARS.map((s) => `${s} * ${c}.rating_counts[${s}]`).join(' + ')

/** The average of `count` ratings summing to `total`, rounded to one decimal (half up); null without ratings. */
export function ratingAverage(total: number, count: number): number | null {
  return count > 0 ? Math.round((Number(total) * 10) / Number(count)) / 10 : null
}

/** Select list for `courses c LEFT JOIN users u ON u.id = c.instructor_id`. */
export const courseColumns =
  'c.id, c.title, c.description, c.price_cents::float8 / 100 AS price, c.instructor_id, u.username AS instructor_username, c.published, ' +
  // Already the wire's ISO 8601 text (what Date#toISOString gives): parsing 200 timestamps into Date
  // objects only to print them again was a large share of the course list's CPU time.
  `to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at, ` +
  `${ratingCount('c')} AS rating_count, ${ratingTotal('c')} AS rating_total`

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
    ...(row.rating_count
      ? {
          rating: {
            average: ratingAverage(row.rating_total ?? 0, row.rating_count) ?? 0,
            count: Number(row.rating_count),
          },
        }
      : {}),
  }
}
