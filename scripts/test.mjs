// `npm test`: every check and every test suite, in order, with one closing count.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'

mkdirSync('.tmp', { recursive: true })
const totals = { passed: 0, failed: 0, skipped: 0 }

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}`)
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  if (r.status !== 0) {
    console.error(`\n${label} failed (exit ${r.status ?? r.signal})`)
    console.log(`${totals.passed} passed, ${totals.failed + 1} failed`)
    process.exit(1)
  }
}

function count(jsonFile) {
  if (!existsSync(jsonFile)) return
  const r = JSON.parse(readFileSync(jsonFile, 'utf8'))
  totals.passed += r.numPassedTests ?? 0
  totals.failed += r.numFailedTests ?? 0
  totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0)
}

run('OpenAPI lint', 'node', ['scripts/lint-openapi.mjs'])
run('Generated API up to date', 'node', ['scripts/codegen-check.mjs'])
run('Type check', 'npx', ['tsc', '-p', 'tsconfig.json'])
run('Unit and server tests (vitest)', 'npx', [
  'vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=.tmp/vitest.json',
])
count('.tmp/vitest.json')
run('Build', 'npx', ['vite', 'build', '--logLevel', 'warn'])
if (existsSync('scripts/e2e.mjs')) {
  run('Browser tests', 'node', ['scripts/e2e.mjs', '--json', '.tmp/e2e.json'])
  count('.tmp/e2e.json')
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(totals.failed ? 1 : 0)
