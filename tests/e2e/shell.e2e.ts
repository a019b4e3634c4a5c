// The first paint of /, /home and /courses is in their HTML (src/app/shell/Shell.tsx): without JavaScript the
// navigation, the headings and the board's placeholder are there; with it the page ends up as it was before, with
// the loading state never shown in the shell's place and the visitor's own links and name put where their space
// was kept.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCourse, login } from './support/api'
import { accounts, baseUrl } from './support/env'
import { gotoQuiet, launch, open, seeText, visible, waitQuiet } from './support/browser'

const COMMON_LINKS = ['Home', 'Courses', 'Blog', 'Cart', 'Analysis', 'Puzzles']
/** The colour-scheme toggle, last in the bar, says what it does: in the light scheme, 'Dark mode'. */
const THEME_TOGGLE = 'Dark mode'

/** The main navigation's visible link and button names, in order. */
function navNames(page: Page) {
  return page.getByRole('navigation', { name: 'Main' }).locator('a:visible, button:visible').allInnerTexts()
}

/**
 * #root's markup in a canonical form: attributes sorted (React sets them in another order on an update than on a
 * mount), the ids React's useId makes left out (they depend on what rendered before), and without the Login
 * Required modal, which opens once per visit.
 */
const rootMarkup = (page: Page) =>
  page.evaluate(() => {
    const out = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? ''
      if (!(node instanceof Element) || node.matches('.modal-backdrop')) return ''
      const attrs = [...node.attributes]
        .map((a) => `${a.name}="${a.value.replace(/_[rR]_[A-Za-z0-9_]*_/g, 'ID')}"`)
        .sort()
        .join(' ')
      return `<${node.localName} ${attrs}>${[...node.childNodes].map(out).join('')}</${node.localName}>`
    }
    return out(document.getElementById('root')!)
  })

/**
 * Records, before each paint can happen (a MutationObserver's callback runs at the end of the task that changed
 * the DOM), whether #root was empty or showed only a loading state in the shell's place once the page's HTML is
 * parsed (the app starts after that), and the layout shifts.
 */
const watchFirstPaints = () => {
  const seen: string[] = []
  const w = window as unknown as { __shell: FirstPaints }
  w.__shell = { seen, cls: 0 }
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
      if (!e.hadRecentInput) w.__shell.cls += e.value
  }).observe({ type: 'layout-shift', buffered: true })
  new MutationObserver(() => {
    // While the parser is still adding the page's own HTML, a part of the shell is no state of the app's.
    if (document.readyState === 'loading') return
    const root = document.getElementById('root')
    if (!root) return
    if (!root.firstElementChild) seen.push('empty #root')
    else if (root.firstElementChild.matches('.spinner')) seen.push('loading state instead of the app')
    else if (document.querySelector('main#main > .spinner')) seen.push('loading state instead of the page')
    else if (!document.querySelector('main#main h1')) seen.push('no heading')
  }).observe(document, { childList: true, subtree: true })
}

type FirstPaints = { seen: string[]; cls: number }

/** What watchFirstPaints recorded on this page so far. */
const firstPaints = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shell: FirstPaints }).__shell)

/** `path` opened with its first paints watched, once the page is drawn (on /home, its board): what they were. */
async function gotoWatched(page: Page, path: string): Promise<FirstPaints> {
  await page.addInitScript(watchFirstPaints)
  await gotoQuiet(page, path)
  if (path === '/home') await visible(page.locator('[data-square="e2"]'))
  return firstPaints(page)
}

describe('prerendered first paint', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launch()
    // The catalogue has a course to show, whatever the other files made.
    const { token } = await login(accounts.instructor)
    await createCourse(token, {
      title: 'Shell Catalogue Course',
      description: 'A course for the first page of /courses.',
      price: 12,
    })
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('shows the navigation, the headings and the board placeholder without JavaScript', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: false })
    try {
      const page = await context.newPage()
      for (const path of ['/', '/home']) {
        const res = await page.goto(path)
        expect(res?.status()).toBe(200)
        expect(await page.title()).toBe('Home · Chess Online Education')
        expect(await navNames(page)).toEqual([...COMMON_LINKS, THEME_TOGGLE])
        // The role's links are not drawn: a signed-in visitor never sees the guest's Login flash into Logout.
        expect(await page.getByText('Login').isVisible()).toBe(false)
        await visible(page.getByRole('heading', { level: 1, name: /Welcome to Chess Online Education/ }))
        await visible(page.getByRole('heading', { name: 'Expert Tips' }))
        await visible(page.getByRole('heading', { name: 'Search Players' }))
        // The board's placeholder, square and of the board's width, with the stylesheet of the page applied.
        const board = await visible(page.locator('.practice-board__board--loading'))
        const box = (await board.boundingBox())!
        expect(box.width).toBeGreaterThan(300)
        expect(Math.abs(box.width - box.height)).toBeLessThan(2)
        await seeText(page, 'Loading board...')
      }
      await page.goto('/courses')
      expect(await page.title()).toBe('Courses · Chess Online Education')
      expect(await navNames(page)).toEqual([...COMMON_LINKS, THEME_TOGGLE])
      await visible(page.getByRole('heading', { level: 1, name: 'Courses', exact: true }))
      await visible(page.getByRole('searchbox'))
      // With the first page of the catalogue: its cards, whose 'Log in to enroll' keeps its place unseen.
      await visible(page.getByRole('article').first())
      expect(await page.getByRole('article').count()).toBeGreaterThan(0)
      expect(await page.getByText('Log in to enroll').first().isVisible()).toBe(false)
      await page.goto('/courses?q=zzzz-no-such-course')
      expect(await page.getByRole('searchbox').inputValue()).toBe('zzzz-no-such-course')
      await seeText(page, 'No courses match "zzzz-no-such-course".')
      // Any other page is the empty index.html.
      await page.goto('/blog')
      expect(await page.locator('#root').innerHTML()).toBe('')
    } finally {
      await context.close()
    }
  })

  for (const path of ['/home', '/courses']) {
    it(`${path}: the app replaces the shell with nothing in between, and ends as when opened from another page`, async () => {
      const o = await open(browser)
      try {
        const catalogueCalls: string[] = []
        o.page.on('request', (r) => {
          if (new URL(r.url()).pathname === '/api/courses') catalogueCalls.push(r.url())
        })
        const { seen, cls } = await gotoWatched(o.page, path)
        expect(seen).toEqual([])
        expect(cls).toBeLessThan(0.05)
        // /courses starts from the first page its HTML carries: the app does not ask for it again.
        if (path === '/courses') {
          await visible(o.page.getByRole('article').first())
          await visible(o.page.getByRole('link', { name: 'Log in to enroll' }).first())
          expect(catalogueCalls).toEqual([])
        }
        expect(await navNames(o.page)).toEqual([...COMMON_LINKS, 'Login', 'Register', THEME_TOGGLE])
        if (path === '/home')
          await visible(
            o.page.getByRole('heading', { level: 1, name: 'Hello Guest, Welcome to Chess Online Education' }),
          )
        else
          await seeText(o.page, 'You need to be logged in to view enroll courses. Please login or register.')
        const direct = await rootMarkup(o.page)
        expect(direct).not.toContain('visibility:hidden')
        expect(direct).not.toMatch(/class="[^"]*\breserved\b/)
        expect(o.errors).toEqual([])

        // The same page reached inside the app from index.html (/blog): the same markup.
        await gotoQuiet(o.page, '/blog')
        await o.page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: path === '/home' ? 'Home' : 'Courses', exact: true })
          .click()
        await o.page.waitForURL(`**${path}`)
        if (path === '/home') await visible(o.page.locator('[data-square="e2"]'))
        await waitQuiet(o.page, 300)
        expect(await rootMarkup(o.page)).toBe(direct)
      } finally {
        await o.context.close()
      }
    })
  }

  it("starts the app's scripts only after the first contentful paint, and carries on what was typed into the shell meanwhile", async () => {
    for (const [path, box, typed] of [
      ['/courses', 'Search courses', 'Shell Catalogue'],
      ['/home', 'Username', 'hikaru'],
    ] as const) {
      const o = await open(browser)
      try {
        // Each script of the app answers 1.5 s after it is asked for.
        await o.page.route('**/assets/*.js', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1500))
          await route.continue()
        })
        await o.page.goto(path, { waitUntil: 'commit' })
        const input = await visible(o.page.getByRole('searchbox', { name: box }))
        await input.click()
        await input.pressSequentially(typed)
        // The app has replaced the shell.
        await visible(o.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }))
        // The shell's text was painted before any script was asked for, both on the page's own clock.
        const { fcp, asked } = await o.page.evaluate(() => ({
          fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
          asked: performance
            .getEntriesByType('resource')
            .filter((e) => /\/assets\/[^/]*\.js$/.test(new URL(e.name).pathname))
            .map((e) => e.startTime),
        }))
        expect(asked.length, path).toBeGreaterThan(0)
        expect(Math.min(...asked), path).toBeGreaterThan(fcp)
        // Once the app has replaced the shell, its field holds the text, and has the focus.
        const appInput = o.page.getByRole('searchbox', { name: box })
        expect(await appInput.inputValue(), path).toBe(typed)
        expect(await appInput.evaluate((e) => e === document.activeElement), path).toBe(true)
        if (path === '/courses') {
          // And the app's search runs it.
          await appInput.press('Enter')
          await o.page.waitForURL('**/courses?q=Shell+Catalogue')
          await visible(o.page.getByRole('article', { name: 'Shell Catalogue Course' }))
        }
        expect(o.errors, path).toEqual([])
      } finally {
        await o.context.close()
      }
    }
  })

  it('on a phone (390×844): no loading state in between and nothing shifts as the app replaces the shell', async () => {
    for (const path of ['/home', '/courses']) {
      const o = await open(browser, { viewport: { width: 390, height: 844 } })
      try {
        const { seen, cls } = await gotoWatched(o.page, path)
        expect(seen, path).toEqual([])
        expect(cls, path).toBeLessThan(0.05)
      } finally {
        await o.context.close()
      }
    }
  })

  it("a signed-in visitor: their own links and name replace the shell, never a guest's", async () => {
    const session = await login(accounts.student)
    const o = await open(browser, { session })
    try {
      await o.page.addInitScript(watchFirstPaints)
      // Login or Register would show only if the app drew the guest's navigation at some point.
      await o.page.addInitScript(() => {
        const w = window as unknown as { __guest: boolean }
        w.__guest = false
        new MutationObserver(() => {
          for (const a of document.querySelectorAll('nav a'))
            if (/^(Login|Register)$/.test(a.textContent ?? '') && a.checkVisibility()) w.__guest = true
          // innerText: the shell's reserved name is there, but not seen.
          if (/Hello Guest/.test(document.querySelector('h1')?.innerText ?? '')) w.__guest = true
        }).observe(document, { childList: true, subtree: true, characterData: true })
      })
      await gotoQuiet(o.page, '/home')
      await visible(o.page.locator('[data-square="e2"]'))
      await visible(
        o.page.getByRole('heading', {
          level: 1,
          name: `Hello ${accounts.student.username}, Welcome to Chess Online Education`,
        }),
      )
      expect(await navNames(o.page)).toEqual([...COMMON_LINKS, 'Review', 'Profile', 'Logout', THEME_TOGGLE])
      expect(await o.page.evaluate(() => (window as unknown as { __guest: boolean }).__guest)).toBe(false)
      expect((await firstPaints(o.page)).seen).toEqual([])
    } finally {
      await o.context.close()
    }
  })
})
