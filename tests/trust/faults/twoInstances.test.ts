// Two server instances on one PostgreSQL and one media folder, requests alternating between them; then two on one
// PostgreSQL and one bucket (MEDIA_STORAGE=s3), sharing no folder at all.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { S3MediaStore } from '../../../server/services/media/s3MediaStore'
import { type LocalS3, startS3 } from '../../helpers/s3'
import { fakeMp4, json, multipart, type Res, type Send } from '../support/http'
import { sql } from '../support/pg'
import { startTwoInstances, type ServerProcess } from '../support/spawn'
import { register, uniq, type Account } from '../support/world'

let a: ServerProcess
let b: ServerProcess
let dbUrl: string
let stop: () => Promise<void>

beforeAll(async () => {
  ;({ a, b, dbUrl, stop } = await startTwoInstances('two', {
    AUTH_RATE_LIMIT_MAX: '6',
    // 50 comments by one student below: above the default per-user limit (10 a minute)
    COMMENT_RATE_LIMIT_MAX: '1000',
  }))
})
afterAll(() => stop?.())

/** Alternates between the two instances, call by call. */
function roundRobin(): Send {
  let i = 0
  return (req) => (i++ % 2 === 0 ? a : b).send(req)
}

describe('two instances on one PostgreSQL', () => {
  let instructor: Account
  let student: Account

  it('a session made on one instance works on the other', async () => {
    const username = uniq('two')
    const reg = await a.send({
      method: 'POST',
      url: '/api/auth/register',
      ...json({ username, email: `${username}@trust.example`, password: 'two instances pw' }),
    })
    expect(reg.status).toBe(201)
    const login = await b.send({
      method: 'POST',
      url: '/api/auth/login',
      ...json({ email: `${username}@trust.example`, password: 'two instances pw' }),
    })
    expect(login.status).toBe(200)
    for (const s of [a, b, a, b]) {
      const me = await s.send({ method: 'GET', url: '/api/profile/me', token: login.body.token })
      expect(me.status).toBe(200)
      expect(me.body.username).toBe(username)
    }
    student = {
      id: reg.body._id,
      username,
      email: `${username}@trust.example`,
      password: 'two instances pw',
      token: login.body.token,
      role: 'student',
    }
    instructor = await register(a.send, uniq('twoi'))
    await sql(dbUrl, "update users set role = 'instructor' where id = $1", [instructor.id])
    // the role change made in the database is seen by both at once
    for (const s of [a, b])
      expect(
        (
          await s.send({
            method: 'POST',
            url: '/api/courses',
            token: instructor.token,
            ...json({ title: 'Both', description: 'd', price: 1 }),
          })
        ).status,
      ).toBe(201)
  })

  it('an XSRF cookie handed out by one instance is honoured by the other', async () => {
    const first = await a.send({ method: 'GET', url: '/api/courses' })
    const cookie = ([] as string[])
      .concat((first.headers['set-cookie'] as string[]) ?? [])
      .find((c) => c.startsWith('XSRF-TOKEN='))!
    expect(cookie).toBeDefined()
    const value = cookie.split(';')[0].split('=')[1]
    const r = await b.send({
      method: 'PUT',
      url: '/api/profile/me',
      token: student.token,
      payload: JSON.stringify({ bio: 'set through b', phoneNumber: '' }),
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${value}`, 'x-xsrf-token': value },
    })
    expect(r.status).toBe(200)
    expect((await a.send({ method: 'GET', url: '/api/profile/me', token: student.token })).body.bio).toBe(
      'set through b',
    )
  })

  it('an upload through one instance streams from both (shared media folder)', async () => {
    const course = await a.send({
      method: 'POST',
      url: '/api/courses',
      token: instructor.token,
      ...json({ title: 'Media', description: 'd', price: 0 }),
    })
    const data = fakeMp4(64 * 1024)
    const up = await a.send({
      method: 'POST',
      url: '/api/videos',
      token: instructor.token,
      ...multipart(
        { courseId: course.body._id },
        { name: 'file', filename: 'v.mp4', type: 'video/mp4', data },
      ),
    })
    expect(up.status).toBe(201)
    const rec = await b.send({ method: 'GET', url: `/api/videos/${up.body._id}`, token: instructor.token })
    expect(rec.status).toBe(200)
    for (const s of [a, b]) {
      const whole = await fetch(s.base + rec.body.filePath)
      expect(whole.status).toBe(200)
      expect(Buffer.from(await whole.arrayBuffer()).equals(data)).toBe(true)
      const part = await fetch(s.base + rec.body.filePath, { headers: { range: 'bytes=100-199' } })
      expect(part.status).toBe(206)
      expect(Buffer.from(await part.arrayBuffer()).equals(data.subarray(100, 200))).toBe(true)
    }
  })

  it('200 alternating calls: every write made through one is read back through the other', async () => {
    const send = roundRobin()
    const course = await send({
      method: 'POST',
      url: '/api/courses',
      token: instructor.token,
      ...json({ title: 'RR', description: 'd', price: 3 }),
    })
    const statuses: Res[] = []
    for (let i = 0; i < 50; i++) {
      const c = await send({
        method: 'POST',
        url: '/api/comment-player',
        token: student.token,
        ...json({ chessPlayerUsername: 'two-instances', comment: `n${i}` }),
      })
      statuses.push(c)
      const list = await send({ method: 'GET', url: '/api/comments/two-instances' })
      expect(list.body.map((x: { comment: string }) => x.comment)).toContain(`n${i}`)
      const m = await send({
        method: 'POST',
        url: '/api/modules',
        token: instructor.token,
        ...json({ title: `m${i}`, description: 'd', videoUrl: '/x.mp4', courseId: course.body._id }),
      })
      statuses.push(m)
      const mods = await send({
        method: 'GET',
        url: `/api/modules/course/${course.body._id}`,
        token: instructor.token,
      })
      expect(mods.body).toHaveLength(i + 1)
    }
    expect(statuses.every((s) => s.status === 201)).toBe(true)
  })

  it('the login rate limit counts attempts made through either instance', async () => {
    // AUTH_RATE_LIMIT_MAX=6 per client: alternating instances must not double it
    const statuses: number[] = []
    for (let i = 0; i < 8; i++) {
      const s = i % 2 === 0 ? a : b
      statuses.push(
        (
          await s.send({
            method: 'POST',
            url: '/api/auth/login',
            ...json({ email: 'nobody@trust.example', password: 'wrong password' }),
          })
        ).status,
      )
    }
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401])
    expect(statuses.slice(6)).toEqual([429, 429])
  })
})

describe('two instances on one PostgreSQL and one bucket (MEDIA_STORAGE=s3), on different data folders', () => {
  let s3: LocalS3
  let pair: Awaited<ReturnType<typeof startTwoInstances>>
  beforeAll(async () => {
    s3 = await startS3()
    pair = await startTwoInstances('two-s3', s3.env)
  })
  afterAll(async () => {
    await pair?.stop()
    await s3?.stop()
  })

  it("each serves the other's uploads from the bucket, and a deletion through either removes the object", async () => {
    const { a: one, b: other, dbUrl: url } = pair
    const instructor = await register(one.send, uniq('s3i'))
    await sql(url, "update users set role = 'instructor' where id = $1", [instructor.id])
    const course = await one.send({
      method: 'POST',
      url: '/api/courses',
      token: instructor.token,
      ...json({ title: 'Media in a bucket', description: 'd', price: 0 }),
    })
    expect(course.status).toBe(201)
    const bucket = new S3MediaStore(s3.settings)
    try {
      for (const [up, play] of [
        [one, other],
        [other, one],
      ]) {
        const data = fakeMp4(64 * 1024)
        const sent = await up.send({
          method: 'POST',
          url: '/api/videos',
          token: instructor.token,
          ...multipart(
            { courseId: course.body._id },
            { name: 'file', filename: 'v.mp4', type: 'video/mp4', data },
          ),
        })
        expect(sent.status).toBe(201)
        const rec = await play.send({
          method: 'GET',
          url: `/api/videos/${sent.body._id}`,
          token: instructor.token,
        })
        expect(rec.status).toBe(200)
        // the storage's own URL: the bytes never pass through either instance
        expect(new URL(rec.body.filePath).origin).toBe(s3.settings.endpoint)
        const whole = await fetch(rec.body.filePath)
        expect(whole.status).toBe(200)
        expect(Buffer.from(await whole.arrayBuffer()).equals(data)).toBe(true)
        const part = await fetch(rec.body.filePath, { headers: { range: 'bytes=100-199' } })
        expect(part.status).toBe(206)
        expect(Buffer.from(await part.arrayBuffer()).equals(data.subarray(100, 200))).toBe(true)
        // the module made through one, deleted through the other: its video's object goes
        const mod = await up.send({
          method: 'POST',
          url: '/api/modules',
          token: instructor.token,
          ...json({
            courseId: course.body._id,
            title: 'M',
            description: 'd',
            videoId: sent.body._id,
            videoUrl: `/api/media/${sent.body._id}`,
          }),
        })
        expect(mod.status).toBe(201)
        expect(await bucket.keys()).toContain(`${sent.body._id}.mp4`)
        expect(
          (
            await play.send({
              method: 'DELETE',
              url: `/api/modules/${mod.body._id}`,
              token: instructor.token,
            })
          ).status,
        ).toBe(204)
        expect(await bucket.keys()).not.toContain(`${sent.body._id}.mp4`)
      }
      // nothing was written to either instance's media folder
      for (const s of [one, other]) {
        expect(s.dataDir).toBeDefined()
        expect(existsSync(join(s.dataDir!, 'media'))).toBe(false)
      }
    } finally {
      bucket.client.destroy()
    }
  })
})
