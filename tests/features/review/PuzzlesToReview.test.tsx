// /review: 'Puzzles to review', the caller's own mistakes kept from their games ('Find the better move', the move they
// played named) and the rated puzzles they failed ('Solve the puzzle'), one after another from the solver's position,
// the opponent's last move marked. The first move decides: right, the solution plays on and 'Solved.'; wrong, 'Not
// the move.' and the solution is shown; the review is sent once with `solved`, then 'Next puzzle'; after the last,
// only when the next one is due. The page never says 'Nothing to review.' while puzzles are due. The puzzles' API is
// a fixed msw answer here; the lines' come from the server.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { DuePuzzles, ReviewPuzzle } from '@/api/generated/puzzlesApi'
import { config } from '@/app/config'
import { reviewDate } from '@/features/lines/reviewDate'
import ReviewPage, { nothingToReviewText } from '@/features/review/ReviewPage'
import {
  problem,
  query,
  seedCourse,
  seedEnrollment,
  seedModule,
  seedReview,
  seedUser,
  sessionOf,
} from '../../helpers/backend'
import { server } from '../../helpers/mswServer'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { stubBoardLayout } from '../game/boardLayout'

vi.setConfig({ testTimeout: 30000 })
beforeEach(() => {
  stubBoardLayout()
})
afterEach(() => {
  vi.restoreAllMocks()
})

const MINUTE = 60_000
const inFuture = (ms: number) => new Date(Date.now() + ms).toISOString()

/** Scholar's mate's 3... Nf6??, after White's 3. Bc4: g6 was the better move. */
const blunder: ReviewPuzzle = {
  id: '0b7d3c9e-1f5a-4c1e-9a51-6f1f0c7e0001',
  kind: 'mistake',
  fen: 'r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3',
  lastMove: 'f1c4',
  moves: ['g7g6'],
  played: 'Nf6',
  mark: '??',
  gameId: '0b7d3c9e-1f5a-4c1e-9a51-6f1f0c7e00aa',
  puzzleId: null,
  dueAt: new Date().toISOString(),
}
/** A failed rated puzzle after Black's h7h6: Nc7+ forks the king and the queen, the king steps away, Nxa8. */
const fork: ReviewPuzzle = {
  id: '0b7d3c9e-1f5a-4c1e-9a51-6f1f0c7e0002',
  kind: 'puzzle',
  fen: 'q3k3/8/7p/3N4/8/8/8/6K1 w - - 0 2',
  lastMove: 'h7h6',
  moves: ['d5c7', 'e8d7', 'c7a8'],
  played: null,
  mark: null,
  gameId: null,
  puzzleId: 'fork1',
  dueAt: new Date().toISOString(),
}

/** The review queue as a fixed server answers it; the reviews posted are kept. */
function puzzlesServer(due: ReviewPuzzle[], nextDueAt: string | null, reviewedDue = inFuture(10 * MINUTE)) {
  const reviews: { id: string; body: unknown }[] = []
  server.use(
    http.get(`${config.apiBaseUrl}/api/reviews/puzzles`, () =>
      HttpResponse.json<DuePuzzles>({ due, nextDueAt }),
    ),
    http.post(`${config.apiBaseUrl}/api/reviews/puzzles/:id`, async ({ request, params }) => {
      reviews.push({ id: String(params.id), body: await request.json() })
      return HttpResponse.json({ dueAt: reviewedDue })
    }),
  )
  return reviews
}

const pieceOn = (square: string) =>
  document.querySelector(`[data-square="${square}"] [data-piece]`)?.getAttribute('data-piece') ?? null
const marksOn = (square: string) =>
  document.querySelector(`[data-square="${square}"] .board-square`)?.getAttribute('data-mark')?.split(' ') ??
  []
function move(from: string, to: string) {
  fireEvent.click(document.querySelector<HTMLElement>(`[data-square="${from}"]`)!)
  fireEvent.click(document.querySelector<HTMLElement>(`[data-square="${to}"]`)!)
}

function openReview(user = seedUser({ username: 'solver' })) {
  return renderWithProviders(<ReviewPage />, {
    route: '/review',
    path: '/review',
    preloadedState: { auth: sessionOf(user) },
  })
}

const section = () => screen.getByRole('region', { name: 'Puzzles to review' })
const puzzleStatus = () => within(section()).getByRole('status')

describe("/review: 'Puzzles to review'", () => {
  it('solves a mistake right and a failed puzzle wrong, sending each review once, then says when the next is due', async () => {
    const later = inFuture(3 * 24 * 60 * MINUTE)
    const reviews = puzzlesServer([blunder, fork], later)
    const { user } = openReview()
    expect(await screen.findByRole('heading', { name: 'Puzzles to review' })).toBeInTheDocument()
    // no lines are due, but puzzles are: the page does not say there is nothing to review
    expect(screen.queryByText(/Nothing to review/)).not.toBeInTheDocument()
    expect(within(section()).getByText('Puzzle 1 of 2')).toBeInTheDocument()
    expect(within(section()).getByRole('heading', { name: 'Find the better move' })).toBeInTheDocument()
    expect(within(section()).getByText('You played 3... Nf6??')).toBeInTheDocument()
    // the board turned to Black, the side to move, White's 3. Bc4 marked as the last move
    expect(screen.getByRole('application', { name: 'Puzzle board, you play black' })).toBeInTheDocument()
    const squares = [...document.querySelectorAll('[data-square]')].map((s) => s.getAttribute('data-square'))
    expect(squares[0]).toBe('h1')
    expect(marksOn('f1')).toContain('last')
    expect(marksOn('c4')).toContain('last')
    expect(puzzleStatus()).toHaveTextContent('Black to move.')
    expect(within(section()).queryByRole('button', { name: 'Next puzzle' })).not.toBeInTheDocument()

    move('g7', 'g6')
    await waitFor(() => expect(puzzleStatus()).toHaveTextContent('Solved.'))
    await waitFor(() => expect(pieceOn('g6')).toBe('bP'))
    await waitFor(() => expect(reviews).toEqual([{ id: blunder.id, body: { solved: true } }]))
    await user.click(within(section()).getByRole('button', { name: 'Next puzzle' }))

    // the failed rated puzzle: White to move after Black's h7h6
    expect(await within(section()).findByRole('heading', { name: 'Solve the puzzle' })).toBeInTheDocument()
    expect(within(section()).getByText('Puzzle 2 of 2')).toBeInTheDocument()
    expect(within(section()).queryByText(/You played/)).not.toBeInTheDocument()
    expect(screen.getByRole('application', { name: 'Puzzle board, you play white' })).toBeInTheDocument()
    expect(marksOn('h6')).toContain('last')
    move('g1', 'g2')
    await waitFor(() => expect(puzzleStatus()).toHaveTextContent('Not the move.'))
    // the wrong move is not kept: the solution is played from the position instead, to Nxa8
    await waitFor(() => expect(pieceOn('a8')).toBe('wN'), { timeout: 5000 })
    expect(pieceOn('d7')).toBe('bK')
    expect(pieceOn('g1')).toBe('wK')
    expect(reviews).toEqual([
      { id: blunder.id, body: { solved: true } },
      { id: fork.id, body: { solved: false } },
    ])
    await user.click(within(section()).getByRole('button', { name: 'Next puzzle' }))

    // after the last, only when the next one is due: the earliest of those reviewed and those not due yet
    const next = reviewDate(inFuture(10 * MINUTE))
    expect(await screen.findByText(`Next puzzle review ${next}.`)).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Puzzles to review' })).not.toBeInTheDocument()
    expect(await screen.findByText(`Nothing to review. Next review ${next}.`)).toBeInTheDocument()
    expect(reviews).toHaveLength(2)
  })

  it('plays the rest of the solution after a right first move', async () => {
    const reviews = puzzlesServer([fork], null)
    openReview()
    await screen.findByRole('heading', { name: 'Solve the puzzle' })
    move('d5', 'c7')
    await waitFor(() => expect(puzzleStatus()).toHaveTextContent('Solved.'))
    await waitFor(() => expect(pieceOn('a8')).toBe('wN'), { timeout: 5000 })
    expect(pieceOn('d7')).toBe('bK')
    expect(reviews).toEqual([{ id: fork.id, body: { solved: true } }])
  })

  it('says when a review could not be saved, and still moves on', async () => {
    puzzlesServer([blunder], null)
    server.use(
      http.post(`${config.apiBaseUrl}/api/reviews/puzzles/:id`, () => problem(503, 'Service Unavailable')),
    )
    const { user } = openReview()
    await screen.findByRole('heading', { name: 'Find the better move' })
    move('g7', 'g6')
    expect(
      await screen.findByText('This review could not be saved: the puzzle stays due.'),
    ).toBeInTheDocument()
    await user.click(within(section()).getByRole('button', { name: 'Next puzzle' }))
    expect(await screen.findByText('Nothing to review.')).toBeInTheDocument()
  })

  it('shows the due lines without the section when no puzzle is due; after them, the earliest review of either', async () => {
    const teacher = seedUser({ username: 'teacher', role: 'instructor' })
    const stu = seedUser({ username: 'stu' })
    const course = seedCourse({ title: 'Openings', instructor: teacher })
    seedEnrollment(course._id, stu._id)
    const opening = seedModule({
      courseId: course._id,
      title: 'Opening',
      line: { pgn: '1. e4 e5 2. Nf3 *', side: 'black' },
    })
    seedReview(stu, opening, new Date(Date.now() - MINUTE).toISOString())
    const puzzlesLater = inFuture(5 * MINUTE)
    puzzlesServer([], puzzlesLater)
    const { user } = openReview(stu)
    expect(await screen.findByRole('heading', { name: 'Opening' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Puzzles to review' })).not.toBeInTheDocument()
    expect(screen.queryByText(/Nothing to review|Next puzzle review/)).not.toBeInTheDocument()
    const panel = screen.getByRole('region', { name: 'Practice: Opening' })
    await within(panel).findByText('White pawn to e4', {}, { timeout: 3000 })
    await user.type(within(panel).getByRole('textbox', { name: 'Your move' }), 'e5{Enter}')
    await user.click(await screen.findByRole('button', { name: 'Finish' }, { timeout: 3000 }))
    const [{ next }] = await query<{ next: Date }>(
      'SELECT min(due) AS next FROM line_reviews WHERE user_id = $1',
      [stu._id],
    )
    const earliest = next.getTime() < Date.parse(puzzlesLater) ? next.toISOString() : puzzlesLater
    expect(await screen.findByText(nothingToReviewText(earliest))).toBeInTheDocument()
  })

  it("says the puzzles could not be loaded rather than 'Nothing to review.'", async () => {
    server.use(
      http.get(`${config.apiBaseUrl}/api/reviews/puzzles`, () => problem(503, 'Service Unavailable')),
    )
    openReview()
    expect(await screen.findByText('The puzzles to review could not be loaded.')).toBeInTheDocument()
    expect(screen.queryByText(/Nothing to review/)).not.toBeInTheDocument()
  })
})
