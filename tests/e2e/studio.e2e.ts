// The instructor's studio: a course made as a draft is invisible to a visitor and to a student (catalogue and
// direct address) until 'Publish'; modules reordered with 'Move down', and by dragging one card onto another, keep
// their order after a reload.
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createModule, login, type Course, type Session } from './support/api'
import { card, field, launch, open, visible, type Opened } from './support/browser'
import { accounts, unique } from './support/env'

/** The element's box once two reads 100 ms apart agree (its layout has settled). */
async function settledBox(locator: Locator) {
  let last = await locator.boundingBox()
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 100))
    const now = await locator.boundingBox()
    if (now && last && JSON.stringify(now) === JSON.stringify(last)) return now
    last = now
  }
  throw new Error('the element kept moving for 5 s')
}

describe('the studio: drafts and module order', () => {
  let browser: Browser
  const opened: Opened[] = []
  let teacher: Session
  let teacherPage: Page
  const title = unique('Draft gambit ')
  let courseId: string

  beforeAll(async () => {
    browser = await launch()
    teacher = await login(accounts.instructor)
    const o = await open(browser, { session: teacher })
    opened.push(o)
    teacherPage = o.page
  })
  afterAll(async () => {
    for (const o of opened) await o.context.close()
    await browser?.close()
  })

  async function pageOf(session?: Session) {
    const o = await open(browser, session ? { session } : {})
    opened.push(o)
    return o.page
  }

  /** The catalogue as `page` shows it, searched for the draft's title, and the course's own address. */
  async function expectHidden(page: Page) {
    await page.goto(`/courses?q=${encodeURIComponent(title)}`)
    await visible(page.getByText(`No courses match "${title}".`))
    await page.goto(`/courses/${courseId}/modules`)
    await visible(page.getByRole('heading', { name: 'Course not found.' }))
  }

  it("creates a draft with 'Publish now' unchecked: marked 'Draft', out of the catalogue", async () => {
    const page = teacherPage
    await page.goto('/courses')
    const form = await visible(page.getByRole('form', { name: 'Create course' }))
    await field(form, /title/i).fill(title)
    await field(form, /description/i).fill('Half finished: not for students yet.')
    await form.locator('input[type="number"]').fill('0')
    await form.getByRole('checkbox', { name: 'Publish now' }).uncheck()
    await form.getByRole('button', { name: 'Create Course' }).click()
    const drafts = await visible(page.getByRole('region', { name: 'Drafts' }))
    const draft = await visible(card(page, title))
    await visible(draft.getByText('Draft', { exact: true }))
    expect(await drafts.getByText(title, { exact: true }).count()).toBe(1)
    const mine = await call<Course[]>('GET', '/api/courses/drafts', teacher.token)
    courseId = mine.find((c) => c.title === title)!._id
    expect(
      await call<Course[]>('GET', '/api/courses').then((all) => all.some((c) => c._id === courseId)),
    ).toBe(false)
  })

  it('hides the draft from a visitor and from a student, in the catalogue and at its address', async () => {
    await expectHidden(await pageOf())
    await expectHidden(await pageOf(await login(accounts.student)))
  })

  it("'Publish' puts it in the catalogue for everyone", async () => {
    const page = teacherPage
    await page.goto('/courses')
    await (await visible(page.getByRole('button', { name: `Publish ${title}` }))).click()
    await visible(page.getByRole('button', { name: `Unpublish ${title}` }))
    const visitor = await pageOf()
    await visitor.goto(`/courses?q=${encodeURIComponent(title)}`)
    await visible(card(visitor, title))
    await visitor.goto(`/courses/${courseId}/modules`)
    await visible(visitor.getByRole('heading', { name: `Modules for Course: ${title}` }))
  })

  it("reorders two modules with 'Move down'; the order holds after a reload", async () => {
    for (const name of ['Opening ideas', 'Middlegame plans'])
      await createModule(teacher.token, {
        title: name,
        description: `${name} in short`,
        videoUrl: 'https://example.com/lesson.mp4',
        courseId,
      })
    const page = teacherPage
    await page.goto(`/courses/${courseId}/modules`)
    const headings = page.locator('article.module-card h3')
    await expect.poll(() => headings.allTextContents()).toEqual(['Opening ideas', 'Middlegame plans'])
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/courses/${courseId}/modules/order`) && r.request().method() === 'PUT',
    )
    await page.getByRole('button', { name: 'Move Opening ideas down' }).click()
    expect((await saved).status()).toBe(200)
    await expect.poll(() => headings.allTextContents()).toEqual(['Middlegame plans', 'Opening ideas'])
    await page.reload()
    await expect.poll(() => headings.allTextContents()).toEqual(['Middlegame plans', 'Opening ideas'])
  })

  it('drags a module onto the first one: it goes first, and stays first after a reload', async () => {
    const page = teacherPage
    const headings = page.locator('article.module-card h3')
    await expect.poll(() => headings.allTextContents()).toEqual(['Middlegame plans', 'Opening ideas'])
    // The cards' videos (on a host this test's network refuses) end as 'This video could not be loaded.', which
    // makes each card shorter: measured once both have, and once the boxes hold still, or a loaded machine's late
    // error moves the cards between the measure and the drag.
    for (const name of ['Middlegame plans', 'Opening ideas'])
      await visible(page.getByRole('article', { name }).getByText('This video could not be loaded.'))
    const from = await settledBox(page.getByRole('article', { name: 'Opening ideas' }).locator('p').first())
    const to = await settledBox(page.getByRole('article', { name: 'Middlegame plans' }).locator('p').first())
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/courses/${courseId}/modules/order`) && r.request().method() === 'PUT',
    )
    await page.mouse.move(from.x + 10, from.y + from.height / 2)
    await page.mouse.down()
    await page.mouse.move(to.x + 20, to.y + to.height / 2, { steps: 12 })
    await page.mouse.up()
    expect((await saved).status()).toBe(200)
    await expect.poll(() => headings.allTextContents()).toEqual(['Opening ideas', 'Middlegame plans'])
    await page.reload()
    await expect.poll(() => headings.allTextContents()).toEqual(['Opening ideas', 'Middlegame plans'])
  })
})
