// The next step on top: a returning student (enrolled, one module done and the next part-watched, a line due, as
// the demo's alice) finds 'Your next step' right under the greeting on /home, above the fold at 1366×900 and on a
// 390×844 phone: 'Continue {course}' opens the first module not completed, 'Review 1 line' opens /review.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createCourse, login, uploadVideo, type Module, type Session } from './support/api'
import { launch, open, visible, waitQuiet, type Opened } from './support/browser'
import { accounts, unique } from './support/env'
import { demoVideo } from './support/video'

const DAY = 24 * 3600_000
const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]
const MATE_IN_TWO = `[SetUp "1"]
[FEN "r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1"]

1. Qd8+ Bxd8 2. Re8# 1-0`

describe("/home: 'Your next step'", () => {
  let browser: Browser
  let pupil: Session
  let title: string
  let second: Module
  const opened: Opened[] = []

  beforeAll(async () => {
    browser = await launch()
    const teacher = await login(accounts.instructor)
    title = unique('Fundamentals ')
    const course = await createCourse(teacher.token, {
      title,
      description: 'The board, the pieces and the first mates.',
      price: 0,
    })
    const video = await uploadVideo(teacher.token, course._id, demoVideo())
    const module = (name: string, line?: string) =>
      call<Module>('POST', '/api/modules', teacher.token, {
        courseId: course._id,
        title: name,
        description: `About ${name.toLowerCase()}.`,
        videoUrl: `/api/media/${video._id}`,
        videoId: video._id,
        ...(line ? { line: { pgn: line, side: 'white' } } : {}),
      })
    const first = await module('The board')
    second = await module('Check and checkmate', MATE_IN_TWO)
    await module('Castling')
    // A student of its own: the shared test student practises lines in other files, and any line of theirs that is
    // due would change 'Review 1 line'.
    const username = unique('next_')
    const password = 'the next step on top 42'
    await call('POST', '/api/auth/register', undefined, {
      username,
      email: `${username}@example.test`,
      password,
    })
    pupil = await login({ email: `${username}@example.test`, password })
    await call('POST', `/api/courses/${course._id}/enroll`, pupil.token)
    await call('PUT', `/api/progress/modules/${first._id}/completion`, pupil.token, { completed: true })
    await call('PUT', `/api/progress/modules/${second._id}`, pupil.token, {
      positionSeconds: 2,
      durationSeconds: 4,
    })
    // practised with one mistake: due again within a day
    await call('POST', `/api/lines/${second._id}/practice`, pupil.token, { mistakes: 1 })
  })
  afterAll(async () => {
    for (const o of opened) await o.context.close()
    await browser?.close()
  })

  async function home(viewport: { width: number; height: number }): Promise<Page> {
    const o = await open(browser, { session: pupil, viewport })
    opened.push(o)
    await o.context.setExtraHTTPHeaders({ 'x-test-now': new Date(Date.now() + DAY).toISOString() })
    await o.page.goto('/home')
    return o.page
  }

  it.each(SIZES)('is right under the greeting and above the fold at $width×$height', async (size) => {
    const page = await home(size)
    const strip = await visible(page.getByRole('region', { name: 'Your next step' }))
    const cont = await visible(strip.getByRole('link', { name: `Continue ${title}` }))
    const review = await visible(strip.getByRole('link', { name: 'Review 1 line' }))
    await waitQuiet(page)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    const greeting = (await page.getByRole('heading', { level: 1 }).boundingBox())!
    const box = (await strip.boundingBox())!
    // under the greeting, nothing between them but the rank line
    expect(box.y).toBeGreaterThan(greeting.y + greeting.height - 1)
    expect(box.y - (greeting.y + greeting.height)).toBeLessThan(80)
    // its links whole on the first screen
    for (const link of [cont, review]) {
      const b = (await link.boundingBox())!
      expect(b.y).toBeGreaterThanOrEqual(0)
      expect(b.y + b.height).toBeLessThanOrEqual(size.height)
      if (size.width < 600) expect(b.height).toBeGreaterThanOrEqual(44)
    }
    // the spec's sections follow, in their order
    const board = (await page.getByRole('button', { name: 'New game' }).boundingBox())!
    expect(board.y).toBeGreaterThan(box.y + box.height)
    await page.screenshot({ path: `test-results/screens/nextStep-${size.width}x${size.height}.png` })
  })

  it("'Continue {course}' opens the first module not completed; 'Review 1 line' opens /review", async () => {
    const page = await home({ width: 1366, height: 900 })
    await (await visible(page.getByRole('link', { name: `Continue ${title}` }))).click()
    await page.waitForURL((u) => u.hash === `#module-${second._id}`)
    await visible(page.getByRole('heading', { name: 'Check and checkmate' }))
    await page.goBack()
    await (await visible(page.getByRole('link', { name: 'Review 1 line' }))).click()
    await page.waitForURL('**/review')
    await visible(page.getByRole('heading', { name: 'Check and checkmate' }))
  })
})
