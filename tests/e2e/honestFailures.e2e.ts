// Failures said in words, at 1366×900 and on a 390×844 phone: an instructor's upload of a text file named .mp4
// (the server answers 415) says why next to the file field and keeps the form; modules whose YouTube and Vimeo
// videos cannot load (the browser tests abort every request to those sites) say so, with a link to each site,
// and the page has no uncaught error (support/browser.ts fails any journey on one).
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCourse, createModule, login, type Course, type Session } from './support/api'
import { card, field, launch, open, visible, waitQuiet, type Opened } from './support/browser'
import { accounts, unique } from './support/env'

const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]
const YOUTUBE = 'https://www.youtube.com/watch?v=OCSbzArwB10'
const VIMEO = 'https://vimeo.com/76979871'

describe('failures said in words', () => {
  let browser: Browser
  let teacher: Session
  let course: Course
  const opened: Opened[] = []

  beforeAll(async () => {
    browser = await launch()
    teacher = await login(accounts.instructor)
    course = await createCourse(teacher.token, {
      title: unique('Tactics '),
      description: 'Forks, pins and skewers.',
      price: 15,
    })
    const base = { courseId: course._id, description: 'A lesson on another site.' }
    await createModule(teacher.token, { ...base, title: 'Check and checkmate', videoUrl: YOUTUBE })
    await createModule(teacher.token, { ...base, title: 'Pins and skewers', videoUrl: VIMEO })
  })
  afterAll(async () => {
    for (const o of opened) await o.context.close()
    await browser?.close()
  })

  async function modulesPage(viewport: { width: number; height: number }) {
    const o = await open(browser, { session: teacher, viewport })
    opened.push(o)
    await o.page.goto(`/courses/${course._id}/modules`)
    await visible(o.page.getByRole('heading', { name: `Modules for Course: ${course.title}` }))
    return o
  }

  it.each(SIZES)(
    "a text file named .mp4: 'This file is not a video we can play (MP4 or WebM).', the form kept ($width×$height)",
    async (size) => {
      const { page } = await modulesPage(size)
      await page.getByRole('button', { name: 'Add Module' }).click()
      const form = await visible(page.getByRole('form', { name: 'Add Module' }))
      await field(form, 'Module title').fill('Forks')
      await form.getByPlaceholder('Module Description').fill('One piece, two targets.')
      const file = form.getByLabel('Or upload a video file')
      await file.setInputFiles({
        name: 'notes.mp4',
        mimeType: 'video/mp4',
        buffer: Buffer.from('not a video\n'),
      })
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/videos'))
      await form.getByRole('button', { name: 'Add Module' }).click()
      expect((await answered).status()).toBe(415)
      const error = await visible(form.getByText('This file is not a video we can play (MP4 or WebM).'))
      // next to the field: announced with it, and right under it
      expect(await file.getAttribute('aria-invalid')).toBe('true')
      expect(await file.evaluate((el) => el.getAttribute('aria-describedby'))).toBe(
        await error.getAttribute('id'),
      )
      const fieldBox = (await file.boundingBox())!
      const errorBox = (await error.boundingBox())!
      expect(errorBox.y - (fieldBox.y + fieldBox.height)).toBeLessThan(40)
      await expect.poll(() => file.evaluate((el) => el === document.activeElement)).toBe(true)
      expect(await field(form, 'Module title').inputValue()).toBe('Forks')
      expect(await form.getByPlaceholder('Module Description').inputValue()).toBe('One piece, two targets.')
      expect(await page.getByRole('heading', { name: 'Forks' }).count()).toBe(0)
      // the whole refused form in the shot where it fits: its title, the file field and the sentence
      await error.evaluate((el) => el.scrollIntoView({ block: 'center' }))
      await page.screenshot({ path: `test-results/screens/uploadRefused-${size.width}x${size.height}.png` })
    },
  )

  it.each(SIZES)(
    "YouTube and Vimeo that cannot load: 'This video could not be loaded.' and a link to each site ($width×$height)",
    async (size) => {
      const { page, external } = await modulesPage(size)
      for (const [title, site, url] of [
        ['Check and checkmate', 'YouTube', YOUTUBE],
        ['Pins and skewers', 'Vimeo', VIMEO],
      ]) {
        const module = card(page, title)
        await visible(module.getByText('This video could not be loaded.'))
        const link = await visible(module.getByRole('link', { name: `Open it on ${site}` }))
        expect(await link.getAttribute('href')).toBe(url)
        expect(await link.getAttribute('target')).toBe('_blank')
        expect(await module.locator('iframe').count()).toBe(0)
      }
      // the sites were asked, and refused (by the test's network)
      expect(external.some((u) => u.startsWith('https://www.youtube.com/'))).toBe(true)
      expect(external.some((u) => u.startsWith('https://player.vimeo.com/'))).toBe(true)
      await waitQuiet(page)
      await page.getByText('This video could not be loaded.').first().scrollIntoViewIfNeeded()
      await page.screenshot({ path: `test-results/screens/videoBlocked-${size.width}x${size.height}.png` })
    },
  )
})
