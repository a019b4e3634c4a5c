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

/** The lines and puzzles a course's modules hold, counted from its curriculum. */
export function practiceCounts(entries: CurriculumEntry[]): { lines: number; puzzles: number } {
  return {
    lines: entries.filter((e) => e.hasLine).length,
    puzzles: entries.reduce((sum, e) => sum + e.puzzleCount, 0),
  }
}

/**
 * What someone deciding whether to take a course reads first on its page: what it is about, its price ('Free' beside
 * a price of 0), its level where set, who teaches it (a link to their profile), how many modules it has, how long its
 * videos last where known ('3 h 20 min of video'), how many lines and puzzles it holds, and 'What you'll learn'.
 */
export function CourseFacts({ course, entries }: { course: Course; entries: CurriculumEntry[] | undefined }) {
  const length = entries && totalLength(entries)
  const counts = entries && practiceCounts(entries)
  return (
    <div className="course-facts">
      <p className="course-facts__description">{course.description}</p>
      <dl className="course-facts__list">
        <div>
          <dt>Price</dt>
          <dd className="price">
            {formatMoney(course.price)}
            {course.price === 0 && <span className="tag tag--free">Free</span>}
          </dd>
        </div>
        {course.level && (
          <div>
            <dt>Level</dt>
            <dd>{course.level}</dd>
          </div>
        )}
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
              {counts && counts.lines > 0 && ` (${counts.lines} with an interactive line)`}
            </dd>
          </div>
        )}
        {length !== undefined && (
          <div>
            <dt>Total length</dt>
            <dd>{formatLength(length)} of video</dd>
          </div>
        )}
        {counts && (
          <>
            <div>
              <dt>Lines</dt>
              <dd>{counts.lines}</dd>
            </div>
            <div>
              <dt>Puzzles</dt>
              <dd>{counts.puzzles}</dd>
            </div>
          </>
        )}
      </dl>
      {course.learningPoints.length > 0 && (
        <section className="course-facts__learn" aria-labelledby="course-learn">
          <h2 id="course-learn">What you'll learn</h2>
          <ul>
            {course.learningPoints.map((point, i) => (
              <li key={i}>{point}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}
