// The analysis board with the engine the app ships, in Chromium: Scholar's mate loaded as PGN, its report marks
// Black's blunder '??' and 'Next mistake' goes to it with the better move; the Opera Game's report leaves Morphy's
// combination unmarked and is the same twice; the engine's bar shows an evaluation. On a
// phone, a game link opens the game at its move, the report's graph goes to the move tapped, 'Copy link' gives an
// address that opens the same game at the same move and 'Download PGN' the game with its evaluations.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, open, type Opened } from './support/browser'

const SCHOLAR = '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0'
const OPERA =
  '1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 ' +
  '11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0'

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

  it("reports the Opera Game twice alike: Morphy's winning combination (13-17) has no mark", async () => {
    const { page } = tab
    await page.goto('/analysis')
    const moves = page.getByRole('navigation', { name: 'Moves' })
    async function report() {
      await page.getByLabel('Game (PGN)').fill(OPERA)
      await page.getByRole('button', { name: 'Load PGN', exact: true }).click()
      const started = Date.now()
      await page.getByRole('button', { name: 'Analyse this game' }).click()
      await page.getByRole('region', { name: 'Game report' }).getByRole('table').waitFor({ timeout: 120_000 })
      console.log(`analysis: the Opera Game's report took ${Date.now() - started} ms`)
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download PGN' }).click(),
      ])
      const chunks: Buffer[] = []
      for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer)
      return {
        marks: await moves.getByRole('button').allTextContents(),
        pgn: Buffer.concat(chunks).toString(),
      }
    }
    const first = await report()
    // White's moves are written with their number ('13. Rxd7'): none of 13-17 carries a mark.
    const combination = first.marks.filter((m) => /^1[3-7]\. /.test(m))
    expect(combination).toEqual(['13. Rxd7', '14. Rd1', '15. Bxd7+', '16. Qb8+', '17. Rd8#'])
    expect(first.pgn).toMatch(/15\. Bxd7\+\s\{\[%eval/)
    const second = await report()
    expect(second.marks).toEqual(first.marks)
    // The same evaluation of every position, not only the same marks.
    expect(second.pgn).toBe(first.pgn)
    expect(tab.errors).toEqual([])
  }, 300_000)

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
