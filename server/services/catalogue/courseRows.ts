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
  level: CourseView['level']
  learning_points: string[]
}

/** Select list for `courses c LEFT JOIN users u ON u.id = c.instructor_id`. */
export const courseColumns =
  'c.id, c.title, c.description, c.price_cents::float8 / 100 AS price, c.instructor_id, u.username AS instructor_username, c.published, ' +
  'c.level, c.learning_points, ' +
  // Already the wire's ISO 8601 text (what Date#toISOString gives): parsing 200 timestamps into Date
  // objects only to print them again was a large share of the course list's CPU time.
  `to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`

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
    level: row.level,
    learningPoints: row.learning_points,
  }
}
