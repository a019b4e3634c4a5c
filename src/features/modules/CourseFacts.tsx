import { Link } from 'react-router-dom'
import type { Course, CurriculumEntry } from '@/api/generated/api'
import { formatMoney } from '@domain/rules'

/** A length in words: '45 s', '12 min', '1 h 5 min'. */
export function formatLength(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `${minutes} min`
  const rest = minutes % 60
  return rest ? `${Math.floor(minutes / 60)} h ${rest} min` : `${minutes / 60} h`
}

/**
 * The total length of a course's videos, when every module's is known (a sum over some of them would say less than
 * the course holds); undefined otherwise, and for a course without modules.
 */
export function totalLength(entries: CurriculumEntry[]): number | undefined {
  if (!entries.length || entries.some((e) => e.durationSeconds === undefined)) return undefined
  return entries.reduce((sum, e) => sum + (e.durationSeconds ?? 0), 0)
}

/**
 * What someone deciding whether to take a course reads first on its page: what it is about, its price, who teaches
 * it (a link to their profile), how many modules it has, how long it is where known, and how many modules carry a
 * line to practise on a board.
 */
export function CourseFacts({ course, entries }: { course: Course; entries: CurriculumEntry[] | undefined }) {
  const length = entries && totalLength(entries)
  const withLines = entries?.filter((e) => e.hasLine).length ?? 0
  return (
    <div className="course-facts">
      <p className="course-facts__description">{course.description}</p>
      <dl className="course-facts__list">
        <div>
          <dt>Price</dt>
          <dd className="price">{formatMoney(course.price)}</dd>
        </div>
        {course.instructor && (
          <div>
            <dt>Instructor</dt>
            <dd>
              <Link to={`/profile/${course.instructor._id}`}>{course.instructor.username}</Link>
            </dd>
          </div>
        )}
        {entries && (
          <div>
            <dt>Modules</dt>
            <dd>
              {entries.length}
              {withLines > 0 && ` (${withLines} with an interactive line)`}
            </dd>
          </div>
        )}
        {length !== undefined && (
          <div>
            <dt>Total length</dt>
            <dd>{formatLength(length)}</dd>
          </div>
        )}
      </dl>
    </div>
  )
}
