// The server's start: the app is built while the database opens (server/main.ts), on a Db whose calls wait
// for it (onceOpen), and the routes' response serializers are built on first use, not before listening.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { onceOpen, type Db } from '../../server/db/db'

const dir = mkdtempSync(join(tmpdir(), 'coe-start-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const config = loadConfig({
  DATA_DIR: dir,
  JWT_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'silent',
  DIST_DIR: join(dir, 'no-dist'),
})

/** A database that answers each query with the SQL it was given, and records the calls. */
function echoDb(kind: Db['kind']) {
  const calls: string[] = []
  const db: Db = {
    kind,
    query: <T>(sql: string) => {
      calls.push(`query ${sql}`)
      return Promise.resolve([{ sql }] as T[])
    },
    transaction: (fn) => fn(db),
    exec: (sql) => {
      calls.push(`exec ${sql}`)
      return Promise.resolve()
    },
    close: () => Promise.resolve(),
  }
  return { db, calls }
}

describe('onceOpen', () => {
  it('holds each call until the database has opened, then makes it there', async () => {
    const { db, calls } = echoDb('pglite')
    let open!: (db: Db) => void
    const early = onceOpen(new Promise<Db>((resolve) => (open = resolve)), 'pglite')
    const answer = early.query('SELECT 1')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(calls).toEqual([])
    open(db)
    expect(await answer).toEqual([{ sql: 'SELECT 1' }])
    // A database without prepared statements runs them as plain queries.
    expect(await early.prepared!('s_1', 'SELECT 2')).toEqual([{ sql: 'SELECT 2' }])
    await early.exec('VACUUM')
    expect(calls).toEqual(['query SELECT 1', 'query SELECT 2', 'exec VACUUM'])
    // Open: a call reaches the database at once, with no wait left on the way.
    void early.query('SELECT 3')
    expect(calls.at(-1)).toBe('query SELECT 3')
  })

  it("has PGlite's own calls only for PGlite, and fails each call when the database could not open", async () => {
    expect(onceOpen(Promise.resolve(echoDb('postgres').db), 'postgres').listen).toBeUndefined()
    expect(onceOpen(Promise.resolve(echoDb('pglite').db), 'pglite').listen).toBeTypeOf('function')
    const failed = Promise.reject(new Error('no database'))
    failed.catch(() => {})
    await expect(onceOpen(failed, 'pglite').query('SELECT 1')).rejects.toThrow('no database')
  })
})

describe('building the app', () => {
  it('needs no answer from the database, and serializes each answer by its response schema', async () => {
    // A database that never opens: the build must not wait for it (server/main.ts builds while PGlite starts).
    const app = await buildApp({ config, db: onceOpen(new Promise<Db>(() => {}), 'pglite'), logger: false })
    app.get(
      '/startup-test',
      { schema: { response: { 200: { type: 'object', properties: { kept: { type: 'string' } } } } } },
      () => ({ kept: 'yes', dropped: 'a field the schema does not name' }),
    )
    await app.ready()
    const res = await app.inject({ method: 'GET', url: '/startup-test' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('{"kept":"yes"}')
    await app.close()
  })
})
