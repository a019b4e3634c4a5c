// Limits: request body size, upload size, comment and bio length, rate limits on login and registration.
import { createHmac } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fakeMp4, isProblem, json, multipart } from '../support/http'
import { runDatabases, startApp, type AppHarness } from '../support/harness'
import { buildWorld, register, uniq, type World } from '../support/world'

const UPLOAD_MAX = 256 * 1024

describe('sizes and lengths', () => {
  let h: AppHarness
  let w: World
  beforeAll(async () => {
    h = await startApp({ env: { UPLOAD_MAX_BYTES: String(UPLOAD_MAX) } })
    w = await buildWorld(h)
  })
  afterAll(async () => {
    await h?.close()
  })

  it('a JSON body over the limit (100 KB) is 413 problem+json and stores nothing', async () => {
    const big = JSON.stringify({ chessPlayerUsername: 'hikaru', comment: 'x'.repeat(150 * 1024) })
    const r = await h.send({
      method: 'POST',
      url: '/api/comment-player',
      token: w.student.token,
      payload: big,
      headers: { 'content-type': 'application/json' },
    })
    expect(r.status).toBe(413)
    expect(isProblem(r)).toBeNull()
    const list = await h.send({ method: 'GET', url: '/api/comments/hikaru' })
    expect(list.body).toEqual([])
  })

  it('an upload over UPLOAD_MAX_BYTES is 413 problem+json and leaves no file', async () => {
    const before = readdirSync(h.config.mediaDir).length
    const mp = multipart(
      { courseId: w.course._id },
      { name: 'file', filename: 'big.mp4', type: 'video/mp4', data: fakeMp4(UPLOAD_MAX + 4096) },
    )
    const r = await h.send({ method: 'POST', url: '/api/videos', token: w.courseInstructor.token, ...mp })
    expect(r.status).toBe(413)
    expect(isProblem(r)).toBeNull()
    expect(readdirSync(h.config.mediaDir).length).toBe(before)
    const ok = multipart(
      { courseId: w.course._id },
      { name: 'file', filename: 'ok.mp4', type: 'video/mp4', data: fakeMp4(UPLOAD_MAX - 4096) },
    )
    expect(
      (await h.send({ method: 'POST', url: '/api/videos', token: w.courseInstructor.token, ...ok })).status,
    ).toBe(201)
  })

  it('a comment holds 2000 characters (astral ones too), not 2001', async () => {
    for (const ch of ['a', '♟', '😀']) {
      const ok = await h.send({
        method: 'POST',
        url: '/api/comment-player',
        token: w.student.token,
        ...json({ chessPlayerUsername: 'limits', comment: ch.repeat(2000) }),
      })
      expect(ok.status, ch).toBe(201)
      expect(ok.body.comment).toBe(ch.repeat(2000))
      const no = await h.send({
        method: 'POST',
        url: '/api/comment-player',
        token: w.student.token,
        ...json({ chessPlayerUsername: 'limits', comment: ch.repeat(2001) }),
      })
      expect(no.status, ch).toBe(400)
      expect(isProblem(no)).toBeNull()
      expect(no.body.detail).toMatch(/comment/i)
    }
    const empty = await h.send({
      method: 'POST',
      url: '/api/comment-player',
      token: w.student.token,
      ...json({ chessPlayerUsername: 'limits', comment: '' }),
    })
    expect(empty.status).toBe(400)
    const list = await h.send({ method: 'GET', url: '/api/comments/limits' })
    expect(list.body).toHaveLength(3)
  })

  it('a bio holds 2000 characters, not 2001, and a refused bio leaves the old one', async () => {
    const t = w.otherStudent.token
    const ok = await h.send({
      method: 'PUT',
      url: '/api/profile/me',
      token: t,
      ...json({ bio: '♞'.repeat(2000), phoneNumber: '+1 (555) 010-0000' }),
    })
    expect(ok.status).toBe(200)
    const no = await h.send({
      method: 'PUT',
      url: '/api/profile/me',
      token: t,
      ...json({ bio: 'b'.repeat(2001), phoneNumber: '' }),
    })
    expect(no.status).toBe(400)
    expect(isProblem(no)).toBeNull()
    expect(no.body.detail).toMatch(/bio/i)
    const me = await h.send({ method: 'GET', url: '/api/profile/me', token: t })
    expect(me.body.bio).toBe('♞'.repeat(2000))
    expect(me.body.phoneNumber).toBe('+1 (555) 010-0000')
  })

  it('passwords outside 8..128 characters and bad usernames are refused with the field named', async () => {
    for (const [body, field] of [
      [{ username: uniq(), email: `${uniq()}@trust.example`, password: 'short' }, /password/i],
      [{ username: uniq(), email: `${uniq()}@trust.example`, password: 'p'.repeat(129) }, /password/i],
      [{ username: 'a b', email: `${uniq()}@trust.example`, password: 'long enough pw' }, /username/i],
      [{ username: uniq(), email: 'not-an-email', password: 'long enough pw' }, /email/i],
    ] as const) {
      const r = await h.send({ method: 'POST', url: '/api/auth/register', ...json(body) })
      expect(r.status).toBe(400)
      expect(r.body.detail).toMatch(field)
    }
  })
})

// The sign-in and registration limits with their documented defaults (the harness sets the old
// AUTH_RATE_LIMIT_MAX high for the other files; empty means unset).
const DEFAULTS = { AUTH_RATE_LIMIT_MAX: '' }
const CLASS_SIZE = 30

// On the databases of the run (runDatabases): the throttle's counting on each database is the server suite's
// (tests/server/signInThrottle.test.ts, run on PGlite and on PostgreSQL); these are a classroom's and a guesser's days.
for (const database of runDatabases()) {
  describe(`sign-in throttling on ${database}: a classroom behind one address is not locked out, a guesser is`, () => {
    let h: AppHarness
    beforeAll(async () => {
      h = await startApp({ database, env: DEFAULTS })
    })
    afterAll(async () => {
      await h?.close()
    })
    const login = (
      email: string,
      password: string,
      remoteAddress = '192.0.2.10',
      headers: Record<string, string> = {},
    ) =>
      h.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify({ email, password }),
      })

    it(`${CLASS_SIZE} students register and sign in from one school address with the default limits, typos included`, async () => {
      const students: { email: string; password: string }[] = []
      let registered = 0
      for (let i = 0; i < CLASS_SIZE; i++) {
        const username = uniq('class')
        const student = { email: `${username}@trust.example`, password: `pw-${uniq()}-${i}` }
        const r = await h.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          remoteAddress: '192.0.2.10',
          ...json({ username, ...student }),
        })
        if (r.statusCode === 201) registered++
        students.push(student)
      }
      console.log(
        `classroom registrations from one address (default limits, ${database}): ${registered} of ${CLASS_SIZE}`,
      )
      expect(registered).toBe(CLASS_SIZE)

      // everyone mistypes once, then signs in; all at the same time
      const typos = await Promise.all(students.map((s) => login(s.email, `${s.password}-typo`)))
      expect(typos.map((r) => r.statusCode)).toEqual(Array(CLASS_SIZE).fill(401))
      const signIns = await Promise.all(students.map((s) => login(s.email, s.password)))
      const passed = signIns.filter((r) => r.statusCode === 200).length
      console.log(
        `classroom sign-ins from one address (default limits, ${database}): ${passed} of ${CLASS_SIZE}`,
      )
      expect(passed).toBe(CLASS_SIZE)
    })

    it('an account is refused after 5 failures in 15 minutes (the 6th attempt is 429 with Retry-After), a classmate still signs in', async () => {
      const victim = await register(h.send, uniq('victim'))
      const classmate = await register(h.send, uniq('mate'))
      let last = await login(victim.email, 'guess-0')
      const statuses: number[] = [last.statusCode]
      for (let i = 1; i < 7; i++) {
        last = await login(victim.email, `guess-${i}`)
        statuses.push(last.statusCode)
      }
      const failuresBefore = statuses.indexOf(429)
      console.log(
        `failed sign-ins before an account is throttled (${database}): ${failuresBefore} (attempt ${failuresBefore + 1} is ${statuses[failuresBefore]})`,
      )
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429])
      const problem = JSON.parse(last.body)
      expect(last.headers['content-type']).toContain('application/problem+json')
      expect(problem).toMatchObject({
        status: 429,
        detail:
          'Too many failed sign-in attempts for this account. Try again in 15 minutes, or sign in from a device you have used before.',
      })
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(800)
      expect((await login(victim.email, victim.password)).statusCode, 'the right password waits too').toBe(
        429,
      )
      expect(
        (await login(classmate.email, classmate.password)).statusCode,
        'a classmate on the same address',
      ).toBe(200)
    })

    it("a stranger's guesses lock the account for new browsers only: the owner's browser that signed in before still signs in, a forged or foreign cookie does not, and a device that keeps failing is locked out itself", async () => {
      const owner = await register(h.send, uniq('owner'))
      const other = await register(h.send, uniq('other'))
      // the owner signs in from a browser that has its XSRF cookie, as the SPA does
      const xsrf = 'trust-xsrf-token-0123456789abcdef'
      const browser = (device: string | undefined) => ({
        cookie: [`XSRF-TOKEN=${xsrf}`, ...(device ? [`known-device=${device}`] : [])].join('; '),
        'x-xsrf-token': xsrf,
      })
      const deviceOf = (r: { headers: Record<string, unknown> }) => {
        const set = ([] as string[]).concat((r.headers['set-cookie'] as string | string[] | undefined) ?? [])
        const c = set.find((x) => x.startsWith('known-device='))
        expect(c, 'a known-device cookie').toBeDefined()
        expect(c).toMatch(/;\s*HttpOnly/i)
        expect(c).toMatch(/;\s*SameSite=(Strict|Lax)/i)
        return decodeURIComponent(c!.slice('known-device='.length).split(';')[0])
      }
      const first = await login(owner.email, owner.password, '192.0.2.10', browser(undefined))
      expect(first.statusCode).toBe(200)
      const device = deviceOf(first)
      const otherSignIn = await login(other.email, other.password, '192.0.2.11')
      const otherDevice = deviceOf(otherSignIn)

      // a stranger elsewhere locks the account
      const guesses: number[] = []
      for (let i = 0; i < 6; i++)
        guesses.push((await login(owner.email, `stranger-guess-${i}`, '203.0.113.99')).statusCode)
      expect(guesses).toEqual([401, 401, 401, 401, 401, 429])

      const known = await login(owner.email, owner.password, '192.0.2.10', browser(device))
      expect(known.statusCode, "the owner's browser, right password").toBe(200)
      const renewed = deviceOf(known)
      const fresh = await login(owner.email, owner.password, '192.0.2.10', browser(undefined))
      expect(fresh.statusCode, 'a new browser, right password').toBe(429)
      expect(JSON.parse(fresh.body).detail).toBe(
        'Too many failed sign-in attempts for this account. Try again in 15 minutes, or sign in from a device you have used before.',
      )
      const [userId, issued, nonce, mac] = renewed.split('~')[0].split('.')
      const flip = (t: string) => (t[0] === 'A' ? 'B' : 'A') + t.slice(1)
      const forgeries = {
        "another account's cookie": otherDevice,
        'tampered signature': [userId, issued, nonce, mac.slice(0, 5) + flip(mac.slice(5))].join('.'),
        'another account id under the same signature': [
          JSON.parse(otherSignIn.body).result._id,
          issued,
          nonce,
          mac,
        ].join('.'),
        'signed with the JWT secret itself': [
          userId,
          issued,
          nonce,
          createHmac('sha256', h.config.jwtSecret)
            .update(`${userId}.${issued}.${nonce}`)
            .digest()
            .subarray(0, 16)
            .toString('base64url'),
        ].join('.'),
        nonsense: 'x'.repeat(200),
      }
      for (const [what, value] of Object.entries(forgeries))
        expect(
          (await login(owner.email, owner.password, '192.0.2.12', browser(value))).statusCode,
          what,
        ).toBe(429)

      // the known device guessing wrong: its own 5 failures, then it is refused like a new browser
      const own: number[] = []
      for (let i = 0; i < 7; i++)
        own.push((await login(owner.email, `device-guess-${i}`, '192.0.2.13', browser(renewed))).statusCode)
      console.log(`known-device failures before that device is locked out (${database}): ${own.indexOf(429)}`)
      expect(own).toEqual([401, 401, 401, 401, 401, 429, 429])
      expect((await login(owner.email, owner.password, '192.0.2.13', browser(renewed))).statusCode).toBe(429)
    })

    it('other calls are not limited', async () => {
      for (let i = 0; i < 20; i++)
        expect((await h.send({ method: 'GET', url: '/api/courses' })).status).toBe(200)
    })
  })
}

describe('behind one trusted proxy (TRUST_PROXY=1), a forged X-Forwarded-For does not make a new client', () => {
  let h: AppHarness
  beforeAll(async () => {
    h = await startApp({ env: { ...DEFAULTS, TRUST_PROXY: '1', LOGIN_MAX_FAILURES_PER_ADDRESS: '10' } })
  })
  afterAll(async () => {
    await h?.close()
  })

  it('the known-device cookie is Secure when the sign-in came over HTTPS, and only then', async () => {
    const u = await register(h.send, uniq('https'))
    const deviceCookie = async (proto: string | undefined) => {
      const r = await h.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.1.2.3',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': '203.0.113.20',
          ...(proto ? { 'x-forwarded-proto': proto } : {}),
        },
        payload: JSON.stringify({ email: u.email, password: u.password }),
      })
      expect(r.statusCode).toBe(200)
      return ([] as string[]).concat(r.headers['set-cookie'] ?? []).find((c) => c.startsWith('known-device='))
    }
    const https = await deviceCookie('https')
    expect(https).toMatch(/;\s*Secure/i)
    expect(https).toMatch(/;\s*HttpOnly/i)
    expect(await deviceCookie(undefined)).not.toMatch(/;\s*Secure/i)
  })

  it('every attempt with a new forged left-most entry is counted against the same client', async () => {
    const k = 10
    const proxy = '10.1.2.3'
    const client = '203.0.113.77'
    for (let i = 0; i < k; i++) {
      // the client wrote `forged`, the proxy appended the address it saw
      const r = await h.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: proxy,
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `198.18.${i}.${i + 1}, ${client}`,
          'x-real-ip': `198.19.0.${i}`,
        },
        payload: JSON.stringify({ email: `forger-${i}@trust.example`, password: 'wrong password' }),
      })
      expect(r.statusCode).toBe(401)
    }
    const [row] = await h.query<{ failures: number }>(
      'select failures from sign_in_failures where key = $1',
      [`address:${client}`],
    )
    const counted = row?.failures ?? 0
    console.log(`forged-header attempts counted: ${counted} of ${k}`)
    expect(counted).toBe(k)
    const forged = await h.query("select key from sign_in_failures where key like 'address:198.1%'")
    expect(forged).toEqual([])
    // so the client's next attempt is refused, whatever it forges; another client behind the proxy is not
    const next = (xff: string) =>
      h.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: proxy,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': xff },
        payload: JSON.stringify({ email: 'forger-next@trust.example', password: 'wrong password' }),
      })
    expect((await next(`192.0.2.200, ${client}`)).statusCode).toBe(429)
    expect((await next('203.0.113.78')).statusCode).toBe(401)
  })
})

describe('behind proxies listed by address range (TRUST_PROXY=10.0.0.0/8,fd00::/8), only the listed proxies are believed', () => {
  let h: AppHarness
  beforeAll(async () => {
    h = await startApp({
      env: { ...DEFAULTS, TRUST_PROXY: '10.0.0.0/8, fd00::/8', LOGIN_MAX_FAILURES_PER_ADDRESS: '10' },
    })
  })
  afterAll(async () => {
    await h?.close()
  })
  const attempt = (remoteAddress: string, xff: string, i: number) =>
    h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': xff },
      payload: JSON.stringify({ email: `cidr-${uniq()}-${i}@trust.example`, password: 'wrong password' }),
    })
  const failuresOf = async (address: string) =>
    (
      await h.query<{ failures: number }>('select failures from sign_in_failures where key = $1', [
        `address:${address}`,
      ])
    )[0]?.failures ?? 0

  it('a forged left-most entry sent through two listed proxies (IPv4 and IPv6) is counted under the real client', async () => {
    const client = '203.0.113.55'
    const k = 9
    for (let i = 0; i < k; i++) {
      // client -> edge proxy (10.20.30.40, or fd00::20) -> inner proxy (the peer): each appended what it saw
      const [peer, edge] = i % 3 === 2 ? ['fd00::7', 'fd00::20'] : ['10.1.2.3', '10.20.30.40']
      const r = await attempt(peer, `198.18.${i}.${i + 1}, ${client}, ${edge}`, i)
      expect(r.statusCode).toBe(401)
    }
    const counted = await failuresOf(client)
    console.log(
      `forged-header attempts through listed proxies counted against the client: ${counted} of ${k}`,
    )
    expect(counted).toBe(k)
    expect(await h.query("select key from sign_in_failures where key like 'address:198.1%'")).toEqual([])
    expect(await failuresOf('10.20.30.40')).toBe(0)
    expect(await failuresOf('10.1.2.3')).toBe(0)
    // one more failure reaches the limit of 10, whatever entry the client forges next
    expect((await attempt('10.1.2.3', `192.0.2.201, ${client}`, k)).statusCode).toBe(401)
    expect((await attempt('10.1.2.3', `192.0.2.202, ${client}`, k + 1)).statusCode).toBe(429)
  })

  it('X-Forwarded-For sent by a peer outside the list is ignored: the attempt counts under the peer itself', async () => {
    const peer = '198.51.100.23'
    const k = 10
    for (let i = 0; i < k; i++) {
      // a client reaching the server directly, pretending to be behind a listed proxy
      const r = await attempt(peer, `203.0.113.${100 + i}, 10.9.9.${i}`, i)
      expect(r.statusCode).toBe(401)
    }
    const counted = await failuresOf(peer)
    console.log(
      `attempts with X-Forwarded-For from an unlisted peer counted against the peer: ${counted} of ${k}`,
    )
    expect(counted).toBe(k)
    expect(
      await h.query(
        "select key from sign_in_failures where key like 'address:203.0.113.1%' or key like 'address:10.9.%'",
      ),
    ).toEqual([])
    expect((await attempt(peer, '203.0.113.250', k)).statusCode, 'a new forged header does not help').toBe(
      429,
    )
  })
})

describe('registration limit per address', () => {
  let h: AppHarness
  beforeAll(async () => {
    h = await startApp({ env: DEFAULTS })
  })
  afterAll(async () => {
    await h?.close()
  })

  it('the default limit is 60 registrations per 10 minutes per address (IPv6: per /64); above it registration is 429 problem+json with Retry-After and creates no account', async () => {
    const reg = (remoteAddress: string) => {
      const username = uniq('rl')
      return h.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress,
        ...json({ username, email: `${username}@trust.example`, password: `pw-${uniq()}` }),
      })
    }
    const statuses: number[] = []
    for (let i = 0; i < 62; i++)
      statuses.push((await reg(i % 2 ? '2001:db8:5:5::1' : '2001:db8:5:5::2')).statusCode)
    expect(statuses).toEqual([...Array(60).fill(201), 429, 429])
    const last = await reg('2001:db8:5:5:abcd::9')
    expect(last.statusCode, 'the same /64').toBe(429)
    expect(last.headers['content-type']).toContain('application/problem+json')
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(500)
    expect(JSON.parse(last.body).detail).toMatch(/^Too many attempts\. Try again in (9|10) minutes\.$/)
    const [{ n }] = await h.query<{ n: number }>('select count(*)::int as n from users')
    expect(n).toBe(60)
    expect((await reg('2001:db8:5:6::1')).statusCode, 'another /64').toBe(201)
  })
})
