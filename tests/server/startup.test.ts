// The server's start: which settings make it refuse to be reachable from other machines while a demo account keeps
// its published password (as function calls). The three starts of the real server process are in
// compiledServer.test.ts.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config'
import { openPglite } from '../../server/db/db'
import { migrate } from '../../server/db/migrate'
import { seedDemo } from '../../server/db/seed'
import { hashPassword, scryptLog2N, setScryptLog2N } from '../../server/services/accounts/passwords'
import {
  demoAccounts,
  demoAccountsWithPublishedPasswords,
  exposureOf,
  isLoopbackHost,
  refusalToListen,
  wantsDemoData,
} from '../../server/services/accounts/demoAccounts'
import { pgliteTemplate } from '../helpers/buildServer'
import { root } from '../trust/support/spawn'
import { tempDirs } from '../helpers/tempDirs'

const tempDir = tempDirs('startup')

describe('embedded PGlite', () => {
  it('takes the buffer cache PGLITE_SHARED_BUFFERS names, 8MB by default', async () => {
    // Opened from the migrated template the other server tests load: the setting is PostgreSQL's start, not initdb's.
    const template = await pgliteTemplate()
    for (const [size, shown] of [
      [undefined, '8MB'],
      // Not the default: a size that is ignored would show 8MB here.
      ['24MB', '24MB'],
    ] as const) {
      const db = await openPglite('memory://', template, size ? { sharedBuffers: size } : {})
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

/** What the server says it refuses (see refusalToListen), for these accounts. */
const allDemoEmails = demoAccounts.map((a) => a.email)

describe('reachable from other machines: a non-loopback HOST or any TRUST_PROXY', () => {
  it('names why other machines could reach the server, or nothing on loopback without TRUST_PROXY', () => {
    expect(exposureOf('127.0.0.1', false)).toBeUndefined()
    expect(exposureOf('localhost', false)).toBeUndefined()
    expect(exposureOf('0.0.0.0', false)).toBe('HOST=0.0.0.0')
    expect(exposureOf('::', 1)).toBe('HOST=::')
    expect(exposureOf('127.0.0.1', 1)).toBe('TRUST_PROXY=1 (behind a reverse proxy)')
    // as the configuration reads a list
    const listed = loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '10.0.0.0/8,fd00::/8' })
    expect(exposureOf(listed.host, listed.trustProxy)).toBe(
      'TRUST_PROXY=10.0.0.0/8,fd00::/8 (behind a reverse proxy)',
    )
  })

  it('seeds the demo data into an empty embedded database unless SEED_DEMO=0, and into PostgreSQL only with SEED_DEMO=1', () => {
    expect(wantsDemoData(undefined, true)).toBe(true)
    expect(wantsDemoData(false, true)).toBe(false)
    expect(wantsDemoData(true, true)).toBe(true)
    expect(wantsDemoData(undefined, false)).toBe(false)
    expect(wantsDemoData(true, false)).toBe(true)
  })

  const combos = [] as { HOST: string; TRUST_PROXY: string; SEED_DEMO: string; TEST_CLOCK: string }[]
  for (const HOST of ['127.0.0.1', '0.0.0.0'])
    for (const TRUST_PROXY of ['', '1'])
      for (const SEED_DEMO of ['', '0', '1'])
        for (const TEST_CLOCK of ['0', '1']) combos.push({ HOST, TRUST_PROXY, SEED_DEMO, TEST_CLOCK })

  /** What a start on an empty embedded database must do with these settings. */
  function expected(c: (typeof combos)[number]): 'config error' | 'refused' | 'starts' {
    const reachable = c.HOST !== '127.0.0.1' || c.TRUST_PROXY !== ''
    if (!reachable) return 'starts'
    if (c.TEST_CLOCK === '1') return 'config error'
    return c.SEED_DEMO === '0' ? 'starts' : 'refused'
  }

  /** What the server decides on an empty embedded database (server/serve.ts, checkDemoAccounts), as its calls. */
  function decided(c: (typeof combos)[number]): { outcome: string; text?: string } {
    let config
    try {
      config = loadConfig({ ...c, DATA_DIR: tempDir() })
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err
      return { outcome: 'config error', text: err.message }
    }
    const seed = wantsDemoData(config.seedDemo, !config.databaseUrl)
    const text = refusalToListen(exposureOf(config.host, config.trustProxy), seed ? allDemoEmails : [], seed)
    return text ? { outcome: 'refused', text } : { outcome: 'starts' }
  }

  it.each(combos)(
    'HOST=$HOST TRUST_PROXY=$TRUST_PROXY SEED_DEMO=$SEED_DEMO TEST_CLOCK=$TEST_CLOCK on an empty database',
    (c) => {
      const want = expected(c)
      const { outcome, text } = decided(c)
      expect(outcome, text).toBe(want)
      if (want === 'config error') {
        expect(text).toContain('TEST_CLOCK=1 lets any client set the time')
        expect(text).toContain(c.HOST !== '127.0.0.1' ? 'HOST=0.0.0.0' : 'TRUST_PROXY=1')
      } else if (want === 'refused') {
        expect(text).toContain(
          `Refusing to listen on ${c.HOST !== '127.0.0.1' ? 'HOST=0.0.0.0' : 'TRUST_PROXY=1 (behind a reverse proxy)'}`,
        )
        expect(text).toContain('would be created with their published passwords')
        expect(text).toContain('SEED_DEMO=0')
      }
    },
  )

  it('says which accounts are open and what to do, in the words for one account and for several', () => {
    expect(refusalToListen('HOST=0.0.0.0', [], false)).toBeUndefined()
    expect(refusalToListen(undefined, allDemoEmails, false)).toBeUndefined()
    expect(refusalToListen('HOST=0.0.0.0', allDemoEmails, false)).toBe(
      [
        'Refusing to listen on HOST=0.0.0.0: other machines could reach this server, and the demo accounts ' +
          `${allDemoEmails.join(', ')} still have their published passwords (see the README).`,
        'Either:',
        '  - change those passwords: start without HOST and TRUST_PROXY (the server then listens on 127.0.0.1 only,',
        '    for this machine alone), sign in as each of these accounts and use "Change password" on its profile,',
        '    then start again with this setting; or',
        '  - start on a fresh DATA_DIR (or an empty database) with SEED_DEMO=0 and create your accounts with',
        `    printf '%s\\n' "$PASSWORD" | npm run user:create -- --username U --email E --role admin`,
      ].join('\n'),
    )
    expect(refusalToListen('TRUST_PROXY=1 (behind a reverse proxy)', ['bob@chess.local'], false)).toContain(
      'Refusing to listen on TRUST_PROXY=1 (behind a reverse proxy): other machines could reach this server, and the demo account bob@chess.local still has its published password (see the README).',
    )
  })

  it('counts as open only the demo accounts that still accept their published password', async () => {
    const db = await openPglite('memory://', await pgliteTemplate())
    // the demo accounts' hashes at the tests' lower cost: this checks which accounts are open, not the hashing
    const cost = scryptLog2N()
    setScryptLog2N(14)
    try {
      await migrate(db)
      expect(await demoAccountsWithPublishedPasswords(db)).toEqual([])
      await seedDemo(db, join(tempDir(), 'media'))
      expect(await demoAccountsWithPublishedPasswords(db)).toEqual([...allDemoEmails].sort())
      const hash = await hashPassword('a-private-password', 14)
      await db.query('UPDATE users SET password_hash = $1 WHERE email <> $2', [hash, 'bob@chess.local'])
      expect(await demoAccountsWithPublishedPasswords(db)).toEqual(['bob@chess.local'])
      await db.query('UPDATE users SET password_hash = $1', [hash])
      expect(await demoAccountsWithPublishedPasswords(db)).toEqual([])
    } finally {
      setScryptLog2N(cost)
      await db.close()
    }
  }, 120_000)
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
