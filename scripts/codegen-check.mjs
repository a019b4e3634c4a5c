// Fails when a generated file is out of date with openapi/openapi.yaml: the SPA's API (src/api/generated/)
// or the server's contract types (server/generated/contract.ts).
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

let stale = false

const file = 'src/api/generated/api.ts'
const before = readFileSync(file, 'utf8')
execFileSync('npx', ['rtk-query-codegen-openapi', 'openapi/codegen.config.cjs'], { stdio: 'ignore' })
const after = readFileSync(file, 'utf8')
if (before !== after) {
  console.error(`${file} was out of date with openapi/openapi.yaml; it has been regenerated, commit it.`)
  stale = true
} else {
  console.log(`${file} is up to date with the contract`)
}

try {
  execFileSync('node', ['scripts/codegen-server.mjs', '--check'], { stdio: 'inherit' })
} catch {
  stale = true
}

if (stale) process.exit(1)
