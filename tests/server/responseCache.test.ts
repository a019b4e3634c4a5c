// Conditional GET (ETag, 304) and the kept course list (server/plugins/responseCache.ts, migration 010): on PGlite
// by default, on PostgreSQL with DATABASE_URL.
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { expectContract } from '../helpers/contract'
import { useTestServer } from '../helpers/buildServer'

const server = useTestServer()
const inject = (opts: InjectOptions) => server.current.app.inject(opts)
const list = (headers: Record<string, string> = {}) => inject({ method: 'GET', url: '/api/courses', headers })
// Long enough that the list is compressed (1 KB and more).
const long = 'Plans, typical structures and model games. '.repeat(40)

function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding']
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString()
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString()
  expect(encoding).toBeUndefined()
  return res.payload
}

const titles = (res: LightMyRequestResponse) =>
  (JSON.parse(decoded(res)) as { title: string }[]).map((c) => c.title)

describe('GET /api/courses (the spec list, kept until a write)', () => {
  it('answers a strong ETag, Vary and no-cache, and 304 with no body to a matching If-None-Match', async () => {
    const teacher = await server.current.createUser('instructor')
    await server.current.createCourse(teacher, { title: 'Openings', description: long })
    const first = await list()
    expectContract('getCourses', first)
    expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/)
    expect(first.headers.vary).toBe('Accept-Encoding')
    expect(first.headers['cache-control']).toContain('no-cache')
    const again = await list({ 'if-none-match': first.headers.etag as string })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload).toHaveLength(0)
    expect(again.headers.etag).toBe(first.headers.etag)
    expect(again.headers.vary).toBe('Accept-Encoding')
    // weak comparison, several tags, and a tag that names nothing
    expect((await list({ 'if-none-match': `"nope", W/${first.headers.etag as string}` })).statusCode).toBe(
      304,
    )
    expect((await list({ 'if-none-match': '"nope"' })).statusCode).toBe(200)
  })

  it('answers 200 with the new list and a new ETag after a write through the API', async () => {
    const teacher = await server.current.createUser('instructor')
    await server.current.createCourse(teacher, { title: 'Openings' })
    const before = await list()
    expect(titles(before)).toEqual(['Openings'])
    const created = await inject({
      method: 'POST',
      url: '/api/courses',
      headers: teacher.auth,
      payload: { title: 'Endgames', description: 'Rook endings', price: 5 },
    })
    expect(created.statusCode).toBe(201)
    const after = await list({ 'if-none-match': before.headers.etag as string })
    expect(after.statusCode).toBe(200)
    expect(titles(after)).toEqual(['Endgames', 'Openings'])
    expect(after.headers.etag).not.toBe(before.headers.etag)
    const patched = await inject({
      method: 'PATCH',
      url: `/api/courses/${(JSON.parse(after.payload) as { _id: string }[])[0]._id}`,
      headers: teacher.auth,
      payload: { title: 'Rook endgames' },
    })
    expect(patched.statusCode).toBe(200)
    expect(titles(await list({ 'if-none-match': after.headers.etag as string }))).toEqual([
      'Rook endgames',
      'Openings',
    ])
  })

  it('sees writes that bypass the services (a seed, psql): courses, and the instructor username', async () => {
    const teacher = await server.current.createUser('instructor')
    const id = await server.current.createCourse(teacher, { title: 'Openings' })
    const before = await list()
    expect(JSON.parse(before.payload)).toMatchObject([{ instructor: { username: teacher.username } }])
    await server.current.db.query('UPDATE users SET username = $1 WHERE id = $2', [
      'renamed_teacher',
      teacher.id,
    ])
    const renamed = await list({ 'if-none-match': before.headers.etag as string })
    expect(renamed.statusCode).toBe(200)
    expect(JSON.parse(renamed.payload)).toMatchObject([{ instructor: { username: 'renamed_teacher' } }])
    await server.current.db.transaction(async (tx) => {
      await tx.query('UPDATE courses SET price_cents = 4200 WHERE id = $1', [id])
    })
    expect(JSON.parse((await list()).payload)).toMatchObject([{ price: 42 }])
    await server.current.db.query('DELETE FROM courses')
    expect(JSON.parse((await list()).payload)).toEqual([])
  })

  it('never answers an emptied database with a list kept from before (versions are not reused)', async () => {
    const teacher = await server.current.createUser('instructor')
    await server.current.createCourse(teacher, { title: 'Before the reset' })
    const before = await list()
    expect(titles(before)).toEqual(['Before the reset'])
    // TRUNCATE of every table, data_versions included
    await server.current.reset()
    const after = await list({ 'if-none-match': before.headers.etag as string })
    expect(after.statusCode).toBe(200)
    expect(JSON.parse(after.payload)).toEqual([])
  })

  it('sends br or gzip as accepted, each decoding to the same JSON, with its own strong ETag', async () => {
    const teacher = await server.current.createUser('instructor')
    for (const title of ['One', 'Two', 'Three'])
      await server.current.createCourse(teacher, { title, description: long })
    const plain = await list()
    expect(plain.headers['content-encoding']).toBeUndefined()
    const tags = new Set([plain.headers.etag])
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
      // read as the compress plugin reads them, which then leaves the answer alone
      ['*', 'gzip'],
      ['x-gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await list({ 'accept-encoding': accept })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-encoding']).toBe(encoding)
      expect(res.headers.vary).toBe('Accept-Encoding')
      expect(decoded(res)).toBe(plain.payload)
      if (encoding) {
        expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3)
        expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length)
        // the tag of these very bytes
        expect(res.headers.etag).toMatch(encoding === 'br' ? /-br"$/ : /-gz"$/)
        tags.add(res.headers.etag)
        // 304 to the tag of the encoded answer, on any representation
        expect((await list({ 'if-none-match': res.headers.etag as string })).statusCode).toBe(304)
      }
    }
    expect(tags.size).toBe(3)
  })

  it('leaves search and paging to the route: no kept body for a request with parameters', async () => {
    const teacher = await server.current.createUser('instructor')
    await server.current.createCourse(teacher, { title: 'Openings' })
    const plain = await list()
    const other = await inject({ method: 'GET', url: '/api/courses?unknown=1' })
    expect(other.statusCode).toBe(200)
    // a weak tag from the body, not the list's strong one
    expect(other.headers.etag).toMatch(/^W\//)
    expect(JSON.parse(other.payload)).toEqual(JSON.parse(plain.payload))
  })
})

describe('GET /api/courses with parameters (a kept catalogue page)', () => {
  const page = (url: string, headers: Record<string, string> = {}) => inject({ method: 'GET', url, headers })

  it('answers the kept page as JSON with one weak tag, 304 to it, and the new page after a write', async () => {
    const teacher = await server.current.createUser('instructor')
    await server.current.createCourse(teacher, { title: 'Openings', description: long })
    const first = await page('/api/courses?limit=5&sort=title')
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(first.headers.etag).toMatch(/^W\/"/)
    expectContract('getCourses', first)
    // Asked again while kept: the same bytes and tag.
    const again = await page('/api/courses?limit=5&sort=title')
    expect(again.payload).toBe(first.payload)
    expect(again.headers.etag).toBe(first.headers.etag)
    const unchanged = await page('/api/courses?limit=5&sort=title', { 'if-none-match': first.headers.etag! })
    expect(unchanged.statusCode).toBe(304)
    expect(unchanged.payload).toBe('')

    await server.current.createCourse(teacher, { title: 'Endgames', description: long })
    const changed = await page('/api/courses?limit=5&sort=title', { 'if-none-match': first.headers.etag! })
    expect(changed.statusCode).toBe(200)
    expect(changed.headers.etag).not.toBe(first.headers.etag)
    const items = (JSON.parse(changed.payload) as { items: { title: string }[] }).items
    expect(items.map((c) => c.title)).toEqual(['Endgames', 'Openings'])
    // Another page's answer is its own, not the first one's bytes.
    const other = await page('/api/courses?limit=1&sort=title')
    expect((JSON.parse(other.payload) as { items: { title: string }[] }).items.map((c) => c.title)).toEqual([
      'Endgames',
    ])
    expect(other.headers.etag).not.toBe(changed.headers.etag)
  })

  it('answers a page asked again, in each encoding, with the headers and bytes of its first answer', async () => {
    const teacher = await server.current.createUser('instructor')
    for (const title of ['One', 'Two', 'Three'])
      await server.current.createCourse(teacher, { title, description: long })
    const url = '/api/courses?limit=20&sort=title'
    for (const accept of ['gzip, deflate, br', 'gzip', '']) {
      const headers: Record<string, string> = accept ? { 'accept-encoding': accept } : {}
      const first = await page(url, headers)
      const again = await page(url, headers)
      const third = await page(url, headers)
      for (const res of [again, third]) {
        expect(res.statusCode).toBe(200)
        for (const name of ['content-type', 'content-encoding', 'vary', 'etag', 'cache-control'])
          expect(res.headers[name], `${name} with accept-encoding '${accept}'`).toBe(first.headers[name])
        expect(decoded(res)).toBe(decoded(first))
        if (!accept) expectContract('getCourses', res)
      }
      expect((await page(url, { ...headers, 'if-none-match': first.headers.etag! })).statusCode).toBe(304)
    }
    // the same page by another spelling of its address
    const reordered = await page('/api/courses?sort=title&limit=20')
    expect(reordered.payload).toBe((await page(url)).payload)
  })

  it('never answers a kept page after a write that bypasses the services', async () => {
    const teacher = await server.current.createUser('instructor')
    const id = await server.current.createCourse(teacher, { title: 'Openings' })
    const url = '/api/courses?limit=5'
    const prices = async () =>
      (JSON.parse((await page(url)).payload) as { items: { price: number }[] }).items.map((c) => c.price)
    const before = await prices()
    expect(await prices()).toEqual(before)
    await server.current.db.query('UPDATE courses SET price_cents = 4200 WHERE id = $1', [id])
    expect(await prices()).toEqual([42])
    await server.current.db.query('DELETE FROM courses')
    expect(await prices()).toEqual([])
  })

  it('answers a bad parameter with a problem, untouched by the kept pages', async () => {
    const res = await page('/api/courses?cursor=nonsense')
    expect(res.statusCode).toBe(400)
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(res.headers.etag).toBeUndefined()
  })
})

describe('conditional GET on course and module reads', () => {
  it('getCourse: a weak ETag, 304 when it matches, 200 with the new body after a change', async () => {
    const teacher = await server.current.createUser('instructor')
    const id = await server.current.createCourse(teacher, { title: 'Openings' })
    const first = await inject({ method: 'GET', url: `/api/courses/${id}` })
    expectContract('getCourse', first)
    expect(first.headers.etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/)
    expect(first.headers['cache-control']).toContain('no-cache')
    const same = await inject({
      method: 'GET',
      url: `/api/courses/${id}`,
      headers: { 'if-none-match': first.headers.etag as string },
    })
    expect(same.statusCode).toBe(304)
    expect(same.rawPayload).toHaveLength(0)
    await server.current.db.query('UPDATE courses SET title = $1 WHERE id = $2', ['Endgames', id])
    const changed = await inject({
      method: 'GET',
      url: `/api/courses/${id}`,
      headers: { 'if-none-match': first.headers.etag as string },
    })
    expect(changed.statusCode).toBe(200)
    expect(JSON.parse(changed.payload)).toMatchObject({ title: 'Endgames' })
    // an error is never a 304
    const gone = await inject({
      method: 'GET',
      url: `/api/courses/${'00000000-0000-4000-8000-000000000000'}`,
      headers: { 'if-none-match': '*' },
    })
    expect(gone.statusCode).toBe(404)
  })

  it("getModulesByCourse: private, and a tag never stands in for another caller's answer", async () => {
    const teacher = await server.current.createUser('instructor')
    const student = await server.current.createUser('student')
    const outsider = await server.current.createUser('student')
    const courseId = await server.current.createCourse(teacher)
    await server.current.db.query('INSERT INTO enrollments (course_id, student_id) VALUES ($1, $2)', [
      courseId,
      student.id,
    ])
    const created = await inject({
      method: 'POST',
      url: '/api/modules',
      headers: teacher.auth,
      payload: {
        title: 'Lucena',
        description: 'Bridge',
        videoUrl: 'https://www.youtube.com/watch?v=abc',
        courseId,
      },
    })
    expect(created.statusCode).toBe(201)
    const url = `/api/modules/course/${courseId}`
    const mine = await inject({ method: 'GET', url, headers: student.auth })
    expect(mine.statusCode).toBe(200)
    expect(mine.headers['cache-control']).toBe('private, no-cache')
    const tag = mine.headers.etag as string
    expect(tag).toMatch(/^W\//)
    expect(
      (await inject({ method: 'GET', url, headers: { ...student.auth, 'if-none-match': tag } })).statusCode,
    ).toBe(304)
    // the same tag from someone not allowed to read the modules, or from no one, is refused as before
    expect(
      (await inject({ method: 'GET', url, headers: { ...outsider.auth, 'if-none-match': tag } })).statusCode,
    ).toBe(403)
    expect((await inject({ method: 'GET', url, headers: { 'if-none-match': tag } })).statusCode).toBe(401)
  })

  it('getCourseCurriculum: 304 for an unchanged curriculum', async () => {
    const teacher = await server.current.createUser('instructor')
    const courseId = await server.current.createCourse(teacher)
    const url = `/api/courses/${courseId}/curriculum`
    const first = await inject({ method: 'GET', url })
    expect(first.statusCode).toBe(200)
    const again = await inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': first.headers.etag as string },
    })
    expect(again.statusCode).toBe(304)
  })
})
