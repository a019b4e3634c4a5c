// Limits: request body size, upload size, comment and bio length, rate limits on login and registration.
import { readdirSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fakeMp4, isProblem, json, multipart } from '../support/http'
import { startApp, type AppHarness } from '../support/harness'
import { buildWorld, uniq, type World } from '../support/world'

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
    const r = await h.send({ method: 'POST', url: '/api/comment-player', token: w.student.token, payload: big, headers: { 'content-type': 'application/json' } })
    expect(r.status).toBe(413)
    expect(isProblem(r)).toBeNull()
    const list = await h.send({ method: 'GET', url: '/api/comments/hikaru' })
    expect(list.body).toEqual([])
  })

  it('an upload over UPLOAD_MAX_BYTES is 413 problem+json and leaves no file', async () => {
    const before = readdirSync(h.config.mediaDir).length
    const mp = multipart({ courseId: w.course._id }, { name: 'file', filename: 'big.mp4', type: 'video/mp4', data: fakeMp4(UPLOAD_MAX + 4096) })
    const r = await h.send({ method: 'POST', url: '/api/videos', token: w.courseInstructor.token, ...mp })
    expect(r.status).toBe(413)
    expect(isProblem(r)).toBeNull()
    expect(readdirSync(h.config.mediaDir).length).toBe(before)
    const ok = multipart({ courseId: w.course._id }, { name: 'file', filename: 'ok.mp4', type: 'video/mp4', data: fakeMp4(UPLOAD_MAX - 4096) })
    expect((await h.send({ method: 'POST', url: '/api/videos', token: w.courseInstructor.token, ...ok })).status).toBe(201)
  })

  it('a comment holds 2000 characters (astral ones too), not 2001', async () => {
    for (const ch of ['a', '♟', '😀']) {
      const ok = await h.send({ method: 'POST', url: '/api/comment-player', token: w.student.token, ...json({ chessPlayerUsername: 'limits', comment: ch.repeat(2000) }) })
      expect(ok.status, ch).toBe(201)
      expect(ok.body.comment).toBe(ch.repeat(2000))
      const no = await h.send({ method: 'POST', url: '/api/comment-player', token: w.student.token, ...json({ chessPlayerUsername: 'limits', comment: ch.repeat(2001) }) })
      expect(no.status, ch).toBe(400)
      expect(isProblem(no)).toBeNull()
      expect(no.body.detail).toMatch(/comment/i)
    }
    const empty = await h.send({ method: 'POST', url: '/api/comment-player', token: w.student.token, ...json({ chessPlayerUsername: 'limits', comment: '' }) })
    expect(empty.status).toBe(400)
    const list = await h.send({ method: 'GET', url: '/api/comments/limits' })
    expect(list.body).toHaveLength(3)
  })

  it('a bio holds 2000 characters, not 2001, and a refused bio leaves the old one', async () => {
    const t = w.otherStudent.token
    const ok = await h.send({ method: 'PUT', url: '/api/profile/me', token: t, ...json({ bio: '♞'.repeat(2000), phoneNumber: '+1 (555) 010-0000' }) })
    expect(ok.status).toBe(200)
    const no = await h.send({ method: 'PUT', url: '/api/profile/me', token: t, ...json({ bio: 'b'.repeat(2001), phoneNumber: '' }) })
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

describe('rate limits on login and registration', () => {
  let h: AppHarness
  beforeAll(async () => {
    h = await startApp({ env: { AUTH_RATE_LIMIT_MAX: '3' } })
  })
  afterAll(async () => {
    await h?.close()
  })

  it('the 4th login attempt in a minute is 429 problem+json with Retry-After, even with spoofed forwarding headers', async () => {
    const statuses: number[] = []
    let last
    for (let i = 0; i < 5; i++) {
      last = await h.send({
        method: 'POST',
        url: '/api/auth/login',
        payload: JSON.stringify({ email: 'nobody@trust.example', password: 'wrong password' }),
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${i}`, 'x-real-ip': `10.0.1.${i}` },
      })
      statuses.push(last.status)
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429])
    expect(isProblem(last!)).toBeNull()
    expect(String(last!.headers['retry-after'])).toMatch(/^\d+$/)
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('the 4th registration in a minute is 429 problem+json with Retry-After and creates no account', async () => {
    const statuses: number[] = []
    const names: string[] = []
    let last
    for (let i = 0; i < 5; i++) {
      const username = uniq('rl')
      names.push(username)
      last = await h.send({ method: 'POST', url: '/api/auth/register', ...json({ username, email: `${username}@trust.example`, password: 'long enough pw' }) })
      statuses.push(last.status)
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429])
    expect(isProblem(last!)).toBeNull()
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0)
    const rows = await h.query<{ username: string }>('select username from users')
    expect(rows.map((r) => r.username).sort()).toEqual(names.slice(0, 3).sort())
  })

  it('other calls are not limited', async () => {
    for (let i = 0; i < 20; i++) expect((await h.send({ method: 'GET', url: '/api/courses' })).status).toBe(200)
  })
})
