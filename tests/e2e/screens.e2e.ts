// The screens that answer a person's action (every action answers), at a desktop size (1366×900) and a phone's
// (390×844): each shows its text, nothing overflows sideways, and a screenshot of each is written to
// test-results/screens/ for people to look at. What pages show on being opened (the visitor's curriculum, 'Course
// not found.', the login prompt, the registration form's note, the practice board's placeholders) is checked and
// photographed by the page tour (tests/e2e/pageTour.e2e.ts). The signed-in navigation bar: one row on a phone, its
// links behind 'Menu'; every link in the bar at desktop size.
import { mkdirSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createCourse, createModule, login, type Session } from './support/api'
import { field, gotoQuiet, launch, open, seeText, visible, waitQuiet, type Opened } from './support/browser'
import { accounts, unique } from './support/env'

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 900 }, isMobile: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true },
] as const
const DIR = 'test-results/screens'

/** What overflows the viewport sideways: the page's extra width in CSS pixels (0 when nothing does). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
}

async function shoot(page: Page, name: string, size: (typeof SIZES)[number]) {
  await waitQuiet(page)
  expect(await sidewaysOverflow(page), `${name} at ${size.name}`).toBeLessThanOrEqual(0)
  await page.screenshot({
    path: `${DIR}/${name}-${size.viewport.width}x${size.viewport.height}.png`,
    fullPage: true,
  })
}

describe.each(SIZES)('screens that answer, at $name size', (size) => {
  let browser: Browser
  const opened: Opened[] = []
  let course: { _id: string; title: string }
  let student: Session
  async function openAs(who?: 'student' | 'instructor' | 'admin') {
    const o = await open(browser, {
      session: who ? (who === 'student' ? student : await login(accounts[who])) : undefined,
      viewport: size.viewport,
    })
    opened.push(o)
    return o.page
  }

  beforeAll(async () => {
    mkdirSync(DIR, { recursive: true })
    browser = await launch()
    student = await login(accounts.student)
    const instructor = await login(accounts.instructor)
    course = await createCourse(instructor.token, {
      title: unique('Screens course '),
      description: 'Two lessons about the opening and one about endgames.',
      price: 49.5,
    })
    for (const title of ['Opening principles', 'Rook endgames'])
      await createModule(instructor.token, {
        title,
        description: `${title}: what to know first.`,
        videoUrl: 'https://example.com/lesson.mp4',
        courseId: course._id,
      })
  })
  afterAll(async () => {
    for (const o of opened) await o.context.close()
    await browser?.close()
  })

  it("sign-in says why: 'Wrong email or password.'", async () => {
    const page = await openAs()
    await page.goto('/login')
    await page.locator('input[type="email"]').fill(accounts.student.email)
    await page.locator('input[type="password"]').fill('not-the-password-9')
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await seeText(page, 'Wrong email or password.')
    await shoot(page, 'login-refused', size)
  })

  it("a student who has not enrolled: the curriculum with 'Enroll Now'; a checkout ends on a receipt", async () => {
    const page = await openAs('student')
    await page.goto(`/courses/${course._id}/modules`)
    await seeText(page, 'Opening principles')
    await visible(page.getByRole('button', { name: 'Enroll Now' }))
    await shoot(page, 'curriculum-student', size)

    const paid = await createCourse((await login(accounts.instructor)).token, {
      title: unique('Receipt course '),
      description: 'Bought for the receipt.',
      price: 12.5,
    })
    await call('POST', '/api/cart/items', student.token, { courseId: paid._id })
    await page.goto('/cart')
    await page.getByRole('button', { name: /checkout/i }).click()
    await seeText(page, paid.title)
    await seeText(page, /\$12\.50/)
    await shoot(page, 'receipt', size)
  })

  it('an instructor editing a module: the form is in view, focused, with labels and a heading', async () => {
    const page = await openAs('instructor')
    await page.goto(`/courses/${course._id}/modules`)
    const card = page.getByRole('article').filter({ hasText: 'Rook endgames' })
    await (await visible(card.getByRole('button', { name: 'Edit' }))).click()
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toMatch(/INPUT|TEXTAREA/)
    await visible(field(page, /title/i))
    await shoot(page, 'module-edit', size)
  })

  it("an admin: 'Role updated.' on the row; a visitor's view of a profile has no phone number", async () => {
    const page = await openAs('admin')
    const username = unique('screens_')
    await call('POST', '/api/auth/register', undefined, {
      username,
      email: `${username}@example.test`,
      password: 'screens-violet-knight-27',
    })
    await page.goto('/admin')
    const row = page.getByRole('row').filter({ hasText: username })
    const select = await visible(row.getByRole('combobox'))
    const next = (await select.inputValue()) === 'instructor' ? 'student' : 'instructor'
    await select.selectOption(next)
    await visible(row.getByText('Role updated.'))
    await shoot(page, 'admin-role-updated', size)

    await call('PUT', '/api/profile/me', student.token, {
      bio: 'Plays the French.',
      phoneNumber: '+1 555 0100',
    })
    const visitor = await openAs()
    await visitor.goto(`/profile/${student.result._id}`)
    await seeText(visitor, 'Plays the French.')
    expect(await visitor.getByText('+1 555 0100').count()).toBe(0)
    await shoot(visitor, 'profile-visitor', size)
  })
})

describe('the navigation bar, signed in', () => {
  let browser: Browser
  let student: Session
  const opened: Opened[] = []
  /** The bar's links and buttons a person sees now, in order. */
  const shown = (page: Page) => page.locator('#main-nav').locator('a:visible, button:visible').allInnerTexts()
  const signedInNames = [
    'Home',
    'Courses',
    'Blog',
    'Cart',
    'Analysis',
    'Puzzles',
    expect.stringMatching(/^Review/),
    'Profile',
    'Logout',
    'Dark mode',
  ]
  const barHeight = (page: Page) =>
    page.getByRole('banner').evaluate((bar) => bar.getBoundingClientRect().height)

  beforeAll(async () => {
    mkdirSync(DIR, { recursive: true })
    browser = await launch()
    student = await login(accounts.student)
  })
  afterAll(async () => {
    for (const o of opened) await o.context.close()
    await browser?.close()
  })

  it("on a 390×844 phone: one row at most 64 px tall; 'Menu' opens the links, a tap follows one and closes it", async () => {
    const o = await open(browser, { session: student, viewport: { width: 390, height: 844 }, touch: true })
    opened.push(o)
    const { page } = o
    await gotoQuiet(page, '/home')
    const menu = await visible(page.getByRole('button', { name: 'Menu' }))
    expect(await barHeight(page)).toBeLessThanOrEqual(64)
    expect(await shown(page)).toEqual([])
    expect(await menu.getAttribute('aria-expanded')).toBe('false')

    await menu.tap()
    const nav = await visible(page.getByRole('navigation', { name: 'Main' }))
    expect(await menu.getAttribute('aria-controls')).toBe(await nav.getAttribute('id'))
    expect(await menu.getAttribute('aria-expanded')).toBe('true')
    expect(await shown(page)).toEqual(signedInNames)
    // Each a thumb's target, the button too.
    for (const target of [menu, ...(await nav.locator('a:visible, button:visible').all())]) {
      const box = (await target.boundingBox())!
      expect(Math.min(box.width, box.height), await target.innerText()).toBeGreaterThanOrEqual(44)
    }
    await page.screenshot({ path: `${DIR}/nav-menu-390x844.png` })

    await nav.getByRole('link', { name: 'Courses', exact: true }).tap()
    await page.waitForURL('**/courses')
    await visible(page.getByRole('heading', { level: 1, name: 'Courses', exact: true }))
    expect(await menu.getAttribute('aria-expanded')).toBe('false')
    expect(await shown(page)).toEqual([])
    expect(await barHeight(page)).toBeLessThanOrEqual(64)

    // Escape closes it and gives the focus back to the button.
    await menu.tap()
    await visible(nav)
    await page.keyboard.press('Escape')
    expect(await shown(page)).toEqual([])
    expect(await menu.evaluate((button) => button === document.activeElement)).toBe(true)
  })

  it('at 1366×900: every link in the bar, and no menu button', async () => {
    const o = await open(browser, { session: student, viewport: { width: 1366, height: 900 } })
    opened.push(o)
    const { page } = o
    await gotoQuiet(page, '/home')
    await visible(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Review/ }))
    expect(await shown(page)).toEqual(signedInNames)
    await page.screenshot({ path: `${DIR}/nav-1366x900.png` })
    expect(await page.getByRole('button', { name: 'Menu' }).count()).toBe(0)
    expect(await page.locator('.nav__menu-button').isVisible()).toBe(false)
  })
})
