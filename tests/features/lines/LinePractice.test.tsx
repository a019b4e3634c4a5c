// 'Practise this line' on a module card, with typed moves and with clicks on the board. The other side's moves come
// after about half a second and are marked as the last move, a wrong move is taken back with 'Not the move we are
// looking for. Try again.' and offers 'Hint' (marks the piece to move) and 'Show me' (plays it: 'The move was
// {SAN}.', a mistake), the author's comment on the move is shown, the end reads 'Line complete: {k} of {n} moves right at the first try.', every move
// is announced in words, and the finished practice is recorded on the server (one mistake: Hard), with the move
// missed; a line's sideline is practised next ('Next variation'), recorded on its own.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import ModulesPage from '@/features/modules/ModulesPage'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { query, seedCourse, seedEnrollment, seedModule, seedUser, sessionOf } from '../../helpers/backend'
import { stubBoardLayout } from '../game/boardLayout'
import { marksOn, squareEl } from '../game/boardHarness'

let layout: ReturnType<typeof stubBoardLayout>
beforeEach(() => {
  layout = stubBoardLayout()
})
afterEach(() => layout.mockRestore())

const PGN = '1. e4 e5 2. Nf3 {Attacks e5.} Nc6 (2... d6) 3. Bc4 Bc5 *'

async function practise(side: 'white' | 'black') {
  const teacher = seedUser({ username: 'teacher', role: 'instructor' })
  const stu = seedUser({ username: 'stu' })
  const course = seedCourse({ title: 'Openings', instructor: teacher })
  const mod = seedModule({ courseId: course._id, title: 'Italian Game', line: { pgn: PGN, side } })
  seedEnrollment(course._id, stu._id)
  const r = renderWithProviders(<ModulesPage />, {
    route: `/courses/${course._id}/modules`,
    path: '/courses/:courseId/modules',
    preloadedState: { auth: sessionOf(stu) },
  })
  const viewer = await screen.findByRole('region', { name: 'Line: Italian Game' })
  await r.user.click(within(viewer).getByRole('button', { name: 'Practise this line' }))
  const panel = await screen.findByRole('region', { name: 'Practice: Italian Game' })
  const status = within(panel).getByRole('status', { name: 'Practice status' })
  const spoken = () => panel.querySelector('[aria-live="polite"]:not([role])')?.textContent
  const input = within(panel).getByRole('textbox', { name: 'Your move' })
  const play = async (move: string) => {
    await r.user.clear(input)
    await r.user.type(input, `${move}{Enter}`)
  }
  return { ...r, panel, status, spoken, play, stu, mod }
}

describe("'Practise this line'", () => {
  it('plays White with one mistake: Try again, the opponent answers, Line complete 2 of 3, graded Hard', async () => {
    const p = await practise('white')
    expect(p.status).toHaveTextContent('Your move.')
    await p.play('e4')
    expect(p.spoken()).toBe('White pawn to e4')
    // the opponent's move comes after about half a second, announced in words
    expect(await within(p.panel).findByText('Black pawn to e5', {}, { timeout: 2000 })).toBeInTheDocument()
    await p.play('Nc3')
    expect(p.status).toHaveTextContent('Try again.')
    expect(p.spoken()).toBe('Black pawn to e5')
    await p.play('Nf3')
    expect(p.spoken()).toBe('White knight to f3')
    await within(p.panel).findByText('Black knight to c6', {}, { timeout: 2000 })
    await p.play('Bc4')
    await within(p.panel).findByText('Black bishop to c5', {}, { timeout: 2000 })
    expect(p.status).toHaveTextContent('Line complete: 2 of 3 moves right at the first try.')
    // recorded for the review schedule: one mistake is Hard (the server reads the line on a reader thread to name
    // the move missed, which may have to start first)
    expect(
      await within(p.panel.parentElement!).findByText(/^Next review /, {}, { timeout: 10_000 }),
    ).toBeInTheDocument()
    const rows = await query<{ last_grade: string; reps: number; variation: string }>(
      'SELECT last_grade, reps, variation FROM line_reviews WHERE user_id = $1 AND module_id = $2',
      [p.stu._id, p.mod._id],
    )
    expect(rows).toEqual([{ last_grade: 'hard', reps: 1, variation: '' }])
    // the move missed, 2. Nf3, counted for 'Difficult moves'
    expect(
      await query('SELECT san, move_number, misses FROM line_mistakes WHERE user_id = $1', [p.stu._id]),
    ).toEqual([{ san: 'Nf3', move_number: 2, misses: 1 }])
    // the line has a sideline (2... d6): practised next, and recorded on its own
    expect(within(p.panel.parentElement!).getByText('Main line (1 of 2)')).toBeInTheDocument()
    await p.user.click(within(p.panel.parentElement!).getByRole('button', { name: 'Next variation' }))
    expect(await screen.findByText('Variation 2... d6 (2 of 2)')).toBeInTheDocument()
  })

  it("plays by clicks; a wrong move offers 'Hint' and 'Show me' ('The move was {SAN}.'), then the comment", async () => {
    const p = await practise('black')
    // Black: the opponent opens after half a second, its move marked as the last move
    await within(p.panel).findByText('White pawn to e4', {}, { timeout: 2000 })
    expect(marksOn('e2')).toContain('last')
    expect(marksOn('e4')).toContain('last')
    expect(within(p.panel).queryByRole('button', { name: 'Hint' })).toBeNull()
    // click c7, then c5: a wrong move
    fireEvent.click(squareEl('c7'))
    fireEvent.click(squareEl('c5'))
    expect(p.status).toHaveTextContent('Not the move we are looking for. Try again.')
    await p.user.click(within(p.panel).getByRole('button', { name: 'Hint' }))
    expect(marksOn('e7')).toContain('hint')
    await p.user.click(within(p.panel).getByRole('button', { name: 'Show me' }))
    expect(p.status).toHaveTextContent('The move was e5.')
    expect(p.spoken()).toBe('Black pawn to e5')
    expect(marksOn('e5')).toContain('last')
    await within(p.panel).findByText('White knight to f3', {}, { timeout: 2000 })
    // the author's comment on the reply
    expect(within(p.panel).getByRole('note', { name: 'Comment' })).toHaveTextContent('Attacks e5.')
    fireEvent.click(squareEl('b8'))
    fireEvent.click(squareEl('c6'))
    expect(p.spoken()).toBe('Black knight to c6')
    await within(p.panel).findByText('White bishop to c4', {}, { timeout: 2000 })
    await p.play('Bc5')
    expect(p.status).toHaveTextContent('Line complete: 2 of 3 moves right at the first try.')
  })

  it("says 'Invalid move.' for a move that is not legal, without counting it", async () => {
    const p = await practise('white')
    await p.play('Ke2')
    expect(p.status).toHaveTextContent('Invalid move.')
    await p.play('e4')
    expect(p.status).not.toHaveTextContent('Try again.')
    expect(p.spoken()).toBe('White pawn to e4')
  })
})
