// Ratings and reviews of courses (docs/product.md, "Course reviews"): one review per enrolled student who has completed
// a module, editable by its author; one reply by the course's instructor; removal by an admin with a reason, kept. The
// course's counts of each star live on its row, kept by migration 025's triggers in the writing transaction.
import type { Db } from '../../db/db'
import { canBuyCourses } from '../../../domain/rules'
import { canRemoveReview, canReplyToReview } from '../../../domain/courseReviews'
import { Conflict, Forbidden, NotFound } from '../errors'
import { type Page, type PageQuery, pageByCreation } from './pages'
import { seenCourse } from './courses'
import { ratingAverage, ratingCount, ratingTotal } from './courseRows'
import { type Actor, iso, type Schema } from '../types'

type ReviewView = Schema<'CourseReview'>

interface ReviewRow {
  id: string
  course_id: string
  student_id: string
  author: string
  rating: number
  text: string
  created_at: Date
  updated_at: Date
  reply_text: string | null
  reply_by: string | null
  reply_author: string | null
  replied_at: Date | null
  removed_at: Date | null
  removal_reason: string | null
}

const COLUMNS = `r.id, r.course_id, r.student_id, a.username AS author, r.rating, r.text, r.created_at, r.updated_at,
  r.reply_text, r.reply_by, ra.username AS reply_author, r.replied_at, r.removed_at, r.removal_reason`
const FROM = 'course_reviews r JOIN users a ON a.id = r.student_id LEFT JOIN users ra ON ra.id = r.reply_by'

/** A review as the API shows it; its removal only where `withRemoval` (its author's own view). */
function reviewOf(row: ReviewRow, withRemoval = false): ReviewView {
  return {
    _id: row.id,
    courseId: row.course_id,
    author: { _id: row.student_id, username: row.author },
    rating: Number(row.rating),
    text: row.text,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    reply:
      row.reply_text === null || row.replied_at === null
        ? null
        : {
            text: row.reply_text,
            author:
              row.reply_by && row.reply_author ? { _id: row.reply_by, username: row.reply_author } : null,
            createdAt: iso(row.replied_at),
          },
    ...(withRemoval && row.removed_at !== null
      ? { removal: { reason: row.removal_reason ?? '', removedAt: iso(row.removed_at) } }
      : {}),
  }
}

async function reviewById(db: Db, id: string): Promise<ReviewRow | undefined> {
  const [row] = await db.query<ReviewRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE r.id = $1`, [id])
  return row
}

/** The course's rating now: the average (one decimal), the count, and the count of each star. */
async function ratingOf(db: Db, courseId: string): Promise<Schema<'CourseRatingDistribution'>> {
  const [row] = await db.query<{ stars: number[]; count: number; total: number }>(
    `SELECT c.rating_counts AS stars, ${ratingCount('c')} AS count, ${ratingTotal('c')} AS total
     FROM courses c WHERE c.id = $1`,
    [courseId],
  )
  // The course went between the two reads (deleted): it has no ratings left.
  if (!row) return { average: null, count: 0, stars: [0, 0, 0, 0, 0] }
  return {
    average: ratingAverage(row.total, row.count),
    count: Number(row.count),
    stars: row.stars.map(Number),
  }
}

/**
 * The course's rating and one page of its shown reviews, newest first (keyset on creation time and id, so reviews
 * posted between two pages never repeat or go missing). Everyone reads them; a course `actor` may not see is 404.
 */
export async function reviewPage(
  db: Db,
  secret: string,
  actor: Actor | null,
  courseId: string,
  query: PageQuery,
): Promise<Schema<'CourseReviewPage'>> {
  await seenCourse(db, actor, courseId)
  const page: Page<ReviewRow> = await pageByCreation<ReviewRow>(
    db,
    {
      list: `reviews:${courseId}`,
      secret,
      columns: COLUMNS,
      from: FROM,
      where: 'r.course_id = $1 AND r.removed_at IS NULL',
      params: [courseId],
      key: 'r.created_at',
      id: 'r.id',
      newestFirst: true,
    },
    query,
  )
  return {
    rating: await ratingOf(db, courseId),
    items: page.items.map((row) => reviewOf(row)),
    nextCursor: page.nextCursor,
  }
}

/** Whether `actor` may review the course now: a student enrolled in it who has completed one of its modules. */
async function eligible(db: Db, actor: Actor, courseId: string, enrolled: boolean): Promise<boolean> {
  if (!canBuyCourses(actor) || !enrolled) return false
  const done = await db.query(
    'SELECT 1 FROM module_progress WHERE user_id = $1 AND course_id = $2 AND completed_at IS NOT NULL LIMIT 1',
    [actor.id, courseId],
  )
  return done.length > 0
}

/** The caller's own review of the course (a removed one with its removal), and whether they may save one now. */
export async function myReview(db: Db, actor: Actor, courseId: string): Promise<Schema<'MyCourseReview'>> {
  const { enrolled } = await seenCourse(db, actor, courseId)
  const [row] = await db.query<ReviewRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE r.course_id = $1 AND r.student_id = $2`,
    [courseId, actor.id],
  )
  return {
    review: row ? reviewOf(row, true) : null,
    mayReview: (!row || row.removed_at === null) && (await eligible(db, actor, courseId, enrolled)),
  }
}

/**
 * Creates the caller's review of the course, or replaces its rating and text. One statement, keyed on (course,
 * student): two saves arriving together make one review, the later one an edit, and the course's counts change once
 * per review (migration 025's triggers). A review an admin removed stays removed: 403.
 */
export async function saveReview(
  db: Db,
  actor: Actor,
  courseId: string,
  input: Schema<'CourseReviewInput'>,
): Promise<{ review: ReviewView; created: boolean }> {
  const { enrolled } = await seenCourse(db, actor, courseId)
  if (!(await eligible(db, actor, courseId, enrolled)))
    throw new Forbidden(
      'Only a student enrolled in this course who has completed one of its modules may review it',
    )
  const [saved] = await db.query<{ id: string; created: boolean }>(
    `INSERT INTO course_reviews AS r (course_id, student_id, rating, text) VALUES ($1, $2, $3, $4)
     ON CONFLICT (course_id, student_id) DO UPDATE
       SET rating = EXCLUDED.rating, text = EXCLUDED.text, updated_at = clock_timestamp()
       WHERE r.removed_at IS NULL
     RETURNING r.id, (xmax = 0) AS created`,
    [courseId, actor.id, input.rating, input.text],
  )
  if (!saved) throw new Forbidden('Your review of this course was removed by an admin; it cannot be changed')
  const row = await reviewById(db, saved.id)
  if (!row) throw new NotFound('Review')
  return { review: reviewOf(row), created: saved.created }
}

/**
 * The course's instructor replies to a shown review, once: the reply is written only where there is none yet, so of
 * two replies arriving together one is kept and the other is 409.
 */
export async function replyToReview(
  db: Db,
  actor: Actor,
  reviewId: string,
  text: string,
): Promise<ReviewView> {
  const row = await reviewById(db, reviewId)
  if (!row || row.removed_at !== null) throw new NotFound('Review')
  const course = await seenCourse(db, actor, row.course_id, 'Review')
  if (!canReplyToReview(actor, course.instructor_id))
    throw new Forbidden("Only the course's instructor may reply to its reviews")
  const replied = await db.query(
    `UPDATE course_reviews SET reply_text = $2, reply_by = $3, replied_at = clock_timestamp()
     WHERE id = $1 AND reply_text IS NULL AND removed_at IS NULL RETURNING id`,
    [reviewId, text, actor.id],
  )
  if (!replied.length) throw new Conflict('This review already has a reply')
  const updated = await reviewById(db, reviewId)
  if (!updated) throw new NotFound('Review')
  return reviewOf(updated)
}

/** An admin removes a review with a reason (kept): no longer listed nor counted, no longer editable. */
export async function removeReview(db: Db, actor: Actor, reviewId: string, reason: string): Promise<void> {
  if (!canRemoveReview(actor)) throw new Forbidden('Only an admin may remove a review')
  const removed = await db.query(
    `UPDATE course_reviews SET removed_at = clock_timestamp(), removed_by = $2, removal_reason = $3
     WHERE id = $1 AND removed_at IS NULL RETURNING id`,
    [reviewId, actor.id, reason],
  )
  if (removed.length) return
  if (!(await reviewById(db, reviewId))) throw new NotFound('Review')
  throw new Conflict('This review was already removed')
}
