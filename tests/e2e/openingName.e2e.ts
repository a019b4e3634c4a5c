// /analysis names the opening over the board on a 390×844 phone: the names come in a chunk of their own once the
// page opens, a long name wraps inside the screen (no sideways scroll), and the name follows the moves stepped.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, open, type Opened } from './support/browser'

// One of the longest names the tables hold: 99 characters after its ECO code.
const LONG = '1. d4 d5 2. Bf4 c5 3. e4 dxe4 4. Nc3'
const LONG_NAME =
  "D00 Queen's Pawn Game: Accelerated London System, Steinitz Countergambit, Morris Countergambit Accepted"

describe("the opening's name on a phone", () => {
  let browser: Browser
  let tab: Opened
  beforeAll(async () => {
    browser = await launch()
    tab = await open(browser, { viewport: { width: 390, height: 844 }, touch: true })
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('wraps a long name above the board without sideways scroll, and follows the moves', async () => {
    const { page } = tab
    const chunks: string[] = []
    page.on('request', (r) => chunks.push(r.url()))
    await page.goto('/analysis')
    await page.getByRole('heading', { name: 'Analysis' }).waitFor()
    await page.getByLabel('Game (PGN)').fill(LONG)
    await page.getByRole('button', { name: 'Load PGN', exact: true }).click()
    await page.getByRole('button', { name: 'Last move' }).click()
    const opening = page.getByRole('note', { name: 'Opening' })
    await expect(opening.textContent()).resolves.toBe(LONG_NAME)
    expect(chunks.filter((url) => /\/openingNames-[\w-]+\.js$/.test(url))).toHaveLength(1)

    const box = (await opening.boundingBox())!
    const board = (await page.getByLabel('Analysis board: play any move').boundingBox())!
    expect(box.height, 'the name wraps onto more than one line').toBeGreaterThan(30)
    expect(box.x + box.width).toBeLessThanOrEqual(390)
    expect(box.y + box.height).toBeLessThanOrEqual(board.y)
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(sideways).toBeLessThanOrEqual(0)

    await page.getByRole('button', { name: 'Previous move' }).click()
    await page.getByRole('button', { name: 'Previous move' }).click()
    await expect(opening.textContent()).resolves.toBe(
      "D00 Queen's Pawn Game: Accelerated London System, Steinitz Countergambit, Morris Countergambit",
    )
    expect(tab.errors).toEqual([])
  }, 60_000)
})
