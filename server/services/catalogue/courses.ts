import type { Db } from '../../db/db'
import {
  canBuyCourses,
  canCreateCourse,
  canManageCourse,
  canReadModules,
  canSeeCourse,
  canSeeEnrolledCourses,
} from '../../../domain/rules'
import { courseList, coursesOf } from './courseListCache'
import { courseColumns, courseFrom, type CourseRow, type CourseView } from './courseRows'
import { Forbidden, NotFound } from '../errors'
import { issueFinished } from '../learning/certificates'
import { type Page, type PageQuery, pageByCreation } from './pages'
import type { MediaStore } from '../media/media'
import { type Actor, iso, type Schema } from '../types'

export type { CourseView }

const fromCourses = 'FROM courses c LEFT JOIN users u ON u.id = c.instructor_id'
export async function listCourses(db: Db): Promise<CourseView[]> {
  return coursesOf(await courseList(db).current())
}

/** Who may see a course, as a query reads it: whether it is published, its instructor, whether the caller is enrolled. */
export interface CourseVisibility {
  published: boolean
  instructor_id: string | null
  enrolled: boolean
}

/** The columns of a CourseVisibility for the course aliased `c`, the caller's id being the parameter `actorParam`. */
export const visibilityColumns = (c: string, actorParam: string) =>
  `${c}.published, ${c}.instructor_id,
   EXISTS (SELECT 1 FROM enrollments e WHERE e.course_id = ${c}.id AND e.student_id = ${actorParam}) AS enrolled`

/**
 * 404 unless `actor` may see the course (published, or a draft they manage or are enrolled in), naming `what` the
 * caller asked for (a course, or a module or video of it): word for word the answer to an id that names nothing, so a
 * draft's existence is not told, before any other check.
 */
export function assertSeen(
  actor: Actor | null,
  row: CourseVisibility | undefined,
  what = 'Course',
): asserts row is CourseVisibility {
  if (
    !row ||
    !canSeeCourse(actor, { published: row.published, instructorId: row.instructor_id }, row.enrolled)
  )
    throw new NotFound(what)
}

/** One course; a draft is 404 to everyone but its instructor, admins and its enrolled students (as if it were not). */
export async function getCourse(db: Db, actor: Actor | null, id: string): Promise<CourseView> {
  const [row] = await db.query<CourseRow & { enrolled: boolean }>(
    `SELECT ${courseColumns},
       EXISTS (SELECT 1 FROM enrollments e WHERE e.course_id = c.id AND e.student_id = $2) AS enrolled
     ${fromCourses} WHERE c.id = $1`,
    [id, actor?.id ?? null],
  )
  assertSeen(actor, row)
  return courseFrom(row)
}

/** The drafts `actor` may publish, newest first: an instructor's own, every draft for an admin. */
export async function draftCourses(db: Db, actor: Actor): Promise<CourseView[]> {
  if (!canCreateCourse(actor)) throw new Forbidden('Only instructors and admins have drafts')
  const rows = await db.query<CourseRow>(
    `SELECT ${courseColumns} ${fromCourses}
     WHERE NOT c.published AND ($1::boolean OR c.instructor_id = $2) ORDER BY c.created_at DESC, c.id`,
    [actor.role === 'admin', actor.id],
  )
  return rows.map(courseFrom)
}

/** A course `actor` may see (assertSeen), its instructor and whether `actor` is enrolled; otherwise 404 naming `what`. */
export async function seenCourse(
  db: Db,
  actor: Actor | null,
  courseId: string,
  what = 'Course',
): Promise<CourseVisibility> {
  const [row] = await db.query<CourseVisibility>(
    `SELECT ${visibilityColumns('c', '$2')} FROM courses c WHERE c.id = $1`,
    [courseId, actor?.id ?? null],
  )
  assertSeen(actor, row, what)
  return row
}

/**
 * A course `actor` may see (published, or a draft they manage or are enrolled in); otherwise 404, so a draft's
 * existence is not told. Answers whether `actor` is enrolled.
 */
export async function assertCourseVisible(db: Db, actor: Actor | null, courseId: string): Promise<boolean> {
  return (await seenCourse(db, actor, courseId)).enrolled
}

export async function createCourse(db: Db, actor: Actor, input: Schema<'CourseInput'>): Promise<CourseView> {
  if (!canCreateCourse(actor)) throw new Forbidden('Only instructors and admins create courses')
  const [row] = await db.query<{ id: string }>(
    'INSERT INTO courses (title, description, price_cents, instructor_id, published) VALUES ($1, $2, round($3::numeric * 100), $4, $5) RETURNING id',
    [input.title, input.description, input.price, actor.id, input.published ?? true],
  )
  return getCourse(db, actor, row.id)
}

/**
 * The course's instructor or an admin; anyone else who may see the course 403. An unknown course, or one `actor` may
 * not see (another instructor's draft), 404 naming `what` the caller asked for (the course, or its module or video).
 */
export async function assertCourseOwner(
  db: Db,
  actor: Actor,
  courseId: string,
  what = 'Course',
): Promise<void> {
  const row = await seenCourse(db, actor, courseId, what)
  if (!canManageCourse(actor, row.instructor_id)) {
    throw new Forbidden("Only the course's instructor or an admin may change it")
  }
}

export async function isEnrolled(db: Db, studentId: string, courseId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM enrollments WHERE course_id = $1 AND student_id = $2', [
    courseId,
    studentId,
  ])
  return rows.length > 0
}

/**
 * Modules and videos of a course: its enrolled students, instructors, admins. Unknown course 404, and a draft 404 to
 * all but its instructor, admins and its enrolled students (naming `what` the caller asked for).
 */
export async function assertCourseReader(
  db: Db,
  actor: Actor,
  courseId: string,
  what = 'Course',
): Promise<void> {
  // One round trip: the course's existence, whether it is visible and the caller's enrollment together.
  const { enrolled } = await seenCourse(db, actor, courseId, what)
  if (!canReadModules(actor, enrolled)) throw new Forbidden('Enroll in this course to see its modules')
}

export async function updateCourse(
  db: Db,
  actor: Actor,
  id: string,
  patch: Schema<'CoursePatch'>,
): Promise<CourseView> {
  await assertCourseOwner(db, actor, id)
  await db.query(
    `UPDATE courses SET title = COALESCE($2, title), description = COALESCE($3, description),
       price_cents = COALESCE(round($4::numeric * 100), price_cents), published = COALESCE($5, published) WHERE id = $1`,
    [id, patch.title ?? null, patch.description ?? null, patch.price ?? null, patch.published ?? null],
  )
  return getCourse(db, actor, id)
}

/**
 * Deletes the course (modules, videos, enrollments, cart items go with it); its video files are removed
 * from the media store once the deletion has committed.
 */
export async function deleteCourse(
  db: Db,
  actor: Actor,
  id: string,
  media: MediaStore,
  log?: { warn(obj: object, msg: string): void },
): Promise<void> {
  await assertCourseOwner(db, actor, id)
  const files = await db.transaction(async (tx) => {
    // The row lock waits for uploads being recorded (they hold a key-share lock through the foreign key)
    // and makes later ones fail, so every file of the course is in this list.
    await tx.query('SELECT 1 FROM courses WHERE id = $1 FOR UPDATE', [id])
    const videos = await tx.query<{ stored_name: string }>(
      `SELECT stored_name FROM videos WHERE course_id = $1
       UNION ALL SELECT captions_name FROM videos WHERE course_id = $1 AND captions_name IS NOT NULL
       UNION ALL SELECT poster_name FROM videos WHERE course_id = $1 AND poster_name IS NOT NULL`,
      [id],
    )
    await tx.query('DELETE FROM courses WHERE id = $1', [id])
    return videos.map((v) => v.stored_name)
  })
  await media.remove(files, log)
}

/** Courses a user is enrolled in: that user or an admin. */
export async function enrolledCourses(db: Db, actor: Actor, userId: string): Promise<CourseView[]> {
  if (!canSeeEnrolledCourses(actor, userId)) throw new Forbidden('You may only see your own enrolled courses')
  const users = await db.query('SELECT 1 FROM users WHERE id = $1', [userId])
  if (!users.length) throw new NotFound('User')
  const rows = await db.query<CourseRow>(
    `SELECT ${courseColumns} FROM enrollments e JOIN courses c ON c.id = e.course_id
     LEFT JOIN users u ON u.id = c.instructor_id WHERE e.student_id = $1 ORDER BY e.enrolled_at, c.id`,
    [userId],
  )
  return rows.map(courseFrom)
}

/**
 * Who of a course's students `actor` may see: a student who turned 'Show my courses on my profile' off is listed only
 * to themself, the course's instructor and admins (a coursemates list would otherwise tell what they bought).
 * 404 for no course, and for a course `actor` may not see (a draft, or one unpublished: its students are told to its
 * readers only).
 */
async function studentsShownTo(db: Db, actor: Actor, courseId: string) {
  const course = await seenCourse(db, actor, courseId)
  const seesAll = actor.role === 'admin' || course.instructor_id === actor.id
  return {
    where: `e.course_id = $1 AND (u.show_courses_on_profile OR u.id = $2 OR $3::boolean)`,
    params: [courseId, actor.id, seesAll],
  }
}

export async function enrolledStudents(
  db: Db,
  actor: Actor,
  courseId: string,
): Promise<Schema<'EnrolledStudent'>[]> {
  const { where, params } = await studentsShownTo(db, actor, courseId)
  return db.query(
    `SELECT u.id AS "_id", u.username FROM enrollments e JOIN users u ON u.id = e.student_id
     WHERE ${where} ORDER BY e.enrolled_at, u.id`,
    params,
  )
}

/** One page of the course's students `actor` may see, in the whole list's order (enrollment time, then id). */
export async function enrolledStudentPage(
  db: Db,
  secret: string,
  actor: Actor,
  courseId: string,
  query: PageQuery,
): Promise<Page<Schema<'EnrolledStudent'>>> {
  const { where, params } = await studentsShownTo(db, actor, courseId)
  return pageByCreation<Schema<'EnrolledStudent'>>(
    db,
    {
      list: `students:${courseId}`,
      secret,
      columns: 'u.id AS "_id", u.username',
      from: 'enrollments e JOIN users u ON u.id = e.student_id',
      where,
      params,
      key: 'e.enrolled_at',
      id: 'u.id',
    },
    query,
  )
}

export type EnrollmentView = Schema<'Enrollment'>

/**
 * Enrolls a student once, without payment: for free courses (the enroll route goes through ./orders.ts,
 * which charges for a paid course and calls this for a free one). A repeat returns the existing enrollment
 * with created = false.
 */
export async function enroll(
  db: Db,
  actor: Actor,
  courseId: string,
): Promise<{ enrollment: EnrollmentView; created: boolean }> {
  if (!canBuyCourses(actor)) throw new Forbidden('Only students enroll in courses')
  // A draft is not for sale: 404 as for a course that does not exist (its students are enrolled already).
  await assertCourseVisible(db, actor, courseId)
  return db.transaction(async (tx) => {
    const inserted = await tx.query<{ enrolled_at: Date }>(
      `INSERT INTO enrollments (course_id, student_id) VALUES ($1, $2)
       ON CONFLICT (course_id, student_id) DO NOTHING RETURNING enrolled_at`,
      [courseId, actor.id],
    )
    // An enrolled course has nothing left to buy.
    await tx.query('DELETE FROM cart_items WHERE user_id = $1 AND course_id = $2', [actor.id, courseId])
    // back after a refund with every module completed: the certificate is earned again at once
    if (inserted.length) await issueFinished(tx, actor.id, [courseId])
    const row =
      inserted[0] ??
      (
        await tx.query<{ enrolled_at: Date }>(
          'SELECT enrolled_at FROM enrollments WHERE course_id = $1 AND student_id = $2',
          [courseId, actor.id],
        )
      )[0]
    return {
      enrollment: { courseId, studentId: actor.id, enrolledAt: iso(row.enrolled_at) },
      created: inserted.length > 0,
    }
  })
}
