// The puzzle trainer against the real server and its starter set: a new player solves one puzzle (the solution read
// from the server's answer) and misses the next, at desktop size with the mouse and on a 390 px phone with taps; the
// puzzle rating goes up, then down, each time as the server answers, and the page never scrolls sideways. The
// puzzles missed then wait on /review under 'Puzzles to review', where the first is solved.
import { mkdirSync } from 'node:fs'
import type { Browser, Page, Response } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { legalMoves, outcomeOf } from '@domain/chess/chessRules'
import { call, newStudent, type Session } from './support/api'
import { dragPiece, launch, open, visible, type Opened } from './support/browser'

interface Puzzle {
  id: string
  fen: string
  moves: string[]
}

const SHOTS = 'test-results/screens'

const isPuzzleAnswer = (path: string) => (r: Response) =>
  new URL(r.url()).pathname === path && r.request().method() === 'GET' && r.status() === 200

const ratingLine = (page: Page) => page.getByText(/^Your puzzle rating: \d+/).innerText()

/** The rating line's number: 'Your puzzle rating: 1512 +12' gives 1512. */
async function ratingShown(page: Page): Promise<number> {
  const line = page.getByText(/^Your puzzle rating: \d+/)
  const text = await visible(line).then((l) => l.innerText())
  return Number(/Your puzzle rating: (\d+)/.exec(text)![1])
}

describe('solving puzzles, rated', () => {
  let browser: Browser
  let session: Session
  const opened: Opened[] = []
  /** The puzzles missed, in turn. */
  const missedIds: string[] = []

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true })
    browser = await launch()
    session = await newStudent('solver')
  })
  afterAll(async () => {
    for (const o of opened) await o.context.close()
    await browser?.close()
  })

  const screens = [
    { name: 'desktop', viewport: { width: 1280, height: 900 }, touch: false },
    { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
  ]

  for (const screen of screens) {
    it(`at ${screen.viewport.width} px: one puzzle solved and the next missed, the rating moving each time`, async () => {
      const o = await open(browser, { session, viewport: screen.viewport, touch: screen.touch })
      opened.push(o)
      const { page } = o
      const press = (square: string) => {
        const target = page.locator(`[data-square="${square}"]`)
        return screen.touch ? target.tap() : target.click()
      }
      const hint = page.getByRole('button', { name: 'Hint' })
      const status = page.getByRole('status').filter({ hasText: /./ }).first()
      /** The solver may move: the opponent's move is on the board. */
      const solverToMove = () => expect.poll(() => hint.isEnabled(), { timeout: 15_000 }).toBe(true)

      const first = page.waitForResponse(isPuzzleAnswer('/api/puzzles/next'))
      await page.goto('/puzzles')
      const solved = (await (await first).json()) as Puzzle
      await solverToMove()
      const before = await ratingShown(page)
      // The opponent's move is played first, shown as the last move.
      const opening = solved.moves[0]
      await visible(page.locator(`[data-square="${opening.slice(2, 4)}"] [data-piece]`))
      await page.screenshot({ path: `${SHOTS}/puzzles-start-${screen.name}.png`, fullPage: true })

      for (let i = 1; i < solved.moves.length; i += 2) {
        const move = solved.moves[i]
        const last = i + 1 >= solved.moves.length
        const attempt = last
          ? page.waitForResponse((r) => r.url().endsWith(`/api/puzzles/${solved.id}/attempts`))
          : null
        await press(move.slice(0, 2))
        await press(move.slice(2, 4))
        if (last) {
          await (await attempt)!.finished()
          break
        }
        await expect.poll(() => status.innerText()).toBe('Best move! Keep going.')
        await solverToMove()
      }
      await expect.poll(() => status.innerText()).toBe('Solved!')
      await expect.poll(() => ratingLine(page)).toMatch(/^Your puzzle rating: \d+ \+\d+$/)
      const afterSolved = await ratingShown(page)
      expect(afterSolved).toBeGreaterThan(before)
      await visible(page.getByText('Puzzle rating', { exact: true }))
      await page.screenshot({ path: `${SHOTS}/puzzles-solved-${screen.name}.png`, fullPage: true })

      const second = page.waitForResponse(isPuzzleAnswer('/api/puzzles/next'))
      await page.getByRole('button', { name: 'Next puzzle' }).click()
      const missed = (await (await second).json()) as Puzzle
      expect(missed.id).not.toBe(solved.id)
      missedIds.push(missed.id)
      await solverToMove()
      // A legal move that is not the solution's and mates nothing: the puzzle is failed.
      const played = missed.moves.slice(0, 1)
      const wrong = legalMoves(played, missed.fen).find((uci) => {
        if (uci.slice(0, 4) === missed.moves[1].slice(0, 4)) return false
        const outcome = outcomeOf([...played, uci], missed.fen)
        return !(outcome.over && outcome.result === 'checkmate')
      })!
      const failure = page.waitForResponse((r) => r.url().endsWith(`/api/puzzles/${missed.id}/attempts`))
      await press(wrong.slice(0, 2))
      await press(wrong.slice(2, 4))
      expect((await failure).request().postDataJSON()).toEqual({ solved: false })
      await expect.poll(() => status.innerText()).toBe('Not the move.')
      await expect.poll(() => ratingLine(page)).toMatch(/^Your puzzle rating: \d+ \u2212\d+$/)
      expect(await ratingShown(page)).toBeLessThan(afterSolved)
      await page.getByRole('button', { name: 'View the solution' }).click()
      await expect.poll(() => status.innerText()).toBe('Solution shown: the puzzle counts as failed.')
      await page.screenshot({ path: `${SHOTS}/puzzles-missed-${screen.name}.png`, fullPage: true })

      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(sideways).toBeLessThanOrEqual(0)
      expect(o.errors).toEqual([])
    })
  }

  it("the puzzles missed wait on /review under 'Puzzles to review', and the first is solved there", async () => {
    const o = await open(browser, { session })
    opened.push(o)
    const { page } = o
    const due = page.waitForResponse(isPuzzleAnswer('/api/reviews/puzzles'))
    await page.goto('/review')
    const queue = (await (await due).json()) as { due: { id: string; puzzleId: string; moves: string[] }[] }
    expect(queue.due.map((p) => p.puzzleId).sort()).toEqual([...missedIds].sort())
    const [first] = queue.due
    const section = page.getByRole('region', { name: 'Puzzles to review' })
    await visible(section.getByRole('heading', { name: 'Solve the puzzle' }))
    await visible(section.getByText(`Puzzle 1 of ${missedIds.length}`))
    const review = page.waitForResponse((r) => r.url().endsWith(`/api/reviews/puzzles/${first.id}`))
    await dragPiece(page, first.moves[0].slice(0, 2), first.moves[0].slice(2, 4))
    expect((await review).request().postDataJSON()).toEqual({ solved: true })
    await expect.poll(() => section.getByRole('status').innerText()).toBe('Solved.')
    expect(o.errors).toEqual([])
  })

  it("/home's 'Puzzle of the day' is the server's daily puzzle, and its link opens it on /puzzles", async () => {
    const o = await open(browser)
    opened.push(o)
    const { page } = o
    const puzzle = await call<Puzzle>('GET', '/api/puzzles/daily')
    await page.goto('/home')
    const section = page.getByRole('region', { name: 'Puzzle of the day' })
    // Its code and request wait until its place is on screen: the page is scrolled down, less than a screen at a
    // time, until it shows (the app replaces the prerendered page meanwhile, so no element of it is held on to).
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollBy(0, 300))
          return section.count()
        },
        { timeout: 15_000 },
      )
      .toBe(1)
    const link = section.getByRole('link', { name: 'Solve the puzzle of the day' })
    await expect.poll(() => link.getAttribute('href')).toBe(`/puzzles/${puzzle.id}`)
    const puzzleOpened = page.waitForResponse(isPuzzleAnswer(`/api/puzzles/${puzzle.id}`))
    await link.click()
    await puzzleOpened
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/puzzles/${puzzle.id}`)
    await expect
      .poll(() => page.getByRole('button', { name: 'Hint' }).isEnabled(), { timeout: 15_000 })
      .toBe(true)
    expect(o.errors).toEqual([])
  })
})
