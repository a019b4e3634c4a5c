import type { Db } from './db'

/**
 * The tables of the public schema whose planner statistics are missing or out of date: never analyzed (reltuples is
 * -1), or their size in pages now more than 10% (and 1 page) away from the size their last ANALYZE saw, which is
 * autovacuum's default scale factor. Sizes, not pg_stat_user_tables' counts of changes: PGlite does not keep those
 * across a restart, while pg_class is on disk.
 */
const STALE_TABLES = `SELECT format('%I.%I', n.nspname, c.relname) AS name
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND c.relkind = 'r'
    AND (c.reltuples < 0
      OR abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages) > 1 + 0.1 * c.relpages)
  ORDER BY 1`

/**
 * Gathers the planner's statistics of the tables that need it (STALE_TABLES) and says which those were. Embedded
 * PGlite has no autovacuum, so without this nothing gathers them: a catalogue search over thousands of courses then
 * may take a poor plan (measured: 140 ms instead of 14 ms). One ANALYZE of every table, as the server ran at each
 * start before, took 280 ms on the demo data, and the first requests waited behind it; this check takes 60 ms when
 * it is the first statement of the process, and then analyzes only what changed.
 */
export async function analyzeStale(db: Db): Promise<string[]> {
  const names = (await db.query<{ name: string }>(STALE_TABLES)).map((r) => r.name)
  if (names.length) await db.exec(`ANALYZE ${names.join(', ')}`)
  return names
}

/** How long after listening the first check runs (the first requests go first), and how often it runs then. */
export const ANALYZE_FIRST_MS = 2_000
export const ANALYZE_EVERY_MS = 60_000
