// Free previews: a visitor reads a course page, opens its 'Free preview' module in place (the uploaded video plays
// from its signed URL, the line is practised on the board, nothing recorded), and is refused a locked module (its
// lesson address leads back to the course page, and the server answers its preview 403), at a desktop size and on a
// phone, where the video and the board stack. Screenshots land in test-results/screens/ (freePreview-*.png).
import { mkdirSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCourse, createModule, login, uploadVideo } from './support/api'
import { dragPiece, launch, open, seeText, visible, type Opened } from './support/browser'
import { accounts, unique } from './support/env'
import { demoVideo } from './support/video'

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const
const DIR = 'test-results/screens'

describe('free previews', () => {
  let browser: Browser
  const opened: Opened[] = []
  let course: { _id: string }
  let locked: { _id: string }

  beforeAll(async () => {
    mkdirSync(DIR, { recursive: true })
    browser = await launch()
    const teacher = await login(accounts.instructor)
    course = await createCourse(teacher.token, {
      title: unique('Previews '),
      description: 'One lesson free, the rest bought.',
      price: 25,
    })
    const video = await uploadVideo(teacher.token, course._id, demoVideo())
    await createModule(teacher.token, {
      title: 'Centre first',
      description: 'Take the centre.',
      videoUrl: `/api/videos/${video._id}`,
      videoId: video._id,
      courseId: course._id,
      line: { pgn: '1. e4 e5 2. Nf3 *', side: 'white' },
      freePreview: true,
    })
    locked = await createModule(teacher.token, {
      title: 'Rook endings',
      description: 'Cut the king off.',
      videoUrl: 'https://example.com/rook.mp4',
      courseId: course._id,
    })
  })
  afterAll(async () => {
    for (const o of opened) await o.context.close()
    await browser?.close()
  })

  it.each(SIZES)(
    'a visitor plays the free preview from the course page and is refused a locked module, at $name size',
    async (size) => {
      const o = await open(browser, { viewport: size.viewport })
      opened.push(o)
      const { page } = o
      await page.goto(`/courses/${course._id}/modules`)
      const preview = page.getByRole('article', { name: 'Centre first' })
      await visible(preview.getByText('Free preview', { exact: true }))
      const rook = page.getByRole('article', { name: 'Rook endings' })
      await visible(rook)
      expect(await rook.getByRole('button').count()).toBe(0)
      await preview.getByRole('button', { name: 'Watch the free preview' }).click()
      // the uploaded video plays from the URL the preview handed out
      const video = await visible(page.locator('video'))
      await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1)
      expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(0)
      await page.getByRole('button', { name: 'Practise this line' }).click()
      await dragPiece(page, 'e2', 'e4')
      await seeText(page, 'Your move.')
      await dragPiece(page, 'g1', 'f3')
      await seeText(page, 'Line complete: 2 of 2 moves right at the first try.')
      await page.screenshot({
        path: `${DIR}/freePreview-${size.viewport.width}x${size.viewport.height}.png`,
        fullPage: true,
      })
      // a locked module: its lesson address leads back to the course page, and the server refuses its preview
      await page.goto(`/courses/${course._id}/modules/${locked._id}`)
      await page.waitForURL(`**/courses/${course._id}/modules`)
      await visible(page.getByRole('article', { name: 'Rook endings' }))
      const status = await page.evaluate(
        async (id) => (await fetch(`/api/modules/${id}/preview`)).status,
        locked._id,
      )
      expect(status).toBe(403)
    },
  )
})
