// Every action answers: with the API made to fail through request interception, each role reads what
// happened and can retry; refused sign-ins and registrations say why; each route names itself in the title.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCourse, login } from './support/api'
import { field, launch, open, seeText, visible, type Opened } from './support/browser'
import { accounts, unique } from './support/env'

/** Answers `method path` with a 500 problem until the returned function is called. */
async function failApi(page: Page, method: string, path: string) {
  const matches = (url: URL) => url.pathname === path
  const handler = async (route: import('playwright-core').Route) => {
    if (route.request().method() !== method) return route.fallback()
    await route.fulfill({
      status: 500,
      contentType: 'application/problem+json',
      body: JSON.stringify({ type: 'about:blank', title: 'Internal Server Error', status: 500 }),
    })
  }
  await page.route(matches, handler)
  return () => page.unroute(matches, handler)
}

describe('failures that say what happened', () => {
  let browser: Browser
  const opened: Opened[] = []
  async function openAs(who?: keyof typeof accounts) {
    const o = await open(browser, { session: who ? await login(accounts[who]) : undefined })
    opened.push(o)
    return o
  }

  beforeAll(async () => {
    browser = await launch()
  })
  afterAll(async () => {
    for (const o of opened) await o.context.close()
    await browser?.close()
  })

  it("a visitor: 'Wrong email or password.', the taken username, and 'Account created. Please log in.'", async () => {
    const { page } = await openAs()
    await page.goto('/login')
    await expect.poll(() => page.title()).toBe('Login · Chess Online Education')
    await page.locator('input[type="email"]').fill(accounts.student.email)
    await page.locator('input[type="password"]').fill('not-the-password-9')
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await seeText(page, 'Wrong email or password.')

    await page.goto('/register')
    await field(page, /username/i).fill(accounts.student.username)
    await page.locator('input[type="email"]').fill(`taken-${Date.now()}@example.test`)
    await page.locator('input[type="password"]').fill('tall-violet-knight-27')
    await page.getByRole('button', { name: 'Register', exact: true }).click()
    await seeText(page, 'That username is taken.')

    await field(page, /username/i).fill(`fresh_${Date.now().toString(36)}`)
    await page.getByRole('button', { name: 'Register', exact: true }).click()
    await page.waitForURL('**/login')
    await seeText(page, 'Account created. Please log in.')
  })

  it('a student: courses and cart that failed to load say so, and Retry loads them', async () => {
    const title = unique('Retry lessons ')
    await createCourse((await login(accounts.instructor)).token, {
      title,
      description: 'A course that shows once the list loads.',
      price: 12.5,
    })
    const { page } = await openAs('student')
    let restore = await failApi(page, 'GET', '/api/courses')
    // Reached inside the app (opened directly, /courses brings its first page in its HTML and asks for none).
    await page.goto('/blog')
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Courses', exact: true })
      .click()
    await seeText(page, 'The courses could not be loaded.')
    expect(await page.getByText('No courses yet.').count()).toBe(0)
    await restore()
    await page.getByRole('button', { name: 'Retry' }).click()
    await visible(page.getByRole('article', { name: title }).getByText('$12.50'))
    await expect.poll(() => page.title()).toBe('Courses · Chess Online Education')

    restore = await failApi(page, 'GET', '/api/cart')
    await page.goto('/cart')
    await seeText(page, 'Your cart could not be loaded.')
    expect(await page.getByText(/Your cart is empty/).count()).toBe(0)
    await restore()
    await page.getByRole('button', { name: 'Retry' }).click()
    await visible(page.getByText(/Total:|Your cart is empty/).first())
  })

  it('an instructor: a follow that fails says so next to the button', async () => {
    const { page } = await openAs('instructor')
    const restore = await failApi(page, 'POST', '/api/follow-player')
    await page.goto('/player/hikaru')
    await page.getByRole('button', { name: 'Follow', exact: true }).click()
    await seeText(page, 'Following failed. Please try again.')
    await restore()
    await expect.poll(() => page.title()).toBe('hikaru · Chess Online Education')
  })

  it('an admin: users that failed to load say so with a Retry; an unknown address keeps the navigation', async () => {
    const { page } = await openAs('admin')
    const restore = await failApi(page, 'GET', '/api/users')
    await page.goto('/admin')
    await seeText(page, 'The users could not be loaded.')
    await restore()
    await page.getByRole('button', { name: 'Retry' }).click()
    await visible(page.getByRole('row').filter({ hasText: accounts.student.username }))

    await page.goto('/no/such/page')
    await seeText(page, 'Unexpected Application Error!')
    await visible(page.getByRole('navigation').getByRole('link', { name: 'Courses' }))
    await expect.poll(() => page.title()).toBe('Page not found · Chess Online Education')
  })

  it('ran without an uncaught error in the pages', () => {
    expect(opened.flatMap((o) => o.errors).map((e) => e.message)).toEqual([])
  })
})
