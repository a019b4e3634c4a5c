// A visitor who is not logged in: home, blog, player and title search, the Login Required modal on
// /courses and /cart, and the router's error page.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gone, launch, open, seeText, storedSession, visible, type Opened } from './support/browser'

const loginRequired = 'You need to be logged in to view enroll courses. Please login or register.'

describe('a visitor', () => {
  let browser: Browser
  let o: Opened
  beforeAll(async () => {
    browser = await launch()
    o = await open(browser)
  })
  afterAll(async () => {
    await o?.context.close()
    await browser?.close()
  })

  it('lands on /home from / and sees the home page without the logged-in parts', async () => {
    const { page } = o
    await page.goto('/')
    await page.waitForURL('**/home')
    await seeText(page, 'Welcome to Chess Online Education')
    await seeText(page, 'Search Players')
    await visible(page.locator('[data-square="e2"]'))
    const nav = page.getByRole('navigation')
    for (const name of ['Home', 'Courses', 'Blog', 'Login', 'Register'])
      await visible(nav.getByRole('link', { name, exact: true }))
    expect(await nav.getByRole('link', { name: /admin/i }).count()).toBe(0)
    expect(await nav.getByRole('button', { name: 'Logout' }).count()).toBe(0)
    // Events and Continue Study are for logged-in users only.
    expect(await page.getByText('December 15, 2023').count()).toBe(0)
    expect(await page.getByText('Continue Study').count()).toBe(0)
    expect(await storedSession(page)).toEqual({
      token: null,
      user: null,
      userId: null,
      username: null,
      userRole: null,
    })
  })

  it('searches a chess.com player by username and sees the player card', async () => {
    const { page } = o
    await page.goto('/home')
    const input = await visible(page.getByPlaceholder(/username/i))
    await input.fill('hikaru')
    await page.getByRole('button', { name: 'Search', exact: true }).first().click()
    await page.waitForURL('**/player/hikaru')
    await seeText(page, 'Hikaru Nakamura')
    await seeText(page, 'Florida')
    await seeText(page, 'GM', true)
    // Follow, Unfollow and commenting need a login.
    expect(await page.getByRole('button', { name: 'Follow', exact: true }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Comment', exact: true }).count()).toBe(0)
    expect(o.external.some((u) => u.startsWith('https://api.chess.com/pub/player/hikaru'))).toBe(true)
  })

  it('is told when a player does not exist', async () => {
    const { page } = o
    await page.goto('/player/nobody_by_that_name')
    await seeText(page, 'Player not found or an error occurred.')
  })

  it('searches by title: nothing happens without a title, the list appears with one', async () => {
    const { page } = o
    await page.goto('/home')
    const select = await visible(
      page.getByRole('combobox').filter({ has: page.getByRole('option', { name: 'Select a title' }) }),
    )
    // Without a chosen title the title Search button does nothing.
    const titleSearch = page.getByRole('button', { name: 'Search', exact: true }).last()
    await titleSearch.click()
    await page.waitForTimeout(300)
    expect(new URL(page.url()).pathname).toBe('/home')
    expect(await select.locator('option').count()).toBe(11)
    await select.selectOption('GM')
    await titleSearch.click()
    await page.waitForURL('**/title/GM')
    const link = await visible(page.getByRole('link', { name: 'magnuscarlsen', exact: true }))
    expect(await link.getAttribute('href')).toBe('/player/magnuscarlsen')
    const cached = await page.evaluate(() => sessionStorage.getItem('players-GM'))
    expect(cached).toContain('magnuscarlsen')
    // The selector on the title page moves to another title.
    const titleForm = page.getByRole('search', { name: /title/i })
    await titleForm.getByRole('combobox').selectOption('WFM')
    await titleForm.getByRole('button', { name: 'Search', exact: true }).click()
    await page.waitForURL('**/title/WFM')
    await visible(page.getByRole('link', { name: 'anna_cramling', exact: true }))
    await link.page().getByRole('link', { name: 'anna_cramling', exact: true }).click()
    await page.waitForURL('**/player/anna_cramling')
    await seeText(page, 'Anna Cramling')
  })

  it('reads the exhibition page', async () => {
    const { page } = o
    await page.goto('/blog')
    await visible(page.getByRole('heading', { name: 'Exhibition' }))
    await seeText(page, 'September 18-19, 2024')
    expect(await page.getByRole('article').count()).toBe(4)
    // Images are the project's own assets.
    const imgs = await page
      .locator('article img')
      .evaluateAll((els) => els.map((e) => (e as HTMLImageElement).src))
    expect(imgs.length).toBeGreaterThanOrEqual(4)
    const origin = new URL(page.url()).origin
    for (const src of imgs)
      expect(src.startsWith(origin + '/') || src.startsWith('data:image/'), src).toBe(true)
  })

  it('is asked to log in on /courses and /cart, and the modal leads to /login and /register', async () => {
    const { page } = o
    await page.goto('/courses')
    const dialog = await visible(page.getByRole('dialog'))
    await visible(dialog.getByText(loginRequired))
    await visible(dialog.getByText('Login Required'))
    await dialog.getByRole('button', { name: 'Login', exact: true }).click()
    await page.waitForURL('**/login')

    await page.goto('/cart')
    const again = await visible(page.getByRole('dialog'))
    await visible(again.getByText(loginRequired))
    await again.getByRole('button', { name: 'Register', exact: true }).click()
    await page.waitForURL('**/register')
    await gone(page.getByText(loginRequired))
  })

  it('sees the router error page on an unknown route', async () => {
    const { page } = o
    await page.goto('/no/such/page')
    await seeText(page, 'Unexpected Application Error!')
  })

  it('ran without an uncaught error in the page', () => {
    expect(o.errors.map((e) => e.message)).toEqual([])
  })
})
