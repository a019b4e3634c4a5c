import { type Db, preparedQuery } from '../db/db'
import {
  canBuyCourses,
  canCreateCourse,
  canManageCourse,
  canReadModules,
  canSeeEnrolledCourses,
} from '../../domain/rules'
import { Forbidden, NotFound } from './errors'
import { type Page, type PageQuery, pageByCreation } from './pages'
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

/**
 * The spec's whole course list as of one version of the data: `version` is the 'courses' row of data_versions
 * (migration 010: every write to courses, and to the users columns the list shows, moves it in the same
 * transaction, whoever writes), or null when that row is missing (then nothing is reused).
 */
export interface CourseListEntry {
  version: string | null
  courses: CourseView[]
}

const versionSql = "SELECT version::text AS version FROM data_versions WHERE name = 'courses'"
// The version and the list in one statement, so from one snapshot: the list is the data as of that version.
const listSql = `SELECT v.version::text AS list_version, ${courseColumns}
  FROM (SELECT 1) AS one LEFT JOIN data_versions v ON v.name = 'courses'
  LEFT JOIN (courses c LEFT JOIN users u ON u.id = c.instructor_id) ON true
  ORDER BY c.created_at DESC, c.id`

/**
 * How many values keptUntilChange holds at most: a page takes about its JSON's size in memory (~50 KB for 20 courses
 * with 2 KB descriptions), so ~5 MB.
 */
export const KEPT_VALUES = 100

/**
 * The course list kept until the data changes, right with several instances on one database. Each call needs the
 * version as of a moment after it began; the kept list is used only when its version is that one, otherwise the
 * list is read again (with its version, in one statement).
 * - On PostgreSQL another instance may have written: the version is read by a query that starts after the call
 *   did (calls arriving meanwhile share the next such query), so a write committed anywhere before it is seen.
 * - On embedded PGlite this process is the only writer and the triggers' NOTIFY reaches it before a write returns
 *   (Db.listen): the version is known without a query.
 */
class CourseListCache {
  private entry?: CourseListEntry
  private loading?: { started: number; promise: Promise<CourseListEntry> }
  private loads = 0
  private checking?: Promise<string | null>
  private queued?: Promise<string | null>
  /** PGlite: the newest version notified (or read) since listening began; undefined until it has. */
  private notified?: bigint
  private listening?: Promise<void>
  /** PGlite: LISTEN is in effect, so a version read from now on is followed by every later one. */
  private listens = false

  constructor(private readonly db: Db) {
    if (db.listen) {
      this.listening = db
        .listen(
          'data_versions',
          (payload) => {
            const [name, version] = payload.split(' ')
            if (name === 'courses') this.saw(version)
          },
          // A notification may have been lost (PGlite's thread stopped): the version is read again by a query.
          () => {
            this.notified = undefined
          },
        )
        .then(
          () => {
            this.listens = true
          },
          () => {},
        )
    }
  }

  private saw(version: string | null): void {
    if (version === null) return
    const v = BigInt(version)
    if (this.notified === undefined || v > this.notified) this.notified = v
  }

  /** PGlite, listening: the version now, known from the notifications without a query; otherwise undefined. */
  private notifiedVersion(): string | undefined {
    return this.listens && this.notified !== undefined ? String(this.notified) : undefined
  }

  /** The version now: read by a query started after this call (callers meanwhile wait for the next one). */
  private async version(): Promise<string | null> {
    if (!this.listens && this.listening) await this.listening
    return this.notifiedVersion() ?? this.checkVersion()
  }

  private checkVersion(): Promise<string | null> {
    if (this.checking) {
      // The query in flight may have read its snapshot before this call: wait for the one after it.
      this.queued ??= this.checking
        .catch(() => null)
        .then(() => {
          this.queued = undefined
          // Any query in flight now started after the one above ended, so after every caller waiting here.
          return this.checking ?? this.checkVersion()
        })
      return this.queued
    }
    // A version read before LISTEN took effect may be followed by writes nobody was told of.
    const listened = this.listens
    const checking = preparedQuery<{ version: string }>(this.db, versionSql).then((rows) => {
      const version = rows[0]?.version ?? null
      if (listened) this.saw(version)
      return version
    })
    this.checking = checking
    checking
      .finally(() => {
        if (this.checking === checking) this.checking = undefined
      })
      .catch(() => {})
    return checking
  }

  private load(): Promise<CourseListEntry> {
    const started = ++this.loads
    const listened = this.listens
    const promise = this.db.query<CourseRow & { list_version: string | null }>(listSql).then((rows) => {
      const entry: CourseListEntry = {
        version: rows[0]?.list_version ?? null,
        courses: rows.filter((r) => r.id !== null).map(courseFrom),
      }
      if (entry.version !== null) this.entry = entry
      if (listened) this.saw(entry.version)
      return entry
    })
    this.loading = { started, promise }
    promise
      .finally(() => {
        if (this.loading?.promise === promise) this.loading = undefined
      })
      .catch(() => {})
    return promise
  }

  /**
   * Values worked out from the courses (the catalogue's pages, searched or not), each kept with the version it was
   * made at. At most KEPT_VALUES of them, the least recently used going first (a Map iterates in insertion order and
   * a value used is put back at the end).
   */
  private readonly kept = new Map<string, { version: bigint; value: Promise<unknown> }>()

  /**
   * `compute()`'s answer as of a moment after this call, kept while the version has not moved: it is worked out
   * after the version was read, so what it shows is at least as new as that version, and it is used again only while
   * the version is that one (calls meanwhile share the one being worked out).
   */
  async keptUntilChange<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const read = await this.version()
    if (read === null) return compute()
    const version = BigInt(read)
    const held = this.kept.get(key)
    if (held?.version === version) {
      this.kept.delete(key)
      this.kept.set(key, held)
      return held.value as Promise<T>
    }
    const value = compute()
    // Never replaced by one made at an older version (a slower caller's).
    if (!held || held.version < version) {
      this.kept.delete(key)
      this.kept.set(key, { version, value })
      if (this.kept.size > KEPT_VALUES) this.kept.delete(this.kept.keys().next().value as string)
      value.catch(() => {
        if (this.kept.get(key)?.value === value) this.kept.delete(key)
      })
    }
    return value
  }

  /**
   * The kept list when it is known to be the current one without a query, as current() would answer it (embedded
   * PGlite, where every write is this process's and notified before it returns), else undefined: then the caller
   * asks current(). Lets the course list leave in the request's own turn, with no promise to wait for.
   */
  known(): CourseListEntry | undefined {
    const version = this.notifiedVersion()
    return version !== undefined && this.entry?.version === version ? this.entry : undefined
  }

  /** The list as of a moment after this call (the kept one while the version has not moved). */
  async current(): Promise<CourseListEntry> {
    const version = await this.version()
    const after = this.loads
    for (;;) {
      if (version !== null && this.entry?.version === version) return this.entry
      const loading = this.loading
      // A read started after the version check above is at least as new as that version.
      if (loading && loading.started > after) return loading.promise
      if (!loading) return this.load()
      // One started earlier may predate a write this caller must see: wait for it, then look again.
      await loading.promise.catch(() => undefined)
    }
  }
}

const courseLists = new WeakMap<Db, CourseListCache>()

/** The course list cache of this database handle (one per process and database). */
export function courseList(db: Db): {
  known(): CourseListEntry | undefined
  current(): Promise<CourseListEntry>
  keptUntilChange<T>(key: string, compute: () => Promise<T>): Promise<T>
} {
  let cache = courseLists.get(db)
  if (!cache) {
    cache = new CourseListCache(db)
    courseLists.set(db, cache)
  }
  return cache
}

export async function listCourses(db: Db): Promise<CourseView[]> {
  return (await courseList(db).current()).courses
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

/**
 * Who of a course's students `actor` may see: a student who turned 'Show my courses on my profile' off is listed only
 * to themself, the course's instructor and admins (a coursemates list would otherwise tell what they bought).
 * 404 for no course.
 */
async function studentsShownTo(db: Db, actor: Actor, courseId: string) {
  const rows = await db.query<{ instructor_id: string | null }>(
    'SELECT instructor_id FROM courses WHERE id = $1',
    [courseId],
  )
  if (!rows.length) throw new NotFound('Course')
  const seesAll = actor.role === 'admin' || rows[0].instructor_id === actor.id
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
