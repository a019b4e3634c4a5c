// `npm start`: build the SPA when dist/ is missing or older than its sources, and the server when dist-server/ is
// (scripts/build-server.mjs), then run the compiled server (dist-server/main.js) in this process with plain node. A
// first start on an empty data folder creates the database, migrates it, seeds the demo data and serves, all in this
// one process.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import module from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ensureServerBuild, outDir } from './build-server.mjs'

const sources = ['src', 'index.html', 'vite.config.ts', 'public']

function newest(path) {
  if (!existsSync(path)) return 0
  const info = statSync(path)
  if (!info.isDirectory()) return info.mtimeMs
  let max = info.mtimeMs
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)))
  return max
}

const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0
const stale = sources.some((s) => newest(s) > built)
if (stale) {
  console.log(built ? 'The SPA build is older than its sources; rebuilding…' : 'Building the SPA…')
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

if (await ensureServerBuild()) console.log('Built the server into dist-server/.')

// On Node 22.1 and later, V8's code for the server's modules is kept between starts (in the system's temp folder).
module.enableCompileCache?.()
// The server in this process (no second Node to start): it handles SIGINT and SIGTERM itself.
await import(pathToFileURL(join(outDir, 'main.js')).href)
