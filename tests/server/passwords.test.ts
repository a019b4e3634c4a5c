// Password storage at the configured scrypt cost (default N=2^17), re-hashing of weaker hashes at login, the
// common-password rule, and the throttling of password changes. This file runs the app at the DEFAULT cost.
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config'
import { demoAccounts } from '../../server/db/seed'
import {
  commonPasswordCount,
  isCommonPassword,
  TOO_COMMON,
} from '../../server/services/accounts/commonPasswords'
import { BadInput } from '../../server/services/errors'
import { hashPassword, needsRehash, verifyPassword } from '../../server/services/accounts/passwords'
import { createUser } from '../../server/services/accounts/users'
import { expectContract, expectProblem } from '../helpers/contract'
import { TEST_PASSWORD, useTestServer } from '../helpers/buildServer'

// SCRYPT_LOG2N empty is the same as unset: the default applies. Three password-change attempts per window.
const server = useTestServer({ env: { SCRYPT_LOG2N: '', LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' } })

const N17 = /^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/
const N14 = /^scrypt\$16384\$8\$1\$/

async function storedHash(userId: string): Promise<string> {
  const [row] = await server.current.db.query<{ password_hash: string }>(
    'SELECT password_hash FROM users WHERE id = $1',
    [userId],
  )
  return row.password_hash
}

const login = (email: string, password: string) =>
  server.current.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })

describe('scrypt cost', () => {
  it('defaults to N=2^17 (OWASP minimum) without SCRYPT_LOG2N; 14..20 are accepted, others refused', () => {
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).scryptLog2N).toBe(17)
    expect(server.current.config.scryptLog2N).toBe(17)
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32), SCRYPT_LOG2N: '14' }).scryptLog2N).toBe(14)
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32), SCRYPT_LOG2N: '13' })).toThrow(/SCRYPT_LOG2N/)
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32), SCRYPT_LOG2N: '21' })).toThrow(/SCRYPT_LOG2N/)
  })

  it('registration stores an N=2^17, r=8, p=1 hash that logs in', async () => {
    const res = await server.current.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'strong_hash', email: 'strong@example.com', password: 'queen-side-castle' },
    })
    const user = expectContract('register', res)
    expect(await storedHash(user._id)).toMatch(N17)
    expect((await login('strong@example.com', 'queen-side-castle')).statusCode).toBe(200)
  })

  it('re-hashes an N=2^14 hash to N=2^17 at the next successful login, not at a failed one', async () => {
    const weak = await hashPassword(TEST_PASSWORD, 14)
    expect(weak).toMatch(N14)
    const [row] = await server.current.db.query<{ id: string }>(
      "INSERT INTO users (username, email, password_hash) VALUES ('old_hash', 'old@example.com', $1) RETURNING id",
      [weak],
    )
    const id = row.id
    expectProblem('login', await login('old@example.com', 'a-wrong-password'), 401)
    expect(await storedHash(id)).toBe(weak)
    const res = await login('old@example.com', TEST_PASSWORD)
    expect(res.statusCode, res.body).toBe(200)
    const upgraded = await storedHash(id)
    expect(upgraded).toMatch(N17)
    expect(await verifyPassword(TEST_PASSWORD, upgraded)).toBe(true)
    // the upgraded hash logs in, and is kept as it is
    expect((await login('old@example.com', TEST_PASSWORD)).statusCode).toBe(200)
    expect(await storedHash(id)).toBe(upgraded)
  })

  it('a hash stronger than the configured cost is verified and kept', async () => {
    const strong = await hashPassword('strong-enough-pw', 17)
    expect(needsRehash(strong, 17)).toBe(false)
    expect(needsRehash(strong, 14)).toBe(false)
    expect(needsRehash(await hashPassword('strong-enough-pw', 14), 17)).toBe(true)
    expect(needsRehash('md5$abc', 17)).toBe(true)
  })

  it('a malformed or absurd stored hash verifies as false without allocating for it', async () => {
    const good = await hashPassword('pw-for-parsing', 14)
    const [, , r, p, salt, hash] = good.split('$')
    for (const stored of [
      '',
      'bcrypt$2b$10$abc',
      `scrypt$1073741824$${r}$${p}$${salt}$${hash}`, // N=2^30: 128 GiB
      `scrypt$12345$${r}$${p}$${salt}$${hash}`, // not a power of two
      `scrypt$16384$${r}$${p}$${salt}`,
      `${good}$extra`,
    ]) {
      expect(await verifyPassword('pw-for-parsing', stored), stored.slice(0, 40)).toBe(false)
    }
    expect(await verifyPassword('pw-for-parsing', good)).toBe(true)
  })

  it('measures one hash at N=2^17 and at N=2^14 on this machine', async () => {
    const time = async (log2N: number) => {
      const start = performance.now()
      await hashPassword('timing-password-1', log2N)
      return performance.now() - start
    }
    await time(14) // warm up
    const t14 = await time(14)
    const t17 = await time(17)
    console.log(`scrypt hash time: N=2^14 ${t14.toFixed(0)} ms, N=2^17 ${t17.toFixed(0)} ms`)
    expect(t17).toBeGreaterThan(t14)
  })
})

describe('common passwords', () => {
  it('knows the list, case-insensitively, and lets uncommon passwords through', () => {
    for (const p of ['password', 'PASSWORD', 'Password1', 'qwertyuiop', '12345678', 'iloveyou', 'p@ssw0rd']) {
      expect(isCommonPassword(p), p).toBe(true)
    }
    for (const p of ['queen-side-castle', 'rook-lift-on-h3', 'correct horse battery'])
      expect(isCommonPassword(p), p).toBe(false)
  })

  it('holds at least 10,000 distinct common passwords', () => {
    const count = commonPasswordCount()
    console.log(`common-password list: ${count} distinct passwords`)
    expect(count).toBeGreaterThanOrEqual(10_000)
  })

  it('the demo accounts and the test fixtures do not use a listed password', () => {
    for (const a of demoAccounts) expect(isCommonPassword(a.password), a.email).toBe(false)
    expect(isCommonPassword(TEST_PASSWORD)).toBe(false)
  })

  it('createUser (registration, npm run user:create, the demo seed) refuses a common password with 400', async () => {
    const attempt = createUser(server.current.db, {
      username: 'cli_user',
      email: 'cli@example.com',
      password: 'baseball',
      role: 'admin',
    })
    await expect(attempt).rejects.toThrow(BadInput)
    await expect(attempt).rejects.toThrow(TOO_COMMON)
    expect(await server.current.db.query("SELECT 1 FROM users WHERE email = 'cli@example.com'")).toEqual([])
  })
})

describe('password change throttling', () => {
  it('answers 429 with Retry-After once a user has used up the attempts of the window', async () => {
    // Both users' passwords stored at N=2^14: this checks the throttling, not the hashing (each check of the current
    // password at 2^17 would take a second of CPU).
    const weakHash = await hashPassword(TEST_PASSWORD, 14)
    const weakened = async (user: Awaited<ReturnType<typeof server.current.createUser>>) => {
      await server.current.db.query('UPDATE users SET password_hash = $1 WHERE id = $2', [weakHash, user.id])
      return user
    }
    const user = await weakened(await server.current.createUser('student'))
    const change = (currentPassword: string) =>
      server.current.app.inject({
        method: 'PUT',
        url: '/api/profile/me/password',
        headers: user.auth,
        payload: { currentPassword, newPassword: 'rook-lift-on-h3' },
      })
    for (let i = 0; i < 3; i++) expectProblem('changeMyPassword', await change(`guess-${i}-wrong`), 403)
    const limited = await change(TEST_PASSWORD)
    expectProblem('changeMyPassword', limited, 429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    // even the right password is refused while throttled, and nothing changed
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200)
    // another user is not affected
    const other = await weakened(await server.current.createUser('student'))
    const res = await server.current.app.inject({
      method: 'PUT',
      url: '/api/profile/me/password',
      headers: other.auth,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'rook-lift-on-h3' },
    })
    expect(res.statusCode, res.body).toBe(204)
  })
})
