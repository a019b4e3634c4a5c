// A puzzle set in a course: the instructor imports three PGN games into a new module's set (one without a [FEN] tag
// is refused and named), saves; an enrolled student solves the two puzzles in order, the first right and the second
// wrong (the solution is shown); the instructor's 'Student progress' reads '1/2 solved' in its 'Puzzles' column.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createCourse, enroll, login, newStudent, type Course, type Session } from './support/api'
import { dragPiece, field, launch, open, visible, waitForText, type Opened } from './support/browser'
import { accounts, unique } from './support/env'

/** After 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6: White mates with Qxf7. */
const SCHOLAR = 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4'
/** A mate in two for White: 1. Qd8+ Bxd8 2. Re8#. */
const MATE_IN_TWO = 'r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1'
const PGN = [
  `[Event "Mate in one"]\n[SetUp "1"]\n[FEN "${SCHOLAR}"]\n\n4. Qxf7# {Mate.} 1-0`,
  '[Event "No position"]\n\n1. e4 e5 *',
  `[Event "Mate in two"]\n[FEN "${MATE_IN_TWO}"]\n\n1. Qd8+ $1 (1. Qd7?) Bxd8 2. Re8# 1-0`,
].join('\n\n')

describe('a puzzle set in a course', () => {
  let browser: Browser
  let teacher: Session
  let pupil: Session
  let course: Course
  let studio: Opened
  const title = unique('Mates ')

  beforeAll(async () => {
    teacher = await login(accounts.instructor)
    pupil = await newStudent('solver')
    course = await createCourse(teacher.token, {
      title: unique('Tactics '),
      description: 'Puzzles to solve in order.',
      price: 0,
    })
    await enroll(pupil.token, course._id)
    browser = await launch()
    studio = await open(browser, { session: teacher })
  })

  afterAll(async () => {
    await browser?.close()
  })

  it("the instructor imports a PGN: the good games become the set, the bad one is named; 'Add Module' saves it", async () => {
    const { page } = studio
    await page.goto(`/courses/${course._id}/modules`)
    await page.getByRole('button', { name: 'Add Module' }).first().click()
    const form = page.getByRole('form')
    await field(form, 'Module Title').fill(title)
    await field(form, 'Module Description').fill('Find the mate.')
    await form.getByLabel('Puzzles (PGN)').fill(PGN)
    await form.getByRole('button', { name: 'Import PGN', exact: true }).click()
    await visible(form.getByText('2 puzzles imported.'))
    await visible(form.getByRole('list', { name: 'Games not imported' }).getByText('Game 2: no [FEN] tag'))
    const set = form.getByRole('list', { name: 'Puzzles of the set' })
    expect(await set.getByRole('listitem').count()).toBe(2)
    await form.getByRole('button', { name: 'Add Module', exact: true }).click()
    await visible(page.getByRole('region', { name: `Puzzles of ${title}` }))
    const modules = await call<{ title: string; puzzles: unknown[] | null }[]>(
      'GET',
      `/api/modules/course/${course._id}`,
      teacher.token,
    )
    expect(modules.find((m) => m.title === title)?.puzzles).toEqual([
      { fen: SCHOLAR, moves: ['h5f7'] },
      { fen: MATE_IN_TWO, moves: ['d5d8', 'e7d8', 'e1e8'] },
    ])
  })

  it('the student solves the first puzzle and misses the second, whose solution is shown', async () => {
    const { page } = await open(browser, { session: pupil })
    await page.goto(`/courses/${course._id}/modules`)
    const set = await visible(page.getByRole('region', { name: `Puzzles of ${title}` }), 30_000)
    await visible(set.getByText('Puzzle 1 of 2'))
    await dragPiece(set.getByRole('application', { name: 'Puzzle 1 board, you play white' }), 'h5', 'f7')
    await visible(set.getByText('Solved.', { exact: true }))
    await set.getByRole('button', { name: 'Next puzzle' }).click()
    await visible(set.getByText('Puzzle 2 of 2'))
    await dragPiece(set.getByRole('application', { name: 'Puzzle 2 board, you play white' }), 'd5', 'd7')
    await visible(set.getByText('Not the move.', { exact: true }))
    await visible(set.getByText('The solution: Qd8+ Bxd8 Re8#'))
    await set.getByRole('button', { name: 'See the results' }).click()
    await visible(set.getByText('Set complete: 1 of 2 solved.'))
  })

  it("the instructor's 'Student progress' reads 1/2 solved in 'Puzzles'", async () => {
    const { page } = studio
    await page.goto(`/courses/${course._id}/modules`)
    const table = await visible(page.getByRole('table'))
    await waitForText(page, /Puzzles/)
    const row = table.getByRole('row').filter({ hasText: pupil.result.username })
    await visible(row.getByRole('cell', { name: '1/2 solved' }), 20_000)
  })
})
