// One board everywhere, at 1366×900 with a mouse and on a 390×844 phone with touch: a click-click (phone: tap-tap)
// move on /home's practice board, the line viewer, the line practice and /review; in practice and review a wrong
// move says 'Not the move we are looking for. Try again.' and offers 'Hint' (the piece to move marked) and 'Show
// me' (the move played, named, and the author's comment shown); the opponent's reply is marked as the last move;
// the viewer's move list keeps the PGN's annotations; 'Play from here' opens /home with the board in view, the
// line's earlier moves in the move list and the opponent chosen before. Screenshots: test-results/screens/boards-*.
import { mkdirSync } from 'node:fs'
import type { Browser, Locator } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createCourse, enroll, login, type Course, type Session } from './support/api'
import { launch, open, visible } from './support/browser'
import { accounts, unique } from './support/env'

const PGN = '1. e4! e5 2. Nf3 {Attacks e5.} Nc6?! 3. Bc4 Bc5 *'
const DAY = 24 * 3600 * 1000
const SCREENS = 'test-results/screens'
const WRONG = 'Not the move we are looking for. Try again.'

const SIZES = [
  { name: '1366x900', viewport: { width: 1366, height: 900 }, touch: false },
  { name: '390x844', viewport: { width: 390, height: 844 }, touch: true },
] as const

/** The last move in words (the board's own cursor announcement, when it has focus, is another live region). */
const spoken = (region: Locator) => region.locator('.line-sr-only[aria-live="polite"]').textContent()
const marks = async (region: Locator, square: string) =>
  ((await region.locator(`[data-square="${square}"] .board-square`).getAttribute('data-mark')) ?? '').split(
    ' ',
  )

describe('one board everywhere', () => {
  let browser: Browser
  let teacher: Session
  let course: Course
  const title = unique('Board line ')

  beforeAll(async () => {
    mkdirSync(SCREENS, { recursive: true })
    teacher = await login(accounts.instructor)
    course = await createCourse(teacher.token, {
      title: unique('Boards '),
      description: 'A course with a line on a board.',
      price: 0,
    })
    await call('POST', '/api/modules', teacher.token, {
      title,
      description: 'The Italian Game.',
      videoUrl: 'https://www.youtube.com/watch?v=9pRMH5Z3bGE',
      courseId: course._id,
      line: { pgn: PGN, side: 'white' },
    })
    browser = await launch()
  })

  afterAll(async () => {
    await browser?.close()
  })

  for (const size of SIZES) {
    it(`plays by ${size.touch ? 'tap-tap' : 'click-click'} on every board at ${size.name}`, async () => {
      const username = unique('board_')
      const password = 'boards answer clicks 42'
      await call('POST', '/api/auth/register', undefined, {
        username,
        email: `${username}@example.test`,
        password,
      })
      const pupil = await login({ email: `${username}@example.test`, password })
      await enroll(pupil.token, course._id)
      const { page, errors } = await open(browser, {
        session: pupil,
        viewport: size.viewport,
        touch: size.touch,
      })
      const press = async (region: Locator, square: string) => {
        const target = region.locator(`[data-square="${square}"]`)
        if (size.touch) await target.tap()
        else await target.click()
      }
      const move = async (region: Locator, from: string, to: string) => {
        await press(region, from)
        await press(region, to)
      }
      // after the pieces' 300 ms slide
      const shot = async (name: string) => {
        await page.waitForTimeout(400)
        await page.screenshot({ path: `${SCREENS}/boards-${name}-${size.name}.png` })
      }

      // /home's practice board, Level 1 chosen (remembered for 'Play from here')
      await page.goto('/home')
      const practice = await visible(page.getByRole('region', { name: 'Practice game' }))
      await practice.getByRole('combobox', { name: 'Opponent' }).selectOption('1')
      await practice.locator('[data-square="e2"]').scrollIntoViewIfNeeded()
      await move(practice, 'e2', 'e4')
      const homeMoves = practice.getByRole('region', { name: 'Moves' })
      await expect.poll(() => homeMoves.locator('tbody tr').first().textContent()).toContain('e4')
      // the last move (the computer's reply by now) marked on two squares
      await expect.poll(() => practice.locator('.board-square[data-mark~="last"]').count()).toBe(2)
      // keyboard help only where there is a mouse (and so most likely a keyboard), not on a touch screen
      expect(await practice.getByText(/^Board keys:/).isVisible()).toBe(!size.touch)
      await shot('home')

      // the line viewer: the annotations kept, the line's moves played on the board
      await page.goto(`/courses/${course._id}/modules`)
      const viewer = await visible(page.getByRole('region', { name: `Line: ${title}` }))
      const list = viewer.getByRole('navigation', { name: 'Moves' })
      expect(await list.getByRole('button').allTextContents()).toEqual([
        '1. e4!',
        'e5',
        '2. Nf3',
        'Nc6?!',
        '3. Bc4',
        'Bc5',
      ])
      await viewer.locator('[data-square="e2"]').scrollIntoViewIfNeeded()
      await move(viewer, 'e2', 'e4')
      await expect.poll(() => viewer.locator('[aria-current="step"]').textContent()).toBe('1. e4!')
      await move(viewer, 'e7', 'e5')
      await move(viewer, 'g1', 'f3')
      await expect.poll(() => viewer.locator('[aria-current="step"]').textContent()).toBe('2. Nf3')
      expect(await viewer.getByLabel('Comment').textContent()).toBe('Attacks e5.')
      expect(await marks(viewer, 'f3')).toContain('last')
      await shot('viewer')

      // 'Play from here': /home with the board in view, the line's moves from move 1, Level 1 kept
      await viewer.getByRole('button', { name: 'Play from here' }).click()
      await page.waitForURL('**/home')
      const board = page.locator('.practice-board__board')
      await expect
        .poll(async () => {
          const box = await board.boundingBox()
          return !!box && box.y >= 0 && box.y < size.viewport.height - 100
        })
        .toBe(true)
      const rows = page.getByRole('region', { name: 'Moves' }).locator('tbody tr')
      await expect.poll(() => rows.first().textContent()).toBe('1.e4e5')
      await expect.poll(() => rows.nth(1).textContent()).toMatch(/^2\.Nf3/)
      expect(await page.getByRole('combobox', { name: 'Opponent' }).inputValue()).toBe('1')
      await page.waitForTimeout(700)
      await shot('play-from-here')

      // line practice: a right move, the reply marked, a wrong move, Hint, Show me and the comment
      await page.goto(`/courses/${course._id}/modules`)
      const viewer2 = await visible(page.getByRole('region', { name: `Line: ${title}` }))
      await viewer2.getByRole('button', { name: 'Practise this line' }).click()
      const panel = await visible(page.getByRole('region', { name: `Practice: ${title}` }))
      await panel.locator('[data-square="e2"]').scrollIntoViewIfNeeded()
      await move(panel, 'e2', 'e4')
      await expect.poll(() => spoken(panel), { timeout: 5_000 }).toBe('Black pawn to e5')
      expect(await marks(panel, 'e7')).toContain('last')
      expect(await marks(panel, 'e5')).toContain('last')
      await move(panel, 'd2', 'd4')
      const status = panel.getByRole('status', { name: 'Practice status' })
      await expect.poll(() => status.textContent()).toBe(WRONG)
      await panel.getByRole('button', { name: 'Hint' }).click()
      expect(await marks(panel, 'g1')).toContain('hint')
      expect(await panel.getByText(/^Board keys:/).isVisible()).toBe(!size.touch)
      await shot('practice-hint')
      await panel.getByRole('button', { name: 'Show me' }).click()
      await expect.poll(() => status.textContent()).toContain('The move was Nf3.')
      expect(await panel.getByRole('note', { name: 'Comment' }).textContent()).toBe('Attacks e5.')
      await expect.poll(() => spoken(panel), { timeout: 5_000 }).toBe('Black knight to c6')
      await move(panel, 'f1', 'c4')
      await expect.poll(() => spoken(panel), { timeout: 5_000 }).toBe('Black bishop to c5')
      await expect
        .poll(() => status.textContent())
        .toContain('Line complete: 2 of 3 moves right at the first try.')
      await expect.poll(() => panel.locator('xpath=..').textContent()).toMatch(/Next review /)

      // /review once the line is due (one mistake is Hard: 2 days): the same board, the same wrong-move help
      await page
        .context()
        .setExtraHTTPHeaders({ 'x-test-now': new Date(Date.now() + 2 * DAY + 60_000).toISOString() })
      await page.goto('/review')
      const review = await visible(page.getByRole('region', { name: `Practice: ${title}` }))
      await review.locator('[data-square="e2"]').scrollIntoViewIfNeeded()
      await move(review, 'e2', 'e4')
      await expect.poll(() => spoken(review), { timeout: 5_000 }).toBe('Black pawn to e5')
      await move(review, 'b1', 'c3')
      const reviewStatus = review.getByRole('status', { name: 'Practice status' })
      await expect.poll(() => reviewStatus.textContent()).toBe(WRONG)
      await review.getByRole('button', { name: 'Show me' }).click()
      await expect.poll(() => reviewStatus.textContent()).toContain('The move was Nf3.')
      expect(await marks(review, 'f3')).toContain('last')
      await shot('review')

      // Nothing the boards or the module's blocked YouTube video throw is left uncaught.
      expect(errors.map(String)).toEqual([])
      await page.context().close()
    })
  }
})
