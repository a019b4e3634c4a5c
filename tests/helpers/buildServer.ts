import { createHash, randomBytes } from 'node:crypto'
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { fileURLToPath } from 'node:url'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { buildApp } from '../../server/app'
import { type Config, loadConfig } from '../../server/config'
import { type Db, openPglite, openPostgres } from '../../server/db/db'
import { migrate } from '../../server/db/migrate'
import type { PaymentProvider } from '../../server/services/commerce/payments'
import { hashPassword } from '../../server/services/accounts/passwords'
import type { Role } from '../../server/services/types'

export const TEST_PASSWORD = 'correct-horse-42'

export interface TestUser {
  id: string
  username: string
  email: string
  role: Role
  password: string
  token: string
  /** Authorization header for inject(). */
  auth: { authorization: string }
}

export interface TestServer {
  app: FastifyInstance
  db: Db
  config: Config
  /** A user of this role inserted straight into the database, with a valid token (one session). */
  createUser(role: Role, fields?: Partial<Pick<TestUser, 'username' | 'email'>>): Promise<TestUser>
  /** A course owned by this instructor (or admin). */
  createCourse(
    owner: TestUser,
    fields?: { title?: string; description?: string; price?: number },
  ): Promise<string>
  /**
   * The people around one course: its instructor (`owner`), another instructor, an admin, a student enrolled in it
   * and one who is not.
   */
  courseWorld(fields?: Parameters<TestServer['createCourse']>[1]): Promise<CourseWorld>
  /** Empties every table, so each test starts from nothing. */
  reset(): Promise<void>
  close(): Promise<void>
}

export interface CourseWorld {
  owner: TestUser
  otherTeacher: TestUser
  admin: TestUser
  enrolled: TestUser
  outsider: TestUser
  courseId: string
}

export interface BuildOptions {
  /** Environment variables as the server would read them (merged over test defaults). */
  env?: Record<string, string>
  payments?: PaymentProvider
  /** Build the app only after this runs (e.g. to prepare a dist folder). */
  distDir?: string
  /** pino options (e.g. a stream to read the log from); none by default. */
  logger?: Parameters<typeof buildApp>[0]['logger']
  /** The server's own log settings, writing to this stream (LOG_LEVEL in `env` sets their level). */
  logStream?: Parameters<typeof buildApp>[0]['logStream']
}

/** Every table but the migrations' own: sessions, rate limits and sign-in failures too, so nothing of one test
 * (or, where files share a backend, one file) reaches the next. */
const TABLES_SQL = `SELECT string_agg(format('%I', tablename), ', ') AS tables FROM pg_tables
  WHERE schemaname = current_schema() AND tablename <> 'schemaversion'`

const migrationsDir = fileURLToPath(new URL('../../server/db/migrations', import.meta.url))

function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms))
}

/**
 * A migrated in-memory PGlite. Creating one from scratch runs initdb (seconds, and far longer on a busy
 * machine), so the first test file migrates once and dumps a template that every other file loads.
 * The template is keyed by the migrations' contents, so a changed migration builds a new one.
 */
export async function pgliteTemplate(): Promise<Blob> {
  const hash = createHash('sha256')
  for (const f of readdirSync(migrationsDir).sort())
    hash.update(f).update(readFileSync(join(migrationsDir, f)))
  const template = join(tmpdir(), `coe-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`)
  const lock = `${template}.lock`
  for (let waited = 0; !existsSync(template); waited += 200) {
    let fd: number | undefined
    try {
      fd = openSync(lock, 'wx')
    } catch {
      // Another worker is building it; a lock left behind by a crashed worker expires after 3 minutes.
      if (waited > 180_000) rmSync(lock, { force: true })
      await sleep(200)
      continue
    }
    try {
      const db = await openPglite('memory://')
      await migrate(db)
      const dump = await db.dump!()
      await db.close()
      const part = `${template}.${process.pid}.part`
      writeFileSync(part, Buffer.from(await dump.arrayBuffer()))
      renameSync(part, template)
    } finally {
      closeSync(fd)
      rmSync(lock, { force: true })
    }
  }
  return new Blob([readFileSync(template)])
}

async function migratedPglite(): Promise<Db> {
  const db = await openPglite('memory://', await pgliteTemplate())
  await migrate(db)
  return db
}

/** A fresh database: an in-memory PGlite, or a new `coe_test_<random>` database when DATABASE_URL is set. */
async function freshDb(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL
  if (!url) {
    const db = await migratedPglite()
    return { db, drop: async () => {} }
  }
  const name = `coe_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const target = new URL(url)
  target.pathname = `/${name}`
  const db = await openPostgres(target.toString(), 5)
  return {
    db,
    drop: async () => {
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}

export async function buildServer(opts: BuildOptions = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'coe-test-'))
  const config = loadConfig({
    DATA_DIR: dir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    AUTH_RATE_LIMIT_MAX: '1000',
    LOG_LEVEL: 'silent',
    // scrypt at N=2^14 keeps the suites fast; tests/server/passwords.test.ts proves the default of 2^17
    SCRYPT_LOG2N: '14',
    DIST_DIR: opts.distDir ?? join(dir, 'no-dist'),
    ...opts.env,
  })
  const { db, drop } = await freshDb()
  await migrate(db)
  const app = await buildApp({
    config,
    db,
    payments: opts.payments,
    ...(opts.logStream ? { logStream: opts.logStream } : { logger: opts.logger ?? false }),
  })
  await app.ready()
  const passwordHash = await hashPassword(TEST_PASSWORD, config.scryptLog2N)
  let counter = 0
  let tables: string | undefined

  const server: TestServer = {
    app,
    db,
    config,
    async createUser(role, fields = {}) {
      counter += 1
      const username = fields.username ?? `${role}${counter}_${randomBytes(2).toString('hex')}`
      const email = fields.email ?? `${username.toLowerCase()}@example.test`
      const [row] = await db.query<{ id: string }>(
        'INSERT INTO users (username, email, password_hash, role) VALUES ($1, $2, $3, $4) RETURNING id',
        [username, email.toLowerCase(), passwordHash, role],
      )
      const token = await app.issueToken(row.id)
      return {
        id: row.id,
        username,
        email,
        role,
        password: TEST_PASSWORD,
        token,
        auth: { authorization: `Bearer ${token}` },
      }
    },
    async createCourse(owner, fields = {}) {
      const [row] = await db.query<{ id: string }>(
        'INSERT INTO courses (title, description, price_cents, instructor_id) VALUES ($1, $2, round($3::numeric * 100), $4) RETURNING id',
        [
          fields.title ?? 'Test course',
          fields.description ?? 'A course for tests',
          fields.price ?? 10,
          owner.id,
        ],
      )
      return row.id
    },
    async courseWorld(fields) {
      const owner = await server.createUser('instructor')
      const otherTeacher = await server.createUser('instructor')
      const admin = await server.createUser('admin')
      const enrolled = await server.createUser('student')
      const outsider = await server.createUser('student')
      const courseId = await server.createCourse(owner, fields)
      await db.query('INSERT INTO enrollments (course_id, student_id) VALUES ($1, $2)', [
        courseId,
        enrolled.id,
      ])
      return { owner, otherTeacher, admin, enrolled, outsider, courseId }
    },
    async reset() {
      tables ??= (await db.query<{ tables: string }>(TABLES_SQL))[0].tables
      await db.query(`TRUNCATE ${tables} CASCADE`)
      rmSync(config.mediaDir, { recursive: true, force: true })
      mkdirSync(config.mediaDir, { recursive: true })
    },
    async close() {
      await app.close()
      await db.close()
      await drop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
  return server
}

/**
 * One server and database per test file (built in beforeAll, emptied before each test, closed in afterAll).
 * Read `.current` inside tests and hooks.
 */
export function useTestServer(opts: BuildOptions = {}): { current: TestServer } {
  const holder = {} as { current: TestServer }
  // Generous: the first file on a busy machine may wait for the PGlite template to be built.
  beforeAll(async () => {
    holder.current = await buildServer(opts)
  }, 240_000)
  beforeEach(async () => {
    await holder.current.reset()
  })
  afterAll(async () => {
    await holder.current?.close()
  })
  return holder
}

/** A random UUID that names nothing. */
export const unknownId = () => '00000000-0000-4000-8000-' + randomBytes(6).toString('hex')
