import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectProblem } from '../helpers/contract'
import { buildServer, TEST_PASSWORD, type TestServer } from '../helpers/buildServer'
import { accountKey, addressKey } from '../../server/services/accounts/signInThrottle'
import { KnownDevices } from '../../server/services/accounts/knownDevices'

// AUTH_RATE_LIMIT_MAX (set high by the test harness) is the old variable; empty here, so the documented
// defaults apply: 5 failures per account, 100 per address, in 15 minutes.
const DEFAULTS = { AUTH_RATE_LIMIT_MAX: '' }

/**
 * The server with the default limits, shared by the two groups that use them (built by the first, closed once the
 * file is done): each of their tests signs in to accounts of its own, and the failures they leave on one address
 * stay far below the default 100 of an address.
 */
let withDefaults: Promise<TestServer> | undefined
const serverWithDefaults = () => (withDefaults ??= buildServer({ env: DEFAULTS }))
afterAll(async () => {
  await (await withDefaults)?.close()
})

function loginWith(s: TestServer, email: string, password: string, remoteAddress = '203.0.113.10') {
  return s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress })
}

const LOCKED_TEXT =
  'Too many failed sign-in attempts for this account. Try again in 15 minutes, or sign in from a device you have used before.'

/**
 * A browser running the SPA: keeps the cookies the server sets (by name, as a browser does for one path), sends
 * them back, and echoes the XSRF cookie in its header as the SPA does.
 */
function browser(s: TestServer, remoteAddress = '203.0.113.10') {
  const jar = new Map<string, string>()
  return {
    jar,
    async login(email: string, password: string) {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
        remoteAddress,
        cookies: Object.fromEntries(jar),
        headers: jar.has('XSRF-TOKEN') ? { 'x-xsrf-token': jar.get('XSRF-TOKEN')! } : {},
      })
      for (const c of res.cookies) {
        if (c.maxAge === 0) jar.delete(c.name)
        else jar.set(c.name, c.value)
      }
      return res
    },
  }
}

describe('addressKey', () => {
  it('counts IPv4 addresses as they are, IPv4-mapped IPv6 as IPv4, and IPv6 by its /64', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7')
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7')
    expect(addressKey('::FFFF:c633:6407')).toBe('198.51.100.7')
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64')
    expect(addressKey('2001:0db8:0001:0002:ffff::1')).toBe('2001:db8:1:2::/64')
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64')
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
  })
})

describe('sign-in throttling with the default limits', () => {
  let s: TestServer
  beforeAll(async () => {
    s = await serverWithDefaults()
  }, 240_000)

  it('refuses an account after 5 failures in 15 minutes (429, Retry-After, when to try again), even with the right password; a classmate on the same address signs in', async () => {
    const victim = await s.createUser('student')
    const classmate = await s.createUser('student')
    for (let i = 0; i < 5; i++)
      expectProblem('login', await loginWith(s, victim.email, `wrong-password-${i}`), 401)
    const refused = await loginWith(s, victim.email, 'wrong-password-6')
    const problem = expectProblem('login', refused, 429)
    const retryAfter = Number(refused.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(800)
    expect(retryAfter).toBeLessThanOrEqual(900)
    expect(problem.detail).toBe(LOCKED_TEXT)
    // the right password does not get through either, until the window has passed
    expectProblem('login', await loginWith(s, victim.email, TEST_PASSWORD), 429)
    // the same account whatever the case and surrounding spaces of the email
    expectProblem('login', await loginWith(s, `  ${victim.email.toUpperCase()} `, TEST_PASSWORD), 429)
    // same address, another account: not affected
    expect((await loginWith(s, classmate.email, TEST_PASSWORD)).statusCode).toBe(200)
    // the same account from another address: still refused (the count is per account)
    expectProblem('login', await loginWith(s, victim.email, TEST_PASSWORD, '198.51.100.99'), 429)
  })

  it('counts unknown emails like accounts (no hint whether an account exists)', async () => {
    for (let i = 0; i < 5; i++)
      expectProblem('login', await loginWith(s, 'ghost@example.test', 'wrong-password'), 401)
    expectProblem('login', await loginWith(s, 'ghost@example.test', 'wrong-password'), 429)
  })

  it('never counts successful sign-ins: a class of 30 signs in from one address, twice', async () => {
    const students = await Promise.all(Array.from({ length: 30 }, () => s.createUser('student')))
    const statuses: number[] = []
    for (let round = 0; round < 2; round++) {
      const results = await Promise.all(
        students.map((u) => loginWith(s, u.email, TEST_PASSWORD, '192.0.2.50')),
      )
      statuses.push(...results.map((r) => r.statusCode))
    }
    expect(statuses).toEqual(Array(60).fill(200))
    const rows = await s.db.query<{ failures: number }>(
      "SELECT failures FROM sign_in_failures WHERE key = 'address:192.0.2.50'",
    )
    expect(rows.every((r) => r.failures === 0)).toBe(true)
  }, 180_000)

  it('a successful sign-in clears that account\u2019s failures', async () => {
    const u = await s.createUser('student')
    for (let i = 0; i < 4; i++) expectProblem('login', await loginWith(s, u.email, 'wrong-password'), 401)
    expect((await loginWith(s, u.email, TEST_PASSWORD)).statusCode).toBe(200)
    for (let i = 0; i < 5; i++) expectProblem('login', await loginWith(s, u.email, 'wrong-password'), 401)
    expectProblem('login', await loginWith(s, u.email, 'wrong-password'), 429)
  })

  it('refuses an address after 100 failures in the window (any accounts), and only that address', async () => {
    const address = '198.51.100.200'
    const fresh = await s.createUser('student')
    for (let batch = 0; batch < 100; batch += 10) {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          loginWith(s, `nobody-${batch + i}@example.test`, 'wrong-password', address),
        ),
      )
      expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(401))
    }
    const refused = await loginWith(s, fresh.email, TEST_PASSWORD, address)
    const problem = expectProblem('login', refused, 429)
    expect(problem.detail).toBe(
      'Too many failed sign-in attempts for your network address. Try again in 15 minutes.',
    )
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect((await loginWith(s, fresh.email, TEST_PASSWORD, '198.51.100.201')).statusCode).toBe(200)
    // the refused attempts were not counted against the account
    const [acc] = await s.db.query<{ failures: number }>(
      'SELECT failures FROM sign_in_failures WHERE key = $1',
      [accountKey(fresh.email)],
    )
    expect(acc?.failures ?? 0).toBe(0)
  }, 180_000)

  it('parallel guesses cannot slip past the count: 20 at once on one account give 5 failures and 15 refusals', async () => {
    const u = await s.createUser('student')
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        loginWith(s, u.email, `parallel-guess-${i}`, `192.0.2.${100 + i}`),
      ),
    )
    const statuses = results.map((r) => r.statusCode).sort()
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(15).fill(429)])
  })
})

describe('sign-in throttling by address: IPv6 per /64', () => {
  let s: TestServer
  beforeAll(async () => {
    s = await buildServer({ env: { ...DEFAULTS, LOGIN_MAX_FAILURES_PER_ADDRESS: '3' } })
  }, 240_000)
  afterAll(async () => {
    await s?.close()
  })

  it('counts every address of one /64 together, and an IPv4-mapped address as its IPv4 address', async () => {
    for (const a of ['2001:db8:7:1::a', '2001:db8:7:1::b', '2001:db8:7:1:ffff:ffff:ffff:ffff']) {
      expectProblem(
        'login',
        await loginWith(s, `v6-${a}@example.test`.replace(/:/g, '-'), 'wrong-password', a),
        401,
      )
    }
    expectProblem(
      'login',
      await loginWith(s, 'v6-next@example.test', 'wrong-password', '2001:db8:7:1::c'),
      429,
    )
    expectProblem(
      'login',
      await loginWith(s, 'v6-other@example.test', 'wrong-password', '2001:db8:7:2::c'),
      401,
    )

    for (let i = 0; i < 3; i++) {
      expectProblem(
        'login',
        await loginWith(
          s,
          `v4-${i}@example.test`,
          'wrong-password',
          i % 2 ? '::ffff:198.51.100.9' : '198.51.100.9',
        ),
        401,
      )
    }
    expectProblem(
      'login',
      await loginWith(s, 'v4-next@example.test', 'wrong-password', '::ffff:198.51.100.9'),
      429,
    )
  })
})

describe('sign-in failure windows end and their rows are purged', () => {
  let s: TestServer
  beforeAll(async () => {
    // A short window (and one failure allowed): the Retry-After counts its seconds.
    s = await buildServer({
      env: { ...DEFAULTS, LOGIN_FAILURE_WINDOW_SECONDS: '2', LOGIN_MAX_FAILURES_PER_ACCOUNT: '1' },
    })
  }, 240_000)
  afterAll(async () => {
    await s?.close()
  })

  it('after the window an account may try again, and counters of ended windows are deleted', async () => {
    const u = await s.createUser('student')
    expectProblem('login', await loginWith(s, u.email, 'wrong-password', '192.0.2.1'), 401)
    const refused = expectProblem('login', await loginWith(s, u.email, TEST_PASSWORD, '192.0.2.1'), 429)
    expect(refused.detail).toMatch(
      /^Too many failed sign-in attempts for this account\. Try again in [12] seconds?, or sign in from a device you have used before\.$/,
    )
    const keys = async () =>
      (await s.db.query<{ key: string }>('SELECT key FROM sign_in_failures ORDER BY key')).map((r) => r.key)
    expect(await keys()).toEqual([accountKey(u.email), 'address:192.0.2.1'])
    // The windows end (as the database's clock would make them, without waiting for it).
    await s.db.query("UPDATE sign_in_failures SET window_ends = now() - interval '1 second'")
    // a failure elsewhere purges the ended windows
    expectProblem(
      'login',
      await loginWith(s, 'someone-else@example.test', 'wrong-password', '192.0.2.2'),
      401,
    )
    expect(await keys()).toEqual([accountKey('someone-else@example.test'), 'address:192.0.2.2'])
    expect((await loginWith(s, u.email, TEST_PASSWORD, '192.0.2.1')).statusCode).toBe(200)
  })

  it('counts an email that is not well-formed text (a lone surrogate) like any other: 401, then 429, never a 5xx', async () => {
    const email = 'lone\udfffsurrogate@example.test'
    // this server allows one failure per account
    expectProblem('login', await loginWith(s, email, 'wrong-password', '192.0.2.9'), 401)
    expectProblem('login', await loginWith(s, email, 'wrong-password', '192.0.2.9'), 429)
  })
})

describe('known devices: a browser that signed in to an account before gets through a lock strangers set off', () => {
  let s: TestServer
  beforeAll(async () => {
    s = await serverWithDefaults()
  }, 240_000)

  /** Five wrong passwords from an attacker's address lock the account for browsers without its cookie. */
  async function lockOut(email: string) {
    for (let i = 0; i < 5; i++)
      expectProblem('login', await loginWith(s, email, `attacker-guess-${i}`, '198.51.100.66'), 401)
    expect(
      expectProblem('login', await loginWith(s, email, 'attacker-guess-6', '198.51.100.66'), 429).detail,
    ).toBe(LOCKED_TEXT)
  }

  it('sets an HttpOnly, SameSite=Strict cookie for the sign-in path, kept 180 days, on every sign-in, beside the XSRF cookie', async () => {
    const u = await s.createUser('student')
    const res = await loginWith(s, u.email, TEST_PASSWORD)
    expect(res.statusCode).toBe(200)
    const setCookies = ([] as string[]).concat(res.headers['set-cookie'] ?? [])
    expect(setCookies.some((c) => c.startsWith('XSRF-TOKEN='))).toBe(true)
    const device = setCookies.find((c) => c.startsWith('known-device='))
    expect(device).toBeDefined()
    expect(device).toMatch(/; HttpOnly/)
    expect(device).toMatch(/; SameSite=Strict/)
    expect(device).toMatch(/; Path=\/api\/auth(;|$)/)
    expect(device).toMatch(/; Max-Age=15552000(;|$)/)
    expect(device).not.toMatch(/Secure/)
    expect(device).not.toContain(res.json<{ token: string }>().token)
  })

  it("the owner's browser signs in through the lock with the right password; a new browser gets 429 saying so", async () => {
    const owner = await s.createUser('instructor')
    const home = browser(s)
    expect((await home.login(owner.email, TEST_PASSWORD)).statusCode).toBe(200)
    await lockOut(owner.email)

    const through = await home.login(owner.email, TEST_PASSWORD)
    expect(through.statusCode).toBe(200)
    expect(through.json<{ result: { _id: string } }>().result._id).toBe(owner.id)
    // ...twice (the cookie is renewed on every sign-in), whatever the case of the email
    expect((await home.login(`  ${owner.email.toUpperCase()}`, TEST_PASSWORD)).statusCode).toBe(200)

    // a browser that never signed in to the account, even with the right password and the owner's address
    const fresh = browser(s)
    const refused = await fresh.login(owner.email, TEST_PASSWORD)
    expect(expectProblem('login', refused, 429).detail).toBe(LOCKED_TEXT)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800)
    // the owner's sign-ins did not clear the strangers' failures: the attacker still waits
    expectProblem('login', await loginWith(s, owner.email, 'attacker-guess-7', '198.51.100.66'), 429)
    // a wrong password from the owner's browser is still a wrong password
    expectProblem('login', await home.login(owner.email, 'not-the-password'), 401)
  })

  it('a forged, tampered, expired or foreign-key cookie, or the cookie of another account, does not pass the lock', async () => {
    const victim = await s.createUser('admin')
    const attacker = await s.createUser('student')
    const attackerBrowser = browser(s)
    expect((await attackerBrowser.login(attacker.email, TEST_PASSWORD)).statusCode).toBe(200)
    await lockOut(victim.email)

    const withCookie = (value: string) =>
      s.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: victim.email, password: TEST_PASSWORD },
        remoteAddress: '203.0.113.10',
        cookies: { 'known-device': value },
      })
    const own = attackerBrowser.jar.get('known-device')!
    // the attacker's own account's cookie
    expectProblem('login', await withCookie(own), 429)
    // its entry with the victim's id put in
    expectProblem('login', await withCookie(own.replace(attacker.id, victim.id)), 429)
    // an entry for the victim signed with another secret, and one signed with the right secret 181 days ago
    const other = new KnownDevices('another-secret-of-at-least-32-characters')
    expectProblem('login', await withCookie(other.issue(undefined, victim.id)), 429)
    const old = new KnownDevices(s.config.jwtSecret, () => Math.floor(Date.now() / 1000) - 181 * 24 * 3600)
    expectProblem('login', await withCookie(old.issue(undefined, victim.id)), 429)
    // a real entry for the victim with one character of its signature changed
    const genuine = new KnownDevices(s.config.jwtSecret).issue(undefined, victim.id)
    // (the signature's last character carries 2 bits of it and 4 unused ones: changing those counts too)
    for (const at of [genuine.length - 1, genuine.length - 10])
      expectProblem(
        'login',
        await withCookie(genuine.slice(0, at) + (genuine[at] === 'A' ? 'B' : 'A') + genuine.slice(at + 1)),
        429,
      )
    expectProblem('login', await withCookie('garbage'), 429)
    // (the genuine entry passes: the refusals above are for the cookie, not for the request)
    expect((await withCookie(genuine)).statusCode).toBe(200)
  })

  it("a known device's failures count for that device, not for the account", async () => {
    const owner = await s.createUser('student')
    const laptop = browser(s)
    expect((await laptop.login(owner.email, TEST_PASSWORD)).statusCode).toBe(200)
    for (let i = 0; i < 5; i++) expectProblem('login', await laptop.login(owner.email, `typo-${i}`), 401)
    // the account is not locked by them: a new browser signs in
    expect((await browser(s, '192.0.2.77').login(owner.email, TEST_PASSWORD)).statusCode).toBe(200)
    const [acc] = await s.db.query<{ failures: number }>(
      'SELECT failures FROM sign_in_failures WHERE key = $1',
      [accountKey(owner.email)],
    )
    expect(acc?.failures ?? 0).toBe(0)
  })

  it('a known device that keeps failing is locked out on its own after 5 failures; the owner\u2019s other devices still get in', async () => {
    const owner = await s.createUser('admin')
    const laptop = browser(s)
    const phone = browser(s, '192.0.2.78')
    expect((await laptop.login(owner.email, TEST_PASSWORD)).statusCode).toBe(200)
    expect((await phone.login(owner.email, TEST_PASSWORD)).statusCode).toBe(200)
    await lockOut(owner.email)

    // someone holding a copy of the laptop's cookie guesses through the lock: 5 guesses, then refused
    const copy = browser(s, '198.51.100.67')
    copy.jar.set('known-device', laptop.jar.get('known-device')!)
    const statuses: number[] = []
    for (let i = 0; i < 7; i++)
      statuses.push((await copy.login(owner.email, `copied-cookie-guess-${i}`)).statusCode)
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429])
    // refused now even with the right password, and not told that this device would get in
    const refused = await copy.login(owner.email, TEST_PASSWORD)
    expect(expectProblem('login', refused, 429).detail).toBe(
      'Too many failed sign-in attempts for this account. Try again in 15 minutes.',
    )
    expectProblem('login', await laptop.login(owner.email, TEST_PASSWORD), 429)
    // the phone's own entry is another device
    expect((await phone.login(owner.email, TEST_PASSWORD)).statusCode).toBe(200)
  })

  it('a known device locked out on its own signs in like a new browser while the account is not locked', async () => {
    const owner = await s.createUser('student')
    const laptop = browser(s)
    expect((await laptop.login(owner.email, TEST_PASSWORD)).statusCode).toBe(200)
    for (let i = 0; i < 5; i++) expectProblem('login', await laptop.login(owner.email, `typo-${i}`), 401)
    // its 6th failure counts for the account (an unknown browser again)
    expectProblem('login', await laptop.login(owner.email, 'typo-5'), 401)
    const [acc] = await s.db.query<{ failures: number }>(
      'SELECT failures FROM sign_in_failures WHERE key = $1',
      [accountKey(owner.email)],
    )
    expect(acc?.failures).toBe(1)
    expect((await laptop.login(owner.email, TEST_PASSWORD)).statusCode).toBe(200)
  })
})
