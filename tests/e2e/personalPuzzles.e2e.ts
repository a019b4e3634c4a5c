// A blunder in a kept game becomes a personal puzzle, in Chromium against the real server and engine: a player whose
// kept game (Black: 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7#) is in 'My games' opens it in /analysis, the report
// runs and says its mistakes were added to their review; on /review 'Find the better move' names the move they
// played (the section audited by axe), and the engine's move played on the board is 'Solved.', the review sent once.
import { mkdirSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, newStudent, type Session } from './support/api'
import { seriousViolations } from './support/axe'
import { dragPiece, launch, open, visible, type Opened } from './support/browser'

const SHOTS = 'test-results/screens'
const GAME = '[Event "Practice game"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n'

interface DuePuzzles {
  due: { id: string; kind: string; moves: string[]; played: string | null }[]
}

describe('a blunder in a kept game becomes a personal puzzle', () => {
  let browser: Browser
  let o: Opened
  let session: Session

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true })
    browser = await launch()
    session = await newStudent('blunderer')
    await call('POST', '/api/games', session.token, {
      key: crypto.randomUUID(),
      pgn: GAME,
      result: '1-0',
      opponentLevel: 'random',
      colour: 'black',
    })
    o = await open(browser, { session })
  })
  afterAll(async () => {
    await o?.context.close()
    await browser?.close()
  })

  it("the report of the kept game keeps the blunder; /review asks for the better move, and the engine's is solved", async () => {
    const { page } = o
    await page.goto('/profile')
    const row = page
      .getByRole('region', { name: 'My games' })
      .getByRole('row')
      .filter({ hasText: 'Lost (1-0)' })
    await row.getByRole('link', { name: 'Analyse' }).click()
    await page.waitForURL((u) => u.pathname === '/analysis' && /^\?game=[0-9a-f-]{36}$/.test(u.search))
    const started = Date.now()
    const added = page.getByText(/^\d+ mistakes? added to your review as (a puzzle|puzzles)\./)
    await visible(added, 60_000)
    console.log(
      `personal puzzles: the kept game's report and its mistakes kept in ${Date.now() - started} ms`,
    )
    await expect(added.innerText()).resolves.toBe('1 mistake added to your review as a puzzle. Review them')
    await page.screenshot({ path: `${SHOTS}/personal-puzzles-analysis.png`, fullPage: true })

    const due = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/reviews/puzzles' && r.request().method() === 'GET',
    )
    await added.getByRole('link', { name: 'Review them' }).click()
    const [puzzle] = ((await (await due).json()) as DuePuzzles).due
    expect(puzzle).toMatchObject({ kind: 'mistake', played: 'Nf6' })
    const section = page.getByRole('region', { name: 'Puzzles to review' })
    await visible(section.getByRole('heading', { name: 'Find the better move' }))
    await visible(section.getByText('You played 3... Nf6??'))
    await visible(page.getByRole('application', { name: 'Puzzle board, you play black' }))
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: `${SHOTS}/personal-puzzles-review.png`, fullPage: true })

    const review = page.waitForResponse((r) => r.url().endsWith(`/api/reviews/puzzles/${puzzle.id}`))
    const [better] = puzzle.moves
    await dragPiece(page, better.slice(0, 2), better.slice(2, 4))
    expect((await review).request().postDataJSON()).toEqual({ solved: true })
    await expect.poll(() => section.getByRole('status').innerText()).toBe('Solved.')
    await section.getByRole('button', { name: 'Next puzzle' }).click()
    await visible(page.getByText(/^Next puzzle review /))
    expect(o.errors).toEqual([])
  }, 90_000)
})
