// A video's WebVTT captions: uploaded by the course's instructor or an admin (checked by the W3C's WebVTT parser, a
// file that is not WebVTT is 400 naming its line), read by whoever may play the video through the video's signed
// URL as text/vtt, replaced, removed, and gone from the storage with the video's module or its course.
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { expectContract, expectProblem } from '../../helpers/contract'
import { type TestUser, unknownId, useTestServer } from '../../helpers/buildServer'

const server = useTestServer({ env: { UPLOAD_MAX_BYTES: '100000' } })
const inject = (opts: InjectOptions) => server.current.app.inject(opts)
const webm = readFileSync(fileURLToPath(new URL('../../../assets/demo-video.webm', import.meta.url)))

const VTT =
  'WEBVTT\n\n00:00.000 --> 00:01.500\nThe pawn goes to e4.\n\n00:01.500 --> 00:03.000\nBlack answers e5.\n'

function multipart(name: string, file: { filename: string; type: string; data: Buffer }) {
  const boundary = '----coeCaptionsBoundary'
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

const putCaptions = (user: TestUser | undefined, videoId: string, text: string | Buffer, field = 'file') => {
  const body = multipart(field, {
    filename: 'lesson.vtt',
    type: 'text/vtt',
    data: typeof text === 'string' ? Buffer.from(text) : text,
  })
  return inject({
    method: 'PUT',
    url: `/api/videos/${videoId}/captions`,
    headers: { ...body.headers, ...(user?.auth ?? {}) },
    payload: body.payload,
  })
}

async function world() {
  const owner = await server.current.createUser('instructor')
  const courseId = await server.current.createCourse(owner)
  const body = multipart('file', { filename: 'lesson.webm', type: 'video/webm', data: webm })
  const boundary = body.headers['content-type'].split('boundary=')[1]
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="courseId"\r\n\r\n${courseId}\r\n`),
    body.payload,
  ])
  const uploaded = await inject({
    method: 'POST',
    url: '/api/videos',
    headers: { ...body.headers, ...owner.auth },
    payload,
  })
  expect(uploaded.statusCode).toBe(201)
  const videoId = uploaded.json()._id as string
  return { owner, courseId, videoId }
}

const stored = () => readdirSync(server.current.config.mediaDir).sort()

describe('PUT /api/videos/{videoId}/captions', () => {
  it("stores the course owner's WebVTT; the video's answer carries a signed URL that reads it as text/vtt", async () => {
    const { owner, videoId } = await world()
    const res = await putCaptions(owner, videoId, VTT)
    expect(res.statusCode).toBe(200)
    const body = expectContract('uploadCaptions', res)
    expect(body.captionsUrl).toMatch(
      new RegExp(`^/api/media/${videoId}/captions\\?exp=\\d+&sig=[A-Za-z0-9_-]{43}$`),
    )
    expect(stored().filter((f) => f.endsWith('.vtt'))).toHaveLength(1)

    const read = await inject({ method: 'GET', url: body.captionsUrl! })
    expect(read.statusCode).toBe(200)
    expect(read.headers['content-type']).toBe('text/vtt; charset=utf-8')
    expect(read.body).toBe(VTT)
    // and getVideo, for a reader of the course, says the same
    const got = await inject({ method: 'GET', url: `/api/videos/${videoId}`, headers: owner.auth })
    expect(expectContract('getVideo', got).captionsUrl).toMatch(/\/captions\?exp=/)
  })

  it('refuses a file that is not WebVTT with 400 naming the line that broke, and keeps what was there', async () => {
    const { owner, videoId } = await world()
    expect((await putCaptions(owner, videoId, VTT)).statusCode).toBe(200)
    const before = stored()
    const bad = await putCaptions(
      owner,
      videoId,
      'WEBVTT\n\n00:00.000 --> 00:01.000\nFine\n\n00:02.000 -> 00:03.000\nBroken\n',
    )
    expect(expectProblem('uploadCaptions', bad, 400).detail).toBe(
      'The captions are not a WebVTT file: line 7: Cue identifier needs to be followed by timestamp.',
    )
    const srt = await putCaptions(owner, videoId, '1\n00:00:00,000 --> 00:00:01,000\nHello\n')
    expect(expectProblem('uploadCaptions', srt, 400).detail).toMatch(
      /^The captions are not a WebVTT file: line 1: /,
    )
    const binary = await putCaptions(owner, videoId, webm.subarray(0, 2000))
    expect(expectProblem('uploadCaptions', binary, 400).detail).toMatch(/^The captions are not a WebVTT file/)
    expect(stored()).toEqual(before)
    const got = await inject({ method: 'GET', url: `/api/videos/${videoId}`, headers: owner.auth })
    expect((await inject({ method: 'GET', url: got.json().captionsUrl })).body).toBe(VTT)
  })

  it('replaces captions (the old file goes) and removes them (204; the URL is gone from the video)', async () => {
    const { owner, videoId } = await world()
    await putCaptions(owner, videoId, VTT)
    const first = stored().filter((f) => f.endsWith('.vtt'))
    const second = await putCaptions(owner, videoId, VTT.replace('e4', 'd4'))
    const now = stored().filter((f) => f.endsWith('.vtt'))
    expect(now).toHaveLength(1)
    expect(now).not.toEqual(first)
    expect((await inject({ method: 'GET', url: second.json().captionsUrl })).body).toContain('d4')

    const removed = await inject({
      method: 'DELETE',
      url: `/api/videos/${videoId}/captions`,
      headers: owner.auth,
    })
    expect(removed.statusCode).toBe(204)
    expect(stored().filter((f) => f.endsWith('.vtt'))).toEqual([])
    const got = await inject({ method: 'GET', url: `/api/videos/${videoId}`, headers: owner.auth })
    expect(expectContract('getVideo', got).captionsUrl).toBeUndefined()
    // the old signed URL now finds no captions
    expectProblem('streamCaptions', await inject({ method: 'GET', url: second.json().captionsUrl }), 404)
  })

  it('lets an admin; refuses other instructors and students (403), visitors (401); 404 for no such video', async () => {
    const { videoId } = await world()
    const admin = await server.current.createUser('admin')
    expect((await putCaptions(admin, videoId, VTT)).statusCode).toBe(200)
    const other = await server.current.createUser('instructor')
    const student = await server.current.createUser('student')
    expectProblem('uploadCaptions', await putCaptions(other, videoId, VTT), 403)
    expectProblem('uploadCaptions', await putCaptions(student, videoId, VTT), 403)
    expectProblem('uploadCaptions', await putCaptions(undefined, videoId, VTT), 401)
    const del = (user: TestUser) =>
      inject({ method: 'DELETE', url: `/api/videos/${videoId}/captions`, headers: user.auth })
    expectProblem('deleteCaptions', await del(other), 403)
    expectProblem('deleteCaptions', await del(student), 403)
    expectProblem('uploadCaptions', await putCaptions(admin, unknownId(), VTT), 404)
  })

  it('refuses a file over 512 KB (413), a body with no file (400) and one that is not multipart (415)', async () => {
    const { owner, videoId } = await world()
    const big = `WEBVTT\n\n${'00:00.000 --> 00:01.000\nA long line of captions.\n\n'.repeat(12_000)}`
    expectProblem('uploadCaptions', await putCaptions(owner, videoId, big), 413)
    expectProblem('uploadCaptions', await putCaptions(owner, videoId, VTT, 'other'), 400)
    const json = await inject({
      method: 'PUT',
      url: `/api/videos/${videoId}/captions`,
      headers: { ...owner.auth, 'content-type': 'application/json' },
      payload: '{}',
    })
    expectProblem('uploadCaptions', json, 415)
    expect(stored().filter((f) => f.endsWith('.vtt'))).toEqual([])
  })

  it('reads captions only through a valid signature (403 otherwise)', async () => {
    const { owner, videoId } = await world()
    const url = (await putCaptions(owner, videoId, VTT)).json().captionsUrl as string
    const forged = url.replace(/sig=[^&]+/, `sig=${'A'.repeat(43)}`)
    expectProblem('streamCaptions', await inject({ method: 'GET', url: forged }), 403)
    expectProblem(
      'streamCaptions',
      await inject({ method: 'GET', url: url.replace(videoId, unknownId()) }),
      403,
    )
  })

  it("goes from the storage with the video's course", async () => {
    const { owner, courseId, videoId } = await world()
    await putCaptions(owner, videoId, VTT)
    expect(stored().filter((f) => f.endsWith('.vtt'))).toHaveLength(1)
    const gone = await inject({ method: 'DELETE', url: `/api/courses/${courseId}`, headers: owner.auth })
    expect(gone.statusCode).toBeLessThan(300)
    expect(stored()).toEqual([])
  })
})
