// Whether this Node frees a WebAssembly import wrapper twice (server/db/v8Workarounds.mjs): processes in which three
// threads each open PGlite, write to it and close it, twelve times, with V8 collecting every piece of WebAssembly code
// the moment it dies. Prints each process's end and the count of those that failed.
//
//   node scripts/wasm-gc-stress.mjs [--runs N] [--as-is]
//   node scripts/node-lines.mjs run 24 -- node scripts/wasm-gc-stress.mjs --runs 10 --as-is
//
// By default each process first does what the server does before PGlite starts (applyV8Workarounds); `--as-is`
// leaves V8 as it is, to see whether a Node line still needs it (Node 24.22.3 does: docs/testing.md, "CI").
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { Worker, isMainThread } from 'node:worker_threads'

const THREADS = 3
const ROUNDS = 12
const V8_FLAGS = ['--expose-gc', '--stress-wasm-code-gc', '--wasm-wrapper-tiering-budget=1']

async function churn() {
  const { PGlite } = await import('@electric-sql/pglite')
  for (let i = 0; i < ROUNDS; i++) {
    const db = await PGlite.create()
    await db.exec('CREATE TABLE t (id serial PRIMARY KEY, v text)')
    for (let j = 0; j < 30; j++) await db.query('INSERT INTO t (v) VALUES ($1) RETURNING id', [`row ${j}`])
    await db.close()
    globalThis.gc?.()
  }
}

if (!isMainThread) {
  await churn()
} else if (process.env.WASM_GC_STRESS_CHILD) {
  if (process.env.WASM_GC_STRESS_CHILD === 'mitigated') {
    const { applyV8Workarounds } = await import('../server/db/v8Workarounds.mjs')
    applyV8Workarounds()
  }
  const threads = Array.from({ length: THREADS }, () => new Worker(fileURLToPath(import.meta.url)))
  await Promise.all(
    threads.map((t) => new Promise((resolve, reject) => t.on('exit', resolve).on('error', reject))),
  )
} else {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '10' }, 'as-is': { type: 'boolean' } },
  })
  const mode = values['as-is'] ? 'as-is' : 'mitigated'
  console.log(`Node ${process.version} (V8 ${process.versions.v8}), ${mode}, ${values.runs} processes`)
  let failed = 0
  for (let run = 1; run <= Number(values.runs); run++) {
    const started = Date.now()
    const r = spawnSync(process.execPath, [...V8_FLAGS, fileURLToPath(import.meta.url)], {
      env: { ...process.env, WASM_GC_STRESS_CHILD: mode },
      encoding: 'utf8',
      timeout: 600_000,
    })
    const check = /Check failed: [^\n]*/.exec(`${r.stdout}${r.stderr}`)?.[0] ?? ''
    if (r.status !== 0) failed++
    const seconds = Math.round((Date.now() - started) / 1000)
    console.log(`${run}: exit ${r.status ?? r.signal} after ${seconds} s ${check}`)
  }
  console.log(`${failed} of ${values.runs} failed`)
  process.exitCode = failed ? 1 : 0
}
