// The puzzles a player reviews on a schedule: personal puzzles made from the mistakes of their kept games ('Find the
// better move'), and the rated puzzles they failed. Each has one FSRS card (reviewSchedule.ts, as lines have): solved
// is Good, not solved Again. A new one is due at once.
import { fenAfter } from '../../../domain/chess/chessRules'
import type { Db } from '../../db/db'
import { BadInput, NotFound } from '../errors'
import { CARD_COLUMNS, type CardRow, cardValues, nextCard, storedCard } from '../learning/reviewSchedule'
import { mistakePuzzlesOffThread } from '../pgnThreads'
import { iso, type Actor, type Schema } from '../types'

type ReviewPuzzle = Schema<'ReviewPuzzle'>

/** The most puzzles one answer of the due list holds. */
export const DUE_PUZZLES_LIMIT = 50

/**
 * Keeps the caller's mistakes of one of their kept games as personal puzzles, each checked against the game's moves on
 * a reader thread (domain/chess/gameMistakes.ts): one refused keeps none (400 naming it). A ply kept before stays as
 * it was. Another user's game is 404, as an unknown one.
 */
export async function keepMistakes(
  db: Db,
  actor: Actor,
  gameId: string,
  input: Schema<'GameMistakesInput'>,
  now: Date,
): Promise<Schema<'GameMistakesResult'>> {
  const [game] = await db.query<{ pgn: string; colour: 'white' | 'black' }>(
    'SELECT pgn, colour FROM games WHERE id = $1 AND user_id = $2',
    [gameId, actor.id],
  )
  if (!game) throw new NotFound('Game')
  const puzzles = input.mistakes.length
    ? await mistakePuzzlesOffThread(game.pgn, game.colour, input.mistakes)
    : []
  if (typeof puzzles === 'string') throw new BadInput(puzzles)
  // One statement, so all or nothing. Its count of the game's puzzles sees the table as it was before the statement
  // (a CTE's rows are not seen by the rest of it): the total is those and the ones added. A game deleted meanwhile
  // fails the foreign key: 404 (server/plugins/errors.ts).
  const [row] = await db.query<{ added: number; before: number }>(
    `WITH added AS (
       INSERT INTO puzzle_reviews (user_id, kind, game_id, ply, played, mark, fen, last_move, moves, due)
       SELECT $1, 'mistake', $2, m.ply, m.played, m.mark, m.fen, m.last_move, ARRAY[m.better], $3
       FROM unnest($4::int[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
         AS m(ply, played, mark, fen, last_move, better)
       ON CONFLICT (game_id, ply, user_id) DO NOTHING RETURNING 1)
     SELECT (SELECT count(*) FROM added)::int AS added,
       (SELECT count(*) FROM puzzle_reviews WHERE game_id = $2 AND user_id = $1)::int AS before`,
    [
      actor.id,
      gameId,
      now.toISOString(),
      puzzles.map((p) => p.ply),
      puzzles.map((p) => p.played),
      puzzles.map((p) => p.mark),
      puzzles.map((p) => p.fen),
      puzzles.map((p) => p.lastMove),
      puzzles.map((p) => p.better),
    ],
  )
  return { added: row.added, total: row.before + row.added }
}

/**
 * A rated puzzle the player failed joins their queue, due at once: shown after the opponent's first move, the rest of
 * the moves to find. Once per player and puzzle.
 */
export async function queueFailedPuzzle(
  db: Db,
  userId: string,
  puzzle: { id: string; fen: string; moves: string[] },
  now: Date,
): Promise<void> {
  const [opponent, ...solution] = puzzle.moves
  await db.query(
    `INSERT INTO puzzle_reviews (user_id, kind, puzzle_id, fen, last_move, moves, due)
     VALUES ($1, 'puzzle', $2, $3, $4, $5, $6) ON CONFLICT (puzzle_id, user_id) DO NOTHING`,
    [userId, puzzle.id, fenAfter([opponent], puzzle.fen), opponent, solution, now.toISOString()],
  )
}

interface ReviewRow {
  id: string
  kind: ReviewPuzzle['kind']
  fen: string
  last_move: string | null
  moves: string[]
  played: string | null
  mark: ReviewPuzzle['mark']
  game_id: string | null
  puzzle_id: string | null
  due: unknown
}

/**
 * The caller's puzzles due now, most overdue first (a game's mistakes in the game's order), at most DUE_PUZZLES_LIMIT;
 * and when the next one not yet due comes.
 */
export async function duePuzzles(db: Db, actor: Actor, now: Date): Promise<Schema<'DuePuzzles'>> {
  const rows = await db.query<ReviewRow>(
    `SELECT id, kind, fen, last_move, moves, played, mark, game_id, puzzle_id, due FROM puzzle_reviews
     WHERE user_id = $1 AND due <= $2 ORDER BY due, game_id, ply, puzzle_id LIMIT $3`,
    [actor.id, now.toISOString(), DUE_PUZZLES_LIMIT],
  )
  const [next] = await db.query<{ next: unknown }>(
    'SELECT min(due) AS next FROM puzzle_reviews WHERE user_id = $1 AND due > $2',
    [actor.id, now.toISOString()],
  )
  return {
    due: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      fen: row.fen,
      lastMove: row.last_move,
      moves: row.moves,
      played: row.played,
      mark: row.mark,
      gameId: row.game_id,
      puzzleId: row.puzzle_id,
      dueAt: iso(row.due),
    })),
    nextDueAt: next?.next ? iso(next.next) : null,
  }
}

/**
 * Records a review of one of the caller's puzzles and schedules the next (FSRS: solved Good, not solved Again). Anyone
 * else's puzzle is 404, as an unknown one.
 */
export async function recordReview(
  db: Db,
  actor: Actor,
  id: string,
  solved: boolean,
  now: Date,
): Promise<Schema<'PuzzleReviewResult'>> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<CardRow>(
      `SELECT ${CARD_COLUMNS} FROM puzzle_reviews WHERE id = $1 AND user_id = $2 FOR UPDATE`,
      [id, actor.id],
    )
    if (!row) throw new NotFound('Puzzle to review')
    const grade = solved ? 'good' : 'again'
    const card = nextCard(storedCard(row), grade, now)
    await tx.query(
      `UPDATE puzzle_reviews SET due = $2, stability = $3, difficulty = $4, elapsed_days = $5, scheduled_days = $6,
         learning_steps = $7, reps = $8, lapses = $9, state = $10, last_review = $11, last_grade = $12
       WHERE id = $1`,
      [id, ...cardValues(card, grade)],
    )
    return { dueAt: card.due.toISOString() }
  })
}
