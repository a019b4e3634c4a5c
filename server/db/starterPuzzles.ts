// The starter set of puzzles (server/db/puzzles/starter.json), put into the database at start where missing: one
// statement for the whole set, after one read of the ids that finds them all there on every start but the first.
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Db } from './db'

export const STARTER_PUZZLES = fileURLToPath(new URL('./puzzles/starter.json', import.meta.url))

/** A puzzle as the starter set writes it: the contract's Puzzle without `plays`. */
export interface PuzzleInput {
  id: string
  fen: string
  moves: string[]
  rating: number
  themes: string[]
}

const isPuzzle = (p: unknown): p is PuzzleInput => {
  const x = p as Partial<PuzzleInput> | null
  return (
    typeof x?.id === 'string' &&
    /^[A-Za-z0-9_-]{1,40}$/.test(x.id) &&
    typeof x.fen === 'string' &&
    Array.isArray(x.moves) &&
    x.moves.length >= 2 &&
    x.moves.every((m) => typeof m === 'string') &&
    typeof x.rating === 'number' &&
    Number.isFinite(x.rating) &&
    Array.isArray(x.themes) &&
    x.themes.every((t) => typeof t === 'string')
  )
}

/**
 * Inserts the puzzles whose id is not in the table yet (a puzzle already there keeps its rating and plays), with
 * their theme rows; returns how many were added. Entries that are not puzzles are left out.
 */
export async function insertMissingPuzzles(db: Db, puzzles: readonly unknown[]): Promise<number> {
  const rows = puzzles.filter(isPuzzle).map(({ id, fen, moves, rating, themes }) => ({
    id,
    fen,
    moves,
    rating,
    themes: [...new Set(themes)],
  }))
  if (rows.length === 0) return 0
  // A start with the set already there (every start but the first) only reads: an insert that skips each row on its
  // conflict cost some 0.7 s of a 3 s start on PGlite.
  const ids = [...new Set(rows.map((row) => row.id))]
  const [{ present }] = await db.query<{ present: number }>(
    'SELECT count(*)::int AS present FROM puzzles WHERE id = ANY($1::text[])',
    [ids],
  )
  if (present === ids.length) return 0
  const [{ n }] = await db.query<{ n: number }>(
    `WITH given AS (
       SELECT DISTINCT ON (x.id) x.id, x.fen, x.rating,
         ARRAY(SELECT jsonb_array_elements_text(x.moves)) AS moves,
         ARRAY(SELECT jsonb_array_elements_text(x.themes)) AS themes
       FROM jsonb_to_recordset($1::jsonb) AS x(id text, fen text, rating double precision, moves jsonb, themes jsonb)
     ), added AS (
       INSERT INTO puzzles (id, fen, moves, themes, rating)
       SELECT id, fen, moves, themes, rating FROM given
       ON CONFLICT (id) DO NOTHING
       RETURNING id, themes, rating
     ), themed AS (
       INSERT INTO puzzle_themes (theme, puzzle_id, rating)
       SELECT t.theme, a.id, a.rating FROM added a CROSS JOIN LATERAL unnest(a.themes) AS t(theme)
       RETURNING 1
     )
     SELECT (SELECT count(*)::int FROM added) AS n, (SELECT count(*) FROM themed) AS themes`,
    [JSON.stringify(rows)],
  )
  return n
}

/** Loads the starter set where missing; nothing when the file is not there. Returns how many were added. */
export async function loadStarterPuzzles(db: Db, file = STARTER_PUZZLES): Promise<number> {
  if (!existsSync(file)) return 0
  const puzzles: unknown = JSON.parse(await readFile(file, 'utf8'))
  return Array.isArray(puzzles) ? insertMissingPuzzles(db, puzzles) : 0
}
