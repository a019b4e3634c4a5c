// analyzeStale (server/db/analyze.ts): PGlite has no autovacuum, so the server gathers the planner's statistics of
// the tables that never had them or grew or shrank by more than 10% since, and of no other.
import { describe, expect, it } from 'vitest'
import { analyzeStale } from '../../server/db/analyze'
import { useTestServer } from '../helpers/buildServer'

const server = useTestServer()

async function coursesStats() {
  const [row] = await server.current.db.query<{ reltuples: number; analyzed: boolean }>(
    `SELECT c.reltuples, EXISTS (SELECT 1 FROM pg_statistic s WHERE s.starelid = c.oid) AS analyzed
     FROM pg_class c WHERE c.oid = 'public.courses'::regclass`,
  )
  return row
}

describe('analyzeStale', () => {
  it('analyzes a table that grew by more than 10%, then nothing until it changes again', async () => {
    const db = server.current.db
    await analyzeStale(db)
    // Nothing changed since: nothing to do.
    expect(await analyzeStale(db)).toEqual([])
    const teacher = await server.current.createUser('instructor')
    await db.query(
      `INSERT INTO courses (title, description, price_cents, instructor_id)
       SELECT 'Course ' || n, repeat('A description of a course. ', 20), 10, $1 FROM generate_series(1, 500) n`,
      [teacher.id],
    )
    const analyzed = await analyzeStale(db)
    // On PostgreSQL autovacuum may have been first; either way the statistics now count the new rows.
    if (db.kind === 'pglite') expect(analyzed).toContain('public.courses')
    expect(analyzed).not.toContain('public.orders')
    const stats = await coursesStats()
    expect(stats.reltuples).toBeGreaterThanOrEqual(500)
    expect(stats.analyzed).toBe(true)
    expect(await analyzeStale(db)).toEqual([])
  })
})
