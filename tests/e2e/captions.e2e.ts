// Captions in Chromium: an instructor adds a module with an uploaded video and its WebVTT file through the module
// form ('Captions (WebVTT)'); a file that is not WebVTT is refused next to the field with the line that broke; a
// student of the course sees 'CC' under the video, turns the captions on (the <track> shows its cue at the second
// played) and off again.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fileURLToPath } from 'node:url'
import { readFileSync } from 'node:fs'
import { createCourse, enroll, login, type Course, type Session } from './support/api'
import { card, field, launch, open, visible, type Opened } from './support/browser'
import { accounts, unique } from './support/env'

const DEMO = readFileSync(fileURLToPath(new URL('../../assets/demo-video.webm', import.meta.url)))
const VTT = 'WEBVTT\n\n00:00.000 --> 00:05.000\nThe king walks to the centre.\n'

describe('captions', () => {
  let browser: Browser
  let teacher: Session
  let student: Session
  let course: Course
  const opened: Opened[] = []

  beforeAll(async () => {
    browser = await launch()
    teacher = await login(accounts.instructor)
    student = await login(accounts.student)
    course = await createCourse(teacher.token, {
      title: unique('Endgames '),
      description: 'King activity.',
      price: 0,
    })
    await enroll(student.token, course._id)
  })
  afterAll(async () => {
    for (const o of opened) await o.context.close()
    await browser?.close()
  })

  it('an instructor uploads a video with its captions; a file that is not WebVTT is refused with its line', async () => {
    const o = await open(browser, { session: teacher })
    opened.push(o)
    const { page } = o
    await page.goto(`/courses/${course._id}/modules`)
    await page.getByRole('button', { name: 'Add Module' }).click()
    const form = await visible(page.getByRole('form', { name: 'Add Module' }))
    await field(form, 'Module title').fill('The active king')
    await form.getByPlaceholder('Module Description').fill('Walk it to the centre.')
    await form.getByLabel('Or upload a video file').setInputFiles({
      name: 'king.webm',
      mimeType: 'video/webm',
      buffer: DEMO,
    })
    const captions = form.getByLabel('Captions (WebVTT)')
    await captions.setInputFiles({
      name: 'king.srt',
      mimeType: 'text/plain',
      buffer: Buffer.from('1\n00:00:00,000 --> 00:00:01,000\nHi\n'),
    })
    await form.getByRole('button', { name: 'Add Module' }).click()
    await visible(form.getByText(/^The captions are not a WebVTT file: line 1: /))
    expect(await captions.getAttribute('aria-invalid')).toBe('true')

    await captions.setInputFiles({ name: 'king.vtt', mimeType: 'text/vtt', buffer: Buffer.from(VTT) })
    const videos: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/videos')) videos.push(r.url())
    })
    await form.getByRole('button', { name: 'Add Module' }).click()
    await visible(card(page, 'The active king'))
    // the video uploaded by the first try was not sent again
    expect(videos).toEqual([])
    expect(o.errors).toEqual([])
  }, 60_000)

  it("a student turns the captions on with 'CC': the cue shows at the second played, and off again", async () => {
    const o = await open(browser, { session: student })
    opened.push(o)
    const { page } = o
    await page.goto(`/courses/${course._id}/modules`)
    const lesson = card(page, 'The active king')
    const video = await visible(lesson.locator('video'), 30_000)
    const cc = lesson.getByRole('button', { name: 'CC' })
    expect(await cc.getAttribute('aria-pressed')).toBe('false')
    const track = () =>
      video.evaluate((v: HTMLVideoElement) => {
        const t = v.textTracks[0]
        return t
          ? { mode: t.mode, kind: t.kind, cue: t.activeCues?.[0] ? (t.activeCues[0] as VTTCue).text : null }
          : null
      })
    await expect.poll(track).toMatchObject({ kind: 'captions', mode: 'hidden' })
    await cc.click()
    expect(await cc.getAttribute('aria-pressed')).toBe('true')
    await video.evaluate((v: HTMLVideoElement) => {
      v.currentTime = 1
    })
    await expect
      .poll(track, { timeout: 10_000 })
      .toEqual({ kind: 'captions', mode: 'showing', cue: 'The king walks to the centre.' })
    await cc.click()
    await expect.poll(track).toMatchObject({ mode: 'hidden' })
    expect(o.errors).toEqual([])
  }, 60_000)
})
