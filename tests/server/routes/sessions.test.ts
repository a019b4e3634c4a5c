import { Writable } from 'node:stream'
import type { InjectOptions } from 'fastify'
import { decodeJwt, SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { expectContract, expectProblem } from '../../helpers/contract'
import { TEST_PASSWORD, type TestUser, unknownId, useTestServer } from '../../helpers/buildServer'

// Every log line of the app, to prove passwords never reach the log.
const logLines: string[] = []
const logStream = new Writable({
  write(chunk, _enc, done) {
    logLines.push(...String(chunk).split('\n').filter(Boolean))
    done()
  },
})

const server = useTestServer({ logger: { level: 'info', stream: logStream } })
const inject = (opts: InjectOptions) => server.current.app.inject(opts)
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

const TOO_COMMON = 'This password is too common; choose a less common one'
const NEW_PASSWORD = 'rook-lift-on-h3'

async function login(user: Pick<TestUser, 'email'>, password = TEST_PASSWORD) {
  return inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password } })
}

async function session(user: Pick<TestUser, 'email'>, password = TEST_PASSWORD): Promise<string> {
  const res = await login(user, password)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().token as string
}

/** The status a protected call answers with this token. */
async function statusWith(token: string): Promise<number> {
  return (await inject({ method: 'GET', url: '/api/profile/me', headers: bearer(token) })).statusCode
}

async function sessionCount(userId: string): Promise<number> {
  const [row] = await server.current.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM sessions WHERE user_id = $1',
    [userId],
  )
  return row.n
}

async function storedHash(userId: string): Promise<string> {
  const [row] = await server.current.db.query<{ password_hash: string }>(
    'SELECT password_hash FROM users WHERE id = $1',
    [userId],
  )
  return row.password_hash
}

const sign = (claims: Record<string, unknown>, exp = Math.floor(Date.now() / 1000) + 3600) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(server.current.config.jwtSecret))

describe('sessions', () => {
  it('a login opens a session named by the token (claim sid), expiring with the token', async () => {
    const user = await server.current.createUser('student')
    const token = await session(user)
    const claims = decodeJwt(token)
    expect(claims.sub).toBe(user.id)
    expect(claims.sid).toMatch(/^[0-9a-f-]{36}$/)
    const [row] = await server.current.db.query<{ user_id: string; exp: number }>(
      'SELECT user_id, extract(epoch FROM expires_at)::int AS exp FROM sessions WHERE id = $1',
      [claims.sid],
    )
    expect(row).toEqual({ user_id: user.id, exp: claims.exp })
    // JWT_TTL is 7 days by default
    expect(claims.exp! - claims.iat!).toBe(7 * 24 * 3600)
    expect(await statusWith(token)).toBe(200)
  })

  it("refuses a validly signed token without a sid, with a sid that names no session, or another user's session", async () => {
    const user = await server.current.createUser('student')
    const other = await server.current.createUser('admin')
    const otherSid = decodeJwt(other.token).sid
    for (const [what, claims] of [
      ['no sid', { sub: user.id }],
      ['a sid that is not a uuid', { sub: user.id, sid: 'x' }],
      ['a sid of no session', { sub: user.id, sid: unknownId() }],
      ["another user's session", { sub: user.id, sid: otherSid }],
      ["a student claiming an admin's session", { sub: other.id, sid: decodeJwt(user.token).sid }],
    ] as const) {
      const res = await inject({ method: 'GET', url: '/api/profile/me', headers: bearer(await sign(claims)) })
      expect(res.statusCode, what).toBe(401)
      expectProblem('getMyProfile', res, 401)
    }
    // the same construction with the user's own session is accepted: the refusals above came from the sid
    expect(await statusWith(await sign({ sub: user.id, sid: decodeJwt(user.token).sid }))).toBe(200)
  })

  it('refuses a token whose session has expired in the database, even while the token itself is valid', async () => {
    const user = await server.current.createUser('student')
    expect(await statusWith(user.token)).toBe(200)
    await server.current.db.query(
      "UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1",
      [user.id],
    )
    expect(await statusWith(user.token)).toBe(401)
  })

  it("purges the user's expired sessions when they log in, and nobody else's", async () => {
    const user = await server.current.createUser('student')
    const other = await server.current.createUser('student')
    for (const id of [user.id, user.id, other.id]) {
      await server.current.db.query(
        "INSERT INTO sessions (user_id, expires_at) VALUES ($1, now() - interval '1 hour')",
        [id],
      )
    }
    expect(await sessionCount(user.id)).toBe(3) // the live one of createUser and two expired ones
    await session(user)
    expect(await sessionCount(user.id)).toBe(2) // the live one and the new one
    expect(await sessionCount(other.id)).toBe(2)
  })

  it("ends a deleted user's sessions with the account", async () => {
    const user = await server.current.createUser('student')
    await server.current.db.query('DELETE FROM users WHERE id = $1', [user.id])
    expect(await server.current.db.query('SELECT 1 FROM sessions WHERE user_id = $1', [user.id])).toEqual([])
    expect(await statusWith(user.token)).toBe(401)
  })
})

describe('POST /api/auth/logout', () => {
  it('ends this session only: its token is refused from now on, other sessions go on', async () => {
    const user = await server.current.createUser('student')
    const second = await session(user)
    const res = await inject({ method: 'POST', url: '/api/auth/logout', headers: user.auth })
    expect(res.statusCode).toBe(204)
    expectContract('logout', res)
    const refused = await inject({ method: 'GET', url: '/api/profile/me', headers: user.auth })
    expect(expectProblem('getMyProfile', refused, 401).detail).toBe('This session has ended; log in again')
    expect(await statusWith(second)).toBe(200)
    expect(await sessionCount(user.id)).toBe(1)
    // logging out twice with the same token: the session is gone, so 401
    expectProblem(
      'logout',
      await inject({ method: 'POST', url: '/api/auth/logout', headers: user.auth }),
      401,
    )
    // a new login works
    expect(await statusWith(await session(user))).toBe(200)
  })

  it('answers 401 without a token', async () => {
    expectProblem('logout', await inject({ method: 'POST', url: '/api/auth/logout' }), 401)
  })
})

describe('POST /api/auth/logout-all', () => {
  it("ends every session of the user, this one included, and no one else's", async () => {
    const user = await server.current.createUser('student')
    const other = await server.current.createUser('student')
    const tokens = [user.token, ...(await Promise.all([1, 2, 3, 4].map(() => session(user))))]
    for (const t of tokens) expect(await statusWith(t)).toBe(200)
    const res = await inject({ method: 'POST', url: '/api/auth/logout-all', headers: bearer(tokens[2]) })
    expect(res.statusCode).toBe(204)
    expectContract('logoutEverywhere', res)
    for (const t of tokens) expect(await statusWith(t)).toBe(401)
    expect(await sessionCount(user.id)).toBe(0)
    expect(await statusWith(other.token)).toBe(200)
  })

  it('answers 401 without a token', async () => {
    expectProblem('logoutEverywhere', await inject({ method: 'POST', url: '/api/auth/logout-all' }), 401)
  })
})

describe('PUT /api/profile/me/password', () => {
  const change = (token: string, payload: object) =>
    inject({ method: 'PUT', url: '/api/profile/me/password', headers: bearer(token), payload })

  it('changes the password and ends every other session of the user; this one stays valid', async () => {
    const user = await server.current.createUser('student')
    const other = await server.current.createUser('student')
    const current = await session(user)
    const elsewhere = await session(user)
    const res = await change(current, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD })
    expect(res.statusCode, res.body).toBe(204)
    expectContract('changeMyPassword', res)
    expect(await statusWith(current)).toBe(200)
    expect(await statusWith(elsewhere)).toBe(401)
    expect(await statusWith(user.token)).toBe(401)
    expect(await statusWith(other.token)).toBe(200)
    expect(await sessionCount(user.id)).toBe(1)
    expectProblem('login', await login(user, TEST_PASSWORD), 401)
    expect((await login(user, NEW_PASSWORD)).statusCode).toBe(200)
    expect(await storedHash(user.id)).not.toContain(NEW_PASSWORD)
  })

  it('refuses a wrong current password (403) and changes nothing', async () => {
    const user = await server.current.createUser('student')
    const elsewhere = await session(user)
    const before = await storedHash(user.id)
    const res = await change(user.token, { currentPassword: 'not-the-password', newPassword: NEW_PASSWORD })
    expect(expectProblem('changeMyPassword', res, 403).detail).toBe('The current password is wrong')
    expect(await storedHash(user.id)).toBe(before)
    expect(await statusWith(elsewhere)).toBe(200)
    expect(await statusWith(user.token)).toBe(200)
  })

  it('refuses a common password, in any case (400), a short one and a missing field (400), and changes nothing', async () => {
    const user = await server.current.createUser('student')
    const elsewhere = await session(user)
    const before = await storedHash(user.id)
    for (const newPassword of ['password123', 'PassWord123', 'iloveyou', 'qwertyuiop']) {
      const res = await change(user.token, { currentPassword: TEST_PASSWORD, newPassword })
      expect(expectProblem('changeMyPassword', res, 400).detail, newPassword).toBe(TOO_COMMON)
    }
    expectProblem(
      'changeMyPassword',
      await change(user.token, { currentPassword: TEST_PASSWORD, newPassword: 'short' }),
      400,
    )
    expectProblem('changeMyPassword', await change(user.token, { newPassword: NEW_PASSWORD }), 400)
    expectProblem(
      'changeMyPassword',
      await change(user.token, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, role: 'admin' }),
      400,
    )
    expect(await storedHash(user.id)).toBe(before)
    expect(await statusWith(elsewhere)).toBe(200)
  })

  it('answers 401 without a token or with an ended session', async () => {
    const user = await server.current.createUser('student')
    expectProblem(
      'changeMyPassword',
      await inject({
        method: 'PUT',
        url: '/api/profile/me/password',
        payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
      }),
      401,
    )
    await inject({ method: 'POST', url: '/api/auth/logout', headers: user.auth })
    expectProblem(
      'changeMyPassword',
      await change(user.token, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }),
      401,
    )
  })
})

describe('PUT /api/user/{id}/password', () => {
  const reset = (token: string, id: string, payload: object) =>
    inject({ method: 'PUT', url: `/api/user/${id}/password`, headers: bearer(token), payload })

  it("lets an admin set a user's password and ends every session of that user", async () => {
    const admin = await server.current.createUser('admin')
    const user = await server.current.createUser('instructor')
    const second = await session(user)
    const res = await reset(admin.token, user.id, { newPassword: NEW_PASSWORD })
    expect(res.statusCode, res.body).toBe(204)
    expectContract('setUserPassword', res)
    expect(await statusWith(user.token)).toBe(401)
    expect(await statusWith(second)).toBe(401)
    expect(await sessionCount(user.id)).toBe(0)
    expect(await statusWith(admin.token)).toBe(200)
    expectProblem('login', await login(user, TEST_PASSWORD), 401)
    expect((await login(user, NEW_PASSWORD)).statusCode).toBe(200)
  })

  it('answers 404 for an unknown user, 400 for a common or short password, and changes nothing', async () => {
    const admin = await server.current.createUser('admin')
    const user = await server.current.createUser('student')
    const before = await storedHash(user.id)
    expectProblem(
      'setUserPassword',
      await reset(admin.token, unknownId(), { newPassword: NEW_PASSWORD }),
      404,
    )
    expect(
      expectProblem('setUserPassword', await reset(admin.token, user.id, { newPassword: 'Password1' }), 400)
        .detail,
    ).toBe(TOO_COMMON)
    expectProblem('setUserPassword', await reset(admin.token, user.id, { newPassword: 'short' }), 400)
    expectProblem(
      'setUserPassword',
      await reset(admin.token, 'not-a-uuid', { newPassword: NEW_PASSWORD }),
      400,
    )
    expect(await storedHash(user.id)).toBe(before)
    expect(await statusWith(user.token)).toBe(200)
  })

  it('refuses students and instructors (403), even for their own account, and anonymous callers (401)', async () => {
    const user = await server.current.createUser('student')
    const instructor = await server.current.createUser('instructor')
    const before = await storedHash(user.id)
    expectProblem('setUserPassword', await reset(user.token, user.id, { newPassword: NEW_PASSWORD }), 403)
    expectProblem(
      'setUserPassword',
      await reset(instructor.token, user.id, { newPassword: NEW_PASSWORD }),
      403,
    )
    expectProblem(
      'setUserPassword',
      await inject({
        method: 'PUT',
        url: `/api/user/${user.id}/password`,
        payload: { newPassword: NEW_PASSWORD },
      }),
      401,
    )
    expect(await storedHash(user.id)).toBe(before)
    expect(await statusWith(user.token)).toBe(200)
  })
})

describe('registration', () => {
  it('refuses a common password (400) and creates nobody', async () => {
    for (const password of ['password123', 'Sunshine1', 'P@ssw0rd']) {
      const res = await inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: 'common_pw', email: 'common@example.com', password },
      })
      if (res.statusCode === 400) expect(expectProblem('register', res, 400).detail).toBe(TOO_COMMON)
      else expect.unreachable(`${password} was accepted: ${res.statusCode}`)
    }
    expect(await server.current.db.query("SELECT 1 FROM users WHERE email = 'common@example.com'")).toEqual(
      [],
    )
    const ok = await inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'common_pw', email: 'common@example.com', password: NEW_PASSWORD },
    })
    expect(ok.statusCode).toBe(201)
  })
})

describe('the log', () => {
  it('records password changes and resets, and logouts, without any password', async () => {
    const admin = await server.current.createUser('admin')
    const user = await server.current.createUser('student')
    logLines.length = 0
    const secret = 'bishop-pair-endgame'
    const resetTo = 'knight-outpost-d5'
    expect(
      (
        await inject({
          method: 'PUT',
          url: '/api/profile/me/password',
          headers: user.auth,
          payload: { currentPassword: TEST_PASSWORD, newPassword: secret },
        })
      ).statusCode,
    ).toBe(204)
    expect(
      (
        await inject({
          method: 'PUT',
          url: `/api/user/${user.id}/password`,
          headers: admin.auth,
          payload: { newPassword: resetTo },
        })
      ).statusCode,
    ).toBe(204)
    expect((await inject({ method: 'POST', url: '/api/auth/logout', headers: admin.auth })).statusCode).toBe(
      204,
    )
    const entries = logLines.map((l) => JSON.parse(l) as { msg: string; userId?: string; by?: string })
    expect(entries.find((e) => e.msg === 'password changed')).toMatchObject({ userId: user.id })
    expect(entries.find((e) => e.msg === 'password set by an admin')).toMatchObject({
      userId: user.id,
      by: admin.id,
    })
    expect(entries.find((e) => e.msg === 'logged out')).toMatchObject({ userId: admin.id })
    const all = logLines.join('\n')
    for (const p of [TEST_PASSWORD, secret, resetTo, 'scrypt$']) expect(all).not.toContain(p)
  })
})
