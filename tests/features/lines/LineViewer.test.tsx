// The viewer on a module card. A board showing the line, buttons and the keys ←, →,
// Home, End to step, the move list in SAN with the current move marked, the comment for the current move under
// the board, 'Flip board', variations entered and left, each move announced in words; 'Play from here' opens
// /home's practice game from the position shown (router state: startFen).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Route, Routes, useLocation } from 'react-router-dom'
import ModulesPage from '@/features/modules/ModulesPage'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { seedCourse, seedEnrollment, seedModule, seedUser, sessionOf } from '../../helpers/backend'
import { stubBoardLayout } from '../game/boardLayout'
import { marksOn } from '../game/boardHarness'

let layout: ReturnType<typeof stubBoardLayout>
beforeEach(() => {
  layout = stubBoardLayout()
})
afterEach(() => layout.mockRestore())

const PGN =
  '{The Italian Game.} 1. e4 e5 2. Nf3 {Attacks e5.} Nc6 (2... d6 {Philidor.} 3. d4) 3. Bc4 {Aims at f7.} Bc5 *'
const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

function HomeProbe() {
  const state = useLocation().state as { line?: { startFen: string; moves: string[]; side: string } } | null
  const line = state?.line
  return (
    <p>
      {line
        ? `Home with ${line.startFen} then ${line.moves.join(' ') || 'no moves'} as ${line.side}`
        : 'Home'}
    </p>
  )
}

async function setup(side: 'white' | 'black' = 'white') {
  const teacher = seedUser({ username: 'teacher', role: 'instructor' })
  const stu = seedUser({ username: 'stu' })
  const course = seedCourse({ title: 'Openings', instructor: teacher })
  seedModule({ courseId: course._id, title: 'Italian Game', line: { pgn: PGN, side } })
  seedEnrollment(course._id, stu._id)
  const r = renderWithProviders(
    <Routes>
      <Route path="/courses/:courseId/modules" element={<ModulesPage />} />
      <Route path="/home" element={<HomeProbe />} />
    </Routes>,
    { route: `/courses/${course._id}/modules`, preloadedState: { auth: sessionOf(stu) } },
  )
  const viewer = await screen.findByRole('region', { name: 'Line: Italian Game' })
  return { ...r, viewer }
}

const current = (viewer: HTMLElement) =>
  within(within(viewer).getByRole('navigation', { name: 'Moves' }))
    .getAllByRole('button')
    .find((b) => b.getAttribute('aria-current') === 'step')?.textContent
const comment = (viewer: HTMLElement) => within(viewer).getByLabelText('Comment').textContent
const spoken = (viewer: HTMLElement) => viewer.querySelector('[aria-live="polite"]')?.textContent
const squareOf = (viewer: HTMLElement, square: string) => viewer.querySelector(`[data-square="${square}"]`)

describe('the line viewer on a module card', () => {
  it('shows the board at the start with the start comment and every move of the line in SAN', async () => {
    const { viewer } = await setup()
    expect(comment(viewer)).toBe('The Italian Game.')
    expect(spoken(viewer)).toBe('Start position')
    expect(current(viewer)).toBeUndefined()
    const moves = within(within(viewer).getByRole('navigation', { name: 'Moves' })).getAllByRole('button')
    expect(moves.map((b) => b.textContent)).toEqual([
      '1. e4',
      'e5',
      '2. Nf3',
      'Nc6',
      '2... d6',
      '3. d4',
      '3. Bc4',
      'Bc5',
    ])
    // the white pawn still on e2
    expect(squareOf(viewer, 'e2')?.querySelector('[data-piece="wP"]')).not.toBeNull()
  })

  it('steps with the buttons: the current move marked, its comment under the board, the move in words', async () => {
    const { viewer, user } = await setup()
    const next = within(viewer).getByRole('button', { name: 'Next move' })
    await user.click(next)
    expect(current(viewer)).toBe('1. e4')
    expect(spoken(viewer)).toBe('White pawn to e4')
    // the pawn arrives on e4 once its move is animated
    await waitFor(() => expect(squareOf(viewer, 'e4')?.querySelector('[data-piece="wP"]')).not.toBeNull())
    await user.click(next)
    await user.click(next)
    expect(current(viewer)).toBe('2. Nf3')
    expect(comment(viewer)).toBe('Attacks e5.')
    expect(spoken(viewer)).toBe('White knight to f3')
    await user.click(within(viewer).getByRole('button', { name: 'Previous move' }))
    expect(current(viewer)).toBe('e5')
    expect(comment(viewer)).toBe('')
    await user.click(within(viewer).getByRole('button', { name: 'Last move' }))
    expect(current(viewer)).toBe('Bc5')
    await user.click(within(viewer).getByRole('button', { name: 'First position' }))
    expect(current(viewer)).toBeUndefined()
  })

  it('steps without a mouse: Tab to the board, then →, ←, End and Home', async () => {
    const { viewer, user } = await setup()
    const board = within(viewer).getByRole('group', { name: /Use the left and right arrow keys/ })
    await user.tab()
    while (document.activeElement !== board) await user.tab()
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}')
    expect(current(viewer)).toBe('2. Nf3')
    expect(spoken(viewer)).toBe('White knight to f3')
    await user.keyboard('{ArrowLeft}')
    expect(current(viewer)).toBe('e5')
    await user.keyboard('{End}')
    expect(current(viewer)).toBe('Bc5')
    expect(spoken(viewer)).toBe('Black bishop to c5')
    await user.keyboard('{Home}')
    expect(spoken(viewer)).toBe('Start position')
  })

  it("plays the line's move with the board's own keys, whose arrows move its cursor, not the line", async () => {
    const { viewer, user } = await setup()
    const board = within(viewer).getByRole('application', { name: "Board: play the line's next move" })
    expect(board).toHaveAccessibleDescription(/Board keys: arrows move, Enter picks up/)
    await user.tab()
    while (document.activeElement !== board) await user.tab()
    // the cursor starts on e2: pick the pawn up, two squares up, put it down
    await user.keyboard('{Enter}{ArrowUp}{ArrowUp}')
    expect(current(viewer)).toBeUndefined()
    await user.keyboard('{Enter}')
    expect(current(viewer)).toBe('1. e4')
    // Home and End are no board keys: they still step through the line
    await user.keyboard('{End}')
    expect(current(viewer)).toBe('Bc5')
    await user.keyboard('{Home}')
    expect(current(viewer)).toBeUndefined()
  })

  it('enters a variation and leaves it (buttons, and ↓ / ↑ on the keyboard)', async () => {
    const { viewer, user } = await setup()
    await user.click(within(viewer).getByRole('button', { name: '2. Nf3' }))
    await user.click(within(viewer).getByRole('button', { name: 'Enter variation 2... d6' }))
    expect(current(viewer)).toBe('2... d6')
    expect(comment(viewer)).toBe('Philidor.')
    await user.click(within(viewer).getByRole('button', { name: 'Next move' }))
    expect(current(viewer)).toBe('3. d4')
    await user.click(within(viewer).getByRole('button', { name: 'Leave variation' }))
    // back where the variation branched off: the main line goes on from there
    expect(current(viewer)).toBe('2. Nf3')
    await user.click(within(viewer).getByRole('button', { name: 'Next move' }))
    expect(current(viewer)).toBe('Nc6')
    await user.keyboard('{ArrowLeft}')
    await user.keyboard('{ArrowDown}')
    expect(current(viewer)).toBe('2... d6')
    await user.keyboard('{ArrowUp}')
    expect(current(viewer)).toBe('2. Nf3')
  })

  it("'Flip board' turns the board; it starts from the student's side", async () => {
    const { viewer, user } = await setup('black')
    const rankOrder = () =>
      [...viewer.querySelectorAll('[data-square]')].map((s) => s.getAttribute('data-square')).slice(0, 2)
    expect(rankOrder()).toEqual(['h1', 'g1'])
    await user.click(within(viewer).getByRole('button', { name: 'Flip board' }))
    expect(rankOrder()).toEqual(['a8', 'b8'])
  })

  it("'Play from here' opens /home with the line's start, the moves to the position shown and the line's side", async () => {
    const { viewer, user } = await setup('black')
    await user.click(within(viewer).getByRole('button', { name: '2. Nf3' }))
    await user.click(within(viewer).getByRole('button', { name: 'Play from here' }))
    expect(await screen.findByText(`Home with ${START_FEN} then e2e4 e7e5 g1f3 as black`)).toBeInTheDocument()
  })

  it("'Play from here' at the start hands over the start position", async () => {
    const { viewer, user } = await setup()
    await user.click(within(viewer).getByRole('button', { name: 'Play from here' }))
    expect(await screen.findByText(`Home with ${START_FEN} then no moves as white`)).toBeInTheDocument()
  })

  it("plays the line's next move by clicks (into a variation too); a move off the line is refused", async () => {
    const { viewer } = await setup()
    fireEvent.click(squareOf(viewer, 'e2')!)
    fireEvent.click(squareOf(viewer, 'e4')!)
    expect(current(viewer)).toBe('1. e4')
    expect(marksOn('e2')).toContain('last')
    expect(marksOn('e4')).toContain('last')
    fireEvent.click(squareOf(viewer, 'e7')!)
    fireEvent.click(squareOf(viewer, 'e5')!)
    fireEvent.click(squareOf(viewer, 'g1')!)
    fireEvent.click(squareOf(viewer, 'f3')!)
    expect(comment(viewer)).toBe('Attacks e5.')
    // 2... d6 is the variation
    fireEvent.click(squareOf(viewer, 'd7')!)
    fireEvent.click(squareOf(viewer, 'd6')!)
    expect(current(viewer)).toBe('2... d6')
    fireEvent.click(squareOf(viewer, 'a2')!)
    fireEvent.click(squareOf(viewer, 'a3')!)
    expect(within(viewer).getByText('That move is not in this line.')).toHaveAttribute('role', 'status')
    expect(current(viewer)).toBe('2... d6')
  })

  it("takes the line's next move typed, as on the board", async () => {
    const { viewer, user } = await setup()
    const input = within(viewer).getByRole('textbox', { name: 'Next move' })
    await user.type(input, 'e4{Enter}')
    expect(current(viewer)).toBe('1. e4')
    expect(input).toHaveValue('')
    await user.type(input, 'd5{Enter}')
    expect(within(viewer).getByText('That move is not in this line.')).toBeInTheDocument()
    expect(current(viewer)).toBe('1. e4')
  })

  it('keeps the annotations of the PGN in the move list: !, ?, !?, ?!, !!, ?? and NAGs', async () => {
    const teacher = seedUser({ username: 'teacher', role: 'instructor' })
    const stu = seedUser({ username: 'stu' })
    const course = seedCourse({ title: 'Openings', instructor: teacher })
    const pgn = '1. e4! e5? 2. Nf3!? Nc6?! 3. Bc4!! Nd4?? 4. Nxe5 $1 Qg5 $2 5. Nxf7 $5 *'
    seedModule({ courseId: course._id, title: 'Glyphs', line: { pgn, side: 'white' } })
    seedEnrollment(course._id, stu._id)
    renderWithProviders(<ModulesPage />, {
      route: `/courses/${course._id}/modules`,
      path: '/courses/:courseId/modules',
      preloadedState: { auth: sessionOf(stu) },
    })
    const viewer = await screen.findByRole('region', { name: 'Line: Glyphs' })
    const moves = within(within(viewer).getByRole('navigation', { name: 'Moves' })).getAllByRole('button')
    expect(moves.map((b) => b.textContent)).toEqual([
      '1. e4!',
      'e5?',
      '2. Nf3!?',
      'Nc6?!',
      '3. Bc4!!',
      'Nd4??',
      '4. Nxe5!',
      'Qg5?',
      '5. Nxf7!?',
    ])
  })
})
