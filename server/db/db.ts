import { createHash } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { PGLITE_SHARED_BUFFERS_DEFAULT } from '../config'
import { namedStatements } from './pgliteStatements.mjs'
import { preparedByName, transactionDb } from './handles'
import { openPgliteThread } from './pgliteThread'

export { preparedByName, sqlLiteral, transactionDb } from './handles'

/** The one query layer: the same SQL runs on embedded PGlite and on a PostgreSQL server. */
export interface Db {
  kind: 'pglite' | 'postgres'
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>
  /** Runs fn in one transaction; inside it, fn's `tx` is the only handle to use. Nested calls join it. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>
  /** A multi-statement script without parameters (migrations). */
  exec(sql: string): Promise<void>
  close(): Promise<void>
  /** PGlite only: the whole data directory as a tarball (a template for fast test databases). */
  dump?: () => Promise<Blob>
  /**
   * Embedded PGlite only: fn gets the payload of every NOTIFY on channel once this resolves. This process is the
   * data's only writer, and a notification reaches fn before the statement or transaction that committed it
   * returns, so fn knows of every committed write as soon as its writer does. `lost` runs when that may have stopped
   * holding for a while (PGlite's thread stopped and starts again: a notification may have gone with it): what the
   * payloads told is to be read again; fn gets every notification again from the first call that succeeds after it.
   */
  listen?: (channel: string, fn: (payload: string) => void, lost?: () => void) => Promise<void>
  /**
   * Query as a named prepared statement, parsed and planned once per connection (PostgreSQL: each pooled one;
   * PGlite: its one session). Callers use `preparedQuery`, which names the statement and falls back to `query`
   * where there is none (inside a transaction on PGlite).
   */
  prepared?: <T = Record<string, unknown>>(name: string, sql: string, params?: unknown[]) => Promise<T[]>
  /** PGlite in its worker thread only: how that thread fares (for the health check). */
  thread?: () => ThreadState
}

/** The state of PGlite's worker thread (server/db/pgliteThread.ts). */
export interface ThreadState {
  /** While it is being started again: because it stopped, or because it stopped answering (it hung). */
  restarting: 'stopped' | 'hung' | undefined
  /** How many times it was started again since the database was opened, and when it last answered again. */
  restarts: number
  lastRestartAt: Date | undefined
}

const statementNames = new Map<string, string>()

/**
 * A statement run very often (the course list's version check, the catalogue's pages) as a prepared statement, parsed
 * and planned once per connection and named by a hash of its text. The texts must be few: each is kept prepared on
 * every connection.
 */
export function preparedQuery<T>(db: Db, sql: string, params: unknown[] = []): Promise<T[]> {
  if (!db.prepared) return db.query<T>(sql, params)
  let name = statementNames.get(sql)
  if (!name) {
    name = `s_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`
    statementNames.set(sql, name)
  }
  return db.prepared<T>(name, sql, params)
}

/**
 * PGlite in `dataDir` (a folder, or `memory://` for a throwaway database). `template` is a dump
 * (PGlite.dumpDataDir) to start from, which skips the costly initdb. `sharedBuffers` is PostgreSQL's buffer cache,
 * whose memory PGlite takes as it starts: PostgreSQL's 128MB default was a third of the server's resident memory.
 * 8MB holds most of what the catalogue reads over 10,000 courses (the table 4.8 MB, its indexes 7.4 MB), and a
 * page not in the cache is a read from the operating system's file cache, not from disk. After the benchmark's
 * load on 10,000 courses PGlite's memory held 35 MB touched at 8MB against 43 at 16MB, the searches not kept at
 * rates this machine could not tell apart; 32MB cost ~27 MB more than 16MB (docs/performance.md).
 */
export async function openPglite(
  dataDir: string,
  template?: Blob,
  { sharedBuffers = PGLITE_SHARED_BUFFERS_DEFAULT }: { sharedBuffers?: string } = {},
): Promise<Db> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true })
  const { PGlite } = await import('@electric-sql/pglite')
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`]
  const lite = await PGlite.create(
    dataDir,
    template ? { loadDataDir: template, startParams } : { startParams },
  )
  const query = async <T>(sql: string, params: unknown[] = []) => (await lite.query<T>(sql, params)).rows
  const execute = namedStatements(lite)
  return {
    kind: 'pglite',
    query,
    prepared: preparedByName(execute, query),
    transaction: (fn) =>
      lite.transaction((tx) =>
        fn(
          transactionDb(
            'pglite',
            async <T>(sql: string, params: unknown[] = []) => (await tx.query<T>(sql, params)).rows,
            (sql) => tx.exec(sql),
          ),
        ),
      ),
    exec: async (sql) => {
      await lite.exec(sql)
    },
    close: () => lite.close(),
    dump: () => lite.dumpDataDir('none'),
    listen: async (channel, fn) => {
      await lite.listen(channel, fn)
    },
  }
}

/** A pg.Pool on a PostgreSQL server. */
export async function openPostgres(url: string, max = 10): Promise<Db> {
  // Loaded here: a server on PGlite never needs it, nor its start the time to load it.
  const { default: pg } = await import('pg')
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 })
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => {})
  return {
    kind: 'postgres',
    query: async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
    transaction: async (fn) => {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        try {
          const result = await fn(
            transactionDb(
              'postgres',
              async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
              (sql) => client.query(sql),
            ),
          )
          await client.query('COMMIT')
          return result
        } catch (err) {
          await client.query('ROLLBACK').catch(() => {})
          throw err
        }
      } finally {
        client.release()
      }
    },
    exec: async (sql) => {
      await pool.query(sql)
    },
    prepared: async <T>(name: string, sql: string, params: unknown[] = []) =>
      (await pool.query({ name, text: sql, values: params })).rows as T[],
    close: () => pool.end(),
  }
}

/**
 * A Db to hand out before `opening` has resolved: a call made meanwhile waits for the database, and once it is open
 * the calls are its own (no wait left on the way of each query). The server builds its app while PGlite starts
 * (server/main.ts); `kind` says which database `opening` opens.
 */
export function onceOpen(opening: Promise<Db>, kind: Db['kind']): Db {
  const db: Db = {
    kind,
    query: async <T>(sql: string, params?: unknown[]) => (await opening).query<T>(sql, params),
    transaction: async <T>(fn: (tx: Db) => Promise<T>) => (await opening).transaction(fn),
    exec: async (sql: string) => (await opening).exec(sql),
    close: async () => (await opening).close(),
    prepared: async <T>(name: string, sql: string, params?: unknown[]) => {
      const open = await opening
      return open.prepared ? open.prepared<T>(name, sql, params) : open.query<T>(sql, params)
    },
    ...(kind === 'pglite'
      ? {
          dump: async () => (await opening).dump!(),
          listen: async (channel: string, fn: (payload: string) => void, lost?: () => void) =>
            (await opening).listen!(channel, fn, lost),
        }
      : {}),
  }
  opening.then(
    (open) => Object.assign(db, open),
    () => {}, // each call made meanwhile fails with the reason
  )
  return db
}

export function openDb(opts: {
  databaseUrl?: string
  dataDir: string
  pgliteSharedBuffers?: string
  /** Embedded PGlite: how long its thread may owe an answer before it counts as hung and is started again. */
  pgliteCallTimeoutSeconds?: number
}): Promise<Db> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl)
    : openPgliteThread(opts.dataDir, {
        sharedBuffers: opts.pgliteSharedBuffers,
        callTimeoutMs:
          opts.pgliteCallTimeoutSeconds === undefined ? undefined : opts.pgliteCallTimeoutSeconds * 1000,
      })
}

/** Connection-level failures: the database is unreachable, not the request at fault. */
export function isDbUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string }
  if (!e || typeof e !== 'object') return false
  if (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE', '57P01', '57P03', '53300'].includes(
      e.code ?? '',
    )
  ) {
    return true
  }
  if (typeof e.code === 'string' && e.code.startsWith('08')) return true
  return /Connection terminated|connection timeout|Cannot use a pool after calling end|PGlite is closed/i.test(
    e.message ?? '',
  )
}
