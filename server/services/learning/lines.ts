// Lines of modules: the check before one is stored, and the practice and review schedule of each reader.
import { canReadModules } from '../../../domain/rules'
import { checkMoveCount, MAX_LINE_MOVES, PgnError, type LineSide } from '../../../domain/chess/pgn'
import { lineMovesOffThread } from '../pgnThreads'
import type { Db } from '../../db/db'
import { assertSeen, type CourseVisibility, visibilityColumns } from '../catalogue/courses'
import { BadInput, Forbidden, NotFound } from '../errors'
import { gradeFor, nextCard, type StoredCard } from './reviewSchedule'
import { iso, type Actor, type Schema } from '../types'

type ModuleLine = Schema<'ModuleLine'>

/**
 * How many moves the student plays in the line's main line: checked when a module is saved, and kept with it. Read on
 * a reader thread (a line of 1,500 moves takes chess.js up to a second); its length is counted here first, so a line
 * over the bound waits for no thread. A PGN that does not read is a 400 naming why.
 */
export async function lineMoves(line: ModuleLine): Promise<number> {
  try {
    checkMoveCount(line.pgn, MAX_LINE_MOVES)
    return await lineMovesOffThread(line.pgn, line.side)
  } catch (error) {
    if (error instanceof PgnError) throw new BadInput(error.message)
    throw error
  }
}

/**
 * The module's line, its course and the moves the student plays in it, for a caller who may read the module. Unknown
 * module, or a module of a course the caller may not see (a draft), 404 alike; anyone else who may not read it 403.
 */
async function readableLine(db: Db, actor: Actor, moduleId: string) {
  const [row] = await db.query<
    CourseVisibility & {
      course_id: string
      line_pgn: string | null
      line_side: LineSide | null
      line_student_moves: number | null
    }
  >(
    `SELECT m.course_id, m.line_pgn, m.line_side, m.line_student_moves, ${visibilityColumns('c', '$2')}
     FROM modules m JOIN courses c ON c.id = m.course_id WHERE m.id = $1`,
    [moduleId, actor.id],
  )
  assertSeen(actor, row, 'Module')
  if (!canReadModules(actor, row.enrolled)) throw new Forbidden('Enroll in this course to practise its lines')
  if (row.line_pgn === null || row.line_side === null) throw new NotFound('Line')
  const line = { pgn: row.line_pgn, side: row.line_side }
  return {
    courseId: row.course_id,
    moves: row.line_student_moves ?? (await keepLineMoves(db, moduleId, line)),
  }
}

/**
 * Counts and keeps the moves of a line saved before modules kept that count (read once, the first time it is
 * practised). Kept only while the module still holds that line, so an edit made meanwhile is not overwritten.
 */
async function keepLineMoves(db: Db, moduleId: string, line: ModuleLine): Promise<number> {
  const moves = await lineMoves(line)
  await db.query(
    `UPDATE modules SET line_student_moves = $2
     WHERE id = $1 AND line_student_moves IS NULL AND line_pgn = $3 AND line_side = $4`,
    [moduleId, moves, line.pgn, line.side],
  )
  return moves
}

type CardRow = Omit<StoredCard, 'due' | 'last_review'> & { due: unknown; last_review: unknown }

/**
 * Records a finished practice of a module's line: graded by its mistakes (none Good, one Hard, more Again) and
 * the next review scheduled by FSRS from the caller's card for that line.
 */
export async function recordPractice(
  db: Db,
  actor: Actor,
  moduleId: string,
  mistakes: number,
  now: Date,
): Promise<Schema<'LineReview'>> {
  const line = await readableLine(db, actor, moduleId)
  const { moves } = line
  if (mistakes > moves)
    throw new BadInput(`mistakes (${mistakes}) exceeds the ${moves} moves the student plays in this line`)
  const grade = gradeFor(mistakes)
  return db.transaction(async (tx) => {
    const [row] = await tx.query<CardRow>(
      `SELECT due, stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses, state,
         last_review FROM line_reviews WHERE user_id = $1 AND module_id = $2 FOR UPDATE`,
      [actor.id, moduleId],
    )
    const card = nextCard(
      row ? { ...row, due: new Date(iso(row.due)), last_review: new Date(iso(row.last_review)) } : null,
      grade,
      now,
    )
    // A module deleted meanwhile fails the foreign key: 404 (server/plugins/errors.ts).
    await saveReviewCard(tx, actor.id, moduleId, line.courseId, card, grade)
    return {
      moduleId,
      courseId: line.courseId,
      grade,
      due: card.due.toISOString(),
      reps: card.reps,
      lastReviewedAt: card.last_review.toISOString(),
    }
  })
}

/**
 * The caller's reviews of lines they may still read, as domain/rules.ts decides (canSeeCourse and canReadModules, $2
 * being the caller's role): enrolled in the course, an admin, or an instructor while the course is published or is
 * theirs. A course that went back to draft leaves the queue of those who may no longer see it (the cards stay, and
 * come back if it is published again); its enrolled students keep it.
 */
const REVIEWABLE = `FROM line_reviews r JOIN modules m ON m.id = r.module_id JOIN courses c ON c.id = r.course_id
  WHERE r.user_id = $1 AND m.line_pgn IS NOT NULL
    AND (EXISTS (SELECT 1 FROM enrollments e WHERE e.course_id = r.course_id AND e.student_id = $1)
      OR $2::text = 'admin' OR ($2::text = 'instructor' AND (c.published OR c.instructor_id = $1)))`

async function nextDueAt(db: Db, actor: Actor, now: Date): Promise<string | null> {
  const [row] = await db.query<{ next: unknown }>(`SELECT min(r.due) AS next ${REVIEWABLE} AND r.due > $3`, [
    actor.id,
    actor.role,
    now.toISOString(),
  ])
  return row?.next ? iso(row.next) : null
}

/** The caller's lines due now, most overdue first, with their moves; and when the next one not yet due comes. */
export async function dueReviews(db: Db, actor: Actor, now: Date): Promise<Schema<'ReviewQueue'>> {
  const rows = await db.query<{
    moduleId: string
    courseId: string
    moduleTitle: string
    courseTitle: string
    pgn: string
    side: LineSide
    due: unknown
  }>(
    `SELECT r.module_id AS "moduleId", r.course_id AS "courseId", m.title AS "moduleTitle",
       c.title AS "courseTitle", m.line_pgn AS pgn, m.line_side AS side, r.due
     ${REVIEWABLE} AND r.due <= $3 ORDER BY r.due, r.module_id`,
    [actor.id, actor.role, now.toISOString()],
  )
  return {
    due: rows.map(({ pgn, side, due, ...rest }) => ({ ...rest, line: { pgn, side }, due: iso(due) })),
    nextDueAt: await nextDueAt(db, actor, now),
  }
}

/** How many of the caller's lines are due now, and when the next one comes: what /home shows. */
export async function reviewSummary(db: Db, actor: Actor, now: Date): Promise<Schema<'ReviewSummary'>> {
  const [row] = await db.query<{ due: number; next: unknown }>(
    `SELECT count(*) FILTER (WHERE r.due <= $3)::int AS due, min(r.due) FILTER (WHERE r.due > $3) AS next
     ${REVIEWABLE}`,
    [actor.id, actor.role, now.toISOString()],
  )
  return { dueCount: row?.due ?? 0, nextDueAt: row?.next ? iso(row.next) : null }
}

/** Stores a student's card for a line (one row per student and line): the next review, and how the last went. */
export async function saveReviewCard(
  db: Db,
  userId: string,
  moduleId: string,
  courseId: string,
  card: ReturnType<typeof nextCard>,
  grade: ReturnType<typeof gradeFor>,
): Promise<void> {
  await db.query(
    `INSERT INTO line_reviews (user_id, module_id, course_id, due, stability, difficulty, elapsed_days,
       scheduled_days, learning_steps, reps, lapses, state, last_review, last_grade)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     ON CONFLICT (user_id, module_id) DO UPDATE SET course_id = EXCLUDED.course_id, due = EXCLUDED.due,
       stability = EXCLUDED.stability, difficulty = EXCLUDED.difficulty, elapsed_days = EXCLUDED.elapsed_days,
       scheduled_days = EXCLUDED.scheduled_days, learning_steps = EXCLUDED.learning_steps, reps = EXCLUDED.reps,
       lapses = EXCLUDED.lapses, state = EXCLUDED.state, last_review = EXCLUDED.last_review,
       last_grade = EXCLUDED.last_grade`,
    [
      userId,
      moduleId,
      courseId,
      card.due.toISOString(),
      card.stability,
      card.difficulty,
      card.elapsed_days,
      card.scheduled_days,
      card.learning_steps,
      card.reps,
      card.lapses,
      card.state,
      card.last_review.toISOString(),
      grade,
    ],
  )
}
