// Fails when a generated file is out of date with openapi/openapi.yaml: the SPA's API (src/api/generated/)
// or the server's contract types (server/generated/contract.ts).
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename, join } from 'node:path'

let stale = false

// Every file the codegen config writes (its outputFiles), compared before and after a run.
const require = createRequire(import.meta.url)
const config = require('../openapi/codegen.config.cjs')
const files = Object.keys(config.outputFiles ?? { [config.outputFile]: {} }).map((f) =>
  join('src/api/generated', basename(f)),
)
const before = files.map((f) => readFileSync(f, 'utf8'))
execFileSync('npx', ['rtk-query-codegen-openapi', 'openapi/codegen.config.cjs'], { stdio: 'ignore' })
files.forEach((file, i) => {
  if (before[i] !== readFileSync(file, 'utf8')) {
    console.error(`${file} was out of date with openapi/openapi.yaml; it has been regenerated, commit it.`)
    stale = true
  } else {
    console.log(`${file} is up to date with the contract`)
  }
})

try {
  execFileSync('node', ['scripts/codegen-server.mjs', '--check'], { stdio: 'inherit' })
} catch {
  stale = true
}

if (stale) process.exit(1)
