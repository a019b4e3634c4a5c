// Browser tests: `node scripts/e2e.mjs [--json out.json] [vitest args...]`.
// Builds the SPA when dist/ is missing or stale, starts the real server on a free port with a fresh
// DATA_DIR (and a fresh database when DATABASE_URL is set), creates the test accounts with
// `npm run user:create`, runs tests/e2e/**/*.e2e.ts in Chromium, and always stops the server.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { ensureBuild, findChromium, startServer } from '../tests/e2e/support/server.mjs'

const argv = process.argv.slice(2)
let jsonOut
const passThrough = []
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--json') jsonOut = argv[++i]
  else passThrough.push(argv[i])
}

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
const chromium = findChromium()
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

// 3. The server with its accounts.
const password = () => `Pw-${randomBytes(9).toString('base64url')}`
const accounts = {
  admin: { username: 'e2e_admin', email: 'e2e_admin@example.test', password: password(), role: 'admin' },
  instructor: {
    username: 'e2e_teacher',
    email: 'e2e_teacher@example.test',
    password: password(),
    role: 'instructor',
  },
  student: { username: 'e2e_pupil', email: 'e2e_pupil@example.test', password: password(), role: 'student' },
  promoted: {
    username: 'e2e_promoted',
    email: 'e2e_promoted@example.test',
    password: password(),
    role: 'student',
  },
}

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
  server = await startServer({
    users: Object.values(accounts),
    log: process.env.E2E_SERVER_LOG === '1',
    env: { TEST_CLOCK: '1' },
  })
} catch (e) {
  console.error(`e2e: could not start the server: ${e.message}`)
  writeSummary({ numPassedTests: 0, numFailedTests: 1, numPendingTests: 0, success: false })
  process.exit(1)
}
console.log(`e2e: server on ${server.url} (${server.database}), started in ${server.startMs} ms`)

// 4. The tests.
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
      ...passThrough,
    ],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        E2E_BASE_URL: server.url,
        E2E_DATABASE: server.database,
        E2E_ACCOUNTS: JSON.stringify(accounts),
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
