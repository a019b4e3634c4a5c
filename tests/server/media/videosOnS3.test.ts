// Uploads, limits, playback and deletion through the API with MEDIA_STORAGE=s3, against a real S3 API (s3rver).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { seedDemo } from '../../../server/db/seed'
import { S3MediaStore } from '../../../server/services/media/s3MediaStore'
import { MediaSigner } from '../../../server/services/media/videos'
import { expectContract, expectProblem } from '../../helpers/contract'
import { type TestUser, useTestServer } from '../../helpers/buildServer'
import { type LocalS3, startS3 } from '../../helpers/s3'

const webm = readFileSync(fileURLToPath(new URL('../../../assets/demo-video.webm', import.meta.url)))
const dist = mkdtempSync(join(tmpdir(), 'coe-dist-s3-'))
mkdirSync(dist, { recursive: true })
writeFileSync(join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>')

// The environment is filled in once s3rver listens (before the server is built: hooks run in order).
const env: Record<string, string> = {
  UPLOAD_MAX_BYTES: String(webm.length + 1000),
  UPLOAD_QUOTA_BYTES: String(webm.length * 2 + 10),
  MEDIA_URL_TTL: '900',
}
let s3: LocalS3
let bucket: S3MediaStore
beforeAll(async () => {
  s3 = await startS3()
  Object.assign(env, s3.env)
  bucket = new S3MediaStore(s3.settings)
})
const server = useTestServer({ env, distDir: dist })
afterAll(async () => {
  bucket?.client.destroy()
  await s3?.stop()
  rmSync(dist, { recursive: true, force: true })
})

const inject = (opts: InjectOptions) => server.current.app.inject(opts)

function multipart(fields: Record<string, string>, file?: { name: string; data: Buffer }) {
  const boundary = '----coeS3Boundary'
  const parts: Buffer[] = []
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: video/webm\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

const upload = (user: TestUser, courseId: string, data = webm) => {
  const body = multipart({ courseId }, { name: 'opening.webm', data })
  return inject({
    method: 'POST',
    url: '/api/videos',
    headers: { ...body.headers, ...user.auth },
    payload: body.payload,
  })
}

async function world() {
  const owner = await server.current.createUser('instructor')
  const student = await server.current.createUser('student')
  const courseId = await server.current.createCourse(owner)
  await server.current.db.query('INSERT INTO enrollments (course_id, student_id) VALUES ($1, $2)', [
    courseId,
    student.id,
  ])
  return { owner, student, courseId }
}

/** The bucket's keys once the test's uploads are done, temporary ones included. */
const keys = async () => (await bucket.keys()).sort()

describe('videos on object storage (MEDIA_STORAGE=s3)', () => {
  // Each test starts from an empty bucket, as from empty tables.
  beforeEach(async () => {
    const left = await keys()
    if (left.length) await bucket.remove(left)
  })

  it('stores an upload in the bucket, never on the local disk, and answers a presigned URL that plays by range', async () => {
    const { owner, student, courseId } = await world()
    const res = await upload(owner, courseId)
    expect(res.statusCode).toBe(201)
    const video = expectContract('uploadVideo', res)
    expect(await keys()).toEqual([`${video._id}.webm`])
    const { mediaDir } = server.current.config
    expect(existsSync(mediaDir) ? readdirSync(mediaDir) : []).toEqual([])

    const got = await inject({ method: 'GET', url: `/api/videos/${video._id}`, headers: student.auth })
    const { filePath } = expectContract('getVideo', got)
    const url = new URL(filePath)
    expect(url.origin).toBe(s3.settings.endpoint)
    expect(url.pathname).toBe(`/media/${video._id}.webm`)
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900') // MEDIA_URL_TTL, as the server's own links
    const part = await fetch(filePath, { headers: { Range: 'bytes=0-99' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${webm.length}`)
    expect(Buffer.from(await part.arrayBuffer())).toEqual(webm.subarray(0, 100))
    const whole = await fetch(filePath)
    expect(whole.headers.get('content-type')).toBe('video/webm')
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(webm)

    // An outsider still gets no URL.
    const outsider = await server.current.createUser('student')
    expectProblem(
      'getVideo',
      await inject({ method: 'GET', url: `/api/videos/${video._id}`, headers: outsider.auth }),
      403,
    )
  })

  it('keeps the size limit and the quota, leaving no object of a refused upload', async () => {
    const { owner, courseId } = await world()
    const tooLarge = Buffer.concat([webm, Buffer.alloc(2000)])
    expectProblem('uploadVideo', await upload(owner, courseId, tooLarge), 413)
    expect(await keys()).toEqual([])
    const notVideo = Buffer.from('GIF89a'.padEnd(200, '.'))
    expectProblem('uploadVideo', await upload(owner, courseId, notVideo), 415)
    expect(await keys()).toEqual([])

    const first = await upload(owner, courseId)
    const second = await upload(owner, courseId)
    expect([first.statusCode, second.statusCode]).toEqual([201, 201])
    // The quota (two files and 10 bytes) is nearly full: the third is refused once read, and leaves nothing.
    const third = await upload(owner, courseId)
    expectProblem('uploadVideo', third, 413)
    expect(await keys()).toHaveLength(2)
  })

  it("deletes a video's object with the last module that uses it", async () => {
    const { owner, courseId } = await world()
    const video = expectContract('uploadVideo', await upload(owner, courseId))
    const moduleOf = async () => {
      const res = await inject({
        method: 'POST',
        url: '/api/modules',
        headers: owner.auth,
        payload: {
          courseId,
          title: 'Lucena',
          description: 'Bridge',
          videoId: video._id,
          videoUrl: `/api/media/${video._id}`,
        },
      })
      expect(res.statusCode).toBe(201)
      return res.json<{ _id: string }>()._id
    }
    const [one, two] = [await moduleOf(), await moduleOf()]
    const remove = (id: string) =>
      inject({ method: 'DELETE', url: `/api/modules/${id}`, headers: owner.auth })
    expect((await remove(one)).statusCode).toBe(204)
    expect(await keys()).toEqual([`${video._id}.webm`])
    expect((await remove(two)).statusCode).toBe(204)
    expect(await keys()).toEqual([])
  })

  it('still streams through an older signed /api/media link, by range, from the bucket', async () => {
    const { owner, courseId } = await world()
    const video = expectContract('uploadVideo', await upload(owner, courseId))
    const { jwtSecret, mediaUrlTtl } = server.current.config
    const url = new MediaSigner(jwtSecret, mediaUrlTtl).url(video._id)
    const part = await inject({ method: 'GET', url, headers: { range: 'bytes=10-19' } })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 10-19/${webm.length}`)
    expect(part.rawPayload).toEqual(webm.subarray(10, 20))
  })

  it('seeds the demo video into the bucket', async () => {
    const { db, config } = server.current
    await seedDemo(db, config.mediaDir, bucket)
    const videos = await db.query<{ stored_name: string; size: number }>(
      'SELECT stored_name, size::float8 AS size FROM videos',
    )
    expect(videos).toHaveLength(1)
    expect(await keys()).toEqual([videos[0].stored_name])
    expect(await bucket.size(videos[0].stored_name)).toBe(videos[0].size)
    expect(existsSync(config.mediaDir) ? readdirSync(config.mediaDir) : []).toEqual([])
  }, 60_000)

  it("lets pages play media from the storage's origin, and only media", async () => {
    const res = await inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })
    const directives = Object.fromEntries(
      String(res.headers['content-security-policy'])
        .split(';')
        .map((d) => {
          const [k, ...v] = d.trim().split(/\s+/)
          return [k, v]
        }),
    ) as Record<string, string[]>
    expect(directives['media-src']).toContain(s3.settings.endpoint)
    const others = Object.entries(directives).filter(
      ([k, v]) => k !== 'media-src' && v.includes(s3.settings.endpoint!),
    )
    expect(others).toEqual([])
  })
})
