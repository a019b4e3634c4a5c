// Modules' puzzle sets: the check before a set is stored, the results it keeps when it is replaced, and each enrolled
// student's results (the first of each puzzle), which complete the module once every puzzle has one.
import type { SetPuzzle } from '../../../domain/chess/puzzleSets'
import type { Db } from '../../db/db'
import { assertSeen, type CourseVisibility, visibilityColumns } from '../catalogue/courses'
import { BadInput, Forbidden, NotFound } from '../errors'
import { issueFinished } from './certificates'
import { readPuzzleSetOffThread } from '../pgnThreads'
import type { Actor, Schema } from '../types'

type ModulePuzzleResults = Schema<'ModulePuzzleResults'>

/**
 * A set as it is stored (each FEN as chess.js writes it), read on a reader thread: 100 puzzles of 29 moves are
 * thousands of chess.js searches. A set that breaks a rule is a 400 naming the puzzle ('Puzzle 3: move 2 (e7e5) is
 * illegal').
 */
export async function readPuzzles(puzzles: SetPuzzle[]): Promise<SetPuzzle[]> {
  const read = await readPuzzleSetOffThread(puzzles)
  if (read.problem !== undefined) throw new BadInput(read.problem)
  return read.puzzles
}

/**
 * The caller's result of each puzzle of the module's set, in order (null: none yet), or null for a module without a
 * set: a column of a query over `modules`, the caller's id being the parameter `actorParam`.
 */
export const puzzleResultsColumn = (actorParam: string) =>
  `CASE WHEN modules.puzzles IS NULL THEN NULL ELSE (
     SELECT json_agg(r.solved ORDER BY i.n)
     FROM generate_series(0, jsonb_array_length(modules.puzzles) - 1) AS i(n)
     LEFT JOIN module_puzzle_results r
       ON r.module_id = modules.id AND r.user_id = ${actorParam}::uuid AND r.puzzle = i.n
   ) END`

/**
 * A module's set is being replaced by `after` (null: removed): its results stay only for puzzles that are still the
 * same at the same place. `before` is the set as it was, null when the module had none.
 */
export async function keepResultsOfSamePuzzles(
  tx: Db,
  moduleId: string,
  before: SetPuzzle[] | null,
  after: SetPuzzle[] | null,
): Promise<void> {
  await tx.query(
    `DELETE FROM module_puzzle_results
     WHERE module_id = $1 AND ($3::jsonb IS NULL OR ($3::jsonb -> puzzle) IS DISTINCT FROM ($2::jsonb -> puzzle))`,
    [moduleId, before && JSON.stringify(before), after && JSON.stringify(after)],
  )
}

/**
 * Records the caller's result of puzzle `index` of a module's set: the course's enrolled students only (403 else),
 * after the module is seen (404 for an unknown one, or one of a draft the caller may not see, alike). A module
 * without a set or a set without that puzzle is 404. The first result of a puzzle is kept: a retry changes nothing.
 * A new result is activity in the course (the module's progress row is touched), and the one that gives every
 * puzzle a result completes the module (and, the course's other modules complete, issues its certificate). The
 * module's row is read FOR SHARE, so a set replaced meanwhile waits.
 */
export async function recordModulePuzzle(
  db: Db,
  actor: Actor,
  moduleId: string,
  index: number,
  solved: boolean,
): Promise<ModulePuzzleResults> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<CourseVisibility & { course_id: string; count: number | null }>(
      `SELECT m.course_id, jsonb_array_length(m.puzzles) AS count, ${visibilityColumns('c', '$2')}
       FROM modules m JOIN courses c ON c.id = m.course_id WHERE m.id = $1 FOR SHARE OF m`,
      [moduleId, actor.id],
    )
    assertSeen(actor, row, 'Module')
    if (!row.enrolled) throw new Forbidden("Only the course's enrolled students record puzzle results")
    if (row.count === null || index >= row.count) throw new NotFound('Puzzle')
    const inserted = await tx.query(
      `INSERT INTO module_puzzle_results (user_id, module_id, course_id, puzzle, solved)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING puzzle`,
      [actor.id, moduleId, row.course_id, index, solved],
    )
    const results = await tx.query<{ puzzle: number; solved: boolean }>(
      'SELECT puzzle, solved FROM module_puzzle_results WHERE user_id = $1 AND module_id = $2',
      [actor.id, moduleId],
    )
    const puzzleResults: (boolean | null)[] = Array.from({ length: row.count }, () => null)
    for (const r of results) if (r.puzzle < row.count) puzzleResults[r.puzzle] = r.solved
    const [progress] = inserted.length
      ? await tx.query<{ completed: boolean }>(
          `INSERT INTO module_progress AS p (user_id, module_id, course_id, completed_at)
           VALUES ($1, $2, $3, CASE WHEN $4::boolean THEN clock_timestamp() END)
           ON CONFLICT (user_id, module_id) DO UPDATE SET
             completed_at = CASE WHEN $4::boolean THEN COALESCE(p.completed_at, clock_timestamp())
                                 ELSE p.completed_at END,
             updated_at = clock_timestamp()
           RETURNING completed_at IS NOT NULL AS completed`,
          [actor.id, moduleId, row.course_id, puzzleResults.every((r) => r !== null)],
        )
      : await tx.query<{ completed: boolean }>(
          `SELECT completed_at IS NOT NULL AS completed FROM module_progress
           WHERE user_id = $1 AND module_id = $2`,
          [actor.id, moduleId],
        )
    // the result that completes the module may finish the course: its certificate, in this transaction
    if (inserted.length && progress?.completed) await issueFinished(tx, actor.id, [row.course_id])
    return { moduleId, puzzleResults, completed: progress?.completed ?? false }
  })
}
