import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance as App } from 'fastify'
import { buildApp } from './app'
import { secureDataFiles, securePrivateFolder, type Config } from './config'
import { onceOpen, type Db } from './db/db'
import { ANALYZE_EVERY_MS, ANALYZE_FIRST_MS, analyzeStale } from './db/analyze'
import { sendProblem } from './plugins/errors'
import { isEmpty, seedDemo } from './db/seed'
import { loadStarterPuzzles } from './db/starterPuzzles'
import { createMediaStore } from './services/media/mediaStores'
import {
  demoAccounts,
  demoAccountsWithPublishedPasswords,
  exposureOf,
  isLoopbackHost,
  refusalToListen,
  wantsDemoData,
} from './services/accounts/demoAccounts'

/** How often a worker looks for video jobs (every instance runs one where ffmpeg is installed). */
const MEDIA_JOBS_EVERY_MS = 5_000

const migrationsDir = fileURLToPath(new URL('./db/migrations', import.meta.url))

/**
 * True when the database holds exactly the migrations in server/db/migrations, each unchanged (postgrator's md5 of
 * the file): then the migration run is skipped, and with it postgrator's look into information_schema and one
 * query per migration, which are most of a start on existing data. Anything else goes through migrate().
 */
async function schemaIsCurrent(db: Db): Promise<boolean> {
  const [found] = await db.query<{ name: string | null }>("SELECT to_regclass('schemaversion')::text AS name")
  if (!found?.name) return false
  const applied = await db.query<{ version: number | string; md5: string | null }>(
    'SELECT version, md5 FROM schemaversion WHERE version > 0',
  )
  const files = readdirSync(migrationsDir).filter((f) => /^\d+\.do\..*\.sql$/.test(f))
  if (applied.length !== files.length) return false
  const md5s = new Map(applied.map((row) => [Number(row.version), row.md5]))
  return files.every(
    (file) =>
      md5s.get(Number(file.split('.')[0])) ===
      createHash('md5')
        .update(readFileSync(join(migrationsDir, file), 'utf8'))
        .digest('hex'),
  )
}

/** Closes the database and ends the process with exit code 1, after saying why. */
async function fail(db: Db, message: string): Promise<never> {
  console.error(message)
  await db.close().catch(() => {})
  process.exit(1)
}

/** Migrates the database unless its schema is current (an embedded database's first start, or an upgrade). */
async function migrateIfNeeded(db: Db): Promise<void> {
  try {
    if (await schemaIsCurrent(db)) return
    const { migrate } = await import('./db/migrate')
    await migrate(db)
  } catch (err) {
    await fail(db, `Could not migrate the database: ${(err as Error).message}`)
  }
}

/**
 * Whether this start seeds the demo data, having refused (exit 1) to go on where other machines could reach the
 * server while a demo account accepts its published password. (Only this machine reaching it, the check is skipped:
 * the demo is meant to be tried locally.)
 */
async function checkDemoAccounts(db: Db, config: Config): Promise<boolean> {
  const seed = wantsDemoData(config.seedDemo, !config.databaseUrl) && (await isEmpty(db))
  const exposure = exposureOf(config.host, config.trustProxy)
  if (!exposure) return seed
  const open = seed ? demoAccounts.map((a) => a.email) : await demoAccountsWithPublishedPasswords(db)
  const refusal = refusalToListen(exposure, open, seed)
  if (refusal) await fail(db, refusal)
  return seed
}

/** What the server's shutdown stops, set as each part starts; `closing` once a signal came. */
interface Running {
  closing: boolean
  /** The statistics checks of PGlite, the mail sender and reminders, the video jobs. */
  stopAnalyzing: () => void
  stopMail: () => Promise<void>
  stopMediaJobs: () => Promise<void>
}

/** Makes the files below the (private) data folder private too, warning when it cannot. */
function secureFilesOf(app: App, config: Config): () => void {
  return () => {
    try {
      secureDataFiles(config)
    } catch (err) {
      app.log.warn({ err }, 'could not tighten the data folder modes')
    }
  }
}

/**
 * On SIGTERM and SIGINT: what is in flight finishes, anything new gets a 503 problem, no connection is kept alive
 * (a kept-alive connection would hold the close open until the 10 s limit), then each part stops and the process
 * ends (exit 0; 1 when that fails or takes longer than 10 s).
 */
function handleShutdown(app: App, db: Db, running: Running, secureFiles: () => void): void {
  // (Callback hooks: every request runs both, and an async hook costs a promise and a microtask turn each time.)
  app.addHook('onRequest', (_req, reply, done) => {
    if (!running.closing) return done()
    reply.header('connection', 'close')
    void sendProblem(reply, 503, 'The server is shutting down')
  })
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (running.closing) reply.header('connection', 'close')
    done(null, payload)
  })
  async function shutdown(signal: string) {
    if (running.closing) return
    running.closing = true
    running.stopAnalyzing()
    app.log.info({ signal }, 'shutting down')
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting')
      process.exit(1)
    }, 10_000)
    timer.unref()
    try {
      await app.close() // stops accepting, lets in-flight requests finish
      await running.stopMail() // after the requests, which may queue mail; a mail being sent is finished and marked
      await running.stopMediaJobs() // a poster being taken is finished and recorded
      await db.close()
      // PGlite writes a few files (its relation cache) with its own modes, not the umask: tidy up after it.
      secureFiles()
      process.exit(0)
    } catch (err) {
      app.log.error({ err }, 'error during shutdown')
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

/**
 * Mail queued in the outbox goes out from here (every instance runs a sender; each mail is claimed by one), and each
 * upload's length and poster are taken from the durable jobs where ffprobe and ffmpeg are installed (every instance
 * runs a worker; each job is claimed by one; without them the jobs wait, and the page shows no poster or length).
 */
async function startWorkers(app: App, db: Db, config: Config, running: Running): Promise<void> {
  const { startMail } = await import('./services/mail/runner')
  const mail = startMail(db, config, app.log)
  running.stopMail = () => mail.stop()
  app.log.info(
    config.smtpUrl ? { smtp: new URL(config.smtpUrl).host } : { folder: join(config.dataDir, 'mail') },
    config.smtpUrl ? 'mail goes out over SMTP' : 'mail is written as .eml files (no SMTP_URL)',
  )

  const { mediaToolsAvailable } = await import('./services/media/mediaTools')
  if (await mediaToolsAvailable()) {
    const { MediaJobRunner } = await import('./services/media/mediaJobs')
    const jobs = new MediaJobRunner(db, app.mediaStore, { log: app.log })
    jobs.start(MEDIA_JOBS_EVERY_MS, (err) => {
      if (!running.closing) app.log.warn({ err }, 'video jobs could not run')
    })
    running.stopMediaJobs = () => jobs.stop()
  } else
    app.log.info(
      'ffmpeg and ffprobe are not on PATH: uploaded videos get no poster or length (install ffmpeg to turn them on)',
    )
}

/**
 * Embedded PGlite has no autovacuum, so nothing gathers the planner's statistics (server/db/analyze.ts): the tables
 * that need it are analyzed shortly after the start, once the first requests have gone, and then every minute as
 * they grow. PostgreSQL's autovacuum does this by itself.
 */
function startAnalyzing(app: App, db: Db, running: Running): void {
  if (db.kind !== 'pglite') return
  const analyze = () =>
    analyzeStale(db).then(
      (tables) => {
        if (tables.length) app.log.info({ tables }, 'gathered the planner statistics of changed tables')
      },
      (err: unknown) => {
        if (!running.closing) app.log.warn({ err }, 'ANALYZE of changed tables failed')
      },
    )
  const first = setTimeout(() => void analyze(), ANALYZE_FIRST_MS)
  const every = setInterval(() => void analyze(), ANALYZE_EVERY_MS)
  first.unref()
  every.unref()
  running.stopAnalyzing = () => {
    clearTimeout(first)
    clearInterval(every)
  }
}

/**
 * The app built while the database opens, on a Db whose calls wait for it (nothing the build does queries it); and
 * object storage checked meanwhile, to the problem that stops the start (exit 1), if any.
 */
function prepareWhileOpening(config: Config, opening: Promise<Db>) {
  const building = buildApp({ config, db: onceOpen(opening, config.databaseUrl ? 'postgres' : 'pglite') })
  const s3 = config.s3
  const bucketChecked = s3
    ? import('./services/media/s3MediaStore')
        .then((m) => m.bucketProblem(s3))
        .catch((err: Error) => `MEDIA_STORAGE=s3: could not check the bucket: ${err.message}`)
    : Promise.resolve(undefined)
  // The compression's onSend reads globalThis.Response on every answer, and the first read loads Node's fetch
  // (~45 ms of the first answer, /api/health's at a start): read once here, while the database still opens.
  building.then(() => globalThis.Response).catch(() => {})
  return { building, bucketChecked }
}

/**
 * The server once its database is opening (server/main.ts): the app built meanwhile, the schema checked, the demo
 * data seeded where it belongs, and listening. `phase` notes when each step ended (logged once listening). A first
 * start on an empty folder migrates, seeds and serves in this one process.
 */
export async function serve({
  config,
  opening,
  started,
  phases,
  phase,
}: {
  config: Config
  opening: Promise<Db>
  started: number
  phases: Record<string, number>
  phase: (name: string) => void
}): Promise<void> {
  const { building, bucketChecked } = prepareWhileOpening(config, opening)
  const db = await opening
  phase('database')
  await migrateIfNeeded(db)
  phase('migrations')
  const puzzlesAdded = await loadStarterPuzzles(db)
  phase('puzzles')
  const bucketProblem = await bucketChecked
  if (bucketProblem) await fail(db, bucketProblem)
  const seed = await checkDemoAccounts(db, config)
  phase('checks')
  const app = await building
  phase('app')
  if (puzzlesAdded) app.log.info({ puzzlesAdded }, 'starter puzzles added')
  if (seed) {
    await seedDemo(
      db,
      config.mediaDir,
      config.mediaStorage === 's3' ? await createMediaStore(config) : undefined,
    )
    app.log.info('seeded demo data (see README for the demo accounts)')
  }
  // Folders and the secret made by an older version (or by hand) get the same private modes as new ones, and so do
  // the files PGlite creates with modes of its own (initdb's files 0666, its relation cache 0644) instead of the umask.
  // The data folder and the secret at once; the files below the (now private) folder once listening, see below.
  securePrivateFolder(config)
  const secureFiles = secureFilesOf(app, config)
  if (!existsSync(join(config.distDir, 'index.html')))
    app.log.warn({ distDir: config.distDir }, 'no built SPA; serving the API only')

  const running: Running = {
    closing: false,
    stopAnalyzing: () => {},
    stopMail: async () => {},
    stopMediaJobs: async () => {},
  }
  handleShutdown(app, db, running, secureFiles)
  await app.listen({ port: config.port, host: config.host })
  phase('listening')
  setTimeout(() => {
    if (!running.closing) secureFiles() // (else the shutdown does it)
  }, 1000).unref()
  const shown = isLoopbackHost(config.host)
    ? 'localhost'
    : config.host.includes(':')
      ? `[${config.host}]`
      : config.host
  app.log.info(
    // ms: from the start of this module to listening
    { database: db.kind, host: config.host, ms: Date.now() - started, phases },
    `Chess Online Education listening on http://${shown}:${config.port}`,
  )
  await startWorkers(app, db, config, running)
  startAnalyzing(app, db, running)
}
