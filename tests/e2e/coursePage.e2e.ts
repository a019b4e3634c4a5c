// The way into a course: a visitor on /courses sees the cards' levels and 'Free' beside a price of 0, clicks a course's
// title and reaches its page, what someone deciding reads (description, price, level, instructor, modules, lines and
// puzzles, 'What you'll learn') with the way to enroll, at a desktop size (1366×900) and on
// a touch phone (390×844); a student not enrolled finds 'Enroll Now' and 'Add to Cart' there; an enrolled one sees
// the course's progress at the top, and 'Next module' / 'Previous module' bring that module's heading to the top of
// the viewport, focused, while the videos above it load. Screenshots land in test-results/screens/ (coursePage-*.png).
import { mkdirSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCourse, createModule, enroll, login, uploadVideo } from './support/api'
import { launch, open, seeText, visible, waitQuiet, type Opened } from './support/browser'
import { accounts, unique } from './support/env'
import { demoVideo } from './support/video'

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const
const DIR = 'test-results/screens'

describe('the course page', () => {
  let browser: Browser
  const opened: Opened[] = []
  let course: { _id: string; title: string }
  /** A course priced 0, found by the same search as `course`. */
  let free: { _id: string; title: string }
  const POINTS = ['Take the centre with pawns', 'Bring the king forward in the endgame']
  /** Mate in one: Qxf7#. */
  const MATE = { fen: 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4', moves: ['h5f7'] }
  /** The course page's facts, term by term ('Price', 'Level', 'Lines', 'Puzzles', …). */
  const factsOf = (page: Opened['page']) =>
    page.evaluate(() =>
      Object.fromEntries(
        [...document.querySelectorAll('.course-facts dt')].map((dt) => [
          dt.textContent,
          dt.nextElementSibling?.textContent,
        ]),
      ),
    )

  beforeAll(async () => {
    mkdirSync(DIR, { recursive: true })
    browser = await launch()
    const instructor = await login(accounts.instructor)
    course = await createCourse(instructor.token, {
      title: unique('Course page '),
      description: 'The opening, then the endgame.',
      price: 39,
      level: 'Intermediate',
      learningPoints: POINTS,
    })
    free = await createCourse(instructor.token, {
      title: `${course.title} for everyone`,
      description: 'The same, free.',
      price: 0,
      level: 'Beginner',
    })
    for (const title of ['Centre first', 'King activity'])
      await createModule(instructor.token, {
        title,
        description: `${title}: the idea.`,
        videoUrl: 'https://example.com/lesson.mp4',
        courseId: course._id,
        ...(title === 'King activity'
          ? { line: { pgn: '1. e4 e5 2. Nf3 Nc6 3. Bc4', side: 'white' as const } }
          : { puzzles: [MATE, MATE] }),
      })
  })
  afterAll(async () => {
    for (const o of opened) await o.context.close()
    await browser?.close()
  })

  it.each(SIZES)(
    'a visitor reaches the curriculum from /courses by clicking the title, at $name size',
    async (size) => {
      const o = await open(browser, { viewport: size.viewport })
      opened.push(o)
      const { page } = o
      await page.goto(`/courses?q=${encodeURIComponent(course.title)}`)
      await visible(page.getByRole('dialog', { name: 'Login Required' }))
      await page.keyboard.press('Escape')
      await seeText(page, 'View course')
      const card = page.getByRole('article', { name: course.title, exact: true })
      const freeCard = page.getByRole('article', { name: free.title, exact: true })
      await visible(card.getByText('Intermediate', { exact: true }))
      await visible(freeCard.getByText('Beginner', { exact: true }))
      expect(await freeCard.locator('.price').textContent()).toBe('$0.00Free')
      await visible(freeCard.getByText('Free', { exact: true }))
      expect(await card.getByText('Free', { exact: true }).count()).toBe(0)
      await waitQuiet(page)
      await page.screenshot({
        path: `${DIR}/coursePage-card-${size.viewport.width}x${size.viewport.height}.png`,
      })
      await page.getByRole('link', { name: course.title, exact: true }).click()
      await page.waitForURL(`**/courses/${course._id}/modules`)
      await seeText(page, 'King activity')
      await seeText(page, 'Centre first')
      await seeText(page, 'The opening, then the endgame.')
      await seeText(page, '$39.00')
      await seeText(page, '2 (1 with an interactive line)')
      expect(await factsOf(page)).toMatchObject({
        Price: '$39.00',
        Level: 'Intermediate',
        Lines: '1',
        Puzzles: '2',
      })
      const learn = page.getByRole('region', { name: "What you'll learn" })
      expect(await learn.getByRole('listitem').allTextContents()).toEqual(POINTS)
      await visible(
        page.getByRole('article', { name: 'King activity' }).getByText('Interactive line', { exact: true }),
      )
      await visible(page.getByRole('link', { name: accounts.instructor.username, exact: true }))
      await visible(page.getByRole('button', { name: 'Login' }))
      await visible(page.getByRole('button', { name: 'Register' }))
      await waitQuiet(page)
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0)
      await page.screenshot({
        path: `${DIR}/coursePage-visitor-${size.viewport.width}x${size.viewport.height}.png`,
        fullPage: true,
      })
    },
  )
  it("shows a student not enrolled 'Enroll Now' and 'Add to Cart' on the course's page", async () => {
    const o = await open(browser, { session: await login(accounts.student) })
    opened.push(o)
    await o.page.goto(`/courses/${course._id}/modules`)
    await seeText(o.page, '$39.00')
    await visible(o.page.getByRole('button', { name: 'Enroll Now' }))
    await visible(o.page.getByRole('button', { name: 'Add to Cart' }))
  })
  it.each(SIZES)(
    "an enrolled student's 'Next module' and 'Previous module' bring the heading to the top, focused, at $name size",
    async (size) => {
      const teacher = await login(accounts.instructor)
      const pupil = await login(accounts.student)
      const played = await createCourse(teacher.token, {
        title: unique('Player '),
        description: 'Three lessons, one after the other.',
        price: 0,
      })
      // The uploaded demo video in each module: it loads in the page, so the cards grow as a real course's do.
      const video = await uploadVideo(teacher.token, played._id, demoVideo())
      const titles = [unique('Opening '), unique('Middlegame '), unique('Endgame ')]
      for (const title of titles)
        await createModule(teacher.token, {
          videoId: video._id,
          title,
          description: `${title}: the lesson.`,
          videoUrl: '/videos/lesson.webm',
          courseId: played._id,
        })
      await enroll(pupil.token, played._id)
      const o = await open(browser, { session: pupil, viewport: size.viewport })
      opened.push(o)
      const { page } = o
      await page.goto(`/courses/${played._id}/modules`)
      await visible(page.getByRole('progressbar', { name: '0 of 3 modules completed' }))
      const topOf = async (title: string) => {
        const heading = page.getByRole('heading', { name: title })
        // The videos above load meanwhile; the heading must stay where it was brought.
        await waitQuiet(page)
        await page.waitForTimeout(800)
        return heading.evaluate((h) => ({
          top: h.getBoundingClientRect().top,
          focused: document.activeElement === h,
        }))
      }
      await page
        .getByRole('article', { name: titles[0] })
        .getByRole('button', { name: 'Next module' })
        .click()
      const next = await topOf(titles[1])
      expect(next.top).toBeGreaterThanOrEqual(0)
      expect(next.top).toBeLessThanOrEqual(32)
      expect(next.focused).toBe(true)
      await page.screenshot({
        path: `${DIR}/coursePage-player-${size.viewport.width}x${size.viewport.height}.png`,
      })
      await page
        .getByRole('article', { name: titles[1] })
        .getByRole('button', { name: 'Previous module' })
        .click()
      const back = await topOf(titles[0])
      expect(back.top).toBeGreaterThanOrEqual(0)
      expect(back.top).toBeLessThanOrEqual(32)
      expect(back.focused).toBe(true)
    },
  )
})
