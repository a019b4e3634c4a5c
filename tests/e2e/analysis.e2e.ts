// The analysis board with the engine the app ships, in Chromium: Scholar's mate loaded as PGN, its report marks
// Black's blunder '??' and 'Next mistake' goes to it with the better move; the engine's bar shows an evaluation. On a
// phone, a game link opens the game at its move, the report's graph goes to the move tapped, 'Copy link' gives an
// address that opens the same game at the same move and 'Download PGN' the game with its evaluations.
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
    await page.getByRole('button', { name: 'Load PGN', exact: true }).click()
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

  it("on a phone: a link opens the game at its move, a tap on the graph goes to a move, 'Copy link' gives it back", async () => {
    const phone = await open(browser, { viewport: { width: 390, height: 844 }, touch: true })
    const { page, context } = phone
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.goto('/analysis?moves=e4_e5_Qh5_Nc6_Bc4_Nf6_Qxf7&ply=7')
    const moves = page.getByRole('navigation', { name: 'Moves' })
    await expect(moves.locator('[aria-current="step"]').textContent()).resolves.toBe('4. Qxf7#')
    await page.getByRole('button', { name: 'Analyse this game' }).tap()
    await page.getByRole('button', { name: 'Next mistake' }).waitFor({ timeout: 60_000 })
    const graph = page.getByRole('img', { name: /^Evaluation graph/ })
    await graph.locator('[data-ply="2"]').tap()
    await expect.poll(() => moves.locator('[aria-current="step"]').textContent()).toBe('e5')
    const sideways = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    await expect(sideways()).resolves.toBeLessThanOrEqual(0)

    await page.getByRole('button', { name: 'Copy link' }).tap()
    await page.getByText('Link copied').waitFor()
    const link = await page.evaluate(() => navigator.clipboard.readText())
    expect(new URL(link).search).toBe('?moves=e4_e5_Qh5_Nc6_Bc4_Nf6_Qxf7&ply=2')

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PGN' }).tap(),
    ])
    const chunks: Buffer[] = []
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer)
    expect(Buffer.concat(chunks).toString()).toMatch(/^1\. e4 \{\[%eval -?\d+\.\d+\]\}.*\s3\.\.\. Nf6\?\?/s)

    const shared = await context.newPage()
    await shared.goto(link)
    const sharedMoves = shared.getByRole('navigation', { name: 'Moves' })
    await expect.poll(() => sharedMoves.locator('[aria-current="step"]').textContent()).toBe('e5')
    await expect
      .poll(() => shared.locator('[data-square="e5"] [data-piece]').getAttribute('data-piece'))
      .toBe('bP')
    expect(phone.errors).toEqual([])
    await context.close()
  }, 120_000)
})
