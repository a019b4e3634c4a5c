import type { SetPuzzle } from '../../../domain/chess/puzzleSets'
import type { Db } from '../../db/db'
import { canReadModule } from '../../../domain/rules'
import {
  assertCourseOwner,
  assertCourseReader,
  assertSeen,
  type CourseVisibility,
  visibilityColumns,
} from './courses'
import { BadInput, Conflict, Forbidden, NotFound } from '../errors'
import { keepVariationCards, lineMoves, lineReading } from '../learning/lines'
import { keepResultsOfSamePuzzles, puzzleResultsColumn, readPuzzles } from '../learning/puzzleSets'
import type { Actor, Schema } from '../types'
import type { MediaStore } from '../media/media'
import { getVideoView, releaseVideoIfUnused, type VideoUrls } from '../media/videos'

type ModuleView = Schema<'Module'>

/** A module's columns over `modules`, its puzzle results the caller's (their id the parameter `actorParam`). */
const moduleColumns = (actorParam: string) => `id AS "_id", title, description, video_url AS "videoUrl",
  video_id AS "videoId", course_id AS "courseId", position,
  CASE WHEN line_pgn IS NULL THEN NULL ELSE json_build_object('pgn', line_pgn, 'side', line_side) END AS line,
  puzzles, ${puzzleResultsColumn(actorParam)} AS "puzzleResults", free_preview AS "freePreview"`

type Parsed<T> = T | string
type ModuleRow = Omit<ModuleView, 'line' | 'puzzles' | 'puzzleResults'> & {
  line: Parsed<ModuleView['line']>
  puzzles: Parsed<ModuleView['puzzles']>
  puzzleResults: Parsed<ModuleView['puzzleResults']>
}

/** pg and PGlite parse json columns; a driver that hands back text is parsed here. */
const parsed = <T>(value: Parsed<T>): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value)

const asModule = ({ line, puzzles, puzzleResults, ...row }: ModuleRow): ModuleView => ({
  ...row,
  line: parsed(line),
  puzzles: parsed(puzzles),
  puzzleResults: parsed(puzzleResults),
})

export async function listModules(db: Db, actor: Actor, courseId: string): Promise<ModuleView[]> {
  await assertCourseReader(db, actor, courseId)
  const rows = await db.query<ModuleRow>(
    `SELECT ${moduleColumns('$2')} FROM modules WHERE course_id = $1 ORDER BY position, created_at, id`,
    [courseId, actor.id],
  )
  return rows.map(asModule)
}

/**
 * One module and its uploaded video (signed URLs) for `actor`, a visitor being null: a 'Free preview' of a published
 * course for everyone, any other module for its course's readers only (canReadModule). An unknown module, or one of a
 * course the caller may not see (a draft), 404 alike; a locked module 403.
 */
export async function previewModule(
  db: Db,
  actor: Actor | null,
  moduleId: string,
  urls: VideoUrls,
): Promise<Schema<'ModulePreview'>> {
  const [row] = await db.query<ModuleRow & CourseVisibility>(
    `SELECT m.*, ${visibilityColumns('c', '$2')}
     FROM (SELECT ${moduleColumns('$2')} FROM modules WHERE id = $1) m JOIN courses c ON c.id = m."courseId"`,
    [moduleId, actor?.id ?? null],
  )
  assertSeen(actor, row, 'Module')
  const { published, instructor_id: _instructor, enrolled, ...moduleRow } = row
  if (!canReadModule(actor, enrolled, { freePreview: moduleRow.freePreview, published }))
    throw new Forbidden('Enroll in this course to see this module')
  const module = asModule(moduleRow)
  return module.videoId ? { module, video: await getVideoView(db, module.videoId, urls) } : { module }
}

type CurriculumEntry = Schema<'CurriculumEntry'>

/**
 * The curriculum of a course, for everyone: titles and descriptions in order, whether each module carries a line, and
 * its video's length where known, never a video, URL or line (those stay behind listModules). The length is an
 * uploaded video's as ffprobe read it (server/services/media/mediaJobs.ts), else the median of what learners' players
 * reported (module_progress.duration_seconds), so one odd report does not change it. One query: the course row joined to its modules tells an unknown course (no row) from a course without
 * modules (one row without a module).
 */
export async function listCurriculum(
  db: Db,
  actor: Actor | null,
  courseId: string,
): Promise<CurriculumEntry[]> {
  const rows = await db.query<{
    _id: string | null
    title: string
    description: string
    position: number
    hasLine: boolean
    puzzleCount: number
    freePreview: boolean
    durationSeconds: number | null
    published: boolean
    instructor_id: string | null
    enrolled: boolean
  }>(
    `SELECT m.id AS "_id", m.title, m.description, m.position, m.line_pgn IS NOT NULL AS "hasLine",
       COALESCE(jsonb_array_length(m.puzzles), 0) AS "puzzleCount", m.free_preview AS "freePreview",
       c.published, c.instructor_id,
       EXISTS (SELECT 1 FROM enrollments e WHERE e.course_id = c.id AND e.student_id = $2) AS enrolled,
       COALESCE((SELECT v.duration_seconds FROM videos v WHERE v.id = m.video_id),
         (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY p.duration_seconds)
          FROM module_progress p
          WHERE p.course_id = c.id AND p.module_id = m.id AND p.duration_seconds IS NOT NULL)) AS "durationSeconds"
     FROM courses c LEFT JOIN modules m ON m.course_id = c.id
     WHERE c.id = $1 ORDER BY m.position, m.created_at, m.id`,
    [courseId, actor?.id ?? null],
  )
  // A draft's curriculum is as hidden as the draft.
  assertSeen(actor, rows[0])
  return rows.flatMap(
    ({ _id, title, description, position, hasLine, puzzleCount, freePreview, durationSeconds }) =>
      _id === null
        ? []
        : [
            {
              _id,
              title,
              description,
              position,
              hasLine,
              puzzleCount: Number(puzzleCount),
              freePreview,
              ...(durationSeconds === null ? {} : { durationSeconds: Number(durationSeconds) }),
            },
          ],
  )
}

/** A module may only point at a video uploaded for its own course. */
async function checkVideo(db: Db, videoId: string | null | undefined, courseId: string): Promise<void> {
  if (!videoId) return
  const [video] = await db.query<{ course_id: string }>('SELECT course_id FROM videos WHERE id = $1', [
    videoId,
  ])
  if (!video) throw new NotFound('Video')
  if (video.course_id !== courseId) throw new BadInput('videoId belongs to another course')
}

const VIDEO_REQUIRED = 'videoUrl is required for a module without a line or a puzzle set'

export async function createModule(db: Db, actor: Actor, input: Schema<'ModuleInput'>): Promise<ModuleView> {
  await assertCourseOwner(db, actor, input.courseId)
  await checkVideo(db, input.videoId, input.courseId)
  // Read once here: the practice checks a student's mistakes against the count kept with the module.
  const moves = input.line ? await lineMoves(input.line) : null
  const puzzles = input.puzzles ? await readPuzzles(input.puzzles) : null
  if (!input.line && !puzzles && !input.videoUrl) throw new BadInput(VIDEO_REQUIRED)
  return db.transaction(async (tx) => {
    // Locking the course row serialises concurrent adds, so max(position) + 1 stays unique.
    const locked = await tx.query('SELECT 1 FROM courses WHERE id = $1 FOR UPDATE', [input.courseId])
    if (!locked.length) throw new NotFound('Course')
    const [row] = await tx.query<ModuleRow>(
      `INSERT INTO modules (course_id, title, description, video_url, video_id, line_pgn, line_side, line_student_moves,
         puzzles, free_preview, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $11,
         (SELECT COALESCE(max(position), 0) + 1 FROM modules WHERE course_id = $1))
       RETURNING ${moduleColumns('$10')}`,
      [
        input.courseId,
        input.title,
        input.description,
        input.videoUrl ?? null,
        input.videoId ?? null,
        input.line?.pgn ?? null,
        input.line?.side ?? null,
        moves,
        puzzles && JSON.stringify(puzzles),
        actor.id,
        input.freePreview ?? false,
      ],
    )
    return asModule(row)
  })
}

async function moduleCourse(db: Db, id: string): Promise<string> {
  return (await moduleRecord(db, id)).course_id
}

async function moduleRecord(db: Db, id: string) {
  const [row] = await db.query<{
    course_id: string
    has_video: boolean
    has_line: boolean
    has_puzzles: boolean
  }>(
    `SELECT course_id, video_url IS NOT NULL AS has_video, line_pgn IS NOT NULL AS has_line,
       puzzles IS NOT NULL AS has_puzzles
     FROM modules WHERE id = $1`,
    [id],
  )
  if (!row) throw new NotFound('Module')
  return row
}

export async function updateModule(
  db: Db,
  actor: Actor,
  id: string,
  patch: Schema<'ModulePatch'>,
): Promise<ModuleView> {
  const current = await moduleRecord(db, id)
  const courseId = current.course_id
  // Another instructor's draft is 404 as an unknown module.
  await assertCourseOwner(db, actor, courseId, 'Module')
  await checkVideo(db, patch.videoId, courseId)
  const reading = patch.line ? await lineReading(patch.line) : null
  const moves = reading?.moves ?? null
  const puzzles = patch.puzzles ? await readPuzzles(patch.puzzles) : null
  const hasVideo = 'videoUrl' in patch ? !!patch.videoUrl : current.has_video
  const hasLine = 'line' in patch ? !!patch.line : current.has_line
  const hasPuzzles = 'puzzles' in patch ? !!puzzles : current.has_puzzles
  if (!hasVideo && !hasLine && !hasPuzzles) throw new BadInput(VIDEO_REQUIRED)
  const row = await db.transaction(async (tx) => {
    // Locked, so a student's result of a puzzle waits for the set it belongs to.
    const [before] = await tx.query<{ puzzles: Parsed<SetPuzzle[] | null> }>(
      'SELECT puzzles FROM modules WHERE id = $1 FOR UPDATE',
      [id],
    )
    // deleted between the checks and the update
    if (!before) throw new NotFound('Module')
    if ('puzzles' in patch) await keepResultsOfSamePuzzles(tx, id, parsed(before.puzzles), puzzles)
    const [updated] = await tx.query<ModuleRow>(
      `UPDATE modules SET title = COALESCE($2, title), description = COALESCE($3, description),
         video_url = CASE WHEN $10::boolean THEN $4::text ELSE video_url END,
         video_id = CASE WHEN $5::boolean THEN $6::uuid ELSE video_id END,
         line_pgn = CASE WHEN $7::boolean THEN $8::text ELSE line_pgn END,
         line_side = CASE WHEN $7::boolean THEN $9::text ELSE line_side END,
         line_student_moves = CASE WHEN $7::boolean THEN $11::integer ELSE line_student_moves END,
         puzzles = CASE WHEN $12::boolean THEN $13::jsonb ELSE puzzles END,
         free_preview = COALESCE($15, free_preview)
       WHERE id = $1 RETURNING ${moduleColumns('$14')}`,
      [
        id,
        patch.title ?? null,
        patch.description ?? null,
        patch.videoUrl ?? null,
        'videoId' in patch,
        patch.videoId ?? null,
        'line' in patch,
        patch.line?.pgn ?? null,
        patch.line?.side ?? null,
        'videoUrl' in patch,
        moves,
        'puzzles' in patch,
        puzzles && JSON.stringify(puzzles),
        actor.id,
        patch.freePreview ?? null,
      ],
    )
    return updated
  })
  if (reading) await keepVariationCards(db, id, reading.variations)
  return asModule(row)
}

/**
 * Puts a course's modules in the given order (positions 1..n), in one transaction. `moduleIds` must be exactly the
 * course's modules: an order made from a stale list (a module added or deleted since) is 409 and changes nothing.
 */
export async function reorderModules(
  db: Db,
  actor: Actor,
  courseId: string,
  moduleIds: string[],
): Promise<ModuleView[]> {
  await assertCourseOwner(db, actor, courseId)
  return db.transaction(async (tx) => {
    // The course row lock serialises this with module adds (createModule takes it too).
    const locked = await tx.query('SELECT 1 FROM courses WHERE id = $1 FOR UPDATE', [courseId])
    if (!locked.length) throw new NotFound('Course')
    const current = await tx.query<{ id: string }>('SELECT id FROM modules WHERE course_id = $1', [courseId])
    const known = new Set(current.map((m) => m.id))
    if (
      new Set(moduleIds).size !== moduleIds.length ||
      moduleIds.length !== known.size ||
      moduleIds.some((id) => !known.has(id))
    )
      throw new Conflict("The order does not name exactly the course's modules; reload them and try again")
    await tx.query(
      `UPDATE modules m SET position = o.ord FROM unnest($2::uuid[]) WITH ORDINALITY AS o(id, ord)
       WHERE m.id = o.id AND m.course_id = $1`,
      [courseId, moduleIds],
    )
    const rows = await tx.query<ModuleRow>(
      `SELECT ${moduleColumns('$2')} FROM modules WHERE course_id = $1 ORDER BY position, created_at, id`,
      [courseId, actor.id],
    )
    return rows.map(asModule)
  })
}

/**
 * Deletes a module; its uploaded video (record and stored file) goes too when no other module
 * uses it. The file is removed only after the deletion has committed.
 */
export async function deleteModule(db: Db, actor: Actor, id: string, media: MediaStore): Promise<void> {
  const courseId = await moduleCourse(db, id)
  await assertCourseOwner(db, actor, courseId, 'Module')
  const files = await db.transaction(async (tx) => {
    const [row] = await tx.query<{ video_id: string | null }>(
      'DELETE FROM modules WHERE id = $1 RETURNING video_id',
      [id],
    )
    return row?.video_id ? releaseVideoIfUnused(tx, row.video_id) : []
  })
  await media.remove(files)
}
