// Lines of modules: the check before one is stored, and the practice and review schedule of each reader, one card
// per variation of a line (domain/chess/variations.ts), and the moves each reader misses.
import { canReadModules } from '../../../domain/rules'
import { checkMoveCount, MAX_LINE_MOVES, PgnError, type LineSide } from '../../../domain/chess/pgn'
import { MAIN_LINE, type MissedMove } from '../../../domain/chess/variations'
import { readLineOffThread, variationPracticeOffThread } from '../pgnThreads'
import type { Db } from '../../db/db'
import { assertSeen, type CourseVisibility, visibilityColumns } from '../catalogue/courses'
import { BadInput, Forbidden, NotFound } from '../errors'
import { CARD_COLUMNS, type CardRow, cardValues, gradeFor, nextCard, storedCard } from './reviewSchedule'
import { iso, type Actor, type Schema } from '../types'

type ModuleLine = Schema<'ModuleLine'>

/**
 * How many moves the student plays in the line's main line: checked when a module is saved, and kept with it. Read on
 * a reader thread (a line of 1,500 moves takes chess.js up to a second); its length is counted here first, so a line
 * over the bound waits for no thread. A PGN that does not read is a 400 naming why.
 */
export async function lineMoves(line: ModuleLine): Promise<number> {
  return (await lineReading(line)).moves
}

/** The moves the student plays in the line's main line and the keys of its variations, read as lineMoves reads. */
export async function lineReading(line: ModuleLine): Promise<{ moves: number; variations: string[] }> {
  try {
    checkMoveCount(line.pgn, MAX_LINE_MOVES)
    return await readLineOffThread(line.pgn, line.side)
  } catch (error) {
    if (error instanceof PgnError) throw new BadInput(error.message)
    throw error
  }
}

/**
 * A module's line was replaced: its readers' cards of variations the new line does not have go (they could never be
 * reviewed again); the main line's card stays, as do those of variations kept.
 */
export async function keepVariationCards(db: Db, moduleId: string, variations: string[]): Promise<void> {
  await db.query(
    `DELETE FROM line_reviews WHERE module_id = $1 AND variation <> '' AND NOT (variation = ANY($2::text[]))`,
    [moduleId, variations],
  )
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
    line,
    /** The student's moves in the main line, kept with the module (counted here for a line saved before). */
    mainLineMoves: async () => row.line_student_moves ?? (await keepLineMoves(db, moduleId, line)),
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

type PracticeInput = Schema<'LinePracticeInput'>

/**
 * The student's moves in the variation practised, and the moves missed: the main line's count is kept with the module
 * (no reading of the PGN); a sideline, or moves named as missed, are read from the line on a reader thread.
 */
async function practised(
  line: Awaited<ReturnType<typeof readableLine>>,
  variation: string,
  missed: number[],
): Promise<{ moves: number; missed: MissedMove[] }> {
  if (variation === MAIN_LINE && missed.length === 0) return { moves: await line.mainLineMoves(), missed: [] }
  const reading = await variationPracticeOffThread(line.line.pgn, line.line.side, variation, missed)
  if (typeof reading === 'string') throw new BadInput(reading)
  return reading
}

/**
 * Records a finished practice of one variation of a module's line: graded by its mistakes (none Good, one Hard, more
 * Again) and that variation's next review scheduled by FSRS from the caller's card for it; the moves named as missed
 * are counted for 'Difficult moves'.
 */
export async function recordPractice(
  db: Db,
  actor: Actor,
  moduleId: string,
  input: PracticeInput,
  now: Date,
): Promise<Schema<'LineReview'>> {
  const { mistakes } = input
  const variation = input.variation ?? MAIN_LINE
  const line = await readableLine(db, actor, moduleId)
  if (input.missed && input.missed.length !== mistakes)
    throw new BadInput(`missed names ${input.missed.length} moves, not the ${mistakes} of mistakes`)
  const { moves, missed } = await practised(line, variation, input.missed ?? [])
  if (mistakes > moves)
    throw new BadInput(`mistakes (${mistakes}) exceeds the ${moves} moves the student plays in this line`)
  const grade = gradeFor(mistakes)
  return db.transaction(async (tx) => {
    const [row] = await tx.query<CardRow>(
      `SELECT ${CARD_COLUMNS} FROM line_reviews
       WHERE user_id = $1 AND module_id = $2 AND variation = $3 FOR UPDATE`,
      [actor.id, moduleId, variation],
    )
    const card = nextCard(storedCard(row), grade, now)
    // A module deleted meanwhile fails the foreign key: 404 (server/plugins/errors.ts).
    await saveReviewCard(tx, actor.id, moduleId, line.courseId, card, grade, variation)
    await countMisses(tx, actor.id, moduleId, line.courseId, missed, now)
    return {
      moduleId,
      courseId: line.courseId,
      variation,
      grade,
      due: card.due.toISOString(),
      reps: card.reps,
      lastReviewedAt: card.last_review.toISOString(),
    }
  })
}

/** One more miss of each move (a move met twice in one variation counts twice). */
async function countMisses(
  db: Db,
  userId: string,
  moduleId: string,
  courseId: string,
  missed: MissedMove[],
  now: Date,
): Promise<void> {
  const counted = new Map<string, MissedMove & { misses: number }>()
  for (const move of missed) {
    const key = `${move.fen}|${move.san}`
    const seen = counted.get(key)
    if (seen) seen.misses++
    else counted.set(key, { ...move, misses: 1 })
  }
  if (counted.size === 0) return
  const moves = [...counted.values()]
  await db.query(
    `INSERT INTO line_mistakes (user_id, module_id, course_id, fen, san, move_number, color, misses, last_missed_at)
     SELECT $1, $2, $3, m.fen, m.san, m.move_number, m.color, m.misses, $4
     FROM unnest($5::text[], $6::text[], $7::int[], $8::text[], $9::int[]) AS m(fen, san, move_number, color, misses)
     ON CONFLICT (user_id, module_id, fen, san) DO UPDATE SET misses = line_mistakes.misses + EXCLUDED.misses,
       last_missed_at = EXCLUDED.last_missed_at, course_id = EXCLUDED.course_id,
       move_number = EXCLUDED.move_number, color = EXCLUDED.color`,
    [
      userId,
      moduleId,
      courseId,
      now.toISOString(),
      moves.map((m) => m.fen),
      moves.map((m) => m.san),
      moves.map((m) => m.moveNumber),
      moves.map((m) => m.color),
      moves.map((m) => m.misses),
    ],
  )
}

/**
 * The caller's rows of `table` (line_reviews or line_mistakes, as r) of lines they may still read, as domain/rules.ts
 * decides (canSeeCourse and canReadModules, $2 being the caller's role): enrolled in the course, an admin, or an
 * instructor while the course is published or is theirs. A course that went back to draft leaves the queue of those
 * who may no longer see it (the cards stay, and come back if it is published again); its enrolled students keep it.
 */
const readable = (table: 'line_reviews' | 'line_mistakes') => `FROM ${table} r
  JOIN modules m ON m.id = r.module_id JOIN courses c ON c.id = r.course_id
  WHERE r.user_id = $1 AND m.line_pgn IS NOT NULL
    AND (EXISTS (SELECT 1 FROM enrollments e WHERE e.course_id = r.course_id AND e.student_id = $1)
      OR $2::text = 'admin' OR ($2::text = 'instructor' AND (c.published OR c.instructor_id = $1)))`
const REVIEWABLE = readable('line_reviews')

async function nextDueAt(db: Db, actor: Actor, now: Date): Promise<string | null> {
  const [row] = await db.query<{ next: unknown }>(`SELECT min(r.due) AS next ${REVIEWABLE} AND r.due > $3`, [
    actor.id,
    actor.role,
    now.toISOString(),
  ])
  return row?.next ? iso(row.next) : null
}

/**
 * The caller's variations of lines due now, most overdue first, with their lines' moves; and when the next one not
 * yet due comes.
 */
export async function dueReviews(db: Db, actor: Actor, now: Date): Promise<Schema<'ReviewQueue'>> {
  const rows = await db.query<{
    moduleId: string
    courseId: string
    moduleTitle: string
    courseTitle: string
    pgn: string
    side: LineSide
    variation: string
    due: unknown
  }>(
    `SELECT r.module_id AS "moduleId", r.course_id AS "courseId", m.title AS "moduleTitle",
       c.title AS "courseTitle", m.line_pgn AS pgn, m.line_side AS side, r.variation, r.due
     ${REVIEWABLE} AND r.due <= $3 ORDER BY r.due, r.module_id, r.variation`,
    [actor.id, actor.role, now.toISOString()],
  )
  return {
    due: rows.map(({ pgn, side, due, ...rest }) => ({ ...rest, line: { pgn, side }, due: iso(due) })),
    nextDueAt: await nextDueAt(db, actor, now),
  }
}

/**
 * How many of the caller's reviews (variations of lines) are due now, and when the next one comes: the count the
 * navigation and /home show. Reviews scheduled later are not counted until their time comes.
 */
export async function reviewSummary(db: Db, actor: Actor, now: Date): Promise<Schema<'ReviewSummary'>> {
  const [row] = await db.query<{ due: number; next: unknown }>(
    `SELECT count(*) FILTER (WHERE r.due <= $3)::int AS due, min(r.due) FILTER (WHERE r.due > $3) AS next
     ${REVIEWABLE}`,
    [actor.id, actor.role, now.toISOString()],
  )
  return { dueCount: row?.due ?? 0, nextDueAt: row?.next ? iso(row.next) : null }
}

const DAY_MS = 24 * 3600 * 1000
export const FORECAST_DAYS = 7

/**
 * How many of the caller's reviews fall due on each of the next FORECAST_DAYS days, today first, the days counted
 * from midnight at the caller's offset from UTC (`tzOffset` minutes east; a change of summer time within the week
 * moves that day's edge by an hour). Today's count holds the reviews due already.
 */
export async function reviewForecast(
  db: Db,
  actor: Actor,
  now: Date,
  tzOffset: number,
): Promise<Schema<'ReviewForecast'>> {
  const localMidnight = Math.floor((now.getTime() + tzOffset * 60_000) / DAY_MS) * DAY_MS
  const start = new Date(localMidnight - tzOffset * 60_000)
  const rows = await db.query<{ day: number; n: number }>(
    `SELECT greatest(0, floor(extract(epoch FROM (r.due - $3::timestamptz)) / 86400))::int AS day,
       count(*)::int AS n
     ${REVIEWABLE} AND r.due < $3::timestamptz + make_interval(days => $4)
     GROUP BY 1`,
    [actor.id, actor.role, start.toISOString(), FORECAST_DAYS],
  )
  const counts = new Map(rows.map((r) => [r.day, r.n]))
  return {
    days: Array.from({ length: FORECAST_DAYS }, (_, day) => ({
      date: new Date(localMidnight + day * DAY_MS).toISOString().slice(0, 10),
      count: counts.get(day) ?? 0,
    })),
  }
}

const DIFFICULT_MOVES = 10

/**
 * The moves the caller missed most (a wrong first try or 'Show me', in practice or review), most missed first and,
 * among equals, the latest missed first; of lines they may still read.
 */
export async function difficultMoves(db: Db, actor: Actor): Promise<Schema<'DifficultMoves'>> {
  const rows = await db.query<{
    moduleId: string
    courseId: string
    moduleTitle: string
    fen: string
    san: string
    moveNumber: number
    color: 'w' | 'b'
    misses: number
    lastMissedAt: unknown
  }>(
    `SELECT r.module_id AS "moduleId", r.course_id AS "courseId", m.title AS "moduleTitle", r.fen, r.san,
       r.move_number AS "moveNumber", r.color, r.misses, r.last_missed_at AS "lastMissedAt"
     ${readable('line_mistakes')}
     ORDER BY r.misses DESC, r.last_missed_at DESC, r.module_id, r.move_number, r.san LIMIT $3`,
    [actor.id, actor.role, DIFFICULT_MOVES],
  )
  return {
    moves: rows.map(({ color, lastMissedAt, ...rest }) => ({
      ...rest,
      side: color === 'w' ? 'white' : 'black',
      lastMissedAt: iso(lastMissedAt),
    })),
  }
}

/**
 * Stores a student's card for a variation of a line (one row per student, line and variation): the next review, and
 * how the last went.
 */
export async function saveReviewCard(
  db: Db,
  userId: string,
  moduleId: string,
  courseId: string,
  card: ReturnType<typeof nextCard>,
  grade: ReturnType<typeof gradeFor>,
  variation: string = MAIN_LINE,
): Promise<void> {
  await db.query(
    `INSERT INTO line_reviews (user_id, module_id, course_id, due, stability, difficulty, elapsed_days,
       scheduled_days, learning_steps, reps, lapses, state, last_review, last_grade, variation)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     ON CONFLICT (user_id, module_id, variation) DO UPDATE SET course_id = EXCLUDED.course_id, due = EXCLUDED.due,
       stability = EXCLUDED.stability, difficulty = EXCLUDED.difficulty, elapsed_days = EXCLUDED.elapsed_days,
       scheduled_days = EXCLUDED.scheduled_days, learning_steps = EXCLUDED.learning_steps, reps = EXCLUDED.reps,
       lapses = EXCLUDED.lapses, state = EXCLUDED.state, last_review = EXCLUDED.last_review,
       last_grade = EXCLUDED.last_grade`,
    [userId, moduleId, courseId, ...cardValues(card, grade), variation],
  )
}
