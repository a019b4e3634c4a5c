// `npm run test:trust`: the fast in-process trust tests on PGlite, then the fault tests that spawn real
// server processes on PGlite and on the local PostgreSQL (127.0.0.1:5432), which they stop and restart.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'

mkdirSync('.tmp', { recursive: true })
const argv = process.argv.slice(2)
const only = argv.find((a) => a === '--fast' || a === '--faults')
// `--json <file>`: the combined counts, in vitest's JSON field names, for scripts/test.mjs
const jsonOut = argv.includes('--json') ? argv[argv.indexOf('--json') + 1] : undefined
let failed = false
const totals = { passed: 0, failed: 0, skipped: 0 }

function vitest(label, args, jsonFile) {
  console.log(`\n=== ${label}`)
  const r = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '-c',
      'vitest.trust.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${jsonFile}`,
      ...args,
    ],
    { stdio: 'inherit', env: { ...process.env } },
  )
  if (existsSync(jsonFile)) {
    const j = JSON.parse(readFileSync(jsonFile, 'utf8'))
    totals.passed += j.numPassedTests ?? 0
    totals.failed += j.numFailedTests ?? 0
    totals.skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0)
  }
  if (r.status !== 0) {
    failed = true
    console.error(`\n${label} failed (exit ${r.status ?? r.signal})`)
  }
}

function ensurePostgres() {
  const ready = () => spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432', '-q']).status === 0
  if (ready()) return
  let version = '15'
  try {
    version = readdirSync('/etc/postgresql').sort()[0] ?? version
  } catch {
    // no cluster directory: try the default
  }
  spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { stdio: 'inherit' })
  for (let i = 0; i < 30 && !ready(); i++) spawnSync('sleep', ['1'])
}

/** The fault files that run with the machine to themselves (see below). */
const ALONE = ['accountTiming', 'pgRestart']

const started = Date.now()
try {
  if (only !== '--faults')
    vitest(
      'Trust: matrix, exposure, hostile input, limits, web security, races (in-process)',
      ['tests/trust/fast'],
      '.tmp/trust-fast.json',
    )
  if (only !== '--fast') {
    ensurePostgres()
    // Two files at a time: a spawned server mostly waits on its database, its disk or its peer, and one file left a
    // core idle. By themselves, one after the other: the file that times answers (another file's work would fall
    // into its timings) and the one that stops the PostgreSQL the others use.
    const byThemselves = ALONE.map((f) => `tests/trust/faults/${f}.test.ts`)
    vitest(
      'Trust: crashes, two instances, SIGTERM, mail, logs (spawned servers, two files at a time)',
      ['tests/trust/faults', ...byThemselves.flatMap((f) => ['--exclude', f])],
      '.tmp/trust-faults.json',
    )
    vitest(
      'Trust: account timing, PostgreSQL restarts (spawned servers, by themselves)',
      [...byThemselves, '--no-file-parallelism'],
      '.tmp/trust-faults-alone.json',
    )
  }
} finally {
  // whatever happened, leave PostgreSQL running
  ensurePostgres()
}
const secs = Math.round((Date.now() - started) / 1000)
console.log(
  `\nTrust suite: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped in ${secs} s`,
)
if (jsonOut) {
  writeFileSync(
    jsonOut,
    JSON.stringify({
      numPassedTests: totals.passed,
      numFailedTests: totals.failed || (failed ? 1 : 0),
      numPendingTests: totals.skipped,
      success: !(failed || totals.failed),
    }),
  )
}
process.exit(failed || totals.failed ? 1 : 0)
