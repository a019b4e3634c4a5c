// The analysis board with the engine the app ships, in Chromium: Scholar's mate loaded as PGN, its report marks
// Black's blunder '??' and 'Next mistake' goes to it with the better move; the engine's bar shows an evaluation.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, open, type Opened } from './support/browser'

const SCHOLAR = '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0'

describe('the analysis board', () => {
  let browser: Browser
  let tab: Opened
  beforeAll(async () => {
    browser = await launch()
    tab = await open(browser)
  })
  afterAll(async () => {
    await browser?.close()
  })

  it("reports Scholar's mate: Black's blunder marked '??', and 'Next mistake' jumps to it", async () => {
    const { page } = tab
    await page.goto('/home')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analysis' }).click()
    await page.getByRole('heading', { name: 'Analysis' }).waitFor()
    await page.getByLabel('Game (PGN)').fill(SCHOLAR)
    await page.getByRole('button', { name: 'Load PGN' }).click()
    const started = Date.now()
    await page.getByRole('button', { name: 'Analyse this game' }).click()
    await page.getByRole('button', { name: 'Next mistake' }).waitFor({ timeout: 60_000 })
    console.log(`analysis: a 7-move report took ${Date.now() - started} ms`)
    const moves = page.getByRole('navigation', { name: 'Moves' })
    await expect(moves.getByRole('button', { name: 'Nf6??' }).count()).resolves.toBe(1)
    await page.getByRole('button', { name: 'Next mistake' }).click()
    await expect(moves.locator('[aria-current="step"]').textContent()).resolves.toBe('Nf6??')
    await expect(page.getByText(/^3\.\.\. Nf6\?\? is a blunder\. Better was /).count()).resolves.toBe(1)
    expect(tab.errors).toEqual([])
  }, 90_000)

  it('turns the engine on: the bar shows an evaluation of the position', async () => {
    const { page } = tab
    await page.getByRole('button', { name: 'First position' }).click()
    const started = Date.now()
    await page.getByRole('button', { name: 'Engine' }).click()
    const bar = page.getByRole('meter', { name: 'Evaluation' })
    await expect
      .poll(() => bar.getAttribute('aria-valuetext'), { timeout: 30_000 })
      .toMatch(/^([+-]\d+\.\d|0\.0)$/)
    console.log(`analysis: first evaluation after ${Date.now() - started} ms`)
    await expect(page.getByRole('list', { name: 'Best lines' }).getByRole('listitem').count()).resolves.toBe(
      3,
    )
  }, 60_000)
})
