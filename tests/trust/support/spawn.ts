// Runs the real server process the way production does (the compiled dist-server/main.js, as `npm start` runs
// it), for the fault tests and the start-up checks.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { fetchSender, type Send } from './http'
import { createDatabase, dropDatabase } from './pg'

export const root = fileURLToPath(new URL('../../../', import.meta.url))

let built = false

/**
 * dist-server/ rebuilt when it is missing or older than its sources (once per process), so a stale compiled
 * server is never the one tested. Concurrent builds from parallel test files are safe (scripts/build-server.mjs).
 */
export function ensureServerBuild(): void {
  if (built) return
  const r = spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], {
    cwd: root,
    encoding: 'utf8',
  })
  if (r.status !== 0) throw new Error(`could not build the server (${r.status}): ${r.stderr}\n${r.stdout}`)
  built = true
}

/** node with these arguments runs the compiled server (built first when stale). */
export function serverCommand(): string[] {
  ensureServerBuild()
  return [join(root, 'dist-server', 'main.js')]
}

/** node with these arguments runs the compiled `npm run user:create` (built first when stale). */
export function userCreateCommand(): string[] {
  ensureServerBuild()
  return [join(root, 'dist-server', 'user-create.js')]
}

/**
 * The environment every server and command these helpers start begins from, before the caller's `env`: warnings and
 * errors only in the log, and scrypt at N=2^14 (these servers are signed in to often, and each hash at the default
 * N=2^17 costs about a second of a busy core; tests/server/passwords.test.ts checks the default).
 */
const childEnv = () => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '/tmp',
  LOG_LEVEL: 'warn',
  SCRYPT_LOG2N: '14',
})

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.unref()
    s.on('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `coe-trust-${prefix}-`))
}

export interface ServerProcess {
  port: number
  base: string
  send: Send
  child: ChildProcess
  logFile: string
  /** Its DATA_DIR, when one was given. */
  dataDir?: string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  kill(signal?: NodeJS.Signals): void
  stop(): Promise<void>
}

/**
 * `opts.port`: listen there (a test that must know the address before the start, e.g. for PUBLIC_URL).
 * `opts.npmStart`: run `npm start`'s script (scripts/start.mjs) instead of the compiled server itself, for what it
 * does before the server (the builds it checks).
 */
export async function startServer(
  env: Record<string, string>,
  opts: { readyTimeoutMs?: number; port?: number; npmStart?: boolean } = {},
) {
  const port = opts.port ?? (await freePort())
  const logFile = join(tempDir('log'), 'server.log')
  const log = createWriteStream(logFile)
  const command = opts.npmStart ? [join(root, 'scripts', 'start.mjs')] : serverCommand()
  const child = spawn(process.execPath, command, {
    cwd: root,
    env: {
      ...childEnv(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.pipe(log)
  child.stderr.pipe(log)
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  )
  const base = `http://127.0.0.1:${port}`
  const send = fetchSender(base)
  const server: ServerProcess = {
    port,
    base,
    send,
    child,
    logFile,
    dataDir: env.DATA_DIR,
    exited,
    kill: (signal = 'SIGKILL') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    },
    stop: async () => {
      server.kill('SIGTERM')
      const t = setTimeout(() => server.kill('SIGKILL'), 12000)
      await exited
      clearTimeout(t)
    },
  }
  const deadline = Date.now() + (opts.readyTimeoutMs ?? 60000)
  let gone = false
  void exited.then(() => (gone = true))
  while (Date.now() < deadline && !gone) {
    try {
      const r = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) })
      if (r.status === 200) return server
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150))
  }
  server.kill('SIGKILL')
  const { readFileSync } = await import('node:fs')
  throw new Error(`server did not become healthy on ${base}:\n${readFileSync(logFile, 'utf8').slice(-4000)}`)
}

/** `npm run user:create` against a data directory or database, returns the new user's id. */
export function createUserCli(
  env: Record<string, string>,
  u: { username: string; email: string; password: string; role: string },
) {
  const r = spawnSync(
    process.execPath,
    [
      ...userCreateCommand(),
      '--username',
      u.username,
      '--email',
      u.email,
      '--password',
      u.password,
      '--role',
      u.role,
    ],
    {
      cwd: root,
      env: { ...childEnv(), ...env },
      encoding: 'utf8',
    },
  )
  if (r.status !== 0) throw new Error(`user:create failed (${r.status}): ${r.stderr}\n${r.stdout}`)
  return r.stdout.trim()
}

export interface MainProcess {
  port: number
  child: ChildProcess
  /**
   * Everything the process printed so far (stdout and stderr), then, once it has ended, a line with its exit code and
   * signal (a failed start's message then tells a crash from a time-out).
   */
  output(): string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** Adds to `output` the state of a process that is still running: its threads' stacks, its open handles. */
  diagnose(): Promise<void>
  stop(): Promise<void>
}

/**
 * The compiled server with exactly this environment (HOST only when given), for start-up checks: it may exit on its
 * own (see `exited`) or start listening (see `waitForHealth`). `nodeFlags` go to node before the script.
 */
export async function spawnMain(env: Record<string, string>, nodeFlags: string[] = []): Promise<MainProcess> {
  const port = await freePort()
  let output = ''
  // A report of the process (its threads' JavaScript stacks, its open handles) on SIGUSR2, for `diagnose`
  const reports = tempDir('report')
  const command = serverCommand()
  const reporting = ['--report-on-signal', '--report-signal=SIGUSR2', `--report-directory=${reports}`]
  const child = spawn(
    process.execPath,
    [...command.slice(0, -1), ...nodeFlags, ...reporting, ...command.slice(-1)],
    {
      cwd: root,
      env: {
        ...childEnv(),
        PORT: String(port),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  let ended = ''
  // 'close', not 'exit': by then all it printed has been read (a crash's last words included)
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => {
      ended = `\n[the process ended: exit code ${code}, signal ${signal}]`
      rmSync(reports, { recursive: true, force: true })
      resolve({ code, signal })
    }),
  )
  let diagnosis = ''
  return {
    port,
    child,
    output: () => output + diagnosis + ended,
    exited,
    diagnose: async () => {
      if (child.exitCode !== null || child.signalCode !== null || !child.pid) return
      const parts: string[] = []
      // every thread's native stack, where gdb is installed
      const gdb = spawnSync('gdb', ['-p', String(child.pid), '-batch', '-ex', 'thread apply all bt 25'], {
        encoding: 'utf8',
        timeout: 20_000,
      })
      const frames = (gdb.stdout ?? '').split('\n').flatMap((l) => {
        const frame = /^#(\d+)\s+(?:0x[0-9a-f]+ in )?(\S+)/.exec(l)
        if (frame) return [`  #${frame[1]} ${frame[2]}`]
        return l.startsWith('Thread ') ? [l] : []
      })
      if (frames.length) parts.push(frames.join('\n'))
      child.kill('SIGUSR2')
      type Handle = { type: string; is_active?: boolean }
      type Report = { javascriptStack?: unknown; libuv?: Handle[]; workers?: Report[] }
      // Node writes the report between the JavaScript it runs: wait until it is there whole, at most 5 s
      let report: Report | undefined
      for (const until = Date.now() + 5_000; !report && Date.now() < until;) {
        await new Promise((r) => setTimeout(r, 100))
        const file = readdirSync(reports).find((f) => f.endsWith('.json'))
        try {
          if (file) report = JSON.parse(readFileSync(join(reports, file), 'utf8')) as Report
        } catch {
          // still being written
        }
      }
      if (report) {
        const brief = (r: Report): unknown => ({
          javascriptStack: r.javascriptStack,
          activeHandles: (r.libuv ?? []).filter((h) => h.is_active).map((h) => h.type),
          workers: (r.workers ?? []).map(brief),
        })
        parts.push(JSON.stringify(brief(report), null, 1))
      }
      diagnosis = `\n[still running; its state]\n${parts.join('\n')}`
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      const t = setTimeout(() => child.kill('SIGKILL'), 12000)
      await exited
      clearTimeout(t)
    },
  }
}

/** Polls GET /api/health at host:port until 200; false when the process exits or the time runs out first. */
export async function waitForHealth(
  p: MainProcess,
  host = '127.0.0.1',
  timeoutMs = 90_000,
): Promise<boolean> {
  let gone = false
  void p.exited.then(() => (gone = true))
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline && !gone) {
    try {
      const r = await fetch(`http://${host}:${p.port}/api/health`, { signal: AbortSignal.timeout(2000) })
      if (r.status === 200) return true
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150))
  }
  // why it is not answering, for the failure's message
  if (!gone) await p.diagnose()
  return false
}

/**
 * Two server processes on one fresh PostgreSQL database, one JWT secret and one media folder, each with its own
 * data folder (as instances behind a load balancer). `stop` stops both and drops what they shared.
 */
export async function startTwoInstances(
  name: string,
  env: Record<string, string> = {},
): Promise<{ a: ServerProcess; b: ServerProcess; dbUrl: string; stop: () => Promise<void> }> {
  const cleanups: (() => Promise<void> | void)[] = []
  const stop = async () => {
    for (const c of cleanups.reverse()) await c()
  }
  try {
    const db = await createDatabase()
    cleanups.push(() => dropDatabase(db.name))
    const shared = tempDir(name)
    cleanups.push(() => rmSync(shared, { recursive: true, force: true }))
    const common = {
      DATABASE_URL: db.url,
      JWT_SECRET: randomBytes(36).toString('base64url'),
      // one media folder for both, unless media live in object storage: then each keeps its own (unused) folder
      ...(env.MEDIA_STORAGE === 's3' ? {} : { MEDIA_DIR: join(shared, 'media') }),
      SEED_DEMO: '0',
      ...env,
    }
    const a = await startServer({ ...common, DATA_DIR: join(shared, 'a') })
    cleanups.push(() => a.stop())
    const b = await startServer({ ...common, DATA_DIR: join(shared, 'b') })
    cleanups.push(() => b.stop())
    return { a, b, dbUrl: db.url, stop }
  } catch (err) {
    await stop()
    throw err
  }
}
