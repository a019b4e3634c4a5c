// Chess inside the course. An instructor adds a line with an illegal move and sees the PGN reader's
// sentence next to 'Moves (PGN)' before anything is sent, then fixes it; a student steps through the line with the keyboard, practises it
// with one mistake, sees the line-complete message, and finds it under 'Lines to review' on /home once it is due
// (the test moves the server's clock forward with X-Test-Now, a test-only header: TEST_CLOCK=1 in scripts/e2e.mjs),
// where /review asks with the line's own prompt, counts the next 7 days' reviews and lists the move missed under
// 'Difficult moves', opening its position on /analysis.
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createCourse, enroll, login, type Course, type Session } from './support/api'
import { dragPiece, field, launch, open, seeText, visible, waitForText, type Opened } from './support/browser'
import { accounts, unique } from './support/env'
import { seriousViolations } from './support/axe'

const ILLEGAL = '1. e4 e5 2. Nf3 {Attacks e5.} Nc6 3. Bc4 Bc5 4. Nf6'
const PROMPT = 'White to play: the Italian Game.'
const FIXED = `{${PROMPT}} 1. e4 e5 2. Nf3 {Attacks e5.} Nc6 3. Bc4 Bc5 4. c3 {Preparing d4.} *`
const DAY = 24 * 3600 * 1000

interface Summary {
  dueCount: number
  nextDueAt: string | null
}

/** The move marked as current in the viewer's move list. */
const currentMove = (viewer: Locator) => viewer.locator('[aria-current="step"]').textContent()
const spoken = (region: Locator) => region.locator('[aria-live="polite"]:not([role])').textContent()

async function playTyped(panel: Locator, move: string) {
  const input = panel.getByRole('textbox', { name: 'Your move' })
  await input.fill(move)
  await input.press('Enter')
}

async function waitForSpoken(region: Locator, words: string) {
  await expect.poll(() => spoken(region), { timeout: 5_000 }).toBe(words)
}

describe('lines in a course', () => {
  let browser: Browser
  let teacher: Session
  let pupil: Session
  let course: Course
  const title = unique('Italian line ')
  let teacherTab: Opened
  let pupilTab: Opened

  beforeAll(async () => {
    teacher = await login(accounts.instructor)
    pupil = await login(accounts.student)
    course = await createCourse(teacher.token, {
      title: unique('Lines '),
      description: 'A course with a line to practise.',
      price: 0,
    })
    await enroll(pupil.token, course._id)
    browser = await launch()
    teacherTab = await open(browser, { session: teacher })
    pupilTab = await open(browser, { session: pupil })
  })

  afterAll(async () => {
    await browser?.close()
  })

  it('the instructor adds a line with an illegal move, sees the reason at the PGN, and fixes it', async () => {
    const { page } = teacherTab
    await page.goto(`/courses/${course._id}/modules`)
    await waitForText(page, /Modules for Course: /)
    await page.getByRole('button', { name: 'Add Module' }).click()
    const form = page.getByRole('form')
    await field(form, 'Module Title').fill(title)
    await field(form, 'Module Description').fill('The Italian Game, move by move.')
    await field(form, 'Video URL').fill('https://www.youtube.com/watch?v=9pRMH5Z3bGE')
    await form.getByRole('button', { name: 'Edit as PGN' }).click()
    await form.getByLabel('Moves (PGN)').fill(ILLEGAL)
    await form.getByRole('combobox', { name: 'Student plays' }).selectOption('white')
    const sentBefore = teacherTab.apiRequests.filter((r) => r.method() === 'POST').length
    await form.getByRole('button', { name: 'Add Module' }).click()

    // refused in the browser by the same reader: the PGN stays with the sentence naming the move, nothing sent
    const pgn = page.getByRole('form').getByLabel('Moves (PGN)')
    await seeText(page, 'Illegal move 4. Nf6.')
    expect(await pgn.inputValue()).toBe(ILLEGAL)
    expect(await pgn.getAttribute('aria-invalid')).toBe('true')
    expect(teacherTab.apiRequests.filter((r) => r.method() === 'POST').length).toBe(sentBefore)
    expect(
      (await call<{ title: string }[]>('GET', `/api/modules/course/${course._id}`, teacher.token)).length,
    ).toBe(0)

    await pgn.fill(FIXED)
    await page.getByRole('form').getByRole('button', { name: 'Add Module' }).click()
    await visible(page.getByRole('region', { name: `Line: ${title}` }))
    const stored = await call<{ line: { pgn: string; side: string } | null }[]>(
      'GET',
      `/api/modules/course/${course._id}`,
      teacher.token,
    )
    expect(stored.map((m) => m.line)).toEqual([{ pgn: FIXED, side: 'white' }])
  })

  it('the student steps through the line with the keyboard: moves marked, comments shown, moves spoken', async () => {
    const { page } = pupilTab
    await page.goto(`/courses/${course._id}/modules`)
    const viewer = await visible(page.getByRole('region', { name: `Line: ${title}` }))
    const board = viewer.getByRole('group', { name: /arrow keys/ })
    await board.focus()
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    expect(await currentMove(viewer)).toBe('2. Nf3')
    expect(await viewer.getByLabel('Comment').textContent()).toBe('Attacks e5.')
    await waitForSpoken(viewer, 'White knight to f3')
    await page.keyboard.press('End')
    expect(await currentMove(viewer)).toBe('4. c3')
    expect(await viewer.getByLabel('Comment').textContent()).toBe('Preparing d4.')
    await page.keyboard.press('ArrowLeft')
    expect(await currentMove(viewer)).toBe('Bc5')
    await waitForSpoken(viewer, 'Black bishop to c5')
    await page.keyboard.press('Home')
    await waitForSpoken(viewer, 'Start position')
  })

  it('the student practises it with one mistake and sees the line-complete message', async () => {
    const { page } = pupilTab
    const viewer = page.getByRole('region', { name: `Line: ${title}` })
    // without a mouse: Tab to 'Practise this line' and press Enter
    const practise = viewer.getByRole('button', { name: 'Practise this line' })
    await practise.focus()
    await page.keyboard.press('Enter')
    const panel = await visible(page.getByRole('region', { name: `Practice: ${title}` }))
    const status = panel.getByRole('status', { name: 'Practice status' })
    // the first move with the mouse, the others typed
    await dragPiece(page, 'e2', 'e4')
    await waitForSpoken(panel, 'Black pawn to e5')
    await playTyped(panel, 'Nf3')
    await waitForSpoken(panel, 'Black knight to c6')
    await playTyped(panel, 'd3')
    await expect.poll(() => status.textContent()).toContain('Try again.')
    await playTyped(panel, 'Bc4')
    await waitForSpoken(panel, 'Black bishop to c5')
    await playTyped(panel, 'c3')
    await expect
      .poll(() => status.textContent())
      .toContain('Line complete: 3 of 4 moves right at the first try.')
    await seeText(page, /^Next review /)
  })

  it("finds the line under 'Lines to review' on /home once the clock reaches its review", async () => {
    const { page } = pupilTab
    const now = await call<Summary>('GET', '/api/reviews/summary', pupil.token)
    expect(now.dueCount).toBe(0)
    expect(now.nextDueAt).not.toBeNull()
    await page.goto('/home')
    await waitForText(page, /Hello /)
    await page.waitForTimeout(500)
    expect(await page.getByRole('link', { name: /Lines to review/ }).count()).toBe(0)

    // still not due the next day (one mistake: Hard, next review in 2 days, never within minutes); 3 days later it is
    expect((await fetchSummaryAt(page, new Date(Date.now() + DAY).toISOString())).dueCount).toBe(0)
    const later = new Date(Date.now() + 3 * DAY).toISOString()
    await page.context().setExtraHTTPHeaders({ 'x-test-now': later })
    await page.reload()
    const link = await visible(page.getByRole('link', { name: 'Lines to review: 1' }))
    await link.click()
    await page.waitForURL('**/review')
    await visible(page.getByRole('heading', { name: title }))
    const panel = await visible(page.getByRole('region', { name: `Practice: ${title}` }))
    await visible(panel.getByText(PROMPT))
    // the next 7 days: the line is due today
    const forecast = await visible(page.getByRole('table'))
    expect(
      await forecast
        .getByRole('row', { name: /^Today/ })
        .getByRole('cell')
        .textContent(),
    ).toBe('1')
    // the move missed in practice (3. d3? for 3. Bc4), opening its position
    const difficult = page.getByRole('region', { name: 'Difficult moves' })
    await visible(difficult.getByText(`in ${title}, missed 1 time`))
    const missed = difficult.getByRole('link', { name: `3. Bc4 in ${title}: open the position` })
    for (const [move, answer] of [
      ['e4', 'Black pawn to e5'],
      ['Nf3', 'Black knight to c6'],
      ['Bc4', 'Black bishop to c5'],
    ]) {
      await playTyped(panel, move)
      await waitForSpoken(panel, answer)
    }
    await playTyped(panel, 'c3')
    await expect
      .poll(() => panel.getByRole('status', { name: 'Practice status' }).textContent())
      .toContain('Line complete: 4 of 4 moves right at the first try.')
    await page.getByRole('button', { name: 'Finish' }).click()
    await seeText(page, /^Nothing to review\. Next review .+\.$/)
    const after = await fetchSummaryAt(page, later)
    expect(after.dueCount).toBe(0)
    await missed.click()
    await page.waitForURL('**/analysis')
  })

  it('on a 390 px phone the viewer and /review fit the screen (nothing overflows sideways)', async () => {
    const phone = await open(browser, { session: pupil, viewport: { width: 390, height: 844 } })
    const overflow = () =>
      phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    await phone.page.goto(`/courses/${course._id}/modules`)
    await visible(phone.page.getByRole('region', { name: `Line: ${title}` }))
    expect(await overflow()).toBeLessThanOrEqual(0)
    await phone.page.goto('/review')
    await visible(phone.page.getByRole('heading', { name: 'Review' }))
    expect(await overflow()).toBeLessThanOrEqual(0)
    await phone.context.close()
  })

  it('the viewer, the practice and /review have no serious or critical accessibility violation (axe)', async () => {
    const { page } = pupilTab
    await page.goto(`/courses/${course._id}/modules`)
    const viewer = await visible(page.getByRole('region', { name: `Line: ${title}` }))
    expect(await seriousViolations(page)).toEqual([])
    await viewer.getByRole('button', { name: 'Practise this line' }).click()
    await visible(page.getByRole('region', { name: `Practice: ${title}` }))
    expect(await seriousViolations(page)).toEqual([])
    await page.goto('/review')
    await visible(page.getByRole('heading', { name: 'Review' }))
    expect(await seriousViolations(page)).toEqual([])
  })
})

/** The summary as the server sees it at `at` (the test clock). */
async function fetchSummaryAt(page: Page, at: string): Promise<Summary> {
  const token = await page.evaluate(() => localStorage.getItem('token'))
  const r = await page.request.get('/api/reviews/summary', {
    headers: { authorization: `Bearer ${token}`, 'x-test-now': at },
  })
  return (await r.json()) as Summary
}
