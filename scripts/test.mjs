// `npm test`: every check and every test suite, in order, with one closing count.
// `node scripts/test.mjs --postgres`: the same server, browser and trust suites again on the PostgreSQL
// named by DATABASE_URL (CI runs it after `npm test`); its closing count includes the first run's.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'

const postgres = process.argv.includes('--postgres')
const totalsFile = '.tmp/totals.json'
mkdirSync('.tmp', { recursive: true })
const totals =
  postgres && existsSync(totalsFile)
    ? JSON.parse(readFileSync(totalsFile, 'utf8'))
    : { passed: 0, failed: 0, skipped: 0 }

function finish(code) {
  writeFileSync(totalsFile, JSON.stringify(totals))
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
}

function run(label, cmd, args, { env = {}, json } = {}) {
  console.log(`\n=== ${label}`)
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  if (json) count(json)
  if (r.status !== 0) {
    console.error(`\n${label} failed (exit ${r.status ?? r.signal})`)
    if (!json) totals.failed += 1
    finish(1)
  }
}

const vitestJson = (file) => ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`]

if (!postgres) {
  run('OpenAPI lint', 'node', ['scripts/lint-openapi.mjs'])
  run('Generated API up to date', 'node', ['scripts/codegen-check.mjs'])
  run('Type check', 'npx', ['tsc', '-p', 'tsconfig.json'])
  run('Unit and server tests on PGlite (vitest)', 'npx', ['vitest', 'run', ...vitestJson('.tmp/vitest.json')], {
    env: { DATABASE_URL: '' },
    json: '.tmp/vitest.json',
  })
  run('Build', 'npx', ['vite', 'build', '--logLevel', 'warn'])
  run('Browser tests on PGlite', 'node', ['scripts/e2e.mjs', '--json', '.tmp/e2e.json'], {
    env: { DATABASE_URL: '' },
    json: '.tmp/e2e.json',
  })
} else {
  if (!process.env.DATABASE_URL) {
    console.error('--postgres needs DATABASE_URL')
    process.exit(2)
  }
  run('Server tests on PostgreSQL', 'npx', ['vitest', 'run', '--project', 'server', ...vitestJson('.tmp/pg.json')], {
    json: '.tmp/pg.json',
  })
  run('Browser tests on PostgreSQL', 'node', ['scripts/e2e.mjs', '--json', '.tmp/e2e-pg.json'], {
    json: '.tmp/e2e-pg.json',
  })
  run('Trust suite (authorization, hostile input, races, faults)', 'node', ['scripts/trust.mjs', '--json', '.tmp/trust.json'], {
    json: '.tmp/trust.json',
  })
}
finish(totals.failed ? 1 : 0)
