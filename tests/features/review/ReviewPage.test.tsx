// /home shows 'Lines to review: {n}' to a signed-in student with due lines, linking to /review,
// which runs the due lines one after another in practice mode, each under its line's own prompt, and ends with
// 'Nothing to review. Next review {date}.' (or 'Nothing to review.' when nothing is scheduled); below, the reviews of
// the next 7 days and the 'Difficult moves', each opening its position.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { Route, Routes, useLocation } from 'react-router-dom'
import HomePage from '@/features/home/HomePage'
import ReviewPage, { nothingToReviewText } from '@/features/review/ReviewPage'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import {
  query,
  seedCourse,
  seedEnrollment,
  seedModule,
  seedReview,
  seedUser,
  sessionOf,
} from '../../helpers/backend'
import { stubBoardLayout } from '../game/boardLayout'

vi.setConfig({ testTimeout: 30000 })
beforeEach(() => {
  stubBoardLayout()
})
afterEach(() => {
  vi.restoreAllMocks()
})

const HOUR = 3600_000
const MATE_FEN = 'r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1'
const ago = (ms: number) => new Date(Date.now() - ms).toISOString()
const inFuture = (ms: number) => new Date(Date.now() + ms).toISOString()

function world() {
  const teacher = seedUser({ username: 'teacher', role: 'instructor' })
  const stu = seedUser({ username: 'stu' })
  const course = seedCourse({ title: 'Tactics', instructor: teacher })
  seedEnrollment(course._id, stu._id)
  const mate = seedModule({
    courseId: course._id,
    title: 'Mate in two',
    line: {
      pgn: `[SetUp "1"]\n[FEN "${MATE_FEN}"]\n{White to play and mate in two.} 1. Qd8+ Bxd8 2. Re8# 1-0`,
      side: 'white',
    },
  })
  const opening = seedModule({
    courseId: course._id,
    title: 'Opening',
    line: { pgn: '1. e4 e5 2. Nf3 *', side: 'black' },
  })
  const later = seedModule({ courseId: course._id, title: 'Later', line: { pgn: '1. d4 *', side: 'white' } })
  return { stu, mate, opening, later }
}

/** Stands in for /analysis: the position it was asked to open. */
function Opened() {
  const state = useLocation().state as { analysis?: { fen?: string } } | null
  return <p>Analysis of {state?.analysis?.fen}</p>
}

const routes = (
  <Routes>
    <Route path="/home" element={<HomePage />} />
    <Route path="/review" element={<ReviewPage />} />
    <Route path="/analysis" element={<Opened />} />
  </Routes>
)

describe("/home: 'Lines to review'", () => {
  it('shows the count of due lines to a signed-in student, linking to /review', async () => {
    const w = world()
    seedReview(w.stu, w.mate, ago(2 * HOUR))
    seedReview(w.stu, w.opening, ago(HOUR))
    seedReview(w.stu, w.later, inFuture(48 * HOUR))
    const { user } = renderWithProviders(routes, {
      route: '/home',
      preloadedState: { auth: sessionOf(w.stu) },
    })
    const link = await screen.findByRole('link', { name: 'Lines to review: 2' })
    expect(link).toHaveAttribute('href', '/review')
    await user.click(link)
    expect(await screen.findByRole('heading', { name: 'Review' })).toBeInTheDocument()
  })

  it('shows nothing when no line is due, nor to a visitor', async () => {
    const w = world()
    seedReview(w.stu, w.later, inFuture(48 * HOUR))
    renderWithProviders(routes, { route: '/home', preloadedState: { auth: sessionOf(w.stu) } })
    expect(await screen.findByRole('button', { name: 'New game' }, { timeout: 15000 })).toBeInTheDocument()
    // the count was asked for and is 0
    await new Promise((r) => setTimeout(r, 300))
    expect(screen.queryByText(/Lines to review/)).not.toBeInTheDocument()
  })
})

describe('/review', () => {
  it('runs the due lines one after another in practice mode, then names the next review', async () => {
    const w = world()
    seedReview(w.stu, w.mate, ago(2 * HOUR))
    seedReview(w.stu, w.opening, ago(HOUR))
    const nextDue = inFuture(48 * HOUR)
    seedReview(w.stu, w.later, nextDue)
    const { user } = renderWithProviders(routes, {
      route: '/review',
      preloadedState: { auth: sessionOf(w.stu) },
    })
    // the most overdue first: the mate in two, in practice mode
    expect(await screen.findByRole('heading', { name: 'Mate in two' })).toBeInTheDocument()
    expect(screen.getByText(/Line 1 of 2/)).toBeInTheDocument()
    const panel = screen.getByRole('region', { name: 'Practice: Mate in two' })
    // the line's own prompt, not only 'Your move.'
    expect(within(panel).getByText('White to play and mate in two.')).toBeInTheDocument()
    expect(within(panel).getByRole('status', { name: 'Practice status' })).toHaveTextContent('Your move.')
    const input = within(panel).getByRole('textbox', { name: 'Your move' })
    await user.type(input, 'Qd8+{Enter}')
    await within(panel).findByText('Black bishop takes on d8', {}, { timeout: 3000 })
    await user.type(input, 'Re8#{Enter}')
    const status = within(panel).getByRole('status', { name: 'Practice status' })
    expect(status).toHaveTextContent('Line complete: 2 of 2 moves right at the first try.')
    await user.click(await screen.findByRole('button', { name: 'Next line' }))

    // the second line: Black, the opponent opens
    expect(await screen.findByRole('heading', { name: 'Opening' })).toBeInTheDocument()
    const second = screen.getByRole('region', { name: 'Practice: Opening' })
    // a line without a prompt of its own names the side played
    expect(within(second).getByText('You play Black.')).toBeInTheDocument()
    await within(second).findByText('White pawn to e4', {}, { timeout: 3000 })
    await user.type(within(second).getByRole('textbox', { name: 'Your move' }), 'e5{Enter}')
    await within(second).findByText('White knight to f3', {}, { timeout: 3000 })
    expect(within(second).getByRole('status', { name: 'Practice status' })).toHaveTextContent(
      'Line complete: 1 of 1 moves right at the first try.',
    )
    await user.click(await screen.findByRole('button', { name: 'Finish' }))

    // both practices were recorded (Good: no mistake); the next review is the earliest one scheduled
    const [{ next }] = await query<{ next: Date }>(
      'SELECT min(due) AS next FROM line_reviews WHERE user_id = $1',
      [w.stu._id],
    )
    expect(next.getTime()).toBeLessThanOrEqual(Date.parse(nextDue))
    const text = nothingToReviewText(next.toISOString())
    expect(text).toMatch(
      /^Nothing to review\. Next review [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M\.$/,
    )
    expect(await screen.findByText(text)).toBeInTheDocument()
    const grades = await query<{ last_grade: string }>(
      'SELECT last_grade FROM line_reviews WHERE user_id = $1 AND reps > 1 ORDER BY last_grade',
      [w.stu._id],
    )
    expect(grades).toEqual([{ last_grade: 'good' }, { last_grade: 'good' }])
  })

  it("reads 'Nothing to review.' when nothing is scheduled", async () => {
    const w = world()
    renderWithProviders(routes, { route: '/review', preloadedState: { auth: sessionOf(w.stu) } })
    expect(await screen.findByText('Nothing to review.')).toBeInTheDocument()
  })

  it('shows the reviews of the next 7 days by day, and the moves missed most, each opening its position', async () => {
    const w = world()
    seedReview(w.stu, w.mate, ago(HOUR))
    seedReview(w.stu, w.later, inFuture(72 * HOUR))
    await query(
      `INSERT INTO line_mistakes (user_id, module_id, course_id, fen, san, move_number, color, misses, last_missed_at)
       VALUES ($1, $2, $3, $4, 'Qd8+', 1, 'w', 3, $5), ($1, $6, $3, $7, 'e5', 1, 'b', 1, $5)`,
      [
        w.stu._id,
        w.mate._id,
        w.mate.courseId,
        MATE_FEN,
        ago(HOUR),
        w.opening._id,
        'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
      ],
    )
    const { user } = renderWithProviders(routes, {
      route: '/review',
      preloadedState: { auth: sessionOf(w.stu) },
    })
    const forecast = await screen.findByRole('table')
    expect(screen.getByRole('heading', { name: 'The next 7 days' })).toBeInTheDocument()
    const rows = within(forecast)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent)
    const inThreeDays = new Date(Date.now() + 72 * HOUR).toLocaleDateString('en-US', { weekday: 'long' })
    expect(rows).toHaveLength(7)
    expect(rows.slice(0, 4)).toEqual([
      'Today1',
      'Tomorrow0',
      expect.stringMatching(/^[A-Z][a-z]+day0$/),
      `${inThreeDays}1`,
    ])

    const difficult = screen.getByRole('heading', { name: 'Difficult moves' }).closest('section')!
    const items = within(difficult).getAllByRole('listitem')
    expect(items.map((i) => i.textContent)).toEqual([
      '1. Qd8+ in Mate in two, missed 3 times',
      '1... e5 in Opening, missed 1 time',
    ])
    await user.click(
      within(difficult).getByRole('link', { name: '1. Qd8+ in Mate in two: open the position' }),
    )
    expect(await screen.findByText(`Analysis of ${MATE_FEN}`)).toBeInTheDocument()
  })
})
