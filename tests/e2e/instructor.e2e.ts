// An instructor: create, edit and delete a course; add, edit and delete modules, one of them with an
// uploaded video that plays.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, type Course } from './support/api'
import {
  card,
  confirmDialog,
  field,
  gone,
  launch,
  loginThroughForm,
  open,
  recordDialogs,
  seeText,
  storedSession,
  visible,
  waitForText,
  type Opened,
} from './support/browser'
import { accounts, unique } from './support/env'
import { demoVideo } from './support/video'

describe('an instructor', () => {
  let browser: Browser
  let o: Opened
  let page: Page
  let dialogs: ReturnType<typeof recordDialogs>
  const title = unique('Middlegame plans ')
  const renamed = `${title} (2nd edition)`
  let courseId: string

  beforeAll(async () => {
    browser = await launch()
    o = await open(browser)
    page = o.page
    dialogs = recordDialogs(page)
  })
  afterAll(async () => {
    await o?.context.close()
    await browser?.close()
  })

  const courseForm = () =>
    page
      .locator('form')
      .filter({ has: page.locator('input[type="number"]') })
      .first()

  it('logs in and creates a course with the course form', async () => {
    await loginThroughForm(page, accounts.instructor)
    expect((await storedSession(page)).userRole).toBe('instructor')
    await page.goto('/courses')
    const form = await visible(courseForm())
    await field(form, /title/i).fill(title)
    await field(form, /description/i).fill('Pawn structures and the plans they call for.')
    await form.locator('input[type="number"]').fill('42')
    await form.locator('button[type="submit"]').click()
    const c = await visible(card(page, title))
    await visible(c.getByText('$42.00'))
    // Instructors see the modules link and no Enroll Now.
    await visible(c.getByRole('link', { name: 'View Modules' }))
    expect(await c.getByRole('button', { name: 'Enroll Now' }).count()).toBe(0)
    // Submitting clears the form.
    expect(await field(form, /title/i).inputValue()).toBe('')
    const courses = await call<Course[]>('GET', '/api/courses')
    courseId = courses.find((x) => x.title === title)!._id
    expect(courseId).toBeTruthy()
  })

  it('edits the course through its Edit control', async () => {
    const c = card(page, title)
    await c.getByRole('button', { name: /^edit/i }).click()
    const form = courseForm()
    await expect.poll(() => field(form, /title/i).inputValue()).toBe(title)
    await field(form, /title/i).fill(renamed)
    await form.locator('input[type="number"]').fill('45.5')
    await form.locator('button[type="submit"]').click()
    await visible(card(page, renamed))
    await page.reload()
    await visible(card(page, renamed).getByText('$45.50'))
    expect(await page.getByText(title, { exact: true }).count()).toBe(0)
  })

  it('adds a module with a video URL, edits it and deletes it', async () => {
    await card(page, renamed).getByRole('link', { name: 'View Modules' }).click()
    await page.waitForURL(`**/courses/${courseId}/modules`)
    await waitForText(page, new RegExp(`Modules for Course: ${renamed.replace(/[()]/g, '\\$&')}`))
    await page.getByRole('button', { name: 'Add Module' }).first().click()
    await page.getByPlaceholder('Module Title').fill('Isolated queen pawn')
    await page.getByPlaceholder('Module Description').fill('Play with and against the IQP.')
    await page.getByPlaceholder('Video URL').fill(`${new URL(page.url()).origin}/videos/iqp.webm`)
    await page.locator('form').getByRole('button', { name: 'Add Module' }).click()
    await seeText(page, 'Isolated queen pawn')
    await gone(page.getByPlaceholder('Module Title'))

    const m = card(page, 'Isolated queen pawn')
    await m.getByRole('button', { name: /^edit/i }).click()
    await expect.poll(() => page.getByPlaceholder('Module Title').inputValue()).toBe('Isolated queen pawn')
    await page.getByPlaceholder('Module Title').fill('Isolated queen pawn, revisited')
    await page.getByRole('button', { name: 'Update Module' }).click()
    await seeText(page, 'Isolated queen pawn, revisited', true)
    await page.reload()
    await seeText(page, 'Isolated queen pawn, revisited', true)

    await card(page, 'Isolated queen pawn, revisited')
      .getByRole('button', { name: /^delete/i })
      .click()
    await confirmDialog(page, dialogs, 'Are you sure you want to delete this module?')
    await gone(page.getByText('Isolated queen pawn, revisited', { exact: true }))
    await page.reload()
    await waitForText(page, /Modules for Course:/)
    expect(await page.getByText('Isolated queen pawn, revisited', { exact: true }).count()).toBe(0)
  })

  it('adds a module with an uploaded video, and the video plays', async () => {
    await page.getByRole('button', { name: 'Add Module' }).first().click()
    await page.getByPlaceholder('Module Title').fill('Minority attack')
    await page.getByPlaceholder('Module Description').fill('The Carlsbad structure.')
    const file = page.locator('input[type="file"][accept^="video/"]')
    await file.setInputFiles(demoVideo())
    // With a file chosen the URL may stay empty: the upload provides the video.
    await page.locator('form').getByRole('button', { name: 'Add Module' }).click()
    await seeText(page, 'Minority attack')
    const video = await visible(card(page, 'Minority attack').locator('video'), 30_000)
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true
      return v.play()
    })
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0.2)
    const modules = await call<Array<{ title: string; videoId: string | null }>>(
      'GET',
      `/api/modules/course/${courseId}`,
      (await storedSession(page)).token ?? '',
    )
    expect(modules.find((x) => x.title === 'Minority attack')?.videoId).toBeTruthy()
  })

  it('deletes the course', async () => {
    await page.goto('/courses')
    await card(page, renamed)
      .getByRole('button', { name: /^delete/i })
      .click()
    await confirmDialog(page, dialogs, 'Are you sure you want to delete')
    await gone(page.getByText(renamed, { exact: true }))
    await page.reload()
    await seeText(page, 'Courses')
    expect(await page.getByText(renamed, { exact: true }).count()).toBe(0)
    const courses = await call<Course[]>('GET', '/api/courses')
    expect(courses.some((x) => x._id === courseId)).toBe(false)
  })

  it('ran without an uncaught error in the page', () => {
    expect(o.errors.map((e) => e.message)).toEqual([])
  })
})
