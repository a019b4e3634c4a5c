// The local PostgreSQL (127.0.0.1:5432, user postgres, trust auth): fresh databases and restarts.
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readdirSync } from 'node:fs'
import pg from 'pg'

export const PG_ADMIN_URL = process.env.TRUST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export async function pgReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 })
  try {
    await c.connect()
    await c.query('select 1')
    return true
  } catch {
    return false
  } finally {
    await c.end().catch(() => {})
  }
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL })
  await c.connect()
  try {
    return await fn(c)
  } finally {
    await c.end().catch(() => {})
  }
}

export async function createDatabase(): Promise<{ name: string; url: string }> {
  const name = `coe_trust_${randomBytes(6).toString('hex')}`
  await admin((c) => c.query(`create database ${name}`))
  const url = new URL(PG_ADMIN_URL)
  url.pathname = `/${name}`
  return { name, url: url.toString() }
}

export async function dropDatabase(name: string): Promise<void> {
  if (!/^coe_trust_[0-9a-f]+$/.test(name)) throw new Error(`refusing to drop ${name}`)
  await ensurePgRunning()
  await admin((c) => c.query(`drop database if exists ${name} with (force)`))
}

/** Runs one query on a database of ours (tests read rows to check what the API said). */
export async function sql<T = any>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return (await c.query(text, params)).rows as T[]
  } finally {
    await c.end().catch(() => {})
  }
}

/** The installed cluster's version (15 here), as `.ci/run` finds it. */
function clusterVersion(): string {
  try {
    return readdirSync('/etc/postgresql').sort()[0] ?? '15'
  } catch {
    return '15'
  }
}

function ctl(action: 'start' | 'stop' | 'restart'): void {
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', clusterVersion(), 'main', action], {
    stdio: 'pipe',
  })
}

export function stopPg(): void {
  ctl('stop')
}

export function startPg(): void {
  ctl('start')
}

/** Starts the cluster again if it is down; waits until it answers. */
export async function ensurePgRunning(timeoutMs = 30000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await pgReachable())) {
    try {
      ctl('start')
    } catch {
      // already starting, or start raced with another caller
    }
    if (Date.now() > deadline) throw new Error('PostgreSQL did not come back')
    await new Promise((r) => setTimeout(r, 500))
  }
}
