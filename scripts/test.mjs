// `npm test`: the checks, the unit and server suites, the build and the browser journeys on embedded PGlite, on the
// machine's Node, with one closing count. Not in it: the trust suite (`npm run test:trust`) and the engine's strength
// check (`npm run test:engine`), which CI runs in its PostgreSQL part.
// `node scripts/test.mjs --postgres`: on the PostgreSQL named by DATABASE_URL, the server suite, the journeys whose
// point is the database (sessions, known devices, checkout), the trust suite and, beside the journeys, the engine's
// strength check; its closing count includes the earlier runs'.
// `node scripts/test.mjs --node-lines [LINE...]`: a smoke set on other Node lines (default: 24 and 26, see
// scripts/node-lines.mjs): what a Node line changes under the product (start, migrations, PGlite's thread, uploads,
// Web Storage and a sample of routes); its closing count also includes earlier runs'.
// Each stage prints how long it took.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'

const postgres = process.argv.includes('--postgres')
const nodeLines = process.argv.includes('--node-lines')
const totalsFile = '.tmp/totals.json'
mkdirSync('.tmp', { recursive: true })
const totals =
  (postgres || nodeLines) && existsSync(totalsFile)
    ? JSON.parse(readFileSync(totalsFile, 'utf8'))
    : { passed: 0, failed: 0, skipped: 0 }

// Browser journeys that passed only when run again (tests/e2e/support/retriedReporter.mjs), over all three parts.
const retriedFile = '.tmp/e2e-retried.jsonl'
if (!postgres && !nodeLines) rmSync(retriedFile, { force: true })

function finish(code) {
  writeFileSync(totalsFile, JSON.stringify(totals))
  const retried = existsSync(retriedFile)
    ? readFileSync(retriedFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l).test)
    : []
  if (retried.length)
    console.log(`\nPassed only on a retry (${retried.length}):\n${retried.map((t) => `  ${t}`).join('\n')}`)
  if (process.env.CI_STARTED) {
    const total = Math.round(Date.now() / 1000) - Number(process.env.CI_STARTED)
    console.log(`\nCI: the whole run took ${Math.floor(total / 60)} min ${total % 60} s`)
  }
  console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
  process.exit(code)
}

function count(jsonFile) {
  if (!existsSync(jsonFile)) return
  const r = JSON.parse(readFileSync(jsonFile, 'utf8'))
  totals.passed += r.numPassedTests ?? 0
  totals.failed += r.numFailedTests ?? 0
  totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0)
  rmSync(jsonFile)
  return r.numFailedTests ?? 0
}

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`

function run(label, cmd, args, { env = {}, json } = {}) {
  console.log(`\n=== ${label}`)
  const started = Date.now()
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  console.log(`=== ${label}: ${seconds(started)}`)
  const failedTests = json ? (count(json) ?? 0) : 0
  if (r.status !== 0) {
    console.error(`\n${label} failed (exit ${r.status ?? r.signal})`)
    // A step that fails without a failing test (a check, or errors outside any test) counts as one failure.
    if (!failedTests) totals.failed += 1
    finish(1)
  }
}

/**
 * Steps that only read the tree (checks), run side by side on the machine's cores: each one's output is printed in
 * one piece once it ends, in the order given; a failed one fails the run like `run`.
 */
async function runTogether(steps) {
  const started = Date.now()
  const results = steps.map(
    ({ label, cmd, args, env = {} }) =>
      new Promise((resolve) => {
        const child = spawn(cmd, args, { env: { ...process.env, ...env, FORCE_COLOR: '1' } })
        let output = ''
        child.stdout.on('data', (d) => (output += d))
        child.stderr.on('data', (d) => (output += d))
        child.on('close', (code, signal) =>
          resolve({ label, code: code ?? signal, output, seconds: (Date.now() - started) / 1000 }),
        )
      }),
  )
  for (const pending of results) {
    const { label, code, output, seconds } = await pending
    console.log(`\n=== ${label} (side by side; ended after ${seconds.toFixed(0)} s)`)
    process.stdout.write(output)
    if (code !== 0) {
      console.error(`\n${label} failed (exit ${code})`)
      totals.failed += 1
      await Promise.all(results)
      finish(1)
    }
  }
}

// The journeys in two halves side by side, each with its own server (they mostly wait on the browser), then those
// that time the first paints alone (scripts/e2e.mjs, ALONE): beside another half, a paint came a task late.
const e2eShards = ['--shards', '2']

// The journeys whose point is the database: sessions and their revocation, known devices, a checkout with its
// webhook and receipt. The others look at what the browser draws, downloads and takes as input, which the database
// does not change; they run on PGlite in `npm test`, and the server calls under them run on both databases in the
// server suite. CI runs these three once, on PostgreSQL (`.ci/run` sets DATABASE_JOURNEYS_ON_POSTGRES=1, and its
// PostgreSQL part runs them); `npm test` alone runs them on PGlite with the rest.
const databaseJourneys = ['sessions', 'knownDevice', 'stripeCheckout'].map((f) => `tests/e2e/${f}.e2e.ts`)
const laterOnPostgres = process.env.DATABASE_JOURNEYS_ON_POSTGRES === '1'

/**
 * The server test files that go through the database DATABASE_URL names: those that build the app on a fresh
 * database (tests/helpers/buildServer.ts) or read DATABASE_URL themselves. Not these, which ran in `npm test` and
 * would only repeat it: the files that test PGlite itself or spawn `npm start`-like servers and the user:create
 * command on data folders (PGlite whatever DATABASE_URL says), and those that touch no database at all.
 */
const PGLITE_ONLY = [
  'startup',
  'compiledServer',
  'userCreate',
  'fileModes',
  'seedDemo',
  'pgliteThread',
  'pgliteHang',
  'logFlush',
]
/**
 * And these, which build the app on a database but check what the database does not change: the hashing cost, slow
 * clients' sockets, the request log's line, and how long patterns take on long input.
 */
const NOT_ABOUT_THE_DATABASE = ['passwords', 'timeouts', 'requestLog', 'slowInput']
const leftOutOnPostgres = new Set([...PGLITE_ONLY, ...NOT_ABOUT_THE_DATABASE])
function postgresServerFiles() {
  const files = []
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`
      if (entry.isDirectory()) walk(path)
      else if (
        entry.name.endsWith('.test.ts') &&
        !leftOutOnPostgres.has(entry.name.replace('.test.ts', '')) &&
        /\b(buildServer|useTestServer)\(|process\.env\.DATABASE_URL/.test(readFileSync(path, 'utf8'))
      )
        files.push(path)
    }
  }
  walk('tests/server')
  return files.sort()
}

const vitestJson = (file) => ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`]

/**
 * The smoke set of the other Node lines: what a Node line changes under the product. The server's start on a new and
 * an existing data folder (with its migrations and the demo data), the start-up rules, PGlite's thread (its stop and
 * new start), uploads (multipart, ffmpeg, object storage), and a sample of routes (sign-in, the course list,
 * health); the SPA's tooling under jsdom (Node's fetch, FormData and Blob, Web Storage: Node 25 and later have a
 * `localStorage` of their own). The full suites run once, on the machine's Node (`npm test`).
 */
const NODE_LINE_SMOKE = {
  server: [
    'tests/server/startup.test.ts',
    'tests/server/compiledServer.test.ts',
    'tests/server/pgliteThread.test.ts',
    'tests/server/media.test.ts',
    'tests/server/routes/auth.test.ts',
    'tests/server/routes/courses.test.ts',
    'tests/server/routes/health.test.ts',
  ],
  web: [
    'tests/api/webEnvironment.test.ts',
    'tests/app/persistStorage.test.ts',
    'tests/features/modules/ModuleUpload.test.tsx',
    // The shipped engine's WebAssembly under each Node line, through the analysis wrapper: lines, mates, and a fresh
    // search giving the same lines (the report's corpus, 30 s a line, runs on the machine's Node only: the marks are
    // the kernel's, the engine's answers are what this file checks).
    'tests/features/game/uciAnalysis.test.ts',
  ],
}

// --node-lines: the smoke set with each other Node line first on PATH (installed into .node-lines/ when missing).
// No type check there: TypeScript 7's `tsc` is a native binary, the same whatever Node starts it.
async function runNodeLines() {
  const { DEFAULT_LINES, envFor } = await import('./node-lines.mjs')
  const asked = process.argv.slice(2).filter((a) => /^\d+$/.test(a))
  const lines = asked.length ? asked : DEFAULT_LINES
  const files = [...NODE_LINE_SMOKE.server, ...NODE_LINE_SMOKE.web].filter((f) => existsSync(f))
  for (const line of lines) {
    const env = { PATH: envFor(line).PATH, DATABASE_URL: '' }
    run(`Node ${line}: version`, 'node', ['--version'], { env })
    // At least 2 workers: vitest's default on a 2-core machine (CI's) is 1, which leaves a core mostly idle.
    const workers = Math.max(2, availableParallelism() - 1)
    const json = `.tmp/node${line}.json`
    const args = [
      'run',
      '--project',
      'web*',
      '--project',
      'server*',
      `--maxWorkers=${workers}`,
      ...vitestJson(json),
    ]
    run(`Node ${line}: smoke set`, 'node_modules/.bin/vitest', [...args, ...files], { env, json })
  }
}

if (nodeLines) {
  await runNodeLines()
} else if (!postgres) {
  // The checks are single-threaded each: the type-aware lint beside the type check (the longest two), the rest
  // beside them.
  await runTogether([
    {
      label: 'Lint (ESLint: type-aware rules, layer boundaries)',
      cmd: 'npx',
      args: ['eslint', '--max-warnings', '0', '.'],
    },
    { label: 'Type check (TypeScript 7)', cmd: 'npm', args: ['run', '--silent', 'typecheck'] },
    { label: 'OpenAPI lint', cmd: 'node', args: ['scripts/lint-openapi.mjs'] },
    {
      label: 'Format (prettier --check)',
      cmd: 'npx',
      args: ['prettier', '--check', '--log-level', 'warn', '.'],
    },
    { label: 'Generated API up to date', cmd: 'node', args: ['scripts/codegen-check.mjs'] },
    { label: 'Opening names up to date', cmd: 'node', args: ['scripts/opening-names.mjs', '--check'] },
  ])
  run(
    'Unit and server tests on PGlite (vitest)',
    'npx',
    ['vitest', 'run', ...vitestJson('.tmp/vitest.json')],
    {
      env: { DATABASE_URL: '' },
      json: '.tmp/vitest.json',
    },
  )
  run('Build', 'npx', ['vite', 'build', '--logLevel', 'warn'])
  const e2eArgs = [
    ...e2eShards,
    ...(laterOnPostgres ? databaseJourneys.flatMap((f) => ['--exclude', f]) : []),
  ]
  run('Browser tests on PGlite', 'node', ['scripts/e2e.mjs', '--json', '.tmp/e2e.json', ...e2eArgs], {
    env: { DATABASE_URL: '' },
    json: '.tmp/e2e.json',
  })
} else {
  if (!process.env.DATABASE_URL) {
    console.error('--postgres needs DATABASE_URL')
    process.exit(2)
  }
  run(
    'Server tests on PostgreSQL (the files whose tests use the database DATABASE_URL names)',
    'npx',
    ['vitest', 'run', '--project', 'server*', ...vitestJson('.tmp/pg.json'), ...postgresServerFiles()],
    {
      json: '.tmp/pg.json',
    },
  )
  // The engine's strength check (`npm run test:engine`) beside the browser journeys, which mostly wait on the
  // browser: it is not part of `npm test`, where it would add minutes to every run. Six games per match instead of
  // ten, so that it ends about when the journeys do (12 games of about 10 s on two cores): Level 8 must then win all
  // six against random moves and five of six against Level 1 (the same 90% and 80%, rounded up).
  console.log('\n=== Engine strength check (beside the browser journeys; its output follows them)')
  const engineLog = '.tmp/engine-strength.log'
  const engine = new Promise((resolve) => {
    const child = spawn('node', ['scripts/engine-strength.mjs', '--games', '6'], {
      stdio: ['ignore', openSync(engineLog, 'w'), openSync(engineLog, 'a')],
    })
    child.on('exit', (code, signal) => resolve(code ?? signal))
  })
  run(
    'Browser tests on PostgreSQL (the journeys whose point is the database)',
    'node',
    ['scripts/e2e.mjs', '--json', '.tmp/e2e-pg.json', ...databaseJourneys],
    { json: '.tmp/e2e-pg.json' },
  )
  const engineExit = await engine
  console.log(`\n=== Engine strength check\n${readFileSync(engineLog, 'utf8')}`)
  if (engineExit === 0) totals.passed += 1
  else {
    console.error(`\nEngine strength check failed (exit ${engineExit})`)
    totals.failed += 1
    finish(1)
  }
  // The authorization matrix and the hostile input on PostgreSQL only: the server tests ran on both databases,
  // and `npm run test:trust` without DATABASE_URL runs these on PGlite.
  run(
    'Trust suite (authorization, hostile input, races, faults)',
    'node',
    ['scripts/trust.mjs', '--json', '.tmp/trust.json'],
    { json: '.tmp/trust.json', env: { TRUST_DATABASES: 'postgres' } },
  )
}
finish(totals.failed ? 1 : 0)
