// `npm run dev`: the API server (restarting on change) on API_PORT and Vite's dev server, which proxies /api to it.
import { spawn } from 'node:child_process'

const apiPort = process.env.API_PORT ?? '3000'
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
]
let exiting = false
function stop(code) {
  if (exiting) return
  exiting = true
  for (const child of children) child.kill('SIGTERM')
  process.exitCode = code
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0))
for (const child of children) child.on('exit', (code) => stop(code ?? 0))
