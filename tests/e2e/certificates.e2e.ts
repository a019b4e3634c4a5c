// Certificates of completion: a learner finishes a two-module course with 'Mark as complete' and gets 'View
// certificate' on the course's page; a visitor on a phone opens the certificate's link and reads it, and it prints
// on one page of A4 and of Letter, without the navigation.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createCourse, createModule, enroll, login, type Course, type Session } from './support/api'
import { card, launch, open, visible, type Opened } from './support/browser'
import { accounts, unique } from './support/env'

const MODULES = ['The opposition', 'The rook behind the pawn']

/** The pages of a PDF Chromium printed (one page object each). */
const pagesOf = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g)?.length ?? 0

describe('certificates of completion', () => {
  let browser: Browser
  let learner: Session
  let teacher: Session
  let course: Course
  let link = ''
  const opened: Opened[] = []

  beforeAll(async () => {
    teacher = await login(accounts.instructor)
    course = await createCourse(teacher.token, {
      title: unique('Endgame essentials '),
      description: 'Two lessons of king and rook endings.',
      price: 0,
    })
    const module = (title: string) =>
      createModule(teacher.token, {
        title,
        description: `About ${title.toLowerCase()}.`,
        videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        courseId: course._id,
      })
    const first = await module(MODULES[0])
    await module(MODULES[1])
    // a learner of their own, one module done already
    const username = unique('cert_')
    const password = 'a certificate of my own 42'
    await call('POST', '/api/auth/register', undefined, {
      username,
      email: `${username}@example.test`,
      password,
    })
    learner = await login({ email: `${username}@example.test`, password })
    await enroll(learner.token, course._id)
    await call('PUT', `/api/progress/modules/${first._id}/completion`, learner.token, { completed: true })
    browser = await launch()
  })
  afterAll(async () => {
    for (const o of opened) await o.context.close()
    await browser?.close()
  })

  it("a learner who marks the last module complete gets 'View certificate' on the course's page", async () => {
    const o = await open(browser, { session: learner })
    opened.push(o)
    const { page } = o
    await page.goto(`/courses/${course._id}/modules`)
    await visible(page.getByText('1 of 2 modules completed'))
    expect(await page.getByRole('link', { name: 'View certificate' }).count()).toBe(0)

    await card(page, MODULES[1]).getByRole('button', { name: 'Mark as complete' }).click()
    const view = await visible(page.getByRole('link', { name: 'View certificate' }))
    await view.click()
    await visible(page.getByRole('heading', { name: 'Certificate of completion' }))
    link = page.url()
    expect(link).toMatch(/\/certificates\/[0-9a-f-]{36}$/)
  })

  it('a visitor on a phone opens the link, reads the certificate, and it prints on one page of A4 and of Letter', async () => {
    expect(link).not.toBe('')
    const o = await open(browser, { viewport: { width: 390, height: 844 }, touch: true })
    opened.push(o)
    const { page } = o
    await page.goto(link)
    const sheet = await visible(page.getByRole('article', { name: 'Certificate of completion' }))
    const today = new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })
    for (const text of [learner.result.username, course.title, teacher.result.username, today])
      await visible(sheet.getByText(text, { exact: true }))
    // nothing wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    await page.emulateMedia({ media: 'print' })
    expect(await page.locator('.nav').isVisible()).toBe(false)
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false)
    for (const format of ['A4', 'Letter']) expect(pagesOf(await page.pdf({ format })), format).toBe(1)
  })
})
