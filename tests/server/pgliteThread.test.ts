// The server's PGlite runs in a worker thread (server/db/pgliteThread.ts, server/db/pgliteWorker.mjs): every call
// is a message, and it must behave as the Db of PGlite in the same thread does: rows, PostgreSQL's error codes,
// transactions that commit or roll back, prepared statements, notifications before the statement that sent them
// returns, a clear failure once closed, and a new thread on the same data when its thread stops on its own.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Worker } from 'node:worker_threads'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { isDbUnavailable, openPglite, preparedQuery, type Db } from '../../server/db/db'
import { openPgliteThread } from '../../server/db/pgliteThread'
import { courseList, coursesOf } from '../../server/services/catalogue/courseListCache'
import { pgliteTemplate } from '../helpers/buildServer'
import { eventually } from '../helpers/eventually'

// Every thread openPgliteThread starts, in order, so that a test can stop one as a crash would.
const threads = vi.hoisted(() => [] as Worker[])
vi.mock('node:worker_threads', async (original) => {
  const real = await original<typeof import('node:worker_threads')>()
  class RecordedWorker extends real.Worker {
    constructor(...args: ConstructorParameters<typeof real.Worker>) {
      super(...args)
      threads.push(this)
    }
  }
  return { ...real, Worker: RecordedWorker }
})

let db: Db
const dir = mkdtempSync(join(tmpdir(), 'coe-thread-'))
/** A data folder PGlite has made (from the other server tests' migrated template: no initdb), copied per test. */
const prepared = join(dir, 'prepared', 'pgdata')

/** A folder of its own (in a temporary folder) holding a copy of the prepared data folder. */
function preparedCopy(): { folder: string; remove: () => void } {
  const own = mkdtempSync(join(tmpdir(), 'coe-restart-'))
  const folder = join(own, 'pgdata')
  cpSync(prepared, folder, { recursive: true })
  return { folder, remove: () => rmSync(own, { recursive: true, force: true }) }
}

/**
 * Runs `fn` with setTimeout faked, then runs every timer it left at once, as if a minute had passed: a start of
 * PGlite's thread that should not happen (after 0, 1, 2… at most 30 s) would happen there, without the test waiting
 * for it. Only setTimeout: the threads, their messages and their ends are real.
 */
async function withRestartDelaysRun(fn: () => Promise<void>): Promise<void> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  try {
    await fn()
    // a start could also be scheduled from the end of a thread that comes later: twice, with real turns between
    for (let i = 0; i < 2; i++) {
      await new Promise((resolve) => setImmediate(resolve))
      await vi.advanceTimersByTimeAsync(60_000)
    }
  } finally {
    vi.useRealTimers()
  }
}

beforeAll(async () => {
  const made = await openPglite(prepared, await pgliteTemplate())
  await made.close()
  cpSync(prepared, join(dir, 'pgdata'), { recursive: true })
  db = await openPgliteThread(join(dir, 'pgdata'))
  await db.exec(`
    CREATE TABLE things (id serial PRIMARY KEY, name text UNIQUE NOT NULL, made timestamptz NOT NULL DEFAULT now());
    CREATE FUNCTION things_notify() RETURNS trigger AS $$
      BEGIN PERFORM pg_notify('things', NEW.name); RETURN NEW; END $$ LANGUAGE plpgsql;
    CREATE TRIGGER things_notify AFTER INSERT ON things FOR EACH ROW EXECUTE FUNCTION things_notify();
  `)
}, 60_000)

afterAll(async () => {
  await db?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('PGlite in a worker thread', () => {
  it('answers queries with their rows, parameters and types as PGlite gives them', async () => {
    const rows = await db.query<{ n: number; t: string; d: Date; a: string[] }>(
      'SELECT $1::int + 1 AS n, $2::text AS t, $3::timestamptz AS d, $4::text[] AS a',
      [41, "it's", new Date('2026-01-02T03:04:05Z'), ['x', 'y']],
    )
    expect(rows).toEqual([{ n: 42, t: "it's", d: new Date('2026-01-02T03:04:05Z'), a: ['x', 'y'] }])
  })

  it("fails with PostgreSQL's error code and message, and the next call still works", async () => {
    await db.query('INSERT INTO things (name) VALUES ($1)', ['unique one'])
    const err = await db.query('INSERT INTO things (name) VALUES ($1)', ['unique one']).catch((e) => e)
    expect(err).toBeInstanceOf(Error)
    expect(err.code).toBe('23505')
    expect(err.message).toMatch(/duplicate key/)
    expect(isDbUnavailable(err)).toBe(false)
    expect(await db.query('SELECT count(*)::int AS n FROM things WHERE name = $1', ['unique one'])).toEqual([
      { n: 1 },
    ])
  })

  it('commits a transaction, and rolls back all of one whose function throws', async () => {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: number }>('INSERT INTO things (name) VALUES ($1) RETURNING id', [
        'kept',
      ])
      // a nested call joins the same transaction
      await tx.transaction((inner) => inner.exec("INSERT INTO things (name) VALUES ('kept too')"))
      return row.id
    })
    expect(id).toBeGreaterThan(0)
    const failed = await db
      .transaction(async (tx) => {
        await tx.query('INSERT INTO things (name) VALUES ($1)', ['dropped'])
        throw new Error('changed my mind')
      })
      .catch((e) => e)
    expect(failed.message).toBe('changed my mind')
    const names = await db.query<{ name: string }>(
      "SELECT name FROM things WHERE name IN ('kept', 'kept too', 'dropped') ORDER BY name",
    )
    expect(names.map((r) => r.name)).toEqual(['kept', 'kept too'])
  })

  it('holds a call made outside an open transaction until it has ended', async () => {
    const order: string[] = []
    let outside: Promise<unknown> | undefined
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO things (name) VALUES ('in the transaction')")
      outside = db
        .query<{ n: number }>("SELECT count(*)::int AS n FROM things WHERE name = 'in the transaction'")
        .then((rows) => order.push(`outside saw ${rows[0].n}`))
      await new Promise((resolve) => setTimeout(resolve, 50))
      order.push('transaction ends')
    })
    await outside
    expect(order).toEqual(['transaction ends', 'outside saw 1'])
  })

  it('fails a statement of a transaction with its code, and the transaction then rolls back', async () => {
    const err = await db
      .transaction(async (tx) => {
        await tx.query("INSERT INTO things (name) VALUES ('before the duplicate')")
        await tx.query("INSERT INTO things (name) VALUES ('unique one')")
      })
      .catch((e) => e)
    expect(err.code).toBe('23505')
    expect(await db.query("SELECT 1 FROM things WHERE name = 'before the duplicate'")).toEqual([])
  })

  it('runs prepared statements with the same answers as plain queries', async () => {
    const sql = 'SELECT $1::text AS v, $2::int * 2 AS n'
    for (const value of ["x'); DROP TABLE things; --", 'back\\slash', '']) {
      expect(await preparedQuery(db, sql, [value, 21])).toEqual(await db.query(sql, [value, 21]))
    }
    // the hostile text was a value, not a statement: the table is still there
    expect(await db.query('SELECT count(*)::int AS n FROM things')).not.toEqual([{ n: 0 }])
    // and the statement ran prepared, by name, in the worker's session
    const named = await db.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements')
    expect(named.map((r) => r.statement)).toEqual([expect.stringContaining(sql)])
  })

  it('delivers a NOTIFY before the statement or transaction that sent it returns', async () => {
    const seen: string[] = []
    await db.listen!('things', (payload) => seen.push(payload))
    await db.query("INSERT INTO things (name) VALUES ('notified')")
    expect(seen).toEqual(['notified'])
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO things (name) VALUES ('committed')")
      expect(seen).toEqual(['notified']) // not before the commit
    })
    expect(seen).toEqual(['notified', 'committed'])
  })

  it('dumps its data folder as a tarball PGlite opens', async () => {
    const dump = await db.dump!()
    expect(dump.size).toBeGreaterThan(1000)
    const copy = await openPglite('memory://', dump)
    try {
      expect(await copy.query("SELECT name FROM things WHERE name = 'kept'")).toEqual([{ name: 'kept' }])
    } finally {
      await copy.close()
    }
  }, 60_000)
})

describe('PGlite in a worker thread, closed or not opened', () => {
  it('fails every call after close with an error the server reports as unavailable; its thread ends on its own', async () => {
    const { folder, remove } = preparedCopy()
    try {
      const other = await openPgliteThread(folder)
      expect(await other.query('SELECT 1 AS one')).toEqual([{ one: 1 }])
      const exited = new Promise((resolve) => threads.at(-1)!.once('exit', resolve))
      await other.close()
      // its thread ended on its own once PGlite closed (exit code 0), not terminated (1)
      expect(await exited).toBe(0)
      const err = await other.query('SELECT 1').catch((e) => e)
      expect(err).toBeInstanceOf(Error)
      expect(isDbUnavailable(err)).toBe(true)
    } finally {
      remove()
    }
  }, 60_000)

  it('rejects the opening when the data folder cannot be made', async () => {
    const file = join(dir, 'a-file')
    writeFileSync(file, 'not a folder')
    await expect(openPgliteThread(join(file, 'pgdata'))).rejects.toThrow(/ENOTDIR|not a directory/i)
  })
})

/** A table `notes` whose inserts notify channel 'notes', listened to (payloads seen, losses counted); one row in. */
async function notesListened(own: Db) {
  await own.exec(`
    CREATE TABLE notes (name text PRIMARY KEY);
    CREATE FUNCTION notes_notify() RETURNS trigger AS $$
      BEGIN PERFORM pg_notify('notes', NEW.name); RETURN NEW; END $$ LANGUAGE plpgsql;
    CREATE TRIGGER notes_notify AFTER INSERT ON notes FOR EACH ROW EXECUTE FUNCTION notes_notify();
  `)
  const notes = { seen: [] as string[], lost: 0 }
  await own.listen!(
    'notes',
    (payload) => notes.seen.push(payload),
    () => notes.lost++,
  )
  await own.query("INSERT INTO notes VALUES ('before')")
  return notes
}

describe('PGlite in a worker thread that stops on its own', () => {
  it('starts again on the same data: calls meanwhile fail as unavailable, listeners are told and listen again', async () => {
    const { folder, remove } = preparedCopy()
    const warnings: string[] = []
    const own = await openPgliteThread(folder, { warn: (m) => warnings.push(m) })
    try {
      const notes = await notesListened(own)
      const { seen } = notes
      const first = threads.at(-1)!
      const inFlight = own.query('SELECT pg_sleep(5)').catch((e: unknown) => e)
      await first.terminate()

      // the call in flight and a call made now fail as unavailable (503), and the listener knows
      const failed = (await inFlight) as Error
      expect(isDbUnavailable(failed)).toBe(true)
      const meanwhile = await own.query('SELECT 1').catch((e: unknown) => e)
      expect(isDbUnavailable(meanwhile)).toBe(true)
      expect(notes.lost).toBe(1)
      // what the health check reports meanwhile
      expect(own.thread!()).toEqual({ restarting: 'stopped', restarts: 0, lastRestartAt: undefined })

      // a new thread on the same folder: the committed row is there, and notifications flow again
      const rows = await eventually(() => own.query<{ name: string }>('SELECT name FROM notes'))
      expect(rows).toEqual([{ name: 'before' }])
      expect(threads.at(-1)).not.toBe(first)
      await own.query("INSERT INTO notes VALUES ('after')")
      expect(seen).toEqual(['before', 'after'])
      expect(notes.lost).toBe(1)
      expect(own.thread!()).toEqual({ restarting: undefined, restarts: 1, lastRestartAt: expect.any(Date) })
      expect(warnings).toEqual([
        "PGlite's thread stopped (exit code 1); starting it again in 0 s",
        'PGlite started again',
      ])
    } finally {
      await own.close()
      remove()
    }
  }, 60_000)

  it('starts no thread when closed right after its thread stopped', async () => {
    const { folder, remove } = preparedCopy()
    const own = await openPgliteThread(folder, { warn: () => {} })
    try {
      const count = threads.length
      // the new start waits for a timer; close() comes first
      await withRestartDelaysRun(async () => {
        await threads.at(-1)!.terminate()
        await own.close()
      })
      expect(threads.length).toBe(count)
      const err = await own.query('SELECT 1').catch((e: unknown) => e)
      expect(isDbUnavailable(err)).toBe(true)
    } finally {
      remove()
    }
  }, 60_000)

  it('stops the thread still starting when closed, and starts no other', async () => {
    const { folder, remove } = preparedCopy()
    const own = await openPgliteThread(folder, { warn: () => {} })
    try {
      const count = threads.length
      await threads.at(-1)!.terminate()
      await eventually(async () => expect(threads.length).toBe(count + 1))
      const starting = threads.at(-1)!
      expect(starting.threadId).toBeGreaterThan(0)
      await withRestartDelaysRun(() => own.close())
      expect(threads.length).toBe(count + 1)
      expect(starting.threadId).toBe(-1) // terminated
      const err = await own.query('SELECT 1').catch((e: unknown) => e)
      expect(isDbUnavailable(err)).toBe(true)
    } finally {
      remove()
    }
  }, 60_000)

  it('does not start an in-memory database again (it would come back empty)', async () => {
    const own = await openPgliteThread('memory://', { warn: () => {} })
    const count = threads.length
    await withRestartDelaysRun(async () => {
      await threads.at(-1)!.terminate()
    })
    expect(threads.length).toBe(count)
    const err = await own.query('SELECT 1').catch((e: unknown) => e)
    expect(isDbUnavailable(err)).toBe(true)
  }, 60_000)

  it("the course list is read again after a stop: a write whose notification was lost shows, the kept list doesn't", async () => {
    const { folder, remove } = preparedCopy()
    const thread = await openPgliteThread(folder, { warn: () => {} })
    // The same Db, except that notifications can be dropped, as a thread that stops right after a commit drops them.
    let dropping = false
    const db: Db = {
      ...thread,
      listen: (channel, fn, lost) =>
        thread.listen!(
          channel,
          (payload) => {
            if (!dropping) fn(payload)
          },
          lost,
        ),
    }
    try {
      const [teacher] = await db.query<{ id: string }>(
        "INSERT INTO users (username, email, password_hash, role) VALUES ('teacher', 't@example.com', 'x', 'instructor') RETURNING id",
      )
      const add = (title: string) =>
        db.query(
          'INSERT INTO courses (title, description, price_cents, instructor_id) VALUES ($1, $2, 0, $3)',
          [title, 'About it', teacher.id],
        )
      const titles = async () => coursesOf(await courseList(db).current()).map((c) => c.title)
      await add('Openings')
      expect(await titles()).toEqual(['Openings'])
      dropping = true
      await add('Endgames')
      // what the lost notification would have told: the kept list still looks current
      const known = courseList(db).known()
      expect(known && coursesOf(known).map((c) => c.title)).toEqual(['Openings'])
      dropping = false
      await threads.at(-1)!.terminate()
      expect(courseList(db).known()).toBeUndefined()
      expect(await eventually(titles)).toEqual(['Endgames', 'Openings'])
    } finally {
      await db.close()
      remove()
    }
  }, 60_000)
})
