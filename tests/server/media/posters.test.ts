// An uploaded video's length and poster frame, taken in the background by ffprobe and ffmpeg (Debian's ffmpeg
// package, which CI installs) from a durable job queued with the upload: the video's answer then carries its length
// and a signed poster URL that reads a JPEG; a file ffprobe cannot read is tried again later and given up after the
// last attempt, as is one with no picture where the poster is taken; a stored file is read only as the type its
// upload was checked to be (a playlist opens nothing); two workers at once take each job once; the poster goes from
// the storage with the video's course.
// The video is made here by ffmpeg (`-f lavfi -i testsrc`): 4 s, 320×240.
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { InjectOptions } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { MediaJobRunner } from '../../../server/services/media/mediaJobs'
import { expectContract, expectProblem } from '../../helpers/contract'
import { type TestUser, useTestServer } from '../../helpers/buildServer'

// ffmpeg is optional for the product (Debian's `ffmpeg` package; .ci/run installs it): without it these tests are
// skipped, saying why.
const hasFfmpeg = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0
if (!hasFfmpeg) console.warn('posters.test.ts skipped: ffmpeg is not on PATH (apt-get install -y ffmpeg)')

const server = useTestServer({ env: { UPLOAD_MAX_BYTES: '5000000' } })
const inject = (opts: InjectOptions) => server.current.app.inject(opts)
const quiet = { info: () => {}, warn: () => {} }
const demoVideo = fileURLToPath(new URL('../../../assets/demo-video.webm', import.meta.url))

let clip: Buffer
/** 0.2 s of picture and 5 s of sound: nothing to see at 10 % of its length. */
let shortPicture: Buffer
beforeAll(() => {
  if (!hasFfmpeg) return
  const dir = mkdtempSync(join(tmpdir(), 'coe-clip-'))
  const file = join(dir, 'clip.webm')
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=4:size=320x240:rate=10'],
    ...['-c:v', 'libvpx', '-b:v', '200k', '-an', file],
  ])
  clip = readFileSync(file)
  const short = join(dir, 'short.webm')
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=0.2:size=160x120:rate=10'],
    ...['-f', 'lavfi', '-i', 'sine=duration=5', '-c:v', 'libvpx', '-c:a', 'libvorbis', short],
  ])
  shortPicture = readFileSync(short)
})

function multipart(fields: Record<string, string>, file: { name: string; type: string; data: Buffer }) {
  const boundary = '----coePosterBoundary'
  const parts: Buffer[] = []
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  )
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

async function upload(owner: TestUser, courseId: string, data = clip, name = 'clip.webm') {
  const body = multipart({ courseId }, { name, type: 'video/webm', data })
  const res = await inject({
    method: 'POST',
    url: '/api/videos',
    headers: { ...body.headers, ...owner.auth },
    payload: body.payload,
  })
  expect(res.statusCode).toBe(201)
  return res.json()._id as string
}

const runner = (opts: { maxAttempts?: number; backoffSeconds?: number } = {}) =>
  new MediaJobRunner(server.current.db, server.current.app.mediaStore, { log: quiet, ...opts })
const video = async (owner: TestUser, id: string) =>
  expectContract('getVideo', await inject({ method: 'GET', url: `/api/videos/${id}`, headers: owner.auth }))
const jobs = () =>
  server.current.db.query<{
    attempts: number
    done: boolean
    failed: boolean
    due_later: boolean
    last_error: string | null
  }>(
    `SELECT attempts, done_at IS NOT NULL AS done, failed_at IS NOT NULL AS failed,
       run_after > clock_timestamp() AS due_later, last_error FROM media_jobs ORDER BY id`,
  )

describe.skipIf(!hasFfmpeg)('posters and lengths of uploaded videos', () => {
  it('takes the length and a JPEG poster in the background; the answer carries both, the poster reads signed', async () => {
    const owner = await server.current.createUser('instructor')
    const courseId = await server.current.createCourse(owner)
    const id = await upload(owner, courseId)
    // queued with the upload, not yet run
    const before = await video(owner, id)
    expect(before.durationSeconds).toBeUndefined()
    expect(before.posterUrl).toBeUndefined()
    expect(await jobs()).toEqual([
      { attempts: 0, done: false, failed: false, due_later: false, last_error: null },
    ])

    expect(await runner().runDue()).toBe(1)
    const after = await video(owner, id)
    expect(after.durationSeconds).toBeGreaterThan(3.8)
    expect(after.durationSeconds).toBeLessThan(4.2)
    expect(after.posterUrl).toMatch(new RegExp(`^/api/media/${id}/poster\\?exp=\\d+&sig=[A-Za-z0-9_-]{43}$`))
    const poster = await inject({ method: 'GET', url: after.posterUrl! })
    expect(poster.statusCode).toBe(200)
    expect(poster.headers['content-type']).toBe('image/jpeg')
    expect(poster.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]))
    expect(poster.rawPayload.length).toBeGreaterThan(1000)
    // the job is done: nothing runs again
    expect(await runner().runDue()).toBe(0)
    expect((await jobs())[0]).toMatchObject({ attempts: 1, done: true })
    // a forged signature reads nothing
    const forged = after.posterUrl!.replace(/sig=[^&]+/, `sig=${'A'.repeat(43)}`)
    expectProblem('streamPoster', await inject({ method: 'GET', url: forged }), 403)
  })

  it('tries a file ffprobe cannot read again later, then gives it up; the video plays on without a poster', async () => {
    const owner = await server.current.createUser('instructor')
    const courseId = await server.current.createCourse(owner)
    // a WebM header and nothing playable after it
    const broken = Buffer.concat([clip.subarray(0, 64), Buffer.alloc(4096, 7)])
    const id = await upload(owner, courseId, broken, 'broken.webm')
    expect(await runner({ maxAttempts: 2, backoffSeconds: 30 }).runDue()).toBe(0)
    // tried again in 30 s, not before
    expect(await jobs()).toEqual([
      { attempts: 1, done: false, failed: false, due_later: true, last_error: expect.stringMatching(/\S/) },
    ])
    expect(await runner({ maxAttempts: 2, backoffSeconds: 30 }).runDue()).toBe(0)
    expect((await jobs())[0].attempts).toBe(1)
    // once due, the second (last) attempt gives it up
    await server.current.db.query('UPDATE media_jobs SET run_after = clock_timestamp()')
    expect(await runner({ maxAttempts: 2, backoffSeconds: 30 }).runDue()).toBe(0)
    expect(await jobs()).toEqual([expect.objectContaining({ attempts: 2, done: false, failed: true })])
    const answer = await video(owner, id)
    expect(answer.posterUrl).toBeUndefined()
    expect(answer.durationSeconds).toBeUndefined()
    expect(readdirSync(server.current.config.mediaDir).filter((f) => f.includes('poster'))).toEqual([])
  })

  it('gives up a video with no picture where the poster is taken, as a failed job (the server runs on)', async () => {
    const owner = await server.current.createUser('instructor')
    const courseId = await server.current.createCourse(owner)
    const id = await upload(owner, courseId, shortPicture, 'short.webm')
    expect(await runner({ maxAttempts: 1 }).runDue()).toBe(0)
    expect(await jobs()).toEqual([
      expect.objectContaining({ attempts: 1, failed: true, last_error: expect.stringMatching(/no frame/) }),
    ])
    expect((await video(owner, id)).posterUrl).toBeUndefined()
    expect(readdirSync(server.current.config.mediaDir).filter((f) => f.includes('poster'))).toEqual([])
  })

  it('reads a stored video only as the type its upload was checked to be: a playlist there opens nothing', async () => {
    const owner = await server.current.createUser('instructor')
    const courseId = await server.current.createCourse(owner)
    const id = await upload(owner, courseId)
    // The stored file replaced by an HLS playlist whose one segment is another file on the server (the demo video,
    // 4 s): read by its content, ffprobe and ffmpeg would open that file and take its length and a frame.
    const elsewhere = mkdtempSync(join(tmpdir(), 'coe-elsewhere-'))
    writeFileSync(join(elsewhere, 'segment.mkv'), readFileSync(demoVideo))
    const [{ stored_name }] = await server.current.db.query<{ stored_name: string }>(
      'SELECT stored_name FROM videos WHERE id = $1',
      [id],
    )
    writeFileSync(
      join(server.current.config.mediaDir, stored_name),
      `#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\nfile:${join(elsewhere, 'segment.mkv')}\n#EXT-X-ENDLIST\n`,
    )
    expect(await runner({ maxAttempts: 1 }).runDue()).toBe(0)
    expect(await jobs()).toEqual([expect.objectContaining({ attempts: 1, done: false, failed: true })])
    const answer = await video(owner, id)
    expect(answer.durationSeconds).toBeUndefined()
    expect(answer.posterUrl).toBeUndefined()
    expect(readdirSync(server.current.config.mediaDir).filter((f) => f.includes('poster'))).toEqual([])
  })

  it('two workers at once take each job once', async () => {
    const owner = await server.current.createUser('instructor')
    const courseId = await server.current.createCourse(owner)
    const ids = [await upload(owner, courseId), await upload(owner, courseId), await upload(owner, courseId)]
    const [a, b] = await Promise.all([runner().runDue(), runner().runDue()])
    expect(a + b).toBe(3)
    expect((await jobs()).map((j) => [j.attempts, j.done])).toEqual([
      [1, true],
      [1, true],
      [1, true],
    ])
    for (const id of ids) expect((await video(owner, id)).posterUrl).toBeDefined()
  })

  it("goes from the storage with the video's course", async () => {
    const owner = await server.current.createUser('instructor')
    const courseId = await server.current.createCourse(owner)
    await upload(owner, courseId)
    await runner().runDue()
    expect(readdirSync(server.current.config.mediaDir).filter((f) => f.endsWith('.poster.jpg'))).toHaveLength(
      1,
    )
    const gone = await inject({ method: 'DELETE', url: `/api/courses/${courseId}`, headers: owner.auth })
    expect(gone.statusCode).toBeLessThan(300)
    expect(readdirSync(server.current.config.mediaDir)).toEqual([])
  })
})
