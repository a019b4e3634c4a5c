// /analysis is served cross-origin isolated, so its engine runs the multi-threaded build: a student goes from a
// lesson's line ('Analyse from here') to /analysis, which loads as a document of its own with the position handed
// to it, switches the engine on and reads how many threads it searches on; back on a lesson, or any other page,
// the document is not isolated (a lesson's video frames could not load in one).
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createCourse, enroll, login, type Course, type Session } from './support/api'
import { launch, open, visible } from './support/browser'
import { accounts, unique } from './support/env'

const isolated = (page: Page) => page.evaluate(() => self.crossOriginIsolated)
/** How the page's current document came: 'navigate', 'reload' or 'back_forward'. */
const arrival = (page: Page) =>
  page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type)
/** Marks the document, to tell whether the next page is still the same one. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { marked: boolean }).marked = true))
const marked = (page: Page) =>
  page.evaluate(() => (window as unknown as { marked?: boolean }).marked === true)

describe("/analysis's engine on every core", () => {
  let browser: Browser
  let pupil: Session
  let course: Course
  const title = unique('Threads line ')

  beforeAll(async () => {
    const teacher = await login(accounts.instructor)
    pupil = await login(accounts.student)
    course = await createCourse(teacher.token, {
      title: unique('Threads '),
      description: 'A lesson with a video and a line.',
      price: 0,
    })
    await call('POST', '/api/modules', teacher.token, {
      title,
      description: 'The Italian Game.',
      videoUrl: 'https://www.youtube.com/watch?v=9pRMH5Z3bGE',
      courseId: course._id,
      line: { pgn: '1. e4 e5 2. Nf3 Nc6 3. Bc4 *', side: 'white' },
    })
    await enroll(pupil.token, course._id)
    browser = await launch()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it("opens /analysis isolated from a lesson, with its position, and says 'Engine: N threads'; the lesson is not isolated", async () => {
    const { page, errors } = await open(browser, { session: pupil })
    const engineFiles: string[] = []
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname
      if (path.startsWith('/engine/')) engineFiles.push(path.split('/').pop()!)
    })
    // The console's errors while on /analysis (the lesson's video frames, blocked here, report theirs).
    const consoleErrors: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error' && new URL(page.url()).pathname === '/analysis') consoleErrors.push(m.text())
    })
    const lesson = `/courses/${course._id}/modules`
    await page.goto(lesson)
    const viewer = await visible(page.getByRole('region', { name: `Line: ${title}` }))
    expect(await isolated(page)).toBe(false)

    await viewer.getByRole('button', { name: '2. Nf3' }).click()
    await mark(page)
    const loaded = page.waitForEvent('load')
    await viewer.getByRole('button', { name: 'Analyse from here' }).click()
    await loaded
    await page.getByRole('heading', { name: 'Analysis' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/analysis')
    // A new document, loaded again at the address the link made, and isolated.
    expect(await marked(page)).toBe(false)
    expect(await arrival(page)).toBe('reload')
    expect(await isolated(page)).toBe(true)
    // The position handed over survived the load: the knight on f3, Black to move.
    await expect
      .poll(() => page.locator('[data-square="f3"] [data-piece]').getAttribute('data-piece'))
      .toBe('wN')
    expect(await page.locator('[data-square="g1"] [data-piece]').count()).toBe(0)

    const cores = await page.evaluate(() => navigator.hardwareConcurrency)
    const threads = Math.max(1, Math.min(cores - 1, 8))
    await page.getByRole('button', { name: 'Engine' }).click()
    await page.getByText(`Engine: ${threads} thread${threads === 1 ? '' : 's'}`).waitFor({ timeout: 30_000 })
    await expect
      .poll(() => page.getByRole('list', { name: 'Best lines' }).getByRole('listitem').count(), {
        timeout: 30_000,
      })
      .toBe(3)
    // The multi-threaded build, not the single-threaded fallback (the same text on a machine of one or two cores).
    expect(engineFiles).toContain('stockfish-19-lite.wasm')
    expect(engineFiles.filter((f) => f.includes('single'))).toEqual([])
    expect(consoleErrors).toEqual([])
    console.log(`analysis: ${cores} cores, the engine on ${threads} thread(s), isolated`)

    // Back to the lesson: not isolated, whether the browser kept its document or loads it again.
    await mark(page)
    await page.goBack()
    await visible(page.getByRole('region', { name: `Line: ${title}` }))
    expect(new URL(page.url()).pathname).toBe(lesson)
    expect(await isolated(page)).toBe(false)

    // Forward to /analysis and out again by the main navigation: each crossing is a document of its own.
    await page.goForward()
    await page.getByRole('heading', { name: 'Analysis' }).waitFor()
    expect(await isolated(page)).toBe(true)
    await mark(page)
    const left = page.waitForEvent('load')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }).click()
    await left
    expect(new URL(page.url()).pathname).toBe('/courses')
    expect(await marked(page)).toBe(false)
    expect(await isolated(page)).toBe(false)
    expect(errors).toEqual([])
  }, 90_000)
})
