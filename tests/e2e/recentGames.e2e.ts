// 'Recent games' on the player page in Chromium: chess.com's archives and month answered from fixtures by request
// interception, nothing asked for before the section opens, a game opened in /analysis with its moves, a failure
// said with Retry, and axe on the opened section.
import type { Browser, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hikaruArchives, hikaruOctober } from '../helpers/chessComGamesFixtures'
import { gotoQuiet, launch, open, seeText, visible, type Opened } from './support/browser'
import { axeOf } from './support/axe'

const GAMES = 'https://api.chess.com/pub/player/*/games/**'
const cors = { 'access-control-allow-origin': '*' }

/** Answers chess.com's games addresses from the fixtures (before the shared chess.com routes, which know no games). */
async function answerGames(page: Page, options: { failArchives?: () => boolean } = {}) {
  const asked: string[] = []
  await page.route(GAMES, async (route: Route) => {
    const url = route.request().url()
    asked.push(url)
    const json = (status: number, body: unknown) =>
      route.fulfill({ status, headers: cors, contentType: 'application/json', body: JSON.stringify(body) })
    if (url === 'https://api.chess.com/pub/player/hikaru/games/archives')
      return options.failArchives?.() ? json(503, { code: 0, message: 'busy' }) : json(200, hikaruArchives)
    if (url === 'https://api.chess.com/pub/player/hikaru/games/2026/10') return json(200, hikaruOctober)
    return json(404, { code: 0, message: 'Data provider not found' })
  })
  return asked
}

describe('recent games on the player page', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launch()
  })
  afterAll(async () => {
    await browser?.close()
  })

  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ])
    it(`loads a chess.com month when opened and opens a game in /analysis (${viewport.width}×${viewport.height})`, async () => {
      const tab: Opened = await open(browser, { viewport })
      const { page } = tab
      try {
        const asked = await answerGames(page)
        await gotoQuiet(page, '/player/hikaru')
        await seeText(page, 'Hikaru Nakamura')
        const section = page.getByRole('region', { name: 'Recent games' })
        const toggle = await visible(section.getByRole('button', { name: 'Recent games' }))
        expect(asked).toEqual([])

        await toggle.click()
        await visible(section.getByText('October 2026 on chess.com, newest first (4 games).'))
        expect(asked).toEqual([
          'https://api.chess.com/pub/player/hikaru/games/archives',
          'https://api.chess.com/pub/player/hikaru/games/2026/10',
        ])
        const rows = section.getByRole('listitem')
        await expect(rows.count()).resolves.toBe(4)
        const first = rows.first()
        await visible(first.getByText('MagnusCarlsen'))
        await visible(first.getByText('Won by checkmate'))
        await visible(first.getByText('3+2 · Oct 30, 2026'))
        await visible(rows.nth(1).getByText('Not analysable here'))
        await visible(rows.nth(3).getByText('Lost by resignation'))

        // Nothing overflows sideways, on a phone too.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        )
        expect(overflow).toBeLessThanOrEqual(0)
        const axe = await axeOf(page).include('[aria-labelledby="recent-games-heading"]').analyze()
        expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
        await page.screenshot({
          path: `test-results/screens/recentGames-${viewport.width}x${viewport.height}.png`,
          fullPage: true,
        })

        await first.getByRole('link', { name: /^Analyse the game against MagnusCarlsen/ }).click()
        await page.waitForURL('**/analysis')
        const moves = page.getByRole('navigation', { name: 'Moves' })
        await visible(moves.getByRole('button', { name: '1. e4' }))
        await visible(moves.getByRole('button', { name: '4. Qxf7#' }))
        expect(tab.errors).toEqual([])
      } finally {
        await tab.context.close()
      }
    }, 60_000)

  it("says 'Could not load recent games.' when chess.com fails, and Retry loads them", async () => {
    const tab = await open(browser)
    const { page } = tab
    try {
      let fail = true
      const asked = await answerGames(page, { failArchives: () => fail })
      await gotoQuiet(page, '/player/hikaru')
      const section = page.getByRole('region', { name: 'Recent games' })
      await (await visible(section.getByRole('button', { name: 'Recent games' }))).click()
      await visible(section.getByRole('alert').getByText('Could not load recent games.'))
      fail = false
      await section.getByRole('button', { name: 'Retry' }).click()
      await visible(section.getByText('Won by checkmate'))
      expect(asked.filter((u) => u.endsWith('/archives'))).toHaveLength(2)
      expect(tab.errors).toEqual([])
    } finally {
      await tab.context.close()
    }
  }, 60_000)
})
