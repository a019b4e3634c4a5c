// Dark mode: the app follows the system's colour scheme; the navigation's toggle says what clicking does ('Dark
// mode' / 'Light mode'), is remembered in this browser and applied before the first paint (the prerendered pages
// too: the page's head sets it, under the pages' Content-Security-Policy). The main pages in dark, their background
// and screenshots, are part of the page tour (tests/e2e/pageTour.e2e.ts).
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gotoQuiet, launch, open, visible } from './support/browser'

/** The page's background colour as drawn. */
const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body.parentElement!).backgroundColor)
const LIGHT_BG = 'rgb(246, 247, 249)'
const DARK_BG = 'rgb(17, 22, 29)'

describe('dark mode', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launch()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it("follows the system's dark setting; the toggle switches, is remembered, and applies before the first paint", async () => {
    const o = await open(browser, { viewport: { width: 1366, height: 900 } })
    const { page } = o
    const refused: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) refused.push(m.text())
    })
    try {
      await page.emulateMedia({ colorScheme: 'dark' })
      await gotoQuiet(page, '/blog')
      expect(await background(page)).toBe(DARK_BG)
      const nav = page.getByRole('navigation', { name: 'Main' })
      await (await visible(nav.getByRole('button', { name: 'Light mode' }))).click()
      expect(await background(page)).toBe(LIGHT_BG)
      await visible(nav.getByRole('button', { name: 'Dark mode' }))
      // Remembered, and applied by the page's head before the app's scripts run (the prerendered /home, then a
      // page drawn by the app alone).
      for (const path of ['/home', '/blog']) {
        await page.goto(path, { waitUntil: 'commit' })
        await page.waitForSelector('body')
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light')
        expect(await background(page)).toBe(LIGHT_BG)
      }
      await (await visible(nav.getByRole('button', { name: 'Dark mode' }))).click()
      expect(await background(page)).toBe(DARK_BG)
      await page.emulateMedia({ colorScheme: 'light' })
      await gotoQuiet(page, '/blog')
      expect(await background(page)).toBe(DARK_BG)
      await visible(nav.getByRole('button', { name: 'Light mode' }))
      expect(refused).toEqual([])
      expect(o.errors).toEqual([])
    } finally {
      await o.context.close()
    }
  })
})
