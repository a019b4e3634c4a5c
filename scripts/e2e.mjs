// Browser tests: `node scripts/e2e.mjs [--json out.json] [--shards N] [vitest args...]`.
// Builds the SPA when dist/ is missing or stale, starts the real server on a free port with a fresh
// DATA_DIR (and a fresh database when DATABASE_URL is set), creates the test accounts with
// `npm run user:create`, runs tests/e2e/**/*.e2e.ts in Chromium, and always stops the server.
// With --shards N (or E2E_SHARDS=N), N such runs side by side, each with its own server, accounts, data and
// database and 1/N of the files (vitest's --shard): the journeys mostly wait on the browser, so two of them share
// two cores well; the journeys that time the first paints (ALONE) then run by themselves. Each run's output is
// printed in one piece when it ends; the summary adds them up.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { createUsers, ensureBuild, findChromium, startServer } from '../tests/e2e/support/server.mjs'

const argv = process.argv.slice(2)
let jsonOut
let shards = Number(process.env.E2E_SHARDS ?? 1)
const passThrough = []
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--json') jsonOut = argv[++i]
  else if (argv[i] === '--shards') shards = Number(argv[++i])
  else passThrough.push(argv[i])
}
if (!Number.isInteger(shards) || shards < 1) {
  console.error('e2e: --shards takes a whole number of at least 1')
  process.exit(2)
}

/**
 * The journeys that time the first paints (a MutationObserver's records before each paint, the layout shift, the
 * first contentful paint before any script): beside another shard, on two cores, a paint can come a task late.
 */
const ALONE = ['tests/e2e/shell.e2e.ts']

/** Whether vitest's arguments name files (or a part of a file's name) to run. */
const hasFileFilters = (args) =>
  args.some((a, i) => !a.startsWith('-') && !args[i - 1]?.match(/^(--exclude|-t)$/))
/** The files vitest's arguments --exclude, and the arguments without them. */
const excludedFiles = (args) => new Set(args.filter((_, i) => args[i - 1] === '--exclude'))
const withoutExcludes = (args) => args.filter((a, i) => a !== '--exclude' && args[i - 1] !== '--exclude')

function writeSummary(summary) {
  if (!jsonOut) return
  mkdirSync(dirname(jsonOut), { recursive: true })
  writeFileSync(jsonOut, JSON.stringify(summary, null, 2))
}

// 1. Build when needed.
if (!ensureBuild()) {
  writeSummary({ numPassedTests: 0, numFailedTests: 1, numPendingTests: 0, success: false })
  process.exit(1)
}

// 2. A browser, or a loud skip outside CI.
const chromium = findChromium({ headlessShell: true })
if (!chromium) {
  const banner = '!'.repeat(78)
  if (process.env.CI === 'true') {
    console.error(
      `${banner}\ne2e: no Chromium found (CHROMIUM_PATH or /usr/bin/chromium) - failing because CI=true\n${banner}`,
    )
    writeSummary({ numPassedTests: 0, numFailedTests: 1, numPendingTests: 0, success: false })
    process.exit(1)
  }
  console.warn(
    `${banner}\n!! BROWSER TESTS SKIPPED: no Chromium at CHROMIUM_PATH or /usr/bin/chromium.\n` +
      `!! Install it (apt-get install -y chromium) to run the end-to-end journeys.\n${banner}`,
  )
  // One pending entry so the closing count of `npm test` shows that something was skipped.
  writeSummary({
    numPassedTests: 0,
    numFailedTests: 0,
    numPendingTests: 1,
    success: true,
    skipped: 'no chromium',
  })
  process.exit(0)
}

const password = () => `Pw-${randomBytes(9).toString('base64url')}`
/**
 * The journeys' accounts, with new passwords each run; a shard started on its parent's embedded database
 * (E2E_TEMPLATE_DATA_DIR, step 3) takes the accounts that database holds (E2E_ACCOUNTS, as the journeys read them).
 */
const accounts = process.env.E2E_TEMPLATE_DATA_DIR
  ? JSON.parse(process.env.E2E_ACCOUNTS)
  : {
      admin: { username: 'e2e_admin', email: 'e2e_admin@example.test', password: password(), role: 'admin' },
      instructor: {
        username: 'e2e_teacher',
        email: 'e2e_teacher@example.test',
        password: password(),
        role: 'instructor',
      },
      student: {
        username: 'e2e_pupil',
        email: 'e2e_pupil@example.test',
        password: password(),
        role: 'student',
      },
      promoted: {
        username: 'e2e_promoted',
        email: 'e2e_promoted@example.test',
        password: password(),
        role: 'student',
      },
    }

// 3. Side by side: this script again per shard, each with its own server (steps 4 and 5 below); then, without file
// filters, the files that time what the browser paints (ALONE) in one more run, with the machine to themselves.
if (shards > 1) {
  const started = Date.now()
  // On the embedded database, the accounts are made once, into a DATA_DIR each shard's server starts on a copy of:
  // `npm run user:create` opens the database anew for each account (about 2.5 s each, 6 s for the first).
  const template = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'coe-e2e-accounts-'))
  if (template) {
    const env = { ...process.env, DATA_DIR: template, SEED_DEMO: '0' }
    delete env.DATABASE_URL
    createUsers(Object.values(accounts), env)
  }
  const shared = template ? { E2E_TEMPLATE_DATA_DIR: template, E2E_ACCOUNTS: JSON.stringify(accounts) } : {}
  const excluded = excludedFiles(passThrough)
  const alone = hasFileFilters(passThrough) ? [] : ALONE.filter((f) => !excluded.has(f))
  const parts = shardFiles(shards, passThrough, alone)
  const runPart = (part, name, json) =>
    new Promise((resolve) => {
      const args = ['scripts/e2e.mjs', '--json', json, ...part]
      const run = spawn(process.execPath, args, {
        env: { ...process.env, ...shared, E2E_SHARDS: '1', FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
      })
      let output = ''
      run.stdout.on('data', (d) => (output += d))
      run.stderr.on('data', (d) => (output += d))
      run.on('close', (code, signal) => {
        console.log(`\n=== e2e ${name} (ended after ${((Date.now() - started) / 1000).toFixed(0)} s)`)
        process.stdout.write(output)
        resolve({ code: code ?? (signal ? 1 : 0), json })
      })
    })
  const results = await Promise.all(
    parts.map((part, i) =>
      runPart(part, `shard ${i + 1} of ${shards}`, `.tmp/e2e-shard-${i + 1}-of-${shards}.json`),
    ),
  )
  if (alone.length) {
    const args = [...withoutExcludes(passThrough), ...alone]
    results.push(await runPart(args, 'of the first paints, alone', '.tmp/e2e-alone.json'))
  }
  if (template) rmSync(template, { recursive: true, force: true })
  const summary = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0 }
  for (const { json } of results) {
    if (!existsSync(json)) {
      summary.numFailedTests += 1
      continue
    }
    const r = JSON.parse(readFileSync(json, 'utf8'))
    for (const key of Object.keys(summary)) summary[key] += r[key] ?? 0
    rmSync(json)
  }
  const code = Math.max(...results.map((r) => r.code))
  writeSummary({ ...summary, success: code === 0 })
  console.log(
    `\ne2e: ${shards} shards: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed, ${summary.numPendingTests} skipped`,
  )
  process.exit(code)
}

/**
 * The arguments of each shard. Without file filters, the files (less the --exclude'd ones and those run `alone`
 * after the shards) are dealt out by their usual length, longest first, each to the shard with the least so far;
 * with file filters, vitest's --shard.
 */
function shardFiles(n, args, alone) {
  if (hasFileFilters(args)) return Array.from({ length: n }, (_, i) => [`--shard=${i + 1}/${n}`, ...args])
  const excluded = excludedFiles(args)
  const files = readdirSync('tests/e2e')
    .filter((f) => f.endsWith('.e2e.ts'))
    .map((f) => `tests/e2e/${f}`)
    .filter((f) => !excluded.has(f) && !alone.includes(f))
  // Seconds each file took in two shards on this machine (a new file counts 15): only the order of dealing depends
  // on them.
  const usual = {
    pageTour: 190,
    screens: 56,
    boards: 44,
    followVideo: 36,
    lines: 34,
    stripeCheckout: 30,
    nextStep: 29,
    practice: 29,
    progress: 28,
    repeatVisit: 28,
    mediaOnS3: 27,
    student: 27,
    csp: 26,
    coursePage: 26,
    sessions: 22,
    studio: 22,
    scholarsMate: 19,
    firstStart: 17,
    budgets: 17,
    honestFailures: 17,
    a11y: 17,
    instructor: 16,
    courseReviews: 18,
    failures: 14,
    admin: 14,
    recentGames: 13,
    lineEditor: 11,
    visitor: 10,
    enrollmentControls: 9,
  }
  const seconds = (f) => usual[f.slice('tests/e2e/'.length, -'.e2e.ts'.length)] ?? 15
  const loads = Array.from({ length: n }, () => ({ seconds: 0, files: [] }))
  for (const f of files.sort((a, b) => seconds(b) - seconds(a) || a.localeCompare(b))) {
    const least = loads.reduce((a, b) => (b.seconds < a.seconds ? b : a))
    least.seconds += seconds(f)
    least.files.push(f)
  }
  const rest = withoutExcludes(args)
  // A shard without files would run them all: there are fewer shards than files then.
  return loads.filter((l) => l.files.length).map((l) => [...rest, ...l.files])
}

// 4. The server, with its accounts.
let server
let child
let stopping = false
async function shutdown(code) {
  if (stopping) return
  stopping = true
  if (child && child.exitCode === null) child.kill('SIGTERM')
  if (server) await server.stop()
  process.exit(code)
}
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => shutdown(130))

try {
  // TEST_CLOCK: a request's X-Test-Now is the review schedule's "now" (tests/e2e/lines.e2e.ts moves the clock)
  const template = process.env.E2E_TEMPLATE_DATA_DIR
  server = await startServer({
    users: template ? [] : Object.values(accounts),
    template,
    log: process.env.E2E_SERVER_LOG === '1',
    env: { TEST_CLOCK: '1' },
  })
} catch (e) {
  console.error(`e2e: could not start the server: ${e.message}`)
  writeSummary({ numPassedTests: 0, numFailedTests: 1, numPendingTests: 0, success: false })
  process.exit(1)
}
console.log(`e2e: server on ${server.url} (${server.database}), started in ${server.startMs} ms`)

// 5. The tests.
const vitestJson = jsonOut ?? '.tmp/e2e-last.json'
mkdirSync(dirname(vitestJson), { recursive: true })
const code = await new Promise((resolve) => {
  child = spawn(
    'npx',
    [
      'vitest',
      'run',
      '-c',
      'vitest.e2e.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestJson}`,
      '--reporter=./tests/e2e/support/retriedReporter.mjs',
      ...passThrough,
    ],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        E2E_BASE_URL: server.url,
        E2E_DATABASE: server.database,
        // mail is written as .eml files under DATA_DIR/mail/ (no SMTP_URL): journeys read their links there
        E2E_DATA_DIR: server.dataDir,
        E2E_ACCOUNTS: JSON.stringify(accounts),
        E2E_RETRIED_FILE: process.env.E2E_RETRIED_FILE ?? '.tmp/e2e-retried.jsonl',
        CHROMIUM_PATH: chromium,
      },
    },
  )
  child.on('exit', (c, sig) => resolve(c ?? (sig ? 1 : 0)))
})
if (code !== 0 && server) {
  const out = server.output().trim()
  if (out) console.error(`\ne2e: last server output:\n${out.split('\n').slice(-40).join('\n')}`)
}
if (!existsSync(vitestJson))
  writeSummary({ numPassedTests: 0, numFailedTests: 1, numPendingTests: 0, success: false })
await shutdown(code)
