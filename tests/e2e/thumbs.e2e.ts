// Targets for thumbs: on a 390×844 touch phone every control of every main page (as a visitor, a student, an
// instructor and an admin) is at least 44×44 CSS pixels (WCAG 2.5.5, enhanced target size); at 1366×900 none is
// under 24×24 (WCAG 2.5.8, the floor everywhere). Sizes are measured from the controls' bounding boxes and the test
// lists every offender. Also: /admin's rows stack on a phone, so every action of a row ('Set password' too) is in
// view without sideways scrolling, and a touch phone is not shown keyboard help. Screenshots of the phone and desktop
// layouts (navigation, /admin, a module page) go to test-results/screens/thumbs-*.png.
import { mkdirSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createCourse, createModule, enroll, login, type Course, type Session } from './support/api'
import { sessionStorageEntries } from './support/api'
import { launch, seeText, visible, waitQuiet } from './support/browser'
import { accounts, baseUrl, unique } from './support/env'

const DIR = 'test-results/screens'
const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1366, height: 900 }

interface Offender {
  path: string
  what: string
  width: number
  height: number
}

/**
 * The page's controls smaller than `min` in either direction. Controls: links, buttons, form fields, summaries and
 * anything else focusable by Tab, shown (not display:none, visibility:hidden or clipped to a pixel), board squares
 * excepted (the board sizes them). A link inside a sentence is exempt, as WCAG exempts inline targets; a checkbox
 * is measured with its labels, which toggle it too.
 */
function smallTargets(page: Page, min: number): Promise<Omit<Offender, 'path'>[]> {
  return page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [tabindex]:not([tabindex="-1"])',
    )
    const out: { what: string; width: number; height: number }[] = []
    for (const el of controls) {
      if (el.closest('[data-square]') || el.closest('[aria-hidden="true"]') || el.closest('.skip-link'))
        continue
      const style = getComputedStyle(el)
      if (style.visibility === 'hidden' || style.display === 'none') continue
      let box = el.getBoundingClientRect()
      if (box.width <= 1 || box.height <= 1) continue
      // A checkbox or radio button is toggled by its labels too: its target is the box with them.
      const labels = el instanceof HTMLInputElement && /^(checkbox|radio)$/.test(el.type) ? el.labels : null
      for (const label of labels ?? []) {
        const l = label.getBoundingClientRect()
        const left = Math.min(box.left, l.left)
        const top = Math.min(box.top, l.top)
        box = new DOMRect(
          left,
          top,
          Math.max(box.right, l.right) - left,
          Math.max(box.bottom, l.bottom) - top,
        )
      }
      // A link in running text: its block says more than the link.
      if (el.localName === 'a' && style.display === 'inline') {
        const block = el.parentElement
        const own = (el.textContent ?? '').trim().length
        if (block && (block.textContent ?? '').trim().length > own) continue
      }
      if (box.width + 0.5 < min || box.height + 0.5 < min) {
        const name =
          el.getAttribute('aria-label') ||
          (el.textContent ?? '').trim().slice(0, 40) ||
          el.getAttribute('placeholder') ||
          el.getAttribute('name') ||
          ''
        out.push({
          what: `${el.localName}${el.className ? '.' + String(el.className).trim().split(/\s+/).join('.') : ''} "${name}"`,
          width: Math.round(box.width * 10) / 10,
          height: Math.round(box.height * 10) / 10,
        })
      }
    }
    return out
  }, min)
}

function listed(found: Offender[]) {
  return found.map((f) => `${f.path}: ${f.what} ${f.width}×${f.height}`).join('\n')
}

describe('targets for thumbs', () => {
  let browser: Browser
  let course: Course
  let lineCourse: Course
  const sessions = {} as Record<'student' | 'instructor' | 'admin', Session>
  const contexts: BrowserContext[] = []

  /** A context as a phone (touch, no hover) or a desktop, signed in as `who`; other hosts are refused. */
  async function openAs(who: 'visitor' | 'student' | 'instructor' | 'admin', phone: boolean) {
    const session = who === 'visitor' ? undefined : sessions[who]
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: phone ? PHONE : DESKTOP,
      isMobile: phone,
      hasTouch: phone,
      storageState: session
        ? { cookies: [], origins: [{ origin: baseUrl, localStorage: sessionStorageEntries(session) }] }
        : undefined,
    })
    contexts.push(context)
    await context.route('**/*', (route) =>
      route.request().url().startsWith(baseUrl) ? route.continue() : route.abort('blockedbyclient'),
    )
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    return page
  }

  async function measure(page: Page, paths: string[], min: number): Promise<Offender[]> {
    const found: Offender[] = []
    for (const path of paths) {
      await page.goto(path, { waitUntil: 'load' })
      await page.waitForLoadState('networkidle')
      await waitQuiet(page)
      found.push(...(await smallTargets(page, min)).map((o) => ({ path, ...o })))
    }
    return found
  }

  const pages = () => ({
    visitor: [
      '/home',
      '/courses',
      `/courses/${course._id}/modules`,
      '/blog',
      '/login',
      '/register',
      '/cart',
      '/title/GM',
    ],
    student: ['/home', '/courses', `/courses/${lineCourse._id}/modules`, '/review', '/profile', '/cart'],
    instructor: ['/courses', `/courses/${course._id}/modules`, '/profile'],
    admin: ['/admin', '/home', `/courses/${course._id}/modules`],
  })

  beforeAll(async () => {
    mkdirSync(DIR, { recursive: true })
    sessions.student = await login(accounts.student)
    sessions.instructor = await login(accounts.instructor)
    sessions.admin = await login(accounts.admin)
    course = await createCourse(sessions.instructor.token, {
      title: unique('Thumbs course '),
      description: 'Lessons for a phone.',
      price: 19,
    })
    await createModule(sessions.instructor.token, {
      title: 'Centre control',
      description: 'Pawns in the middle.',
      videoUrl: '/videos/centre.webm',
      courseId: course._id,
    })
    lineCourse = await createCourse(sessions.instructor.token, {
      title: unique('Thumbs line course '),
      description: 'A line to step through.',
      price: 0,
    })
    await call('POST', '/api/modules', sessions.instructor.token, {
      title: 'Italian game',
      description: 'The first moves.',
      videoUrl: '/videos/italian.webm',
      courseId: lineCourse._id,
      line: { pgn: '1. e4 e5 2. Nf3 {develops} Nc6 3. Bc4', side: 'white' },
    })
    await enroll(sessions.student.token, lineCourse._id)
    browser = await launch()
  })
  afterAll(async () => {
    for (const c of contexts) await c.close()
    await browser?.close()
  })

  it('on a 390×844 phone every control of every main page is at least 44×44 px, for every role', async () => {
    const found: Offender[] = []
    for (const [who, paths] of Object.entries(pages()) as [keyof ReturnType<typeof pages>, string[]][]) {
      const page = await openAs(who, true)
      found.push(...(await measure(page, paths, 44)).map((f) => ({ ...f, path: `${who} ${f.path}` })))
      await page.context().close()
    }
    expect(found, `controls under 44×44 px at 390×844:\n${listed(found)}`).toEqual([])
  })

  it('at 1366×900 no control of a main page is under 24×24 px', async () => {
    const found: Offender[] = []
    for (const [who, paths] of Object.entries(pages()) as [keyof ReturnType<typeof pages>, string[]][]) {
      const page = await openAs(who, false)
      found.push(...(await measure(page, paths, 24)).map((f) => ({ ...f, path: `${who} ${f.path}` })))
      await page.context().close()
    }
    expect(found, `controls under 24×24 px at 1366×900:\n${listed(found)}`).toEqual([])
  })

  it("/admin's rows stack on a phone: every action of a row, 'Set password' too, is in view without scrolling sideways", async () => {
    const username = unique('thumbs_')
    await call('POST', '/api/auth/register', undefined, {
      username,
      email: `${username}@example.test`,
      password: 'thumbs-violet-knight-27',
    })
    for (const phone of [true, false]) {
      const page = await openAs('admin', phone)
      await page.goto('/admin')
      const row = page.getByRole('row').filter({ hasText: username })
      await visible(row.getByRole('combobox'))
      const width = await page.evaluate(() => window.innerWidth)
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0)
      const actions = row.locator('button, select, input, a[href]')
      expect(await actions.count()).toBeGreaterThan(0)
      await visible(row.getByRole('button', { name: 'Set password' }))
      for (const action of await actions.all()) {
        const box = await action.boundingBox()
        expect(box, await action.evaluate((e) => e.outerHTML.slice(0, 80))).not.toBeNull()
        expect(box!.x).toBeGreaterThanOrEqual(0)
        expect(box!.x + box!.width).toBeLessThanOrEqual(width)
      }
      await row.scrollIntoViewIfNeeded()
      const size = phone ? PHONE : DESKTOP
      await page.screenshot({ path: `${DIR}/thumbs-admin-${size.width}x${size.height}.png`, fullPage: true })
      await page.context().close()
    }
  })

  /** No text about keys is shown on a touch phone (screen readers still get the boards' key help by its id). */
  async function noKeyboardHelp(page: Page) {
    expect(
      await page
        .getByText(/arrow keys|keyboard|board keys/i)
        .filter({ visible: true })
        .allTextContents(),
      'keyboard help shown on a touch phone',
    ).toEqual([])
  }

  it('the navigation and a module page on a phone and a desktop (screenshots); no keyboard help on a touch phone', async () => {
    for (const phone of [true, false]) {
      const size = phone ? PHONE : DESKTOP
      const page = await openAs('student', phone)
      await page.goto('/home')
      await visible(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Review/ }))
      await waitQuiet(page)
      if (phone) await noKeyboardHelp(page)
      await page.screenshot({ path: `${DIR}/thumbs-home-${size.width}x${size.height}.png` })
      await page.goto(`/courses/${lineCourse._id}/modules`)
      await seeText(page, 'Italian game')
      await waitQuiet(page)
      if (phone) {
        // the line's board takes the card's whole width: its squares reach the card's edges
        const card = page.locator('article.module-card').filter({ hasText: 'Italian game' })
        const board = card.getByRole('application', { name: "Board: play the line's next move" })
        const [cardBox, boardBox] = [await card.boundingBox(), await board.boundingBox()]
        expect(boardBox!.width).toBeGreaterThanOrEqual(cardBox!.width - 2)
        expect(boardBox!.x).toBeGreaterThanOrEqual(cardBox!.x)
        await noKeyboardHelp(page)
      }
      await page.screenshot({
        path: `${DIR}/thumbs-modules-${size.width}x${size.height}.png`,
        fullPage: true,
      })
      await page.context().close()
    }
  })
})
