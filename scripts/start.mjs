// `npm start`: build the SPA when dist/ is missing or older than its sources, and the server when dist-server/ is
// (scripts/build-server.mjs), then run the compiled server (dist-server/main.js) in this process with plain node.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import module from 'node:module'
import { join, resolve } from 'node:path'
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

// A first start on embedded PGlite (no DATABASE_URL, no database folder yet) creates the database, its schema and the
// demo data in a process of its own, which then ends, and the server starts on the data it left: the memory that
// work grew (initdb, migrations, seeding) is not kept by the server. Measured with these flags, 20 s after listening
// (`npm run bench`'s cold start): 236 MB resident when the same process went on to serve, 170 MB so.
const dataDir = resolve(process.env.DATA_DIR || './data')
if (!process.env.DATABASE_URL && !existsSync(join(dataDir, 'pgdata'))) {
  const r = spawnSync(process.execPath, [...process.execArgv, join(outDir, 'main.js'), '--prepare'], {
    stdio: 'inherit',
  })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

// On Node 22.1 and later, V8's code for the server's modules is kept between starts (in the system's temp folder).
module.enableCompileCache?.()
// The server in this process (no second Node to start): it handles SIGINT and SIGTERM itself.
await import(pathToFileURL(join(outDir, 'main.js')).href)
