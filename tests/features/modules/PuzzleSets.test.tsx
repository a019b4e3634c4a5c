// A module's puzzle set: the studio's 'Import PGN' (the good games taken, each refused game named) and 'Add puzzle'
// on a board, 'Remove', saving the set with the module; an enrolled student solving the set in order, each result
// recorded and a reload going on where they were; the instructor's 'Puzzles' column.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import ModulesPage from '@/features/modules/ModulesPage'
import LessonPage from '@/features/modules/LessonPage'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import {
  flush,
  query,
  seedCourse,
  seedEnrollment,
  seedModule,
  seedUser,
  sessionOf,
  type SeededUser,
} from '../../helpers/backend'
import { stubBoardLayout } from '../game/boardLayout'

// Rendering boards under jsdom is slow on a busy two-core machine.
vi.setConfig({ testTimeout: 30000 })
const jsdomScroll = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView')
beforeEach(() => {
  stubBoardLayout()
  Element.prototype.scrollIntoView = () => undefined
})
afterEach(() => {
  vi.restoreAllMocks()
  if (jsdomScroll) Object.defineProperty(Element.prototype, 'scrollIntoView', jsdomScroll)
  else delete (Element.prototype as Partial<Element>).scrollIntoView
})

/** After 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6: White mates with Qxf7. */
const SCHOLAR = 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4'
/** A mate in two for White: 1. Qd8+ Bxd8 2. Re8#. */
const MATE_IN_TWO = 'r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1'
const SET = [
  { fen: SCHOLAR, moves: ['h5f7'] },
  { fen: MATE_IN_TWO, moves: ['d5d8', 'e7d8', 'e1e8'] },
]

const form = () => screen.getByRole('form')

/** Plays a move on the board named `board`, by clicking its two squares. */
function move(board: string, from: string, to: string) {
  const el = screen.getByRole('application', { name: board })
  fireEvent.click(el.querySelector<HTMLElement>(`[data-square="${from}"]`)!)
  fireEvent.click(el.querySelector<HTMLElement>(`[data-square="${to}"]`)!)
}

describe("the studio's puzzle set", () => {
  function studio() {
    const teacher = seedUser({ username: 'teacher', role: 'instructor' })
    const course = seedCourse({ title: 'Tactics', instructor: teacher })
    const view = renderWithProviders(<ModulesPage />, {
      route: `/courses/${course._id}/modules`,
      path: '/courses/:courseId/modules',
      preloadedState: { auth: sessionOf(teacher) },
    })
    return { ...view, course }
  }

  it('imports the good games of a PGN, names each refused one, and saves the set with the module', async () => {
    const { user, course } = studio()
    await user.click(await screen.findByRole('button', { name: 'Add Module' }))
    await user.type(screen.getByPlaceholderText('Module Title'), 'Mates')
    await user.type(screen.getByPlaceholderText('Module Description'), 'Find the mate')
    const pgn = within(form()).getByLabelText('Puzzles (PGN)')
    await user.click(pgn)
    await user.paste(
      [
        `[FEN "${SCHOLAR}"]\n\n4. Qxf7# {Mate.} 1-0`,
        '[Event "Casual"]\n\n1. e4 e5 *',
        `[SetUp "1"]\n[FEN "${MATE_IN_TWO}"]\n\n1. Qd8+ (1. Qd7? Qxf2+) Bxd8 2. Re8# 1-0`,
      ].join('\n\n'),
    )
    await user.click(within(form()).getByRole('button', { name: 'Import PGN' }))

    expect(within(form()).getByText('2 puzzles imported.')).toBeInTheDocument()
    const errors = within(form()).getByRole('list', { name: 'Games not imported' })
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Game 2: no [FEN] tag'])
    // the refused game stays in the field, to be corrected
    expect(pgn).toHaveValue('[Event "Casual"]\n\n1. e4 e5 *')
    const list = within(form()).getByRole('list', { name: 'Puzzles of the set' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['White to move: Qxf7#', 'White to move: Qd8+ Bxd8 Re8#'])
    // a set needs no video
    expect(screen.getByPlaceholderText('Video URL')).not.toBeRequired()

    await user.click(within(form()).getByRole('button', { name: 'Add Module' }))
    await waitFor(async () =>
      expect(await query('SELECT puzzles FROM modules WHERE course_id = $1', [course._id])).toEqual([
        { puzzles: SET },
      ]),
    )
  })

  it("adds a puzzle played on the board with 'Add puzzle', and removes one with 'Remove'", async () => {
    const { user } = studio()
    await user.click(await screen.findByRole('button', { name: 'Add Module' }))
    const fen = within(form()).getByLabelText('Position (FEN)')
    await user.click(fen)
    await user.paste('8/8/8/8/8/8/8/8 w - - 0 1')
    expect(fen).toHaveAccessibleDescription(/./)
    expect(screen.queryByRole('application', { name: 'Puzzle board: play the solution' })).toBeNull()
    await user.clear(fen)
    await user.paste(SCHOLAR)
    await screen.findByRole('application', { name: 'Puzzle board: play the solution' })
    expect(
      within(form()).getByText("Play the solution on the board, from the solver's first move."),
    ).toBeVisible()
    move('Puzzle board: play the solution', 'h5', 'f7')
    expect(await within(form()).findByText('Solution: Qxf7#')).toBeInTheDocument()
    await user.click(within(form()).getByRole('button', { name: 'Add puzzle' }))
    const list = within(form()).getByRole('list', { name: 'Puzzles of the set' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(1)
    expect(fen).toHaveValue('')

    await user.click(within(list).getByRole('button', { name: 'Remove puzzle 1' }))
    expect(within(form()).queryByRole('list', { name: 'Puzzles of the set' })).toBeNull()
    expect(screen.getByPlaceholderText('Video URL')).toBeRequired()
  })
})

describe('an enrolled student solving the set', () => {
  function lesson(results: boolean[] = []) {
    const teacher = seedUser({ username: 'teacher', role: 'instructor' })
    const student = seedUser({ username: 'sam' })
    const course = seedCourse({ title: 'Tactics', instructor: teacher })
    const module = seedModule({ courseId: course._id, title: 'Mates', puzzles: SET })
    seedEnrollment(course._id, student._id)
    const open = async () => {
      await flush()
      for (const [i, solved] of results.entries())
        await query(
          `INSERT INTO module_puzzle_results (user_id, module_id, course_id, puzzle, solved)
           VALUES ($1, $2, $3, $4, $5)`,
          [student._id, module._id, course._id, i, solved],
        )
      return renderWithProviders(<LessonPage />, {
        route: `/courses/${course._id}/modules/${module._id}`,
        path: '/courses/:courseId/modules/:moduleId',
        preloadedState: { auth: sessionOf(student) },
      })
    }
    return { student, module, open }
  }

  const recorded = (student: SeededUser) =>
    query<{ puzzle: number; solved: boolean }>(
      'SELECT puzzle, solved FROM module_puzzle_results WHERE user_id = $1 ORDER BY puzzle',
      [student._id],
    )

  it('solves the puzzles in order: a right move solves, the first wrong one fails and shows the solution', async () => {
    const { student, module, open } = lesson()
    const { user } = await open()
    expect(await screen.findByText('Puzzle 1 of 2')).toBeInTheDocument()
    const status = () =>
      within(screen.getByRole('region', { name: 'Puzzles of Mates' })).getAllByRole('status')[0]
    expect(status()).toHaveTextContent('Your turn: find the best move for White.')
    move('Puzzle 1 board, you play white', 'h5', 'f7')
    await waitFor(() => expect(status()).toHaveTextContent('Solved.'))
    await waitFor(async () => expect(await recorded(student)).toEqual([{ puzzle: 0, solved: true }]))

    await user.click(screen.getByRole('button', { name: 'Next puzzle' }))
    expect(screen.getByText('Puzzle 2 of 2')).toBeInTheDocument()
    move('Puzzle 2 board, you play white', 'd5', 'd7')
    await waitFor(() => expect(status()).toHaveTextContent('Not the move.'))
    expect(screen.getByText('The solution: Qd8+ Bxd8 Re8#')).toBeInTheDocument()
    await waitFor(async () =>
      expect(await recorded(student)).toEqual([
        { puzzle: 0, solved: true },
        { puzzle: 1, solved: false },
      ]),
    )
    // every puzzle has a result: the module is completed
    const [progress] = await query<{ completed: boolean }>(
      'SELECT completed_at IS NOT NULL AS completed FROM module_progress WHERE user_id = $1 AND module_id = $2',
      [student._id, module._id],
    )
    expect(progress).toEqual({ completed: true })
    await user.click(screen.getByRole('button', { name: 'See the results' }))
    expect(screen.getByText('Set complete: 1 of 2 solved.')).toBeInTheDocument()
  })

  it('goes on where the student was: at the first puzzle without a result', async () => {
    const { open } = lesson([true])
    await open()
    expect(await screen.findByText('Puzzle 2 of 2')).toBeInTheDocument()
  })
})

describe("the instructor's 'Puzzles' column", () => {
  it("shows each student's puzzles solved of those tried, and '—' for a course without a set", async () => {
    const teacher = seedUser({ username: 'teacher', role: 'instructor' })
    const [ann, ben] = ['ann', 'ben'].map((username) => seedUser({ username }))
    const course = seedCourse({ title: 'Tactics', instructor: teacher })
    const module = seedModule({ courseId: course._id, title: 'Mates', puzzles: SET })
    const plain = seedCourse({ title: 'Videos', instructor: teacher })
    for (const c of [course, plain]) for (const s of [ann, ben]) seedEnrollment(c._id, s._id)
    await flush()
    for (const [puzzle, solved] of [
      [0, true],
      [1, false],
    ] as const)
      await query(
        `INSERT INTO module_puzzle_results (user_id, module_id, course_id, puzzle, solved)
         VALUES ($1, $2, $3, $4, $5)`,
        [ann._id, module._id, course._id, puzzle, solved],
      )
    const cells = async (courseId: string) => {
      const view = renderWithProviders(<ModulesPage />, {
        route: `/courses/${courseId}/modules`,
        path: '/courses/:courseId/modules',
        preloadedState: { auth: sessionOf(teacher) },
      })
      const table = await screen.findByRole('table')
      const header = within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent)
      const column = header.indexOf('Puzzles')
      expect(column).toBeGreaterThan(0)
      const rows = within(table).getAllByRole('row').slice(1)
      const found = Object.fromEntries(
        rows.map((r) => [
          within(r).getByRole('link').textContent,
          within(r).getAllByRole('cell')[column].textContent,
        ]),
      )
      view.unmount()
      return found
    }
    expect(await cells(course._id)).toEqual({ ann: '1/2 solved', ben: '0/0 solved' })
    expect(await cells(plain._id)).toEqual({ ann: '—', ben: '—' })
  })
})
