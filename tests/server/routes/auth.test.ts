import { describe, expect, it } from 'vitest'
import { expectContract, expectProblem } from '../../helpers/contract'
import { useTestServer } from '../../helpers/buildServer'
import type { Db } from '../../../server/db/db'
import { createUser } from '../../../server/services/accounts/users'

const server = useTestServer()

const register = (payload: unknown) =>
  server.current.app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object })
const login = (payload: unknown) =>
  server.current.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object })

const newUser = {
  username: 'new_player',
  email: 'New.Player@Example.com',
  password: 'a-long-password',
  phoneNumber: '+1 555 0100',
}

describe('POST /api/auth/register', () => {
  it('creates a student, stores the email lower-cased and never returns the password', async () => {
    const res = await register({ ...newUser, role: 'admin' })
    const body = expectContract('register', res)
    expect(res.statusCode).toBe(201)
    expect(body).toMatchObject({
      username: 'new_player',
      email: 'new.player@example.com',
      role: 'student',
      phoneNumber: '+1 555 0100',
      bio: '',
      purchasedCourses: [],
    })
    expect(JSON.stringify(body)).not.toMatch(/password|scrypt/i)
    const [row] = await server.current.db.query<{ role: string; password_hash: string }>(
      'SELECT role, password_hash FROM users WHERE id = $1',
      [body._id],
    )
    expect(row.role).toBe('student')
    expect(row.password_hash).toMatch(/^scrypt\$/)
    expect(row.password_hash).not.toContain('a-long-password')
  })

  it('refuses an email or username already taken, compared case-insensitively (409)', async () => {
    expect((await register(newUser)).statusCode).toBe(201)
    expectProblem(
      'register',
      await register({ ...newUser, username: 'other_name', email: 'NEW.PLAYER@example.COM' }),
      409,
    )
    expectProblem(
      'register',
      await register({ ...newUser, username: 'NEW_PLAYER', email: 'someone@example.com' }),
      409,
    )
    const [{ n }] = (await server.current.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM users',
    )) as [{ n: number }]
    expect(n).toBe(1)
  })

  it('names the taken field also when a concurrent registration wins the race to the unique index', async () => {
    expect((await register(newUser)).statusCode).toBe(201)
    // the earlier lookup sees nothing, as it would when both registrations look before either inserts
    const db = server.current.db
    const racing: Db = {
      ...db,
      query: <T>(sql: string, params?: unknown[]) =>
        sql.startsWith('SELECT email FROM users') ? Promise.resolve([] as T[]) : db.query<T>(sql, params),
    }
    const same = { username: 'racer_two', email: 'racer@example.com', password: 'a-long-password' }
    await expect(createUser(racing, { ...same, username: 'NEW_PLAYER' })).rejects.toThrow(
      'This username is taken',
    )
    await expect(createUser(racing, { ...same, email: 'new.player@example.com' })).rejects.toThrow(
      'This email is already registered',
    )
  })

  it.each([
    ['a missing password', { username: 'abc', email: 'a@b.co' }, 'password'],
    ['a short password', { ...newUser, password: 'short' }, 'password'],
    ['a bad email', { ...newUser, email: 'not-an-email' }, 'email'],
    ['a username with spaces', { ...newUser, username: 'two words' }, 'username'],
    ['an unknown field', { ...newUser, isAdmin: true }, 'isAdmin'],
    ['a wrong type', { ...newUser, password: 12345678 }, 'password'],
  ])('answers 400 problem+json naming the field for %s', async (_label, payload, field) => {
    const problem = expectProblem('register', await register(payload), 400)
    expect(problem.detail).toContain(field)
  })

  it('answers 400 for a body that is not JSON and 415 for a wrong content type', async () => {
    const bad = await server.current.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    })
    expectProblem('register', bad, 400)
    const text = await server.current.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    })
    expect(text.statusCode).toBe(415)
    expect(text.headers['content-type']).toContain('application/problem+json')
  })

  it('answers 413 problem+json for a body over the limit', async () => {
    const res = await register({ ...newUser, phoneNumber: 'x'.repeat(200 * 1024) })
    expect(res.statusCode).toBe(413)
    expect(JSON.parse(res.body)).toMatchObject({ status: 413, title: 'Payload Too Large' })
  })
})

describe('POST /api/auth/login', () => {
  it('answers a token and the user without password; the token works on a protected call', async () => {
    await register(newUser)
    const res = await login({ email: 'NEW.player@example.com', password: newUser.password })
    const body = expectContract('login', res)
    expect(res.statusCode).toBe(200)
    expect(body.result).toMatchObject({ username: 'new_player', role: 'student' })
    expect(JSON.stringify(body.result)).not.toMatch(/password/i)
    const me = await server.current.app.inject({
      method: 'GET',
      url: '/api/profile/me',
      headers: { authorization: `Bearer ${body.token}` },
    })
    expect(me.statusCode).toBe(200)
  })

  it('answers 401 for a wrong password and for an unknown email, with the same message', async () => {
    await register(newUser)
    const wrong = expectProblem(
      'login',
      await login({ email: newUser.email, password: 'wrong-password' }),
      401,
    )
    const unknown = expectProblem(
      'login',
      await login({ email: 'nobody@example.com', password: 'wrong-password' }),
      401,
    )
    expect(wrong.detail).toBe(unknown.detail)
  })

  it('answers 400 for a missing field', async () => {
    expectProblem('login', await login({ email: 'a@b.co' }), 400)
  })
})

describe('tokens', () => {
  it('refuses a missing, malformed, tampered, unsigned or expired token with 401', async () => {
    const user = await server.current.createUser('student')
    const get = (authorization?: string) =>
      server.current.app.inject({
        method: 'GET',
        url: '/api/profile/me',
        headers: authorization ? { authorization } : {},
      })
    expectProblem('getMyProfile', await get(), 401)
    expectProblem('getMyProfile', await get('Bearer not.a.token'), 401)
    const [h, p, s] = user.token.split('.')
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString())
    const forged = Buffer.from(JSON.stringify({ ...payload, sub: payload.sub })).toString('base64url')
    expectProblem('getMyProfile', await get(`Bearer ${h}.${forged}x.${s}`), 401)
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')
    expectProblem('getMyProfile', await get(`Bearer ${none}.${p}.`), 401)
    const { SignJWT } = await import('jose')
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(server.current.config.jwtSecret))
    expectProblem('getMyProfile', await get(`Bearer ${expired}`), 401)
  })

  it('reads the role from the database on each request and refuses a deleted user', async () => {
    const user = await server.current.createUser('student')
    const create = () =>
      server.current.app.inject({
        method: 'POST',
        url: '/api/courses',
        headers: user.auth,
        payload: { title: 'T', description: 'D', price: 1 },
      })
    expect((await create()).statusCode).toBe(403)
    await server.current.db.query("UPDATE users SET role = 'instructor' WHERE id = $1", [user.id])
    expect((await create()).statusCode).toBe(201)
    await server.current.db.query('DELETE FROM users WHERE id = $1', [user.id])
    expect((await create()).statusCode).toBe(401)
  })
})
