// Scholar's mate against Random, in Chromium against the real server: a new player plays 1. e4 e5 2. Bc4 Nc6
// 3. Qh5 Nf6?? 4. Qxf7# (Random's dice steered to Black's moves), the finished game is kept in 'My games', opens
// from there in /analysis (a link that survives a reload), and the report marks Black's blunder '??' with 'Next
// mistake' jumping to it.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { legalMoves } from '@domain/chess/chessRules'
import { call, newStudent, type Session } from './support/api'
import { dragPiece, launch, open, visible, type Opened } from './support/browser'

const status = (page: Page) => page.getByRole('status', { name: 'Game status' })

/**
 * Random picks `candidates[floor(random() * n)]`. The page's Math.random answers `window.__dice` while it is set
 * (the practice board reads it once per reply), its own numbers otherwise.
 */
const STEERED_DICE = () => {
  const own = Math.random.bind(Math)
  Math.random = () => {
    const dice = (window as unknown as { __dice?: number }).__dice
    return typeof dice === 'number' ? dice : own()
  }
}

describe("Scholar's mate, kept and analysed", () => {
  let browser: Browser
  let o: Opened
  let session: Session
  const played: string[] = []

  beforeAll(async () => {
    browser = await launch()
    session = await newStudent('mate')
    o = await open(browser, { session })
    await o.context.addInitScript(STEERED_DICE)
  })
  afterAll(async () => {
    await o?.context.close()
    await browser?.close()
  })

  /** The player's move (dragged), then Random's `reply`: the dice set to pick it, and its piece awaited. */
  async function play(page: Page, from: string, to: string, reply?: { uci: string; piece: string }) {
    const after = [...played, `${from}${to}`]
    if (reply) {
      const candidates = legalMoves(after)
      const index = candidates.indexOf(reply.uci)
      expect(index, `${reply.uci} is legal`).toBeGreaterThanOrEqual(0)
      await page.evaluate(
        (dice) => {
          ;(window as unknown as { __dice?: number }).__dice = dice
        },
        (index + 0.5) / candidates.length,
      )
    }
    await dragPiece(page, from, to)
    await visible(page.locator(`[data-square="${to}"] [data-piece]`))
    played.push(`${from}${to}`)
    if (!reply) return
    await visible(page.locator(`[data-square="${reply.uci.slice(2, 4)}"] [data-piece="${reply.piece}"]`))
    await page.evaluate(() => {
      delete (window as unknown as { __dice?: number }).__dice
    })
    played.push(reply.uci)
  }

  it('plays 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# against Random, and the game is kept', async () => {
    const { page } = o
    await page.goto('/home')
    await visible(page.locator('[data-square="e2"] [data-piece="wP"]'))
    await expect(page.getByLabel('Opponent').inputValue()).resolves.toBe('random')
    await play(page, 'e2', 'e4', { uci: 'e7e5', piece: 'bP' })
    await play(page, 'f1', 'c4', { uci: 'b8c6', piece: 'bN' })
    await play(page, 'd1', 'h5', { uci: 'g8f6', piece: 'bN' })
    await play(page, 'h5', 'f7')
    await expect.poll(() => status(page).textContent()).toMatch(/^Game over\. Player wins!/)
    await expect
      .poll(async () => (await call<{ items: unknown[] }>('GET', '/api/games', session.token)).items.length, {
        timeout: 10_000,
      })
      .toBe(1)
    expect(o.errors).toEqual([])
  }, 60_000)

  it("opens from 'My games' in /analysis, also after a reload: Black's blunder '??', 'Next mistake' on it", async () => {
    const { page } = o
    await page.goto('/profile')
    const myGames = page.getByRole('region', { name: 'My games' })
    const row = myGames.getByRole('row').filter({ hasText: 'Won (1-0)' })
    await visible(row)
    await expect(row.getByRole('cell').allTextContents()).resolves.toEqual(
      expect.arrayContaining(['White', 'Random', 'Won (1-0)']),
    )
    await row.getByRole('link', { name: 'Analyse' }).click()
    await page.waitForURL((u) => u.pathname === '/analysis' && /^\?game=[0-9a-f-]{36}$/.test(u.search))
    // The link loads /analysis as a new, cross-origin-isolated document: that load ends before this test reloads.
    await page.waitForFunction(() => window.crossOriginIsolated)
    await page.getByRole('heading', { name: 'Analysis' }).waitFor()
    await page.reload()
    const started = Date.now()
    await page.getByRole('button', { name: 'Next mistake' }).waitFor({ timeout: 60_000 })
    console.log(`Scholar's mate: the kept game's report took ${Date.now() - started} ms`)
    const moves = page.getByRole('navigation', { name: 'Moves' })
    await expect(moves.getByRole('button', { name: 'Nf6??' }).count()).resolves.toBe(1)
    await expect(moves.getByRole('button', { name: /Qxf7#/ }).count()).resolves.toBe(1)
    await page.getByRole('button', { name: 'Next mistake' }).click()
    await expect(moves.locator('[aria-current="step"]').textContent()).resolves.toBe('Nf6??')
    await expect(page.getByText(/^3\.\.\. Nf6\?\? is a blunder\. Better was /).count()).resolves.toBe(1)
    expect(o.errors).toEqual([])
  }, 90_000)
})
