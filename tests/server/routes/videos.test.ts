import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { Writable } from 'node:stream'
import { buildApp } from '../../../server/app'
import { MediaSigner } from '../../../server/services/media/videos'
import { expectContract, expectProblem } from '../../helpers/contract'
import { type TestUser, unknownId, useTestServer } from '../../helpers/buildServer'

const server = useTestServer({ env: { UPLOAD_MAX_BYTES: '100000' } })
const inject = (opts: InjectOptions) => server.current.app.inject(opts)
const webm = readFileSync(fileURLToPath(new URL('../../../assets/demo-video.webm', import.meta.url)))

/** A multipart/form-data body with the given text fields and (optionally) one file. */
function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = '----coeTestBoundary'
  const parts: Buffer[] = []
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    )
    parts.push(file.data, Buffer.from('\r\n'))
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

const upload = (
  user: TestUser | undefined,
  fields: Record<string, string>,
  file?: { name: string; type: string; data: Buffer },
) => {
  const body = multipart(fields, file)
  return inject({
    method: 'POST',
    url: '/api/videos',
    headers: { ...body.headers, ...(user?.auth ?? {}) },
    payload: body.payload,
  })
}
const video = (name = 'opening.webm') => ({ name, type: 'video/webm', data: webm })

async function world() {
  const owner = await server.current.createUser('instructor')
  const courseId = await server.current.createCourse(owner)
  return { owner, courseId }
}

describe('POST /api/videos', () => {
  it('stores an uploaded WebM under a generated name for the course instructor', async () => {
    const { owner, courseId } = await world()
    const res = await upload(owner, { courseId }, video('../../etc/passwd.webm'))
    expect(res.statusCode).toBe(201)
    const body = expectContract('uploadVideo', res)
    expect(body).toMatchObject({
      courseId,
      mimeType: 'video/webm',
      size: webm.length,
      originalName: 'passwd.webm',
    })
    expect(body.filePath).toMatch(new RegExp(`^/api/media/${body._id}\\?exp=\\d+&sig=[A-Za-z0-9_-]{43}$`))
    expect(readdirSync(server.current.config.mediaDir)).toEqual([`${body._id}.webm`])
  })

  it('lets an admin upload for any course; refuses students and other instructors (403) and anonymous (401)', async () => {
    const { courseId } = await world()
    const admin = await server.current.createUser('admin')
    expect((await upload(admin, { courseId }, video())).statusCode).toBe(201)
    const other = await server.current.createUser('instructor')
    const student = await server.current.createUser('student')
    expectProblem('uploadVideo', await upload(other, { courseId }, video()), 403)
    expectProblem('uploadVideo', await upload(student, { courseId }, video()), 403)
    expectProblem('uploadVideo', await upload(undefined, { courseId }, video()), 401)
    expect(await server.current.db.query('SELECT 1 FROM videos')).toHaveLength(1)
  })

  it('refuses a file that is not a video by its bytes (415), whatever its name and type', async () => {
    const { owner, courseId } = await world()
    const fake = {
      name: 'movie.mp4',
      type: 'video/mp4',
      data: Buffer.from('<html><script>alert(1)</script></html>'),
    }
    expectProblem('uploadVideo', await upload(owner, { courseId }, fake), 415)
    const json = await inject({
      method: 'POST',
      url: '/api/videos',
      headers: owner.auth,
      payload: { courseId },
    })
    expectProblem('uploadVideo', json, 415)
    expect(readdirSync(server.current.config.mediaDir)).toEqual([])
  })

  it('refuses a file over UPLOAD_MAX_BYTES (413) and keeps nothing', async () => {
    const { owner, courseId } = await world()
    const big = Buffer.concat([webm, Buffer.alloc(100_001)])
    expectProblem(
      'uploadVideo',
      await upload(owner, { courseId }, { name: 'big.webm', type: 'video/webm', data: big }),
      413,
    )
    expect(readdirSync(server.current.config.mediaDir)).toEqual([])
    expect(await server.current.db.query('SELECT 1 FROM videos')).toHaveLength(0)
  })

  it('answers 400 without a file or courseId, 404 for an unknown course', async () => {
    const { owner, courseId } = await world()
    expectProblem('uploadVideo', await upload(owner, { courseId }), 400)
    expect(expectProblem('uploadVideo', await upload(owner, {}, video()), 400).detail).toContain('courseId')
    expectProblem('uploadVideo', await upload(owner, { courseId: 'nope' }, video()), 400)
    expectProblem('uploadVideo', await upload(owner, { courseId: unknownId() }, video()), 404)
    expect(readdirSync(server.current.config.mediaDir)).toEqual([])
  })
})

async function uploaded() {
  const { owner, courseId } = await world()
  const body = (await upload(owner, { courseId }, video())).json()
  const enrolled = await server.current.createUser('student')
  await server.current.db.query('INSERT INTO enrollments (course_id, student_id) VALUES ($1, $2)', [
    courseId,
    enrolled.id,
  ])
  return { owner, courseId, enrolled, id: body._id as string }
}

describe('GET /api/videos/{videoId}', () => {
  it('answers the record with a signed filePath to readers of the course', async () => {
    const { enrolled, owner, id } = await uploaded()
    const other = await server.current.createUser('instructor')
    for (const user of [enrolled, owner, other]) {
      const body = expectContract(
        'getVideo',
        await inject({ method: 'GET', url: `/api/videos/${id}`, headers: user.auth }),
      )
      expect(body.filePath).toContain(`/api/media/${id}?exp=`)
    }
  })

  it('refuses students not enrolled (403), anonymous (401), unknown ids (404), bad ids (400)', async () => {
    const { id } = await uploaded()
    const outsider = await server.current.createUser('student')
    expectProblem(
      'getVideo',
      await inject({ method: 'GET', url: `/api/videos/${id}`, headers: outsider.auth }),
      403,
    )
    expectProblem('getVideo', await inject({ method: 'GET', url: `/api/videos/${id}` }), 401)
    expectProblem(
      'getVideo',
      await inject({ method: 'GET', url: `/api/videos/${unknownId()}`, headers: outsider.auth }),
      404,
    )
    expectProblem(
      'getVideo',
      await inject({ method: 'GET', url: '/api/videos/x', headers: outsider.auth }),
      400,
    )
  })
})

describe('GET /api/media/{videoId} (signed URL)', () => {
  async function signedUrl() {
    const { enrolled, id } = await uploaded()
    const { filePath } = (
      await inject({ method: 'GET', url: `/api/videos/${id}`, headers: enrolled.auth })
    ).json()
    return { id, filePath: filePath as string }
  }

  it('streams the whole file with Accept-Ranges', async () => {
    const { filePath } = await signedUrl()
    const res = await inject({ method: 'GET', url: filePath })
    expect(res.statusCode).toBe(200)
    expectContract('streamVideo', res)
    expect(res.headers['accept-ranges']).toBe('bytes')
    expect(res.headers['content-type']).toBe('video/webm')
    expect(res.rawPayload.equals(webm)).toBe(true)
  })

  it('answers byte ranges with 206 and Content-Range (start-end, open-ended, suffix)', async () => {
    const { filePath } = await signedUrl()
    const size = webm.length
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      [`bytes=${size - 10}-`, size - 10, size - 1],
      ['bytes=-20', size - 20, size - 1],
      [`bytes=100-${size + 500}`, 100, size - 1],
    ]
    for (const [range, start, end] of cases) {
      const res = await inject({ method: 'GET', url: filePath, headers: { range } })
      expect(res.statusCode, range).toBe(206)
      expectContract('streamVideo', res)
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`)
      expect(res.rawPayload.equals(webm.subarray(start, end + 1)), range).toBe(true)
    }
  })

  it('answers 416 with Content-Range */size for ranges outside the file or malformed', async () => {
    const { filePath } = await signedUrl()
    for (const range of [`bytes=${webm.length}-`, 'bytes=50-10', 'bytes=-0', 'items=0-1', 'bytes=abc']) {
      const res = await inject({ method: 'GET', url: filePath, headers: { range } })
      expectProblem('streamVideo', res, 416)
      expect(res.headers['content-range']).toBe(`bytes */${webm.length}`)
    }
  })

  it('refuses an altered signature, another video’s signature and an expired link (403)', async () => {
    const { id, filePath } = await signedUrl()
    const url = new URL(filePath, 'http://x')
    const sig = url.searchParams.get('sig')!
    // The first character (the last one, whose spare bits decoding drops, has a test of its own below).
    const altered = (sig.startsWith('A') ? 'B' : 'A') + sig.slice(1)
    expectProblem(
      'streamVideo',
      await inject({
        method: 'GET',
        url: `/api/media/${id}?exp=${url.searchParams.get('exp')}&sig=${altered}`,
      }),
      403,
    )
    expectProblem(
      'streamVideo',
      await inject({
        method: 'GET',
        url: `/api/media/${id}?exp=${Number(url.searchParams.get('exp')) + 1}&sig=${sig}`,
      }),
      403,
    )
    expectProblem(
      'streamVideo',
      await inject({
        method: 'GET',
        url: `/api/media/${unknownId()}?exp=${url.searchParams.get('exp')}&sig=${sig}`,
      }),
      403,
    )
    const signer = new MediaSigner(server.current.config.jwtSecret, 60)
    const expired = signer.url(id, Date.now() - 3600_000)
    expectProblem('streamVideo', await inject({ method: 'GET', url: expired }), 403)
    const wrongKey = new MediaSigner('another-secret-another-secret-another', 60).url(id)
    expectProblem('streamVideo', await inject({ method: 'GET', url: wrongKey }), 403)
  })

  it('refuses a signature whose last character differs only in the bits base64url decoding drops (403)', async () => {
    const { filePath } = await signedUrl()
    const sig = new URL(filePath, 'http://x').searchParams.get('sig')!
    // 32 bytes are 43 characters; the last one's lowest 2 bits are not part of the bytes
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    const twin = sig.slice(0, -1) + alphabet[alphabet.indexOf(sig.at(-1)!) ^ 1]
    expect(Buffer.from(twin, 'base64url')).toEqual(Buffer.from(sig, 'base64url'))
    expectProblem('streamVideo', await inject({ method: 'GET', url: filePath.replace(sig, twin) }), 403)
    expect((await inject({ method: 'GET', url: filePath })).statusCode).toBe(200)
  })

  it('answers 400 for missing or malformed exp/sig and 404 for a validly signed unknown id', async () => {
    const { id } = await signedUrl()
    expectProblem('streamVideo', await inject({ method: 'GET', url: `/api/media/${id}` }), 400)
    expectProblem('streamVideo', await inject({ method: 'GET', url: `/api/media/${id}?exp=soon&sig=x` }), 400)
    expectProblem(
      'streamVideo',
      await inject({ method: 'GET', url: `/api/media/..%2F..%2Fetc%2Fpasswd?exp=1&sig=${'a'.repeat(43)}` }),
      400,
    )
    const ghost = unknownId()
    const signer = new MediaSigner(server.current.config.jwtSecret, 60)
    expectProblem('streamVideo', await inject({ method: 'GET', url: signer.url(ghost) }), 404)
  })
})

describe('signed media URLs in the logs', () => {
  it('never writes the signature of a streamed video to the request log', async () => {
    const { enrolled, id } = await uploaded()
    const lines: string[] = []
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk))
        done()
      },
    })
    // the same app, logging as production does (JSON lines), at the most verbose level
    const app = await buildApp({
      config: server.current.config,
      db: server.current.db,
      logger: { level: 'trace', stream },
    })
    let sig: string
    try {
      await app.ready()
      const { filePath } = (
        await app.inject({ method: 'GET', url: `/api/videos/${id}`, headers: enrolled.auth })
      ).json()
      sig = new URL(filePath, 'http://x').searchParams.get('sig')!
      expect(sig).toHaveLength(43)
      const full = await app.inject({ method: 'GET', url: filePath })
      expect(full.statusCode).toBe(200)
      const ranged = await app.inject({ method: 'GET', url: filePath, headers: { range: 'bytes=0-9' } })
      expect(ranged.statusCode).toBe(206)
      // a signature sent with an encoded name still works, so it must not be logged either
      const encoded = await app.inject({ method: 'GET', url: filePath.replace('&sig=', '&s%69g=') })
      expect(encoded.statusCode).toBe(200)
      expectProblem(
        'streamVideo',
        await app.inject({ method: 'GET', url: filePath.replace(/exp=\d+/, 'exp=1') }),
        403,
      )
    } finally {
      await app.close()
    }
    const log = lines.join('')
    const urls = lines
      .map((l) => JSON.parse(l) as { req?: { url?: string } })
      .filter((l) => l.req?.url?.startsWith('/api/media/'))
    // the request lines are there, with the path and exp, and the signature replaced
    expect(urls.length).toBeGreaterThanOrEqual(4)
    for (const l of urls)
      expect(l.req!.url).toMatch(new RegExp(`^/api/media/${id}\\?exp=\\d+&(sig|s%69g)=\\[redacted\\]$`))
    expect(log.includes(sig), 'the log holds the signature').toBe(false)
    expect(log).not.toMatch(/sig=(?!\[redacted\])/)
  })
})
