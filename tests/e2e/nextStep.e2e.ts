// The next step on top: a returning student (enrolled, one module done and the next part-watched, a line due, as
// the demo's alice) finds 'Your next step' right under the greeting on /home, above the fold at 1366×900 and on a
// 390×844 phone: 'Continue {course}' opens the lesson of the first module not completed (one module on the page,
// kept by a reload, 'Previous' and 'Next', the curriculum beside it or, on a phone, in a drawer), 'Review 1 line'
// opens /review.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createCourse, login, uploadVideo, type Module, type Session } from './support/api'
import { gone, launch, open, visible, waitQuiet, type Opened } from './support/browser'
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
  let courseId: string
  let second: Module
  let third: Module
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
    courseId = course._id
    const first = await module('The board')
    second = await module('Check and checkmate', MATE_IN_TWO)
    third = await module('Castling')
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
    // practised with one mistake (Hard): due again in 2 days
    await call('POST', `/api/lines/${second._id}/practice`, pupil.token, { mistakes: 1 })
  })
  afterAll(async () => {
    for (const o of opened) await o.context.close()
    await browser?.close()
  })

  async function home(viewport: { width: number; height: number }): Promise<Page> {
    const o = await open(browser, { session: pupil, viewport })
    opened.push(o)
    await o.context.setExtraHTTPHeaders({ 'x-test-now': new Date(Date.now() + 3 * DAY).toISOString() })
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

  it.each(SIZES)(
    "'Continue {course}' opens the lesson of the first module not completed at $width×$height",
    async (size) => {
      const phone = size.width < 600
      const page = await home(size)
      const lesson = (m: Module) => `/courses/${courseId}/modules/${m._id}`
      await (await visible(page.getByRole('link', { name: `Continue ${title}` }))).click()
      await page.waitForURL((u) => u.pathname === lesson(second))
      const heading = page.getByRole('heading', { level: 1, name: 'Check and checkmate' })
      await visible(heading)
      // that module alone
      expect(await page.getByRole('article').count()).toBe(1)
      expect(await page.title()).toBe('Check and checkmate · Chess Online Education')
      // a reload keeps the lesson
      await page.reload()
      await visible(heading)
      expect(new URL(page.url()).pathname).toBe(lesson(second))
      await waitQuiet(page)
      const height = await page.evaluate(() => document.documentElement.scrollHeight)
      console.info(`lesson page at ${size.width}×${size.height}: ${height} px tall`)
      await page.screenshot({
        path: `test-results/screens/lesson-${size.width}x${size.height}.png`,
        fullPage: true,
      })
      // nothing sideways, down to the narrowest phone
      for (const width of phone ? [320, 390, 430] : [size.width]) {
        await page.setViewportSize({ width, height: size.height })
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      }
      await page.setViewportSize(size)
      const curriculum = page.getByRole('navigation', { name: 'Curriculum' })
      const toggle = page.getByRole('button', { name: 'Curriculum' })
      // the completed module ticked, the current one marked
      const ticked = async () => {
        // (Chromium puts a space before the hidden ', completed', the text of a positioned element)
        await visible(curriculum.getByRole('link', { name: /^The board\s*, completed$/ }))
        const current = curriculum.getByRole('link', { name: 'Check and checkmate' })
        expect(await current.getAttribute('aria-current')).toBe('page')
      }
      if (phone) {
        // a drawer on a phone: 'Curriculum' opens it, Escape closes it, focus back on the button
        expect(await curriculum.isVisible()).toBe(false)
        await toggle.click()
        expect(await toggle.getAttribute('aria-expanded')).toBe('true')
        await ticked()
        const box = (await toggle.boundingBox())!
        expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44)
        await page.keyboard.press('Escape')
        await gone(curriculum)
        expect(await toggle.getAttribute('aria-expanded')).toBe('false')
        expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true)
      } else {
        // a sidebar on a wide screen, without the button
        await ticked()
        expect(await toggle.isVisible()).toBe(false)
      }
      // 'Next' and 'Previous'
      await page.getByRole('link', { name: 'Next Castling' }).click()
      await page.waitForURL((u) => u.pathname === lesson(third))
      await visible(page.getByRole('heading', { level: 1, name: 'Castling' }))
      expect(await page.getByRole('link', { name: /^Next/ }).count()).toBe(0)
      await page.getByRole('link', { name: 'Previous Check and checkmate' }).click()
      await page.waitForURL((u) => u.pathname === lesson(second))
      await visible(heading)
      if (phone) return
      // back on /home at desktop size, 'Review 1 line' opens /review
      await page.goto('/home')
      await (await visible(page.getByRole('link', { name: 'Review 1 line' }))).click()
      await page.waitForURL('**/review')
      await visible(page.getByRole('heading', { name: 'Check and checkmate' }))
    },
  )
})
