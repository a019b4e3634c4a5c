// `npm run bench`: how fast and light the product is, measured on this machine in one run.
// Prints one table and writes it as JSON to bench/results/bench.json. Everything runs on loopback.
//   - JS and CSS gzip bytes of a first visit (/home, /courses, /courses/{id}/modules, /blog), in Chromium
//   - Lighthouse performance score, LCP, TBT, CLS for /home and /courses, mobile and desktop presets (median of 3)
//   - requests and click-to-view time while a student goes courses -> modules -> courses -> modules -> courses
//   - time from an instructor's 'Update Module' click to the list showing the change
//   - the practice board's engine: bytes fetched when a level is chosen, its start, the first reply per level
//   - /analysis: the first evaluation after the engine is switched on, and a 40-move game's report beside the same
//     searches by the same engine in Node
//   - /analysis's engine, single-threaded against multi-threaded: the depth each reaches in 5 s from the start position
//     and from a middlegame, on a cross-origin-isolated page (bench/engineThreads.mjs, also runnable alone)
//   - autocannon rps/p50/p99 for four endpoints next to a bare node:http server answering the same bytes,
//     on PGlite and (when 127.0.0.1:5432 answers or DATABASE_URL is set) on PostgreSQL; server RSS after load
//   - learning progress, the same way: saveModuleProgress writes at 50 connections (each its own learner's row),
//     and GET /api/progress for a student with 20 courses x 20 modules watched (p50/p99 at 1 and 10 connections)
//   - the catalogue: the first page of GET /api/courses?limit=20 at 50 connections and a search for
//     'sicilian', over the seeded courses (200, or --courses N); that search again, each request with a key the
//     server has not kept
//   - the spec's course list on the demo data at 50 connections next to bare node:http: five pairs, the median
//     ratio (one pair's ratio moves by a third on a shared machine, and by half on a busy one)
//   - the request log's cost by where its lines go: none, pino's asynchronous destination (shipped), a synchronous
//     one, a transport's worker thread (bench/logging.mjs, also runnable alone)
//   - the server's resident memory while a 50 MB video is uploaded to object storage (s3rver, three times) and to the
//     local disk (bench/s3Upload.mjs, also runnable alone)
//   - the next puzzle chosen among 100,000 (p50/p99), with the rating indexes and without them (the baseline), on
//     PostgreSQL and PGlite (bench/puzzles.mjs, also runnable alone)
//   - cold start of `npm start` on an existing build, and on existing data the compiled server beside the tsx loader
// Options: --quick (1 s loads, no Lighthouse), --no-lighthouse, --no-postgres, --duration <s>, --courses <n> (seed n
// courses with realistic titles, some of them Sicilians, from six instructors, instead of 200 from one).
// Each figure family is a module of this folder; this runner reads the options, runs them in order and prints the
// tables (bench/table.mjs).
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'
import { chromium } from 'playwright-core'
import { chromiumFlags, ensureBuild, findChromium, startServer } from '../tests/e2e/support/server.mjs'
import { firstVisitFigures } from './bytes.mjs'
import { existingDataFigures, npmStartFigures } from './coldStart.mjs'
import { analysisFigures } from './analysis.mjs'
import { engineFigures } from './engine.mjs'
import { engineThreadsFigures } from './engineThreads.mjs'
import { lighthouseFigures } from './lighthouse.mjs'
import { loggingFigures } from './logging.mjs'
import { navigationFigures } from './navigation.mjs'
import { moduleUpdateFigures } from './optimistic.mjs'
import { puzzleFigures } from './puzzles.mjs'
import { s3UploadFigures } from './s3Upload.mjs'
import { seed } from './seed.mjs'
import { CONNECTIONS, PROGRESS, SHIPPED, accounts, log, round } from './support.mjs'
import { report } from './table.mjs'
import { demoListFigures, loadFigures, postgresUrl } from './throughput.mjs'

const args = process.argv.slice(2)
const quick = args.includes('--quick')
const durationIdx = args.indexOf('--duration')
const duration = durationIdx >= 0 ? Number(args[durationIdx + 1]) : quick ? 1 : 5
const withLighthouse = !quick && !args.includes('--no-lighthouse')
const withPostgres = !args.includes('--no-postgres')
const coursesIdx = args.indexOf('--courses')
const courseCount = coursesIdx >= 0 ? Number(args[coursesIdx + 1]) : 200
if (!Number.isInteger(courseCount) || courseCount < 2 + PROGRESS.courses) {
  console.error(`bench: --courses needs a whole number of courses, ${2 + PROGRESS.courses} or more`)
  process.exit(1)
}

const results = {
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    memoryGB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadAverageAtStart: loadavg().map((n) => round(n, 1)),
  },
  settings: { loadSeconds: duration, connections: CONNECTIONS, courses: courseCount },
  firstVisit: [],
  lighthouse: [],
  navigation: undefined,
  moduleUpdate: undefined,
  engine: undefined,
  analysis: undefined,
  engineThreads: undefined,
  server: {},
  coldStart: undefined,
  upload: undefined,
  puzzles: undefined,
  notes: [],
}

// ---------------------------------------------------------------- setup
if (!ensureBuild()) process.exit(1)
const chromiumPath = findChromium()
if (!chromiumPath) {
  console.error('bench: no Chromium (CHROMIUM_PATH or /usr/bin/chromium); browser figures need it')
  process.exit(1)
}

// ---------------------------------------------------------------- run
const stops = []
process.on('SIGINT', async () => {
  for (const s of stops) await s().catch(() => {})
  process.exit(130)
})

try {
  log('starting the server on PGlite')
  const server = await startServer({
    users: Object.values(accounts),
    databaseUrl: null,
    env: SHIPPED,
    logFile: true,
  })
  stops.push(server.stop)
  const data = await seed(server.url, courseCount)
  log('browser figures')
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags })
  try {
    await firstVisitFigures(browser, server.url, data, results.firstVisit)
    results.navigation = await navigationFigures(browser, server.url, data)
    results.moduleUpdate = await moduleUpdateFigures(browser, server.url, data)
    log('practice engine')
    results.engine = await engineFigures(browser, server.url)
    log('analysis board')
    results.analysis = await analysisFigures(browser, server.url)
    log("analysis engine's threads")
    results.engineThreads = await engineThreadsFigures(browser)
  } finally {
    await browser.close()
  }
  if (withLighthouse) {
    log('Lighthouse')
    await lighthouseFigures(server.url, chromiumPath, results.lighthouse)
  }
  log('load on PGlite')
  results.server.pglite = await loadFigures('pglite', server, data, { duration, courseCount })
  await server.stop()
  stops.pop()

  const pgUrl = withPostgres ? await postgresUrl() : undefined
  if (pgUrl) {
    log('load on PostgreSQL')
    const pgServer = await startServer({
      users: Object.values(accounts),
      databaseUrl: pgUrl,
      env: SHIPPED,
      logFile: true,
    })
    stops.push(pgServer.stop)
    const pgData = await seed(pgServer.url, courseCount)
    results.server.postgres = await loadFigures('postgres', pgServer, pgData, { duration, courseCount })
    await pgServer.stop()
    stops.pop()
  } else
    results.notes.push(
      withPostgres
        ? 'PostgreSQL: skipped (nothing answers on 127.0.0.1:5432 and DATABASE_URL is unset)'
        : 'PostgreSQL: skipped (--no-postgres)',
    )

  log("the spec's list on the demo data")
  // At npm start's default log level, and beside it at LOG_LEVEL=warn (no request log) for comparison.
  results.server.demoList = []
  for (const logLevel of [undefined, 'warn']) {
    results.server.demoList.push(...(await demoListFigures('pglite', null, { duration, quick, logLevel })))
    if (pgUrl)
      results.server.demoList.push(
        ...(await demoListFigures('postgres', pgUrl, { duration, quick, logLevel })),
      )
  }

  log('the next puzzle among 100,000')
  results.puzzles = await puzzleFigures({ withPostgres, runs: quick ? 100 : 500 })
  log('the request log, by where its lines go')
  results.logging = await loggingFigures({ duration, rounds: quick ? 1 : 3 })

  log("a 50 MB upload to object storage (s3rver) and to the disk: the server's memory")
  results.upload = await s3UploadFigures(quick ? 1 : 3)

  log('cold start of npm start')
  results.coldStart = await npmStartFigures(results.notes)
  log('cold start on existing data: compiled server and tsx loader')
  results.coldStart.existingData = await existingDataFigures()
} catch (e) {
  for (const s of stops) await s().catch(() => {})
  console.error(`bench failed: ${e.stack ?? e}`)
  process.exitCode = 1
}

// ---------------------------------------------------------------- report
mkdirSync('bench/results', { recursive: true })
writeFileSync('bench/results/bench.json', JSON.stringify(results, null, 2))
console.log(report(results))
