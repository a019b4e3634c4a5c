// Starts the real server for browser tests and the benchmark: a free port, a fresh DATA_DIR, a random
// JWT secret, and on PostgreSQL a fresh database that is dropped again on stop().
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import {
  closeSync,
  cpSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readSync,
  rmSync,
  statSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/**
 * Chromium from CHROMIUM_PATH or Debian's package; undefined when there is none. With `headlessShell`, Debian's
 * chromium-headless-shell first where it is installed: the same Blink and V8 without the browser's own interface,
 * which the full browser's headless mode still runs (its window's WebUI renderers): the same journeys took a quarter
 * less CPU in the shell (docs/testing.md).
 */
export function findChromium({ headlessShell = false } = {}) {
  const shell = headlessShell ? ['/usr/bin/chromium-headless-shell'] : []
  for (const p of [process.env.CHROMIUM_PATH, ...shell, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (p && existsSync(p)) return p
  }
  return undefined
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

async function withPg(url, fn) {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

/** Creates a fresh database on the server of `baseUrl`; returns its URL and a drop function. */
export async function createTempDatabase(baseUrl, prefix = 'coe_e2e') {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`
  await withPg(baseUrl, (c) => c.query(`CREATE DATABASE ${name}`))
  const u = new URL(baseUrl)
  u.pathname = `/${name}`
  return {
    url: u.toString(),
    name,
    drop: () =>
      withPg(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).catch((e) =>
        console.error(`could not drop database ${name}: ${e.message}`),
      ),
  }
}

/**
 * Creates these accounts with `npm run user:create`, one after another, in the database `env` names (DATA_DIR's
 * embedded one unless DATABASE_URL is set). E2E_USER_CREATE may name another command taking the same arguments.
 * @param {Array<{username:string,email:string,password:string,role:string}>} users
 * @param {Record<string,string|undefined>} env
 */
export function createUsers(users, env) {
  for (const u of users) {
    const [cmd, ...pre] = process.env.E2E_USER_CREATE?.split(' ') ?? [
      'npm',
      'run',
      '--silent',
      'user:create',
      '--',
    ]
    const r = spawnSync(
      cmd,
      [...pre, '--username', u.username, '--email', u.email, '--password', u.password, '--role', u.role],
      { env, encoding: 'utf8' },
    )
    if (r.status !== 0)
      throw new Error(`user:create ${u.username} failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`)
  }
}

/**
 * @param {{ users?: Array<{username:string,email:string,password:string,role:string}>, template?: string,
 *   databaseUrl?: string, existingDatabaseUrl?: string, keepDatabase?: boolean, dataDir?: string, keepDataDir?: boolean,
 *   env?: Record<string,string>, log?: boolean, logFile?: boolean, command?: string[] }} opts
 * databaseUrl: a PostgreSQL server on which a fresh database is made (default: DATABASE_URL; null: PGlite).
 * existingDatabaseUrl: use this database as is. dataDir: reuse a DATA_DIR (kept on stop). template: a DATA_DIR whose
 * copy this server starts on (the copy is its own, removed on stop), e.g. an embedded database with accounts made.
 */
export async function startServer(opts = {}) {
  // By default the compiled server, as `npm start` runs it: rebuilt first when older than its sources.
  if (!opts.command && !ensureServerBuild())
    throw new Error('could not build the server (node scripts/build-server.mjs)')
  const ownDataDir = !opts.dataDir
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'coe-e2e-'))
  const port = await freePort()
  const baseDb =
    opts.databaseUrl === null ? undefined : (opts.databaseUrl ?? (process.env.DATABASE_URL || undefined))
  const tempDb = opts.existingDatabaseUrl ? undefined : baseDb ? await createTempDatabase(baseDb) : undefined
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    AUTH_RATE_LIMIT_MAX: '100000',
    RATE_LIMIT_MAX: '1000000',
    // per-user limits (comments, follows, uploads a minute): out of the way of journeys and load figures
    COMMENT_RATE_LIMIT_MAX: '1000000',
    FOLLOW_RATE_LIMIT_MAX: '1000000',
    UPLOAD_RATE_LIMIT_MAX: '1000000',
    LOG_LEVEL: 'warn',
    // scrypt at N=2^14, as the server suite's: the journeys sign in and register often, and each hash at the default
    // N=2^17 costs about a second of a busy core (tests/server/passwords.test.ts checks the default cost).
    SCRYPT_LOG2N: '14',
    ...(opts.env ?? {}),
  }
  if (tempDb) env.DATABASE_URL = tempDb.url
  else if (opts.existingDatabaseUrl) env.DATABASE_URL = opts.existingDatabaseUrl
  else delete env.DATABASE_URL

  const cleanup = async () => {
    if (tempDb && !opts.keepDatabase) await tempDb.drop()
    if (ownDataDir && !opts.keepDataDir) rmSync(dataDir, { recursive: true, force: true })
  }

  try {
    if (opts.template) cpSync(opts.template, dataDir, { recursive: true })
    // Users first: the embedded database belongs to one process at a time.
    createUsers(opts.users ?? [], env)
  } catch (e) {
    await cleanup()
    throw e
  }

  const command = opts.command ?? ['node', 'dist-server/main.js']
  const started = Date.now()
  // logFile: the server's standard output goes to a file in its data folder, as a process manager's log would take
  // it, not through a pipe that this process reads: under a load from this process (the bench's autocannon), reading
  // a request log line by line cost the load generator itself.
  const logFile = opts.logFile ? join(dataDir, 'server-stdout.log') : undefined
  const stdoutFd = logFile ? openSync(logFile, 'a') : undefined
  const child = spawn(command[0], command.slice(1), {
    env,
    stdio: ['ignore', stdoutFd ?? 'pipe', 'pipe'],
    detached: true,
  })
  if (stdoutFd !== undefined) closeSync(stdoutFd)
  let output = ''
  const keep = (d) => {
    output = (output + d.toString()).slice(-20000)
    if (opts.log) process.stderr.write(d)
  }
  child.stdout?.on('data', keep)
  child.stderr.on('data', keep)
  const outputNow = () => (logFile && existsSync(logFile) ? `${fileTail(logFile, 20000)}${output}` : output)
  let exited = false
  child.on('exit', () => (exited = true))

  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (!exited) {
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {
        // the process group is gone already
      }
      for (let i = 0; i < 50 && !exited; i++) await sleep(100)
      if (!exited) {
        try {
          process.kill(-child.pid, 'SIGKILL')
        } catch {
          // the process group is gone already
        }
        for (let i = 0; i < 20 && !exited; i++) await sleep(100)
      }
    }
    await cleanup()
  }

  const deadline = Date.now() + 60000
  for (;;) {
    if (exited) {
      await stop()
      throw new Error(`server exited during start:\n${outputNow()}`)
    }
    try {
      const r = await fetch(`${url}/api/health`)
      if (r.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`server did not answer /api/health within 60 s:\n${outputNow()}`)
    }
    await sleep(25)
  }
  return {
    url,
    port,
    pid: child.pid,
    dataDir,
    database: env.DATABASE_URL ? 'postgres' : 'pglite',
    databaseUrl: env.DATABASE_URL,
    dropDatabase: tempDb?.drop,
    startMs: Date.now() - started,
    output: outputNow,
    stop,
  }
}

/** The last `bytes` bytes of a file, as text. */
function fileTail(path, bytes) {
  const fd = openSync(path, 'r')
  try {
    const size = statSync(path).size
    const length = Math.min(size, bytes)
    const buf = Buffer.alloc(length)
    readSync(fd, buf, 0, length, size - length)
    return buf.toString('utf8')
  } finally {
    closeSync(fd)
  }
}

function newestMtime(path) {
  if (!existsSync(path)) return 0
  const st = statSync(path)
  if (!st.isDirectory()) return st.mtimeMs
  let newest = st.mtimeMs
  for (const e of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, e)))
  return newest
}

/** Builds dist-server/ when it is missing or older than its sources; false when the build failed. */
export function ensureServerBuild() {
  return (
    spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], { stdio: 'inherit' }).status === 0
  )
}

/**
 * Builds the SPA when dist/ is missing or older than its sources, and the server when dist-server/ is;
 * false when a build failed.
 */
export function ensureBuild() {
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'package-lock.json']
  const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0
  if (!built || Math.max(...sources.map(newestMtime)) > built) {
    console.log('building the SPA (dist/ is missing or older than its sources)')
    if (spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' }).status !== 0)
      return false
  }
  return ensureServerBuild()
}
