// Upload quota per uploader and the per-user upload limit, with small values set through the environment.
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { expectContract, expectProblem } from '../../helpers/contract'
import { type TestUser, useTestServer } from '../../helpers/buildServer'

const webm = readFileSync(fileURLToPath(new URL('../../../assets/demo-video.webm', import.meta.url)))
// Room for two copies of the demo video, not three.
const QUOTA = Math.floor(webm.length * 2.5)
const server = useTestServer({ env: { UPLOAD_QUOTA_BYTES: String(QUOTA), UPLOAD_RATE_LIMIT_MAX: '4' } })
const inject = (opts: InjectOptions) => server.current.app.inject(opts)

function multipart(fields: Record<string, string>, data: Buffer) {
  const boundary = '----coeQuotaBoundary'
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  )
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="v.webm"\r\nContent-Type: video/webm\r\n\r\n`,
    ),
  )
  parts.push(data, Buffer.from(`\r\n--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

const upload = (user: TestUser, courseId: string, data: Buffer = webm) => {
  const body = multipart({ courseId }, data)
  return inject({
    method: 'POST',
    url: '/api/videos',
    headers: { ...body.headers, ...user.auth },
    payload: body.payload,
  })
}
const mb = (bytes: number) => String(Number((bytes / 1048576).toPrecision(3)))
const files = () => readdirSync(server.current.config.mediaDir).filter((f) => !f.startsWith('.'))

describe('upload quota (UPLOAD_QUOTA_BYTES)', () => {
  it('refuses the upload that would pass the quota with 413 and a clear message, keeping no file', async () => {
    const owner = await server.current.createUser('instructor')
    const courseId = await server.current.createCourse(owner)
    expect((await upload(owner, courseId)).statusCode).toBe(201)
    expect((await upload(owner, courseId)).statusCode).toBe(201)
    expect(files()).toHaveLength(2)
    const refused = expectProblem('uploadVideo', await upload(owner, courseId), 413)
    expect(refused.detail).toContain(
      `Upload quota of ${mb(QUOTA)} MB reached: you use ${mb(2 * webm.length)} MB`,
    )
    expect(files()).toHaveLength(2)
    expect(readdirSync(server.current.config.mediaDir)).toHaveLength(2)
    expect(await server.current.db.query('SELECT 1 FROM videos')).toHaveLength(2)
  })

  it('refuses a file larger than what is left while the file streams in, and one that would just pass', async () => {
    const owner = await server.current.createUser('instructor')
    const courseId = await server.current.createCourse(owner)
    const big = Buffer.concat([webm, Buffer.alloc(QUOTA)])
    const res = expectProblem('uploadVideo', await upload(owner, courseId, big), 413)
    expect(res.detail).toMatch(/^Upload quota of .* MB reached: you use 0 MB and this file is larger than/)
    expect(readdirSync(server.current.config.mediaDir)).toEqual([])
    // exactly the quota is allowed, one byte more is not
    const exact = Buffer.concat([webm, Buffer.alloc(QUOTA - webm.length)])
    expect((await upload(owner, courseId, exact)).statusCode).toBe(201)
    expectProblem('uploadVideo', await upload(owner, courseId, webm.subarray(0, 64)), 413)
    expect(files()).toHaveLength(1)
  })

  it('counts per uploader: another instructor still has the whole quota; deleted videos free it', async () => {
    const a = await server.current.createUser('instructor')
    const b = await server.current.createUser('instructor')
    const courseA = await server.current.createCourse(a)
    const courseB = await server.current.createCourse(b)
    expect((await upload(a, courseA)).statusCode).toBe(201)
    expect((await upload(a, courseA)).statusCode).toBe(201)
    expectProblem('uploadVideo', await upload(a, courseA), 413)
    expect((await upload(b, courseB)).statusCode).toBe(201)
    expect(
      (await inject({ method: 'DELETE', url: `/api/courses/${courseA}`, headers: a.auth })).statusCode,
    ).toBe(204)
    const courseA2 = await server.current.createCourse(a)
    expect((await upload(a, courseA2)).statusCode).toBe(201)
  })

  it('lets concurrent uploads of one user pass the quota together no more than one at a time', async () => {
    const owner = await server.current.createUser('instructor')
    const courseId = await server.current.createCourse(owner)
    const results = await Promise.all([
      upload(owner, courseId),
      upload(owner, courseId),
      upload(owner, courseId),
    ])
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 413])
    expect(files()).toHaveLength(2)
  })
})

describe('per-user upload limit (UPLOAD_RATE_LIMIT_MAX=4 per minute)', () => {
  it('answers the 5th upload within a minute with 429 and Retry-After; another user is not affected', async () => {
    const owner = await server.current.createUser('instructor')
    const other = await server.current.createUser('instructor')
    const courseId = await server.current.createCourse(owner)
    const otherCourse = await server.current.createCourse(other)
    const tiny = webm.subarray(0, 16)
    for (let i = 0; i < 4; i++) expect((await upload(owner, courseId, tiny)).statusCode).toBe(201)
    const res = await upload(owner, courseId, tiny)
    expectProblem('uploadVideo', res, 429)
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect(
      await server.current.db.query('SELECT 1 FROM videos WHERE uploaded_by = $1', [owner.id]),
    ).toHaveLength(4)
    expect(expectContract('uploadVideo', await upload(other, otherCourse, tiny)).size).toBe(16)
  })

  it('does not count refused callers: students (403) and anonymous (401)', async () => {
    const student = await server.current.createUser('student')
    const owner = await server.current.createUser('instructor')
    const courseId = await server.current.createCourse(owner)
    for (let i = 0; i < 6; i++)
      expectProblem('uploadVideo', await upload(student, courseId, webm.subarray(0, 16)), 403)
    expect(
      await server.current.db.query('SELECT 1 FROM rate_limits WHERE key = $1', [
        `user:upload:${student.id}`,
      ]),
    ).toHaveLength(0)
    const body = multipart({ courseId }, webm.subarray(0, 16))
    for (let i = 0; i < 6; i++)
      expectProblem('uploadVideo', await inject({ method: 'POST', url: '/api/videos', ...body }), 401)
    for (let i = 0; i < 4; i++)
      expect((await upload(owner, courseId, webm.subarray(0, 16))).statusCode).toBe(201)
  })
})
