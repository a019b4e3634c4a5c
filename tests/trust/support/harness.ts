// The app in-process (Fastify inject) on a fresh database: embedded PGlite, or a fresh PostgreSQL database.
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { loadConfig, type Config } from '../../../server/config'
import { openPglite, openPostgres, type Db } from '../../../server/db/db'
import { migrate } from '../../../server/db/migrate'
import { buildApp } from '../../../server/app'
import { injectSender, type Req, type Res, type Send } from './http'
import { createDatabase, dropDatabase } from './pg'
import { tempDir } from './spawn'
import type { Harness } from './world'

export interface Exchange {
  req: Req
  res: Res
}

export interface AppHarness extends Harness {
  app: Awaited<ReturnType<typeof buildApp>>
  db: Db
  config: Config
  /** Every request sent through `send`, with its response (for the leak scans). */
  log: Exchange[]
  close(): Promise<void>
}

export type Database = 'pglite' | 'postgres'

/**
 * The databases of the files that prove a rule over every operation (the authorization matrix, hostile input):
 * embedded PGlite, and PostgreSQL as well in a PostgreSQL run (DATABASE_URL set, as `scripts/test.mjs --postgres`
 * sets it; the databases are made on TRUST_PG_URL's server, see pg.ts). TRUST_DATABASES (`pglite`, `postgres`,
 * or both, comma-separated) names them by hand.
 */
export function runDatabases(): Database[] {
  const named = (process.env.TRUST_DATABASES ?? '')
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean)
  for (const d of named)
    if (d !== 'pglite' && d !== 'postgres') throw new Error(`TRUST_DATABASES: no database called ${d}`)
  if (named.length) return named as Database[]
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']
}

export async function startApp(
  opts: {
    database?: Database
    env?: Record<string, string>
    payments?: Parameters<typeof buildApp>[0]['payments']
  } = {},
): Promise<AppHarness> {
  const dataDir = tempDir('data')
  let dbName: string | undefined
  let databaseUrl: string | undefined
  if (opts.database === 'postgres') {
    const created = await createDatabase()
    dbName = created.name
    databaseUrl = created.url
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(36).toString('base64url'),
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_MAX: '1000000',
    // per-user limits out of the way of race and hostile-input runs; tests of the limits set their own
    COMMENT_RATE_LIMIT_MAX: '1000000',
    FOLLOW_RATE_LIMIT_MAX: '1000000',
    UPLOAD_RATE_LIMIT_MAX: '1000000',
    GAME_RATE_LIMIT_MAX: '1000000',
    PUZZLE_RATE_LIMIT_MAX: '1000000',
    // scrypt at N=2^14 keeps the suite fast (the default, 2^17, is proven by tests/server/passwords.test.ts)
    SCRYPT_LOG2N: '14',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...opts.env,
  })
  const db = databaseUrl ? await openPostgres(databaseUrl, 20) : await openPglite('memory://')
  await migrate(db)
  const app = await buildApp({ config, db, logger: false, payments: opts.payments })
  await app.ready()
  const log: Exchange[] = []
  const inject = injectSender(app)
  const send: Send = async (req) => {
    const res = await inject(req)
    log.push({ req, res })
    return res
  }
  return {
    app,
    db,
    config,
    send,
    log,
    jwtSecret: config.jwtSecret,
    query: (sql, params) => db.query(sql, params),
    close: async () => {
      await app.close()
      await db.close().catch(() => {})
      if (dbName) await dropDatabase(dbName)
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
