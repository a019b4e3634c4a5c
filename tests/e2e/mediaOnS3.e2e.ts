// Media in object storage, as a school runs it past one machine: a server with MEDIA_STORAGE=s3 on a real S3 API
// (s3rver, started here). An instructor adds a module with a video (made here by ffmpeg: 4 s of its test pattern)
// and its WebVTT captions through the module form; the server takes the video's length and poster in the background
// (ffprobe and ffmpeg, from the durable job queued with the upload). A student of the course then sees the poster
// before playing and 'Length 0:04', plays the video from the bucket's own presigned URL, turns the captions on and
// changes the speed. Skipped, saying why, where ffmpeg is not installed (.ci/run installs it).
import { execFileSync, spawnSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoAccounts } from '../../server/services/accounts/demoAccounts'
import { startS3, type LocalS3 } from '../helpers/s3'
import { startServer, tempDir, type ServerProcess } from '../trust/support/spawn'
import { sessionStorageEntries, type Session } from './support/api'
import { card, field, launch, visible } from './support/browser'

const hasFfmpeg = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0
if (!hasFfmpeg) console.warn('mediaOnS3.e2e.ts skipped: ffmpeg is not on PATH (apt-get install -y ffmpeg)')

const VTT = 'WEBVTT\n\n00:00.000 --> 00:04.000\nThe test pattern, in captions.\n'

describe.skipIf(!hasFfmpeg)('videos in object storage, with their poster, length, captions and speed', () => {
  let s3: LocalS3
  let server: ServerProcess
  let dataDir: string
  let browser: Browser
  const contexts: BrowserContext[] = []
  let clip: Buffer
  let teacher: Session
  let student: Session
  let courseId: string

  async function call<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
    const r = await fetch(server.base + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
    expect(r.ok, `${method} ${path}: ${r.status}`).toBe(true)
    return (await r.json()) as T
  }
  async function login(username: string) {
    const a = demoAccounts.find((d) => d.username === username)!
    const r = await fetch(`${server.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: a.email, password: a.password }),
    })
    return (await r.json()) as Session
  }
  async function pageAs(session: Session): Promise<Page> {
    const context = await browser.newContext({
      baseURL: server.base,
      viewport: { width: 1280, height: 900 },
      storageState: {
        cookies: [],
        origins: [{ origin: server.base, localStorage: sessionStorageEntries(session) }],
      },
    })
    contexts.push(context)
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    return page
  }

  beforeAll(async () => {
    dataDir = tempDir('media-s3')
    const file = join(dataDir, 'pattern.webm')
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=4:size=320x240:rate=10'],
      ...['-c:v', 'libvpx', '-b:v', '200k', '-an', file],
    ])
    clip = readFileSync(file)
    s3 = await startS3()
    server = await startServer({
      DATA_DIR: join(dataDir, 'data'),
      SEED_DEMO: '1',
      ...s3.env,
    })
    teacher = await login('judit')
    student = await login('bob')
    courseId = (
      await call<{ _id: string }>('POST', '/api/courses', teacher.token, {
        title: 'Patterns in a bucket',
        description: 'A course whose video lives in object storage.',
        price: 0,
      })
    )._id
    await call('POST', `/api/courses/${courseId}/enroll`, student.token)
    browser = await launch()
  }, 120_000)

  afterAll(async () => {
    for (const c of contexts) await c.close()
    await browser?.close()
    await server?.stop()
    await s3?.stop()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  it('an instructor uploads a video and its captions; the server takes its poster and length', async () => {
    const page = await pageAs(teacher)
    await page.goto(`/courses/${courseId}/modules`)
    await page.getByRole('button', { name: 'Add Module' }).click()
    const form = await visible(page.getByRole('form', { name: 'Add Module' }))
    await field(form, 'Module title').fill('The test pattern')
    await form.getByPlaceholder('Module Description').fill('Colour bars and a counter.')
    await form.getByLabel('Or upload a video file').setInputFiles({
      name: 'pattern.webm',
      mimeType: 'video/webm',
      buffer: clip,
    })
    await form
      .getByLabel('Captions (WebVTT)')
      .setInputFiles({ name: 'pattern.vtt', mimeType: 'text/vtt', buffer: Buffer.from(VTT) })
    await form.getByRole('button', { name: 'Add Module' }).click()
    await visible(card(page, 'The test pattern'))
    // The card shows at once (an optimistic add); the module exists once the upload and the save have answered.
    let videoId = ''
    await expect
      .poll(
        async () => {
          const modules = await call<{ videoId: string | null }[]>(
            'GET',
            `/api/modules/course/${courseId}`,
            teacher.token,
          )
          videoId = modules[0]?.videoId ?? ''
          return videoId !== ''
        },
        { timeout: 30_000 },
      )
      .toBe(true)
    await expect
      .poll(
        async () => {
          const v = await call<{ posterUrl?: string; durationSeconds?: number }>(
            'GET',
            `/api/videos/${videoId}`,
            teacher.token,
          )
          return [Boolean(v.posterUrl), Math.round(v.durationSeconds ?? 0)]
        },
        { timeout: 30_000 },
      )
      .toEqual([true, 4])
  }, 90_000)

  it('a student sees the poster and length, plays it from the bucket, turns captions on and changes the speed', async () => {
    const page = await pageAs(student)
    await page.goto(`/courses/${courseId}/modules`)
    const lesson = card(page, 'The test pattern')
    const video = await visible(lesson.locator('video'), 30_000)
    await visible(lesson.getByText('Length 0:04'))
    // the poster, before playing: a JPEG from this server, under the video's signature
    const poster = (await video.getAttribute('poster'))!
    expect(poster).toMatch(/^\/api\/media\/[0-9a-f-]{36}\/poster\?exp=\d+&sig=/)
    expect(
      await page.evaluate((url) => fetch(url).then((r) => [r.status, r.headers.get('content-type')]), poster),
    ).toEqual([200, 'image/jpeg'])
    // the video itself from the bucket's presigned URL: its bytes never pass through the server
    const src = await video.evaluate((v: HTMLVideoElement) => v.currentSrc || v.src)
    expect(new URL(src).origin).toBe(s3.settings.endpoint)
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true
      return v.play()
    })
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0.3)

    await lesson.getByRole('button', { name: 'CC' }).click()
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.mode)).toBe('showing')
    await lesson.getByRole('combobox', { name: 'Speed' }).selectOption({ label: '1.5×' })
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5)
  }, 90_000)
})
