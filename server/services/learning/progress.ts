import type { Db } from '../../db/db'
import {
  canReadModules,
  canSeeCourseProgress,
  COMPLETION_SHARE,
  POSITION_OVERRUN_SECONDS,
  progressPercent,
} from '../../../domain/rules'
import { assertSeen, type CourseVisibility, seenCourse, visibilityColumns } from '../catalogue/courses'
import { BadInput, Forbidden } from '../errors'
import { completing } from './certificates'
import type { Actor, Schema } from '../types'

type ModuleProgress = Schema<'ModuleProgress'>
type CourseProgress = Schema<'CourseProgress'>
type StudentProgress = Schema<'StudentProgress'>

/** A timestamptz as the wire's ISO 8601 text, made by the database (no Date round trip per row). */
const isoText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

const progressColumns = `module_id AS "moduleId", course_id AS "courseId", position_seconds AS "positionSeconds",
  duration_seconds AS "durationSeconds", completed_at IS NOT NULL AS completed, ${isoText('updated_at')} AS "updatedAt"`

/**
 * The course of a module the caller may read (its enrolled students, instructors, admins), in one query.
 * Unknown module, or a module of a course the caller may not see (a draft), 404 alike; anyone else 403.
 */
async function readableModuleCourse(db: Db, actor: Actor, moduleId: string): Promise<string> {
  const [row] = await db.query<CourseVisibility & { course_id: string }>(
    `SELECT m.course_id, ${visibilityColumns('c', '$2')} FROM modules m JOIN courses c ON c.id = m.course_id
     WHERE m.id = $1`,
    [moduleId, actor.id],
  )
  assertSeen(actor, row, 'Module')
  if (!canReadModules(actor, row.enrolled)) throw new Forbidden('Enroll in this course to record progress')
  return row.course_id
}

/**
 * Saves where the caller is in a module's video. Reaching 90 % of the video completes the module; a module
 * marked not complete by hand is completed again only by crossing that mark anew, not by every later save. Completing
 * the course's last module issues its certificate (./certificates.ts).
 */
export async function saveModuleProgress(
  db: Db,
  actor: Actor,
  moduleId: string,
  input: Schema<'ProgressInput'>,
): Promise<ModuleProgress> {
  const { positionSeconds, durationSeconds } = input
  if (positionSeconds > durationSeconds + POSITION_OVERRUN_SECONDS)
    throw new BadInput(
      `positionSeconds lies more than ${POSITION_OVERRUN_SECONDS} s past durationSeconds (${durationSeconds})`,
    )
  const courseId = await readableModuleCourse(db, actor, moduleId)
  const position = Math.min(positionSeconds, durationSeconds)
  const mark = COMPLETION_SHARE * durationSeconds
  // A module deleted meanwhile fails the foreign key: 404 (server/plugins/errors.ts).
  // $4 and $6 are typed: PostgreSQL (and PGlite) would otherwise deduce two types for $4 (the column's, and
  // the comparison's) and refuse the statement with 42P08.
  const upsert = async (q: Db) => {
    const [row] = await q.query<ModuleProgress>(
      `INSERT INTO module_progress AS p (user_id, module_id, course_id, position_seconds, duration_seconds, completed_at)
     VALUES ($1, $2, $3, $4::float8, $5::float8, CASE WHEN $4::float8 >= $6::float8 THEN clock_timestamp() END)
     ON CONFLICT (user_id, module_id) DO UPDATE SET
       position_seconds = EXCLUDED.position_seconds,
       duration_seconds = EXCLUDED.duration_seconds,
       completed_at = CASE
         WHEN p.completed_at IS NOT NULL THEN p.completed_at
         WHEN EXCLUDED.position_seconds >= $6::float8 AND p.position_seconds < $6::float8 THEN clock_timestamp()
       END,
       updated_at = clock_timestamp()
     RETURNING ${progressColumns}`,
      [actor.id, moduleId, courseId, position, durationSeconds, mark],
    )
    return row
  }
  // Past the mark the save may complete the module, and the course with it: then with its certificate.
  return position >= mark ? completing(db, actor.id, courseId, upsert) : upsert(db)
}

/**
 * Marks a module complete or not complete by hand; the saved position stays. Completing the course's last module
 * issues its certificate (./certificates.ts).
 */
export async function setModuleCompletion(
  db: Db,
  actor: Actor,
  moduleId: string,
  completed: boolean,
): Promise<ModuleProgress> {
  const courseId = await readableModuleCourse(db, actor, moduleId)
  const mark = async (q: Db) => {
    const [row] = await q.query<ModuleProgress>(
      `INSERT INTO module_progress AS p (user_id, module_id, course_id, completed_at)
     VALUES ($1, $2, $3, CASE WHEN $4::boolean THEN clock_timestamp() END)
     ON CONFLICT (user_id, module_id) DO UPDATE SET
       completed_at = CASE WHEN $4::boolean THEN COALESCE(p.completed_at, clock_timestamp()) END,
       updated_at = clock_timestamp()
     RETURNING ${progressColumns}`,
      [actor.id, moduleId, courseId, completed],
    )
    return row
  }
  // A completion may finish the course: then with its certificate.
  return completed ? completing(db, actor.id, courseId, mark) : mark(db)
}

type CourseProgressRow = Omit<CourseProgress, 'percent'>

/**
 * The caller's progress in every course they are enrolled in or have saved progress in (an instructor or an
 * admin watching a course), with the saved modules in course order: one query, whatever the number of courses.
 * Only courses the caller may see (canSeeCourse in domain/rules.ts, $2 being the caller's role: enrolled, or the
 * course published, or theirs, or an admin): a course that went back to draft is left out for those who may no longer
 * see it (their progress stays, for if it is published again); its enrolled students keep it.
 */
export async function myProgress(db: Db, actor: Actor): Promise<CourseProgress[]> {
  const rows = await db.query<CourseProgressRow>(
    `WITH mine AS (
       SELECT course_id FROM enrollments WHERE student_id = $1
       UNION
       SELECT p.course_id FROM module_progress p JOIN courses c ON c.id = p.course_id
       WHERE p.user_id = $1
         AND (c.published OR $2::text = 'admin' OR ($2::text = 'instructor' AND c.instructor_id = $1))
     )
     SELECT mine.course_id AS "courseId",
       count(m.id)::int AS "totalModules",
       count(p.completed_at)::int AS "completedModules",
       (array_agg(m.id ORDER BY m.position, m.created_at, m.id)
         FILTER (WHERE m.id IS NOT NULL AND p.completed_at IS NULL))[1] AS "nextModuleId",
       ${isoText('max(p.updated_at)')} AS "lastActivityAt",
       COALESCE(json_agg(json_build_object(
           'moduleId', p.module_id, 'courseId', p.course_id, 'positionSeconds', p.position_seconds,
           'durationSeconds', p.duration_seconds, 'completed', p.completed_at IS NOT NULL,
           'updatedAt', ${isoText('p.updated_at')})
         ORDER BY m.position, m.created_at, m.id) FILTER (WHERE p.module_id IS NOT NULL), '[]') AS modules
     FROM mine
     LEFT JOIN modules m ON m.course_id = mine.course_id
     LEFT JOIN module_progress p ON p.module_id = m.id AND p.user_id = $1
     GROUP BY mine.course_id
     ORDER BY mine.course_id`,
    [actor.id, actor.role],
  )
  return rows.map((row) => ({
    ...row,
    // pg parses json columns; PGlite too. A driver that hands back text is parsed here.
    modules: typeof row.modules === 'string' ? (JSON.parse(row.modules) as ModuleProgress[]) : row.modules,
    percent: progressPercent(row.completedModules, row.totalModules),
  }))
}

/**
 * Each enrolled student's progress in a course, most recent activity first, with their results of the course's puzzle
 * sets (puzzles solved and tried, of all the sets' puzzles): its instructor and admins. A course the
 * caller may not see (another's draft) is 404, as an unknown one.
 */
export async function courseProgress(db: Db, actor: Actor, courseId: string): Promise<StudentProgress[]> {
  const course = await seenCourse(db, actor, courseId)
  if (!canSeeCourseProgress(actor, course.instructor_id))
    throw new Forbidden("Only the course's instructor or an admin may see its students' progress")
  const rows = await db.query<{
    _id: string
    username: string
    completed: number
    total: number
    last: string | null
    solved: number
    tried: number
    puzzles: number
  }>(
    `SELECT u.id AS "_id", u.username, count(p.completed_at)::int AS completed,
       (SELECT count(*)::int FROM modules WHERE course_id = $1) AS total,
       ${isoText('max(p.updated_at)')} AS last,
       (SELECT count(*) FILTER (WHERE r.solved)::int FROM module_puzzle_results r
        WHERE r.course_id = $1 AND r.user_id = u.id) AS solved,
       (SELECT count(*)::int FROM module_puzzle_results r WHERE r.course_id = $1 AND r.user_id = u.id) AS tried,
       (SELECT COALESCE(sum(jsonb_array_length(puzzles)), 0)::int FROM modules WHERE course_id = $1) AS puzzles
     FROM enrollments e JOIN users u ON u.id = e.student_id
     LEFT JOIN module_progress p ON p.course_id = e.course_id AND p.user_id = e.student_id
     WHERE e.course_id = $1
     GROUP BY u.id, u.username
     ORDER BY max(p.updated_at) DESC NULLS LAST, lower(u.username), u.id`,
    [courseId],
  )
  return rows.map((r) => ({
    student: { _id: r._id, username: r.username },
    completedModules: r.completed,
    totalModules: r.total,
    puzzlesSolved: r.solved,
    puzzlesTried: r.tried,
    puzzlesTotal: r.puzzles,
    lastActivityAt: r.last,
  }))
}
