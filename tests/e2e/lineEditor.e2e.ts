// The line editor in the module form: an instructor plays 1. e4 e5 2. Nf3 on the board, goes back to after 1... e5
// and plays 2. f4 (a variation), comments a move, stamps three moves with 'Sync to video' on the demo video chosen
// in the form (the test seeks the <video> element), saves, and the saved line holds all of it.
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createCourse, login, type Course, type Module, type Session } from './support/api'
import { dragPiece, field, launch, open, visible, waitForText, type Opened } from './support/browser'
import { accounts, unique } from './support/env'
import { demoVideo } from './support/video'

const click = async (editor: Locator, from: string, to: string) => {
  await editor.locator(`[data-square="${from}"]`).click()
  await editor.locator(`[data-square="${to}"]`).click()
}
const moveButton = (editor: Locator, name: string) => editor.getByRole('button', { name, exact: true })
/** The form's PGN text on one line (the writer wraps it at 80 characters). */
const pgnText = async (page: Page) =>
  (await page.getByRole('form').getByLabel('Moves (PGN)').inputValue()).replace(/\s+/g, ' ')

/** The editor's <video> at `seconds`, once its metadata is in. */
async function seek(editor: Locator, seconds: number) {
  await editor.locator('video').evaluate(async (v: HTMLVideoElement, at: number) => {
    if (v.readyState < 1)
      await new Promise((done) => v.addEventListener('loadedmetadata', done, { once: true }))
    const seeked = new Promise((done) => v.addEventListener('seeked', done, { once: true }))
    v.currentTime = at
    await seeked
  }, seconds)
}

describe('the line editor', () => {
  let browser: Browser
  let teacher: Session
  let course: Course
  let tab: Opened
  const title = unique('Kings Gambit ')

  beforeAll(async () => {
    teacher = await login(accounts.instructor)
    course = await createCourse(teacher.token, {
      title: unique('Gambits '),
      description: 'Lines authored on the board.',
      price: 0,
    })
    browser = await launch()
    tab = await open(browser, { session: teacher })
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('authors a line with a variation, a comment and three video stamps, and saves it', async () => {
    const { page } = tab
    await page.goto(`/courses/${course._id}/modules`)
    await waitForText(page, /Modules for Course: /)
    await page.getByRole('button', { name: 'Add Module' }).click()
    const form = page.getByRole('form')
    await field(form, 'Module Title').fill(title)
    await field(form, 'Module Description').fill("The King's Gambit against the open game.")
    await form.locator('input[type="file"][accept^="video/"]').setInputFiles(demoVideo())
    const editor = await visible(form.getByRole('region', { name: 'Line editor' }))
    const video = await visible(editor.locator('video'))
    // the video's size is known once its metadata is: the board below it has stopped moving before the drag
    await video.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<void>((resolve) => {
          if (v.readyState >= 1) resolve()
          else v.addEventListener('loadedmetadata', () => resolve(), { once: true })
        }),
    )
    const e2 = editor.locator('[data-square="e2"]')
    // the board sits below the fold of a 900 px window (the form's fields above it): brought on screen for the mouse
    await e2.scrollIntoViewIfNeeded()
    await expect
      .poll(async () => {
        const before = await e2.boundingBox()
        await page.waitForTimeout(100)
        return JSON.stringify(before) === JSON.stringify(await e2.boundingBox())
      })
      .toBe(true)

    await dragPiece(page, 'e2', 'e4')
    await expect.poll(() => pgnText(page)).toBe('1. e4 *')
    // the drag is said once, in words; the drag library's own 'Draggable item e2 was dropped over…' is not heard
    await expect
      .poll(() => editor.locator('[aria-live="polite"]').filter({ hasText: 'White pawn to e4' }).count())
      .toBe(1)
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /draggable|droppable/i })
        .count(),
    ).toBe(0)
    await click(editor, 'e7', 'e5')
    await click(editor, 'g1', 'f3')
    await expect.poll(() => pgnText(page)).toBe('1. e4 e5 2. Nf3 *')
    await moveButton(editor, 'e5').click()
    // the board shows the position after 1... e5 before the next move is played from it
    await expect.poll(() => moveButton(editor, 'e5').getAttribute('aria-current')).toBe('step')
    await click(editor, 'f2', 'f4')
    await expect.poll(() => pgnText(page)).toBe('1. e4 e5 2. Nf3 (2. f4) *')

    await moveButton(editor, '2. f4').click()
    await editor.getByLabel('Comment').fill('The gambit.')

    // stamps: each 'Sync to video' selects the next move
    await moveButton(editor, '1. e4').click()
    for (const second of [1, 2, 3]) {
      await seek(editor, second)
      await editor.getByRole('button', { name: 'Sync to video' }).click()
      await expect.poll(() => pgnText(page)).toContain(`[%vt 0:0${second}]`)
    }
    // the last move has no next move: it stays selected, its time shown
    await visible(editor.getByText('at 0:03'))
    // 'Ask the student here' stands beside its checkbox, on the same line, as the app's other checkboxes do
    const askBox = await (
      await visible(editor.getByRole('checkbox', { name: 'Ask the student here' }))
    ).boundingBox()
    const askWords = await editor.getByText('Ask the student here', { exact: true }).boundingBox()
    expect(askWords!.x).toBeGreaterThanOrEqual(askBox!.x + askBox!.width)
    expect(Math.abs(askBox!.y + askBox!.height / 2 - (askWords!.y + askWords!.height / 2))).toBeLessThan(
      askWords!.height / 2,
    )
    await expect
      .poll(() => pgnText(page))
      .toBe('1. e4 {[%vt 0:01]} 1... e5 {[%vt 0:02]} 2. Nf3 {[%vt 0:03]} (2. f4 {The gambit.}) *')

    await form.getByRole('button', { name: 'Add Module' }).click()
    await visible(page.getByRole('region', { name: `Line: ${title}` }), 30_000)
    const modules = await call<Array<Module & { line: { pgn: string } | null }>>(
      'GET',
      `/api/modules/course/${course._id}`,
      teacher.token,
    )
    const pgn = (modules.find((m) => m.title === title)?.line?.pgn ?? '').replace(/\s+/g, ' ')
    expect(pgn).toContain('(2. f4 {The gambit.})')
    expect(pgn.match(/\[%vt /g)).toHaveLength(3)
  })

  it('ran without an uncaught error in the page', () => {
    expect(tab.errors.map((e) => e.message)).toEqual([])
  })
})
