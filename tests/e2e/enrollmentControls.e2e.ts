// A signed-in student opening /courses: the controls that depend on the student's enrollments ('Enroll Now' or
// 'View Modules') wait for them, in a place of their size kept unseen, so no 'Enroll Now' is offered on a course
// already bought and nothing moves when they arrive.
import type { Browser, Locator, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createCourse, createModule, enroll, login, type Course, type Session } from './support/api'
import { card, launch, open, visible, waitQuiet } from './support/browser'
import { accounts, unique } from './support/env'

/** Records, before any paint (at the end of each task that changed the DOM), an 'Enroll Now' shown on `title`. */
const watchEnrollNow = (title: string) => {
  const seen: string[] = []
  ;(window as unknown as { __enrollNow: string[] }).__enrollNow = seen
  new MutationObserver(() => {
    for (const article of document.querySelectorAll('article')) {
      if (article.querySelector('h3')?.textContent !== title) continue
      for (const button of article.querySelectorAll('button'))
        if (button.textContent === 'Enroll Now' && button.checkVisibility()) seen.push(document.readyState)
    }
  }).observe(document, { childList: true, subtree: true, characterData: true })
}

/** Where an element is on the page (not on the screen, which scrolling moves) and its height. */
const placeOf = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect()
    return { top: r.top + window.scrollY, height: r.height }
  })

describe("a student's course controls", () => {
  let browser: Browser
  let student: Session
  let prefix: string
  let bought: Course
  let other: Course

  beforeAll(async () => {
    const teacher = await login(accounts.instructor)
    prefix = unique('Held ')
    bought = await createCourse(teacher.token, {
      title: `${prefix} bought`,
      description: 'A course the student has bought.',
      price: 15,
    })
    other = await createCourse(teacher.token, {
      title: `${prefix} other`,
      description: 'A course the student has not bought.',
      price: 20,
    })
    // A module, so the bought course shows the student's progress too.
    await createModule(teacher.token, {
      title: 'Opening principles',
      description: 'Centre, development, king safety.',
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      courseId: bought._id,
    })
    const username = unique('held_')
    const password = 'held back answers 42'
    await call('POST', '/api/auth/register', undefined, {
      username,
      email: `${username}@example.test`,
      password,
    })
    student = await login({ email: `${username}@example.test`, password })
    await enroll(student.token, bought._id)
    browser = await launch()
  })
  afterAll(async () => {
    await browser?.close()
  })

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ])
    it(`wait for the enrollments in a place of their size (${viewport.width}×${viewport.height})`, async () => {
      const o = await open(browser, { session: student, viewport })
      try {
        const { page } = o
        // The student's enrollments are held back until the rest of the page has settled.
        let release!: () => void
        const released = new Promise<void>((resolve) => (release = resolve))
        let asked = false
        await page.route('**/api/courses/user/*/enrolled', async (route: Route) => {
          asked = true
          await released
          await route.continue()
        })
        await page.addInitScript(watchEnrollNow, bought.title)
        await page.goto(`/courses?q=${encodeURIComponent(prefix)}`)
        const mine = card(page, bought.title)
        const theirs = card(page, other.title)
        // Everything else is there: the coursemates (the student, on the course bought), the cart. A card's
        // coursemates load once it is near the screen: on a phone the first card's end and the second card are
        // below it.
        // (The coursemates are the app's own: the page's first HTML, which the app replaces, has none.)
        await (await visible(mine.locator('.coursemates'))).scrollIntoViewIfNeeded()
        await visible(mine.getByRole('link', { name: student.result.username }))
        await theirs.scrollIntoViewIfNeeded()
        await visible(theirs.getByText('No coursemates yet.'))
        // Quiet but for the enrollments, which are held.
        await waitQuiet(page, 300, { except: (r) => r.url().endsWith('/enrolled') })
        expect(asked).toBe(true)
        for (const c of [mine, theirs]) {
          expect(await c.getByRole('button', { name: 'Enroll Now' }).count()).toBe(0)
          expect(await c.getByRole('button', { name: 'Add to Cart' }).count()).toBe(0)
          expect(await c.getByRole('link', { name: 'View Modules' }).count()).toBe(0)
          // The place is there, unseen, with nothing in it to focus.
          const reserve = c.locator('.course-card__controls > .reserved')
          expect(await reserve.count()).toBe(1)
          expect(await reserve.isVisible()).toBe(false)
          expect(await reserve.getAttribute('aria-hidden')).toBe('true')
          expect(await reserve.locator('a, button, input, [tabindex]').count()).toBe(0)
        }
        const before = [await placeOf(mine), await placeOf(theirs)]
        expect(before[0].height).toBeGreaterThan(100)

        release()
        await visible(mine.getByRole('link', { name: 'View Modules' }))
        await visible(mine.getByText('0 of 1 modules completed'))
        await visible(theirs.getByRole('button', { name: 'Enroll Now' }))
        await visible(theirs.getByRole('button', { name: 'Add to Cart' }))
        await waitQuiet(page, 300)
        const after = [await placeOf(mine), await placeOf(theirs)]
        // Nothing moved: each card keeps its place and its size.
        for (const i of [0, 1]) {
          expect(Math.abs(after[i].height - before[i].height)).toBeLessThan(0.5)
          expect(Math.abs(after[i].top - before[i].top)).toBeLessThan(0.5)
        }
        expect(await mine.getByRole('button', { name: 'Enroll Now' }).count()).toBe(0)
        expect(
          await page.evaluate(() => (window as unknown as { __enrollNow: string[] }).__enrollNow),
        ).toEqual([])
        expect(o.apiRequests.filter((r) => r.method() === 'POST')).toEqual([])
        expect(o.errors).toEqual([])
      } finally {
        await o.context.close()
      }
    })
})
