// `npm start`: build the SPA when dist/ is missing or older than its sources, then run the server.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

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

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
