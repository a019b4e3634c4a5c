// Three starts of the real server process (the compiled dist-server/main.js, as `npm start` runs it): a first start on
// an empty data folder, a start on the data it left, and a refused one. Apart from startup.test.ts (the rules, as
// function calls) so that two workers can run them side by side: these take most of the time.
import { connect } from 'node:net'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openPglite } from '../../server/db/db'
import { demoAccounts } from '../../server/services/accounts/demoAccounts'
import { pgliteTemplate } from '../helpers/buildServer'
import { root, spawnMain, waitForHealth } from '../trust/support/spawn'
import { tempDirs } from '../helpers/tempDirs'

const tempDir = tempDirs('startup')

/** True when something accepts TCP connections at host:port. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect({ host, port })
    s.setTimeout(2000)
    s.on('connect', () => {
      s.destroy()
      resolve(true)
    })
    s.on('error', () => resolve(false))
    s.on('timeout', () => {
      s.destroy()
      resolve(false)
    })
  })
}

const base = { SEED_DEMO: '', DATABASE_URL: '' }

describe('the compiled server', () => {
  it('on an empty DATA_DIR: migrates, seeds the demo data and serves in one process, on 127.0.0.1 only; then starts on that data without seeding again', async () => {
    const dir = tempDir()
    const env = { ...base, DATA_DIR: dir, LOG_LEVEL: 'info' }
    const first = await spawnMain(env)
    try {
      expect(await waitForHealth(first), first.output()).toBe(true)
      const courses = await fetch(`http://127.0.0.1:${first.port}/api/courses`)
      expect(courses.status).toBe(200)
      expect(((await courses.json()) as unknown[]).length).toBeGreaterThan(0)
      const [admin] = demoAccounts
      const login = await fetch(`http://127.0.0.1:${first.port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: admin.email, password: admin.password }),
      })
      expect(login.status, await login.clone().text()).toBe(200)
      expect(await accepts('127.0.0.1', first.port)).toBe(true)
      expect(await accepts('127.0.0.2', first.port), 'another loopback address').toBe(false)
      expect(first.output()).toContain('seeded demo data')
      // the listening line: what the start did and how long it took, nothing about the runtime's memory
      const listening = first
        .output()
        .split('\n')
        .find((l) => l.includes('listening on http://localhost:'))
      expect(listening, first.output()).toBeDefined()
      expect(Object.keys(JSON.parse(listening!) as object)).toEqual(
        expect.arrayContaining(['database', 'host', 'ms', 'phases']),
      )
      expect(listening).not.toMatch(/"malloc"|"v8Workarounds"/)
    } finally {
      await first.stop()
    }
    expect((await first.exited).code, first.output()).toBe(0)
    expect(readdirSync(join(dir, 'media')).length, 'the demo video copied from assets/').toBeGreaterThan(0)
    expect(existsSync(join(root, 'dist-server', 'main.js'))).toBe(true)

    const again = await spawnMain(env)
    try {
      expect(await waitForHealth(again), again.output()).toBe(true)
      expect((await fetch(`http://127.0.0.1:${again.port}/api/courses`)).status).toBe(200)
      expect(again.output()).toContain('listening on')
      expect(again.output()).not.toContain('seeded demo data')
    } finally {
      await again.stop()
    }
  }, 240_000)

  it('refuses HOST=0.0.0.0 on an empty database it would seed: exit 1, saying what to do, and seeds nothing', async () => {
    const dir = tempDir()
    // An empty database (migrated, no users: what the server checks before seeding), made from the template the
    // other server tests load; the start on a folder with no database at all is the first test's.
    const made = await openPglite(join(dir, 'pgdata'), await pgliteTemplate())
    await made.close()
    const p = await spawnMain({ ...base, DATA_DIR: dir, HOST: '0.0.0.0' })
    try {
      // A server that starts instead fails here at once (and is stopped below), rather than at the time-out.
      expect(await waitForHealth(p), `listening: ${p.output()}`).toBe(false)
      const { code } = await p.exited
      const out = p.output()
      expect(code, out).toBe(1)
      expect(out).toContain(
        'Refusing to listen on HOST=0.0.0.0: other machines could reach this server, and the demo accounts ' +
          'admin@chess.local, judit@chess.local, vishy@chess.local, alice@chess.local, bob@chess.local, ' +
          'carol@chess.local would be created with their published passwords (see the README).\nEither:\n',
      )
      expect(out).toContain('"Change password"')
      expect(out).toContain('start on a fresh DATA_DIR (or an empty database) with SEED_DEMO=0')
      expect(await accepts('127.0.0.1', p.port)).toBe(false)
    } finally {
      await p.stop()
    }
    const db = await openPglite(join(dir, 'pgdata'))
    try {
      expect(await db.query('SELECT 1 FROM users'), 'nothing seeded').toEqual([])
    } finally {
      await db.close()
    }
  }, 120_000)
})
