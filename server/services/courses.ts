import type { Db } from '../db/db'
import {
  canBuyCourses,
  canCreateCourse,
  canManageCourse,
  canReadModules,
  canSeeEnrolledCourses,
} from '../../src/domain/rules'
import { Forbidden, NotFound } from './errors'
import type { MediaStore } from './media'
import { type Actor, iso, type Schema } from './types'

export type CourseView = Schema<'Course'>

export interface CourseRow {
  id: string
  title: string
  description: string
  price: number
  instructor_id: string | null
  instructor_username: string | null
  created_at: Date | string
}

/** Select list for `courses c LEFT JOIN users u ON u.id = c.instructor_id`. */
export const courseColumns =
  'c.id, c.title, c.description, c.price::float8 AS price, c.instructor_id, u.username AS instructor_username, ' +
  // Already the wire's ISO 8601 text (what Date#toISOString gives): parsing 200 timestamps into Date
  // objects only to print them again was a large share of the course list's CPU time.
  `to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`

const fromCourses = 'FROM courses c LEFT JOIN users u ON u.id = c.instructor_id'

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
  }
}

const listed = new WeakMap<Db, { generation: number; courses: CourseView[] }>()

export async function listCourses(db: Db): Promise<CourseView[]> {
  // On embedded PGlite every query runs on this one thread; the public list is reused until anything writes.
  const generation = db.generation?.()
  const hit = listed.get(db)
  if (generation !== undefined && hit?.generation === generation) return hit.courses
  const rows = await db.query<CourseRow>(
    `SELECT ${courseColumns} ${fromCourses} ORDER BY c.created_at DESC, c.id`,
  )
  const courses = rows.map(courseFrom)
  if (generation !== undefined && db.generation!() === generation) listed.set(db, { generation, courses })
  return courses
}

export async function getCourse(db: Db, id: string): Promise<CourseView> {
  const [row] = await db.query<CourseRow>(`SELECT ${courseColumns} ${fromCourses} WHERE c.id = $1`, [id])
  if (!row) throw new NotFound('Course')
  return courseFrom(row)
}

export async function createCourse(db: Db, actor: Actor, input: Schema<'CourseInput'>): Promise<CourseView> {
  if (!canCreateCourse(actor)) throw new Forbidden('Only instructors and admins create courses')
  const [row] = await db.query<{ id: string }>(
    'INSERT INTO courses (title, description, price, instructor_id) VALUES ($1, $2, $3, $4) RETURNING id',
    [input.title, input.description, input.price, actor.id],
  )
  return getCourse(db, row.id)
}

/** The course's instructor or an admin; anyone else 403. Unknown course 404. */
export async function assertCourseOwner(db: Db, actor: Actor, courseId: string): Promise<void> {
  const [row] = await db.query<{ instructor_id: string | null }>(
    'SELECT instructor_id FROM courses WHERE id = $1',
    [courseId],
  )
  if (!row) throw new NotFound('Course')
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

/** Modules and videos of a course: its enrolled students, instructors, admins. Unknown course 404. */
export async function assertCourseReader(db: Db, actor: Actor, courseId: string): Promise<void> {
  // One round trip: the course's existence and the caller's enrollment together.
  const [row] = await db.query<{ enrolled: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM enrollments WHERE course_id = c.id AND student_id = $2) AS enrolled FROM courses c WHERE c.id = $1',
    [courseId, actor.id],
  )
  if (!row) throw new NotFound('Course')
  if (!canReadModules(actor, row.enrolled)) throw new Forbidden('Enroll in this course to see its modules')
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
       price = COALESCE($4, price) WHERE id = $1`,
    [id, patch.title ?? null, patch.description ?? null, patch.price ?? null],
  )
  return getCourse(db, id)
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
      'SELECT stored_name FROM videos WHERE course_id = $1',
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

export async function enrolledStudents(db: Db, courseId: string): Promise<Schema<'EnrolledStudent'>[]> {
  const rows = await db.query('SELECT 1 FROM courses WHERE id = $1', [courseId])
  if (!rows.length) throw new NotFound('Course')
  return db.query(
    `SELECT u.id AS "_id", u.username FROM enrollments e JOIN users u ON u.id = e.student_id
     WHERE e.course_id = $1 ORDER BY e.enrolled_at, u.id`,
    [courseId],
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
  const exists = await db.query('SELECT 1 FROM courses WHERE id = $1', [courseId])
  if (!exists.length) throw new NotFound('Course')
  return db.transaction(async (tx) => {
    const inserted = await tx.query<{ enrolled_at: Date }>(
      `INSERT INTO enrollments (course_id, student_id) VALUES ($1, $2)
       ON CONFLICT (course_id, student_id) DO NOTHING RETURNING enrolled_at`,
      [courseId, actor.id],
    )
    // An enrolled course has nothing left to buy.
    await tx.query('DELETE FROM cart_items WHERE user_id = $1 AND course_id = $2', [actor.id, courseId])
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
