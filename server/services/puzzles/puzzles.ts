// The rated tactics trainer: the next puzzle near the player's rating, the daily puzzle, the counts, and the rated
// attempts (Glicko-2 for the player and the puzzle, on the player's first attempt at it only).
import { createHash } from 'node:crypto'
import { PUZZLE_THEMES } from '../../../domain/chess/puzzles'
import type { Db } from '../../db/db'
import { NotFound } from '../errors'
import type { Actor, Schema } from '../types'
import { NEW_PLAYER, rateAttempt, type Rating } from './glicko'
import { queueFailedPuzzle } from './reviews'

type Puzzle = Schema<'Puzzle'>
type PuzzleTheme = Schema<'PuzzleTheme'>
type PuzzleDifficulty = Schema<'PuzzleDifficulty'>

/** Where a visitor's next puzzle aims. */
export const VISITOR_RATING = 1500
/** How far `easier` and `harder` aim from the player's rating. */
export const DIFFICULTY_OFFSET: Record<PuzzleDifficulty, number> = { easier: -300, normal: 0, harder: 300 }
/** The windows around the aim, tried in turn until one holds a puzzle; the last is the whole rating line. */
export const WINDOWS = [100, 200, 400, 800, Infinity]

interface PuzzleRow {
  id: string
  fen: string
  moves: string[]
  rating: number
  themes: string[]
  plays: number
}

const COLUMNS = 'p.id, p.fen, p.moves, p.rating, p.themes, p.plays'

const puzzleOf = (row: PuzzleRow): Puzzle => ({
  id: row.id,
  fen: row.fen,
  moves: row.moves,
  rating: Math.round(row.rating),
  themes: row.themes.filter((t): t is PuzzleTheme => (PUZZLE_THEMES as readonly string[]).includes(t)),
  plays: row.plays,
})

export async function read(db: Db, id: string): Promise<Puzzle> {
  const [row] = await db.query<PuzzleRow>(`SELECT ${COLUMNS} FROM puzzles p WHERE p.id = $1`, [id])
  if (!row) throw new NotFound('Puzzle')
  return puzzleOf(row)
}

export interface NextQuery {
  theme?: PuzzleTheme
  difficulty?: PuzzleDifficulty
  after?: string
}

/**
 * One index walk from `pivot` up to `high`, else down to `low`: the nearest puzzle above a random point of the window
 * (so two requests rarely answer the same one), not played by the player, not `after`. With a theme the walk is on
 * puzzle_themes (theme, rating).
 */
export function nextSql(theme: boolean): string {
  const from = theme
    ? 'puzzle_themes t JOIN puzzles p ON p.id = t.puzzle_id WHERE t.theme = $6 AND'
    : 'puzzles p WHERE'
  const r = theme ? 't.rating' : 'p.rating'
  const id = theme ? 't.puzzle_id' : 'p.id'
  const unplayed = `${id} <> $4 AND NOT EXISTS (SELECT 1 FROM puzzle_attempts a WHERE a.user_id = $5 AND a.puzzle_id = ${id})`
  return `(SELECT ${COLUMNS} FROM ${from} ${r} >= $1 AND ${r} <= $3 AND ${unplayed} ORDER BY ${r}, ${id} LIMIT 1)
    UNION ALL
    (SELECT ${COLUMNS} FROM ${from} ${r} < $1 AND ${r} >= $2 AND ${unplayed} ORDER BY ${r} DESC, ${id} DESC LIMIT 1)
    LIMIT 1`
}
const NEXT_SQL = nextSql(false)
const NEXT_THEME_SQL = nextSql(true)

/** The window bounds as SQL can bind them (no infinite double from every driver). */
const bound = (x: number) => Math.max(-1e9, Math.min(1e9, x))

/**
 * The next puzzle: near the player's rating moved by the difficulty (a visitor's: VISITOR_RATING), in the smallest
 * window of WINDOWS that holds one; never one the player played, nor `after`. `random` picks the starting point.
 */
export async function next(
  db: Db,
  actor: Actor | undefined,
  query: NextQuery,
  random: () => number = Math.random,
): Promise<Puzzle> {
  const base = actor ? (await ratingOf(db, actor.id)).rating : VISITOR_RATING
  const aim = base + DIFFICULTY_OFFSET[query.difficulty ?? 'normal']
  const sql = query.theme ? NEXT_THEME_SQL : NEXT_SQL
  for (const width of WINDOWS) {
    const low = bound(aim - width)
    const high = bound(aim + width)
    const pivot = width === Infinity ? aim : aim + (random() * 2 - 1) * width
    // a visitor is a uuid no user has: nothing played
    const player = actor?.id ?? '00000000-0000-0000-0000-000000000000'
    const params = [pivot, low, high, query.after ?? '', player, ...(query.theme ? [query.theme] : [])]
    const [row] = await db.query<PuzzleRow>(sql, params)
    if (row) return puzzleOf(row)
  }
  throw new NotFound(query.theme ? `An unplayed puzzle of the theme ${query.theme}` : 'An unplayed puzzle')
}

/** The day's index among `count` puzzles: the first 48 bits of SHA-256 of the UTC date, modulo the count. */
export function dailyIndex(date: Date, count: number): number {
  const day = date.toISOString().slice(0, 10)
  return createHash('sha256').update(`puzzle of ${day}`).digest().readUIntBE(0, 6) % count
}

/** The same puzzle for everyone each UTC day, while the set of puzzles is unchanged. */
export async function daily(db: Db, now: Date = new Date()): Promise<Puzzle> {
  const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM puzzles')
  if (n === 0) throw new NotFound('Puzzle')
  const [row] = await db.query<PuzzleRow>(
    `SELECT ${COLUMNS} FROM puzzles p ORDER BY p.id OFFSET $1 LIMIT 1`,
    [dailyIndex(now, n)],
  )
  if (!row) throw new NotFound('Puzzle')
  return puzzleOf(row)
}

export async function stats(db: Db): Promise<Schema<'PuzzleStats'>> {
  const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM puzzles')
  const rows = await db.query<{ theme: string; n: number }>(
    'SELECT theme, count(*)::int AS n FROM puzzle_themes GROUP BY theme',
  )
  const byTheme: Record<string, number> = Object.fromEntries(PUZZLE_THEMES.map((t) => [t, 0]))
  for (const row of rows) if (row.theme in byTheme) byTheme[row.theme] = row.n
  return { total: n, byTheme }
}

interface RatingRow {
  rating: number
  deviation: number
  volatility: number
  played: number
}

async function ratingOf(db: Db, userId: string): Promise<RatingRow> {
  const [row] = await db.query<RatingRow>(
    'SELECT rating, deviation, volatility, played FROM puzzle_ratings WHERE user_id = $1',
    [userId],
  )
  return row ?? { ...NEW_PLAYER, played: 0 }
}

export async function myRating(db: Db, actor: Actor): Promise<Schema<'PuzzleRating'>> {
  const row = await ratingOf(db, actor.id)
  return { rating: Math.round(row.rating), deviation: Math.round(row.deviation), played: row.played }
}

type AttemptResult = Schema<'PuzzleAttemptResult'>

/**
 * Records an attempt. The first of a player on a puzzle is rated: the attempt's row is inserted first, so a parallel
 * first attempt waits on its unique key and then finds it (rated once); the player's and the puzzle's rows are then
 * locked, rated from their values before, and written; a failed one joins the player's puzzles to review (reviews.ts).
 * Later attempts change nothing.
 */
export async function attempt(
  db: Db,
  actor: Actor,
  puzzleId: string,
  solved: boolean,
  now: Date = new Date(),
): Promise<AttemptResult> {
  return db.transaction(async (tx) => {
    const [puzzle] = await tx.query<Rating & { fen: string; moves: string[] }>(
      'SELECT rating, deviation, volatility, fen, moves FROM puzzles WHERE id = $1',
      [puzzleId],
    )
    if (!puzzle) throw new NotFound('Puzzle')
    const inserted = await tx.query(
      `INSERT INTO puzzle_attempts (user_id, puzzle_id, solved, change) VALUES ($1, $2, $3, 0)
       ON CONFLICT (user_id, puzzle_id) DO NOTHING RETURNING puzzle_id`,
      [actor.id, puzzleId, solved],
    )
    if (inserted.length === 0) {
      const mine = await ratingOf(tx, actor.id)
      return {
        rated: false,
        rating: Math.round(mine.rating),
        change: 0,
        puzzleRating: Math.round(puzzle.rating),
      }
    }
    await tx.query(
      `INSERT INTO puzzle_ratings (user_id, rating, deviation, volatility) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO NOTHING`,
      [actor.id, NEW_PLAYER.rating, NEW_PLAYER.deviation, NEW_PLAYER.volatility],
    )
    const [player] = await tx.query<Rating>(
      'SELECT rating, deviation, volatility FROM puzzle_ratings WHERE user_id = $1 FOR UPDATE',
      [actor.id],
    )
    const [current] = await tx.query<Rating>(
      'SELECT rating, deviation, volatility FROM puzzles WHERE id = $1 FOR UPDATE',
      [puzzleId],
    )
    const after = rateAttempt(player, current, solved)
    const change = Math.round(after.player.rating) - Math.round(player.rating)
    await tx.query(
      `UPDATE puzzle_ratings SET rating = $2, deviation = $3, volatility = $4, played = played + 1, updated_at = now()
       WHERE user_id = $1`,
      [actor.id, after.player.rating, after.player.deviation, after.player.volatility],
    )
    await tx.query(
      'UPDATE puzzles SET rating = $2, deviation = $3, volatility = $4, plays = plays + 1 WHERE id = $1',
      [puzzleId, after.puzzle.rating, after.puzzle.deviation, after.puzzle.volatility],
    )
    await tx.query('UPDATE puzzle_themes SET rating = $2 WHERE puzzle_id = $1', [
      puzzleId,
      after.puzzle.rating,
    ])
    await tx.query('UPDATE puzzle_attempts SET change = $3 WHERE user_id = $1 AND puzzle_id = $2', [
      actor.id,
      puzzleId,
      after.player.rating - player.rating,
    ])
    if (!solved) await queueFailedPuzzle(tx, actor.id, { id: puzzleId, ...puzzle }, now)
    return {
      rated: true,
      rating: Math.round(after.player.rating),
      change,
      puzzleRating: Math.round(after.puzzle.rating),
    }
  })
}
