// PGlite's thread (server/db/pgliteThread.ts) is watched: once it owes an answer for longer than its bound
// (PGLITE_CALL_TIMEOUT_SECONDS, here a second or so), the calls waiting on it fail as unavailable (503), it is
// terminated and started again on the same folder, and the health check says so meanwhile. Work that answers within
// the bound, however much of it is queued, and a transaction working between its statements, do not trip it.
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { ConfigError, loadConfig } from '../../server/config'
import { isDbUnavailable, openPglite, type Db } from '../../server/db/db'
import { openPgliteThread } from '../../server/db/pgliteThread'
import { pgliteTemplate } from '../helpers/buildServer'
import { expectContract, expectProblem } from '../helpers/contract'
import { eventually } from '../helpers/eventually'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A migrated data folder, made once from the template the other server tests load; each test has a copy. */
const prepared = mkdtempSync(join(tmpdir(), 'coe-hang-prepared-'))
beforeAll(async () => {
  const made = await openPglite(join(prepared, 'pgdata'), await pgliteTemplate())
  await made.close()
}, 240_000)
afterAll(() => rmSync(prepared, { recursive: true, force: true }))

/** A migrated database in a folder of its own, opened in its thread with this bound. */
async function threadDb(callTimeoutMs: number, warnings: string[] = []): Promise<Db> {
  const dir = mkdtempSync(join(tmpdir(), 'coe-hang-'))
  const folder = join(dir, 'pgdata')
  cpSync(join(prepared, 'pgdata'), folder, { recursive: true })
  const db = await openPgliteThread(folder, { callTimeoutMs, warn: (m) => warnings.push(m) })
  cleanups.push(async () => {
    await db.close()
    rmSync(dir, { recursive: true, force: true })
  })
  return db
}

/** How `promise` settled, and after how many ms; 'pending' when it has not within `ms`. */
async function settle(promise: Promise<unknown>, ms: number) {
  const started = performance.now()
  const outcome = await Promise.race([
    promise.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    ),
    new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), ms)),
  ])
  return { outcome, ms: performance.now() - started }
}

describe('PGlite thread that stops answering', () => {
  it('fails the waiting calls as 503, says so on /api/health, starts again by itself and keeps committed rows', async () => {
    const warnings: string[] = []
    const db = await threadDb(1000, warnings)
    const app = await buildApp({
      config: loadConfig({ JWT_SECRET: 'x'.repeat(40), DATA_DIR: tmpdir(), LOG_LEVEL: 'silent' }),
      db,
      logger: false,
    })
    cleanups.push(() => app.close())
    const [teacher] = await db.query<{ id: string }>(
      "INSERT INTO users (username, email, password_hash, role) VALUES ('teacher', 't@example.com', 'x', 'instructor') RETURNING id",
    )
    await db.query(
      "INSERT INTO courses (title, description, price_cents, instructor_id) VALUES ('Before the hang', 'About it', 0, $1)",
      [teacher.id],
    )
    const before = expectContract('getHealth', await app.inject({ method: 'GET', url: '/api/health' }))
    expect(before).toEqual({ status: 'ok', database: 'pglite', databaseRestarts: 0 })

    // a statement that does not return within the bound, a call queued behind it and a health check waiting too
    const stuck = settle(db.query('SELECT pg_sleep(60)'), 15_000)
    const queued = settle(db.query('SELECT count(*) FROM courses'), 15_000)
    const health = app.inject({ method: 'GET', url: '/api/health' })

    const { outcome, ms } = await stuck
    expect(outcome).toHaveProperty('error')
    expect(isDbUnavailable((outcome as { error: unknown }).error)).toBe(true)
    expect(ms).toBeGreaterThanOrEqual(900)
    expect(ms).toBeLessThan(5000)
    const queuedOutcome = (await queued).outcome
    expect(isDbUnavailable((queuedOutcome as { error: unknown }).error)).toBe(true)
    const waited = expectProblem('getHealth', await health, 503)
    expect(waited.detail).toBe('The database thread stopped answering and is being restarted')

    // while the new thread starts: a call fails at once, and the health check still says why
    const meanwhile = await db.query('SELECT 1').catch((e: unknown) => e)
    expect(isDbUnavailable(meanwhile)).toBe(true)
    const during = expectProblem('getHealth', await app.inject({ method: 'GET', url: '/api/health' }), 503)
    expect(during.detail).toBe('The database thread stopped answering and is being restarted')

    // started again on the same folder: healthy, counted, and the committed course is there
    const after = await eventually(async () => {
      const res = await app.inject({ method: 'GET', url: '/api/health' })
      if (res.statusCode !== 200) throw new Error(res.body)
      return expectContract('getHealth', res)
    })
    expect(after).toEqual({
      status: 'ok',
      database: 'pglite',
      databaseRestarts: 1,
      databaseRestartedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    const courses = await app.inject({ method: 'GET', url: '/api/courses' })
    expect(courses.statusCode).toBe(200)
    expect(courses.body).toContain('Before the hang')
    await db.query(
      "INSERT INTO courses (title, description, price_cents, instructor_id) VALUES ('After the hang', 'About it', 0, $1)",
      [teacher.id],
    )
    expect(
      (await db.query<{ title: string }>('SELECT title FROM courses ORDER BY title')).map((r) => r.title),
    ).toEqual(['After the hang', 'Before the hang'])
    expect(warnings).toEqual([
      "PGlite's thread stopped answering (no answer within 1 s); stopping it and starting it again in 0 s",
      'PGlite started again',
    ])
  }, 60_000)

  it('fails a transaction whose statement hangs, and its writes are not kept', async () => {
    const db = await threadDb(1000)
    await db.exec('CREATE TABLE notes (name text PRIMARY KEY)')
    const { outcome } = await settle(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO notes VALUES ('in the stuck transaction')")
        await tx.query('SELECT pg_sleep(60)')
      }),
      15_000,
    )
    expect(outcome).toHaveProperty('error')
    expect(isDbUnavailable((outcome as { error: unknown }).error)).toBe(true)
    expect(await eventually(() => db.query('SELECT name FROM notes'))).toEqual([])
  }, 60_000)
})

describe('PGlite thread that answers within the bound', () => {
  it('is not stopped by a queue of statements each shorter than the bound, though together longer', async () => {
    const warnings: string[] = []
    const db = await threadDb(1000, warnings)
    const started = performance.now()
    const rows = await Promise.all(
      [1, 2, 3, 4].map((n) => db.query<{ n: number }>('SELECT $1::int AS n, pg_sleep(0.6)', [n])),
    )
    expect(performance.now() - started).toBeGreaterThan(2000)
    expect(rows.map(([row]) => row.n)).toEqual([1, 2, 3, 4])
    expect(warnings).toEqual([])
    expect(db.thread!()).toEqual({ restarting: undefined, restarts: 0, lastRestartAt: undefined })
  }, 60_000)

  it('lets a script (a migration, ANALYZE) take ten times the bound', async () => {
    const warnings: string[] = []
    const db = await threadDb(1000, warnings)
    await db.exec('SELECT pg_sleep(2.5)')
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }])
    expect(warnings).toEqual([])
  }, 60_000)

  it('is not stopped while a transaction works between its statements, with other calls waiting for it', async () => {
    const warnings: string[] = []
    const db = await threadDb(1000, warnings)
    await db.exec('CREATE TABLE notes (name text PRIMARY KEY)')
    let outside: Promise<unknown> | undefined
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO notes VALUES ('first')")
      outside = db.query("INSERT INTO notes VALUES ('outside')")
      await new Promise((resolve) => setTimeout(resolve, 2000))
      await tx.query("INSERT INTO notes VALUES ('second')")
    })
    await outside
    expect(
      (await db.query<{ name: string }>('SELECT name FROM notes ORDER BY name')).map((r) => r.name),
    ).toEqual(['first', 'outside', 'second'])
    expect(warnings).toEqual([])
  }, 60_000)
})

describe('PGLITE_CALL_TIMEOUT_SECONDS', () => {
  it('is 30 s unless set, and must be a whole number of seconds from 1', () => {
    const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: tmpdir() }
    expect(loadConfig(base).pgliteCallTimeoutSeconds).toBe(30)
    expect(loadConfig({ ...base, PGLITE_CALL_TIMEOUT_SECONDS: '120' }).pgliteCallTimeoutSeconds).toBe(120)
    for (const bad of ['0', '1.5', '-3', 'soon'])
      expect(() => loadConfig({ ...base, PGLITE_CALL_TIMEOUT_SECONDS: bad })).toThrow(ConfigError)
  })
})
