import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApp } from './app'
import { secureDataFiles, securePrivateFolder, type Config } from './config'
import { onceOpen, type Db } from './db/db'
import { ANALYZE_EVERY_MS, ANALYZE_FIRST_MS, analyzeStale } from './db/analyze'
import { sendProblem } from './plugins/errors'
import { isEmpty, seedDemo } from './db/seed'
import { tuneMalloc } from './mallocTuning'
import { applyV8Workarounds } from './db/v8Workarounds.mjs'
import { createMediaStore } from './services/mediaStores'
import {
  demoAccounts,
  demoAccountsWithPublishedPasswords,
  exposureOf,
  isLoopbackHost,
} from './services/demoAccounts'

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

/**
 * The server once its database is opening (server/main.ts): the app built meanwhile, the schema checked, the demo
 * data seeded where it belongs, and listening. `phase` notes when each step ended (logged once listening).
 */
export async function serve({
  config,
  opening,
  started,
  phases,
  phase,
  prepareOnly = false,
}: {
  config: Config
  opening: Promise<Db>
  started: number
  phases: Record<string, number>
  phase: (name: string) => void
  /**
   * Only create the database (migrations, and the demo data where it belongs), then close it and end: `npm start`'s
   * first start on embedded PGlite runs this in a process of its own (scripts/start.mjs).
   */
  prepareOnly?: boolean
}): Promise<void> {
  // The app is built while PGlite loads (its WebAssembly compiles off this thread): on a Db whose calls wait for the
  // database (nothing the build does queries it). It only listens once the checks below have passed.
  const building = buildApp({ config, db: onceOpen(opening, config.databaseUrl ? 'postgres' : 'pglite') })
  // Object storage is checked while the database opens: a bucket that cannot be used stops the start (exit 1).
  const s3 = config.s3
  const bucketChecked = s3
    ? import('./services/s3MediaStore')
        .then((m) => m.bucketProblem(s3))
        .catch((err: Error) => `MEDIA_STORAGE=s3: could not check the bucket: ${err.message}`)
    : Promise.resolve(undefined)
  // The compression's onSend reads globalThis.Response on every answer, and the first read loads Node's fetch
  // (~45 ms of the first answer, /api/health's at a start): read once here, while the database still opens.
  building.then(() => globalThis.Response).catch(() => {})
  const db = await opening
  phase('database')
  /** Whether this start created or changed the schema (PGlite: its first start on the folder, or an upgrade). */
  let migrated = false
  try {
    if (!(await schemaIsCurrent(db))) {
      const { migrate } = await import('./db/migrate')
      await migrate(db)
      migrated = true
    }
    phase('migrations')
  } catch (err) {
    console.error(`Could not migrate the database: ${(err as Error).message}`)
    await db.close().catch(() => {})
    process.exit(1)
  }

  const bucketProblem = await bucketChecked
  if (bucketProblem) {
    console.error(bucketProblem)
    await db.close().catch(() => {})
    process.exit(1)
  }

  // Demo data only lands in an empty database: by default only an embedded one, or when SEED_DEMO=1 asks for it.
  const seed = (config.seedDemo ?? !config.databaseUrl) && (await isEmpty(db))

  // Reachable from other machines (a non-loopback HOST, or a reverse proxy in front): not while anyone can sign in with
  // a password published in the README. (Only this machine reaching it, the check is skipped: the demo is meant to be
  // tried locally.)
  const exposure = exposureOf(config.host, config.trustProxy)
  if (exposure) {
    const open = seed ? demoAccounts.map((a) => a.email) : await demoAccountsWithPublishedPasswords(db)
    if (open.length) {
      const one = open.length === 1
      console.error(
        [
          `Refusing to listen on ${exposure}: other machines could reach this server, and the demo account${one ? '' : 's'} ` +
            `${open.join(', ')} ${seed ? 'would be created with their' : one ? 'still has its' : 'still have their'} published password${one ? '' : 's'} (see the README).`,
          'Either:',
          '  - change those passwords: start without HOST and TRUST_PROXY (the server then listens on 127.0.0.1 only,',
          '    for this machine alone), sign in as each of these accounts and use "Change password" on its profile,',
          '    then start again with this setting; or',
          '  - start on a fresh DATA_DIR (or an empty database) with SEED_DEMO=0 and create your accounts with',
          '    printf \'%s\\n\' "$PASSWORD" | npm run user:create -- --username U --email E --role admin',
        ].join('\n'),
      )
      await db.close().catch(() => {})
      process.exit(1)
    }
  }

  phase('checks')
  const app = await building
  phase('app')
  if (seed) {
    await seedDemo(
      db,
      config.mediaDir,
      config.mediaStorage === 's3' ? await createMediaStore(config) : undefined,
    )
    app.log.info('seeded demo data (see README for the demo accounts)')
  }
  // Embedded PGlite's WebAssembly heap keeps the size a first start's initdb, migrations and seeding grew it to
  // (measured: 667 MB resident after a first start with the demo data, 141 MB on the same data started again):
  // PGlite is opened again on its folder before the server listens, which gives most of that memory back. (`npm
  // start` prepares a new folder in a process of its own instead, `--prepare`, which gives back all of it; this is
  // for an upgrade's migrations and for the other ways of starting.)
  if (!prepareOnly && (migrated || seed) && (await db.renew?.())) phase('renewed')
  // Folders and the secret made by an older version (or by hand) get the same private modes as new ones, and so do
  // the files PGlite creates with modes of its own (initdb's files 0666, its relation cache 0644) instead of the umask.
  // The data folder and the secret at once; the files below the (now private) folder once listening, see below.
  securePrivateFolder(config)
  if (prepareOnly) {
    // What a new database's first served minute would do once, done here, in the process whose memory goes back when
    // it ends: the posters and lengths of the demo's videos (where ffmpeg is installed), and the planner's statistics.
    // (Measured with `npm start` on an empty DATA_DIR, 20 s after listening: 163 MB resident when the server took the
    // demo's posters itself, 147 MB without ffmpeg.)
    if (seed) {
      const { mediaToolsAvailable } = await import('./services/mediaTools')
      if (await mediaToolsAvailable()) {
        const { MediaJobRunner } = await import('./services/mediaJobs')
        await new MediaJobRunner(db, app.mediaStore, { log: app.log }).runDue()
      }
    }
    await analyzeStale(db)
    await db.close()
    secureDataFiles(config)
    app.log.info({ ms: Date.now() - started, phases }, 'database prepared')
    process.exit(0)
  }
  const secureFiles = () => {
    try {
      secureDataFiles(config)
    } catch (err) {
      app.log.warn({ err }, 'could not tighten the data folder modes')
    }
  }
  if (!existsSync(join(config.distDir, 'index.html')))
    app.log.warn({ distDir: config.distDir }, 'no built SPA; serving the API only')

  let closing = false
  /** Stops the statistics checks of PGlite (set below, once listening). */
  let stopAnalyzing = () => {}
  // While closing: what is in flight finishes, anything new gets a 503 problem, and no connection is kept alive
  // (a kept-alive connection would hold the close open until the 10 s limit).
  // (Callback hooks: every request runs both, and an async hook costs a promise and a microtask turn each time.)
  app.addHook('onRequest', (_req, reply, done) => {
    if (!closing) return done()
    reply.header('connection', 'close')
    void sendProblem(reply, 503, 'The server is shutting down')
  })
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('connection', 'close')
    done(null, payload)
  })
  /** Stops the mail sender and the reminders (set below, once listening). */
  let stopMail = async () => {}
  let stopMediaJobs = async () => {}
  async function shutdown(signal: string) {
    if (closing) return
    closing = true
    stopAnalyzing()
    app.log.info({ signal }, 'shutting down')
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting')
      process.exit(1)
    }, 10_000)
    timer.unref()
    try {
      await app.close() // stops accepting, lets in-flight requests finish
      await stopMail() // after the requests, which may queue mail; a mail being sent is finished and marked
      await stopMediaJobs() // a poster being taken is finished and recorded
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

  await app.listen({ port: config.port, host: config.host })
  // Once listening, not before: the start's own work (PGlite's WebAssembly compiled, the server's modules) took 0.8 s
  // longer with each block from 16 KB up mapped on its own (server/mallocTuning.ts).
  const malloc = tuneMalloc()
  phase('listening')
  setTimeout(() => {
    if (!closing) secureFiles() // (else the shutdown does it)
  }, 1000).unref()
  const shown = isLoopbackHost(config.host)
    ? 'localhost'
    : config.host.includes(':')
      ? `[${config.host}]`
      : config.host
  app.log.info(
    // ms: from the start of this module to listening
    {
      database: db.kind,
      host: config.host,
      ms: Date.now() - started,
      phases,
      malloc,
      // the V8 settings set against bugs of this Node (server/db/v8Workarounds.mjs): before PGlite started, or here on
      // PostgreSQL
      v8Workarounds: applyV8Workarounds(),
    },
    `Chess Online Education listening on http://${shown}:${config.port}`,
  )

  // Mail queued in the outbox goes out from here (every instance runs a sender; each mail is claimed by one).
  const { startMail } = await import('./services/mail/runner')
  const mail = startMail(db, config, app.log)
  stopMail = () => mail.stop()
  app.log.info(
    config.smtpUrl ? { smtp: new URL(config.smtpUrl).host } : { folder: join(config.dataDir, 'mail') },
    config.smtpUrl ? 'mail goes out over SMTP' : 'mail is written as .eml files (no SMTP_URL)',
  )

  // Each upload's length and poster are taken here, from the durable jobs, where ffprobe and ffmpeg are installed
  // (every instance runs a worker; each job is claimed by one). Without them the jobs wait, and the page shows no
  // poster or length.
  const { mediaToolsAvailable } = await import('./services/mediaTools')
  if (await mediaToolsAvailable()) {
    const { MediaJobRunner } = await import('./services/mediaJobs')
    const jobs = new MediaJobRunner(db, app.mediaStore, { log: app.log })
    jobs.start(MEDIA_JOBS_EVERY_MS, (err) => {
      if (!closing) app.log.warn({ err }, 'video jobs could not run')
    })
    stopMediaJobs = () => jobs.stop()
  } else
    app.log.info(
      'ffmpeg and ffprobe are not on PATH: uploaded videos get no poster or length (install ffmpeg to turn them on)',
    )

  // Embedded PGlite has no autovacuum, so nothing gathers the planner's statistics (server/db/analyze.ts): the tables
  // that need it are analyzed shortly after the start, once the first requests have gone, and then every minute as
  // they grow. PostgreSQL's autovacuum does this by itself.
  if (db.kind === 'pglite') {
    const analyze = () =>
      analyzeStale(db).then(
        (tables) => {
          if (tables.length) app.log.info({ tables }, 'gathered the planner statistics of changed tables')
        },
        (err: unknown) => {
          if (!closing) app.log.warn({ err }, 'ANALYZE of changed tables failed')
        },
      )
    const first = setTimeout(() => void analyze(), ANALYZE_FIRST_MS)
    const every = setInterval(() => void analyze(), ANALYZE_EVERY_MS)
    first.unref()
    every.unref()
    stopAnalyzing = () => {
      clearTimeout(first)
      clearInterval(every)
    }
  }
}
