// The real server process (the compiled dist-server/main.js, as `npm start` runs it): that it finds what it reads
// beside its sources, where it listens by default, and that it refuses to be reachable from other machines while a
// demo account keeps its published password.
import { spawnSync } from 'node:child_process'
import { connect } from 'node:net'
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { networkInterfaces, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite } from '../../server/db/db'
import { MALLOC_TRIM_EVERY_MS, MMAP_THRESHOLD_BYTES } from '../../server/mallocTuning'
import { freesDyingWrappersTwice } from '../../server/db/v8Workarounds.mjs'
import { migrate } from '../../server/db/migrate'
import { demoAccounts, seedDemo } from '../../server/db/seed'
import { hashPassword } from '../../server/services/passwords'
import { isLoopbackHost } from '../../server/services/demoAccounts'
import { pgliteTemplate } from '../helpers/buildServer'
import { glibcVersion } from '../helpers/glibc'
import { root, spawnMain, waitForHealth } from '../trust/support/spawn'

const dirs: string[] = []
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

/** A DATA_DIR with a migrated embedded database: seeded with the demo data, or empty. */
async function dataDir(seeded: boolean): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'coe-startup-'))
  dirs.push(dir)
  const db = await openPglite(join(dir, 'pgdata'), await pgliteTemplate())
  await migrate(db)
  if (seeded) await seedDemo(db, join(dir, 'media'))
  await db.close()
  return dir
}

describe('embedded PGlite', () => {
  it('takes the buffer cache PGLITE_SHARED_BUFFERS names, 8MB by default', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coe-buffers-'))
    dirs.push(dir)
    for (const [size, shown] of [
      [undefined, '8MB'],
      // Not the default: a size that is ignored would show 8MB here.
      ['24MB', '24MB'],
    ] as const) {
      const db = await openPglite(join(dir, 'pgdata'), undefined, size ? { sharedBuffers: size } : {})
      try {
        expect((await db.query<{ shared_buffers: string }>('SHOW shared_buffers'))[0].shared_buffers).toBe(
          shown,
        )
      } finally {
        await db.close()
      }
    }
  })
})

async function withDb<T>(
  dir: string,
  fn: (db: Awaited<ReturnType<typeof openPglite>>) => Promise<T>,
): Promise<T> {
  const db = await openPglite(join(dir, 'pgdata'))
  try {
    return await fn(db)
  } finally {
    await db.close()
  }
}

async function changePassword(dir: string, email: string) {
  const hash = await hashPassword(`a-private-password-for-${email}`, 14)
  await withDb(dir, (db) => db.query('UPDATE users SET password_hash = $2 WHERE email = $1', [email, hash]))
}

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

describe('isLoopbackHost', () => {
  it('accepts only addresses other machines cannot reach', () => {
    for (const h of [
      '127.0.0.1',
      '127.1.2.3',
      'localhost',
      '::1',
      '[::1]',
      '0:0:0:0:0:0:0:1',
      '::ffff:127.0.0.1',
    ])
      expect(isLoopbackHost(h), h).toBe(true)
    for (const h of [
      '0.0.0.0',
      '::',
      '192.168.1.5',
      '10.0.0.1',
      'example.com',
      '::ffff:10.0.0.1',
      '128.0.0.1',
      '::2',
    ])
      expect(isLoopbackHost(h), h).toBe(false)
  })
})

describe("the server's sources under tsx, as `npm run dev` runs them", () => {
  it('load: every module and package they import resolves under the loader', () => {
    // (a CommonJS package whose exports Node cannot name from ESM loads in the compiled bundle but not here)
    const r = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        "await import('./server/serve.ts'); console.log('loaded')",
      ],
      { cwd: root, encoding: 'utf8', timeout: 60_000 },
    )
    expect(r.stderr).not.toMatch(/Error/)
    expect(r.stdout.trim()).toBe('loaded')
  }, 90_000)
})

describe('the compiled server', () => {
  it('starts on a fresh DATA_DIR (migrations, contract and demo video read from the checkout), and again on that data; its listening line says what it did to the allocator and to V8', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coe-startup-'))
    dirs.push(dir)
    // a lower scrypt cost for the demo accounts' hashes: this checks where files are found, not the hashing
    const env = { ...base, DATA_DIR: dir, SCRYPT_LOG2N: '14' }
    const first = await spawnMain(env)
    try {
      expect(await waitForHealth(first), first.output()).toBe(true)
      const courses = await fetch(`http://127.0.0.1:${first.port}/api/courses`)
      expect(courses.status).toBe(200)
      expect(((await courses.json()) as unknown[]).length).toBeGreaterThan(0)
    } finally {
      await first.stop()
    }
    expect(readdirSync(join(dir, 'media')).length, 'the demo video copied from assets/').toBeGreaterThan(0)
    expect(existsSync(join(root, 'dist-server', 'main.js'))).toBe(true)

    // at info, for the listening line
    const again = await spawnMain({ ...env, LOG_LEVEL: 'info' })
    try {
      expect(await waitForHealth(again), again.output()).toBe(true)
      expect(again.output()).not.toContain('seeded demo data')
      // server/mallocTuning.ts, called once listening: on glibc the threshold is set and the arenas trimmed, elsewhere
      // nothing is
      expect(again.output()).toContain(
        glibcVersion
          ? `"malloc":{"applied":true,"mmapThresholdBytes":${MMAP_THRESHOLD_BYTES},"trimEveryMs":${MALLOC_TRIM_EVERY_MS}}`
          : '"malloc":{"applied":false',
      )
      // server/db/v8Workarounds.mjs, by Node line: none on 20 (no Maglev, no background Sparkplug), the collector of
      // WebAssembly code off on 24 only (V8 13), compiles on the running thread from 22 on
      const nodeLine = Number(process.versions.node.split('.')[0])
      const compiles = [
        '--no-maglev-build-code-on-background',
        '--no-maglev-deopt-data-on-background',
        '--no-concurrent-sparkplug',
      ]
      const v8Workarounds =
        nodeLine === 20 ? [] : nodeLine === 24 ? ['--no-wasm-code-gc', ...compiles] : compiles
      expect(again.output()).toContain(`"v8Workarounds":${JSON.stringify(v8Workarounds)}`)
    } finally {
      await again.stop()
    }
  }, 240_000)

  it('collects no WebAssembly code on V8 13 (Node 24), which can free an import wrapper twice, and does elsewhere', async () => {
    // A first start (its PGlite seeds the demo data, then its thread is renewed) with V8 collecting every piece of
    // code that dies at once and saying so (server/db/v8Workarounds.mjs)
    const dir = mkdtempSync(join(tmpdir(), 'coe-startup-'))
    dirs.push(dir)
    const p = await spawnMain({ ...base, DATA_DIR: dir, SCRYPT_LOG2N: '14' }, [
      '--stress-wasm-code-gc',
      '--trace-wasm-code-gc',
    ])
    try {
      expect(await waitForHealth(p), p.output()).toBe(true)
      expect((await fetch(`http://127.0.0.1:${p.port}/api/courses`)).status).toBe(200)
    } finally {
      await p.stop()
    }
    const collections = p.output().match(/\[wasm-gc\] Starting GC/g)?.length ?? 0
    if (freesDyingWrappersTwice()) expect(collections, p.output()).toBe(0)
    else expect(collections, p.output()).toBeGreaterThan(0)
  }, 240_000)
})

describe('start-up', () => {
  let seeded: string
  beforeAll(async () => {
    seeded = await dataDir(true)
  }, 240_000)

  it('refuses HOST=0.0.0.0 while the demo accounts keep their published passwords: exit 1, saying what to do', async () => {
    const p = await spawnMain({ ...base, DATA_DIR: seeded, HOST: '0.0.0.0' })
    const { code } = await p.exited
    const out = p.output()
    expect(code, out).toBe(1)
    expect(out).toContain('Refusing to listen on HOST=0.0.0.0')
    for (const a of demoAccounts) expect(out).toContain(a.email)
    expect(out).toContain('still have their published passwords')
    expect(out).toContain('"Change password"')
    expect(out).toContain('fresh DATA_DIR')
    expect(out).toContain('SEED_DEMO=0')
    expect(await accepts('127.0.0.1', p.port)).toBe(false)
  }, 120_000)

  it('refuses HOST=0.0.0.0 on an empty database it would seed, and seeds nothing', async () => {
    const empty = await dataDir(false)
    const p = await spawnMain({ ...base, DATA_DIR: empty, HOST: '0.0.0.0' })
    const { code } = await p.exited
    expect(code, p.output()).toBe(1)
    expect(p.output()).toContain('would be created with their published passwords')
    const users = await withDb(empty, (db) => db.query('SELECT 1 FROM users'))
    expect(users).toEqual([])
  }, 120_000)

  it('names only the accounts still open, and starts on 0.0.0.0 once every demo password is changed', async () => {
    for (const a of demoAccounts.filter((a) => a.email !== 'bob@chess.local'))
      await changePassword(seeded, a.email)
    const one = await spawnMain({ ...base, DATA_DIR: seeded, HOST: '0.0.0.0' })
    expect((await one.exited).code, one.output()).toBe(1)
    expect(one.output()).toContain('the demo account bob@chess.local still has its published password')
    expect(one.output()).not.toContain('admin@chess.local')

    await changePassword(seeded, 'bob@chess.local')
    const p = await spawnMain({ ...base, DATA_DIR: seeded, HOST: '0.0.0.0' })
    try {
      expect(await waitForHealth(p), p.output()).toBe(true)
      // bound to every address: 127.0.0.2 (another loopback address) answers too
      expect(await accepts('127.0.0.2', p.port)).toBe(true)
    } finally {
      await p.stop()
    }
  }, 240_000)

  it('listens on 127.0.0.1 only when HOST is unset (with the demo data in place)', async () => {
    const dir = await dataDir(true)
    const p = await spawnMain({ ...base, DATA_DIR: dir })
    try {
      expect(await waitForHealth(p), p.output()).toBe(true)
      expect(await accepts('127.0.0.1', p.port)).toBe(true)
      expect(await accepts('127.0.0.2', p.port), 'another loopback address').toBe(false)
      const external = Object.values(networkInterfaces())
        .flat()
        .find((i) => i && !i.internal && i.family === 'IPv4')
      if (external) expect(await accepts(external.address, p.port), external.address).toBe(false)
    } finally {
      await p.stop()
    }
  }, 240_000)
})

describe('reachable from other machines: a non-loopback HOST or any TRUST_PROXY', () => {
  let emptyTemplate: string
  let seeded: string
  beforeAll(async () => {
    emptyTemplate = await dataDir(false)
    seeded = await dataDir(true)
  }, 240_000)

  /** A fresh copy of an empty, migrated data folder (each start may seed it). */
  function freshEmpty(): string {
    const dir = mkdtempSync(join(tmpdir(), 'coe-exposure-'))
    dirs.push(dir)
    cpSync(emptyTemplate, dir, { recursive: true })
    return dir
  }

  const combos = [] as { HOST: string; TRUST_PROXY: string; SEED_DEMO: string; TEST_CLOCK: string }[]
  for (const HOST of ['127.0.0.1', '0.0.0.0'])
    for (const TRUST_PROXY of ['', '1'])
      for (const SEED_DEMO of ['', '0', '1'])
        for (const TEST_CLOCK of ['0', '1']) combos.push({ HOST, TRUST_PROXY, SEED_DEMO, TEST_CLOCK })

  /** What a start on an empty database must do with these settings. */
  function expected(c: (typeof combos)[number]): 'config error' | 'refused' | 'starts' {
    const reachable = c.HOST !== '127.0.0.1' || c.TRUST_PROXY !== ''
    if (!reachable) return 'starts'
    if (c.TEST_CLOCK === '1') return 'config error'
    return c.SEED_DEMO === '0' ? 'starts' : 'refused'
  }

  it.each(combos)(
    'HOST=$HOST TRUST_PROXY=$TRUST_PROXY SEED_DEMO=$SEED_DEMO TEST_CLOCK=$TEST_CLOCK on an empty database',
    async (c) => {
      const dir = freshEmpty()
      const p = await spawnMain({ ...base, ...c, DATA_DIR: dir, SCRYPT_LOG2N: '14' })
      const want = expected(c)
      try {
        if (want === 'starts') {
          expect(await waitForHealth(p), p.output()).toBe(true)
          const courses = (await (await fetch(`http://127.0.0.1:${p.port}/api/courses`)).json()) as unknown[]
          // the demo courses are there exactly when demo data was seeded
          expect(courses.length > 0, p.output()).toBe(c.SEED_DEMO !== '0')
          return
        }
        // A server that starts instead fails here at once (and is stopped below), rather than at the time-out.
        expect(await waitForHealth(p), `listening: ${p.output()}`).toBe(false)
        const { code } = await p.exited
        const out = p.output()
        expect(code, out).toBe(1)
        if (want === 'config error') {
          expect(out).toContain('Configuration error: TEST_CLOCK=1 lets any client set the time')
          expect(out).toContain(c.HOST !== '127.0.0.1' ? 'HOST=0.0.0.0' : 'TRUST_PROXY=1')
        } else {
          expect(out).toContain(
            `Refusing to listen on ${c.HOST !== '127.0.0.1' ? 'HOST=0.0.0.0' : 'TRUST_PROXY=1 (behind a reverse proxy)'}`,
          )
          expect(out).toContain('would be created with their published passwords')
          expect(out).toContain('SEED_DEMO=0')
        }
        expect(await withDb(dir, (db) => db.query('SELECT 1 FROM users')), 'nothing seeded').toEqual([])
      } finally {
        await p.stop()
      }
    },
    120_000,
  )

  it('refuses TRUST_PROXY (a number or a list) on loopback while the demo accounts keep their published passwords', async () => {
    for (const TRUST_PROXY of ['1', '10.0.0.0/8,fd00::/8']) {
      const p = await spawnMain({ ...base, DATA_DIR: seeded, TRUST_PROXY })
      try {
        expect(await waitForHealth(p), `listening: ${p.output()}`).toBe(false)
        const { code } = await p.exited
        const out = p.output()
        expect(code, out).toBe(1)
        expect(out).toContain(`Refusing to listen on TRUST_PROXY=${TRUST_PROXY} (behind a reverse proxy)`)
        for (const a of demoAccounts) expect(out).toContain(a.email)
        expect(out).toContain('start without HOST and TRUST_PROXY')
      } finally {
        await p.stop()
      }
    }
  }, 240_000)
})
