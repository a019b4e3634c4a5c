import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Puzzle } from '@/api/generated/puzzlesApi'
import { config } from '@/app/config'
import PuzzlesPage from '@/features/puzzles/PuzzlesPage'
import { problem } from '../../helpers/backend'
import { server } from '../../helpers/mswServer'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { stubBoardLayout } from '../game/boardLayout'

// Rendering the board under jsdom is slow on a busy two-core machine.
vi.setConfig({ testTimeout: 20000 })

/** Black steps away; Nc7+ forks the king and the queen, the king steps aside, Nxa8 wins the queen. */
const fork: Puzzle = {
  id: 'fork1',
  fen: 'q3k3/7p/8/3N4/8/8/8/6K1 b - - 0 1',
  moves: ['h7h6', 'd5c7', 'e8d7', 'c7a8'],
  rating: 1612,
  themes: ['fork', 'short'],
  plays: 40,
}
/** White's king steps into the corner; black mates on the first rank. */
const blackMates: Puzzle = {
  id: 'mate1',
  fen: 'r5k1/5ppp/8/8/8/8/6PP/6K1 w - - 0 1',
  moves: ['g1h1', 'a8a1'],
  rating: 1380,
  themes: ['mateIn1', 'backRankMate'],
  plays: 12,
}

const api = (path: string) => `${config.apiBaseUrl}/api/puzzles${path}`
const signedIn = {
  auth: { token: 'a-token', user: { _id: 'u1', role: 'student' as const, username: 'alice' } },
}

/** The puzzles' API as a fixed server answers it; what the page asked for is kept. */
function puzzleServer(next: Puzzle[] = [fork, blackMates]) {
  const asked = { next: [] as URLSearchParams[], attempts: [] as { id: string; body: unknown }[] }
  let rating = 1500
  server.use(
    http.get(api('/next'), ({ request }) => {
      asked.next.push(new URL(request.url).searchParams)
      const puzzle = next[asked.next.length - 1]
      return puzzle ? HttpResponse.json(puzzle) : problem(404, 'Not Found', 'No puzzle matches.')
    }),
    http.get(api('/rating'), () => HttpResponse.json({ rating, deviation: 300, played: 0 })),
    http.get(api('/:id'), ({ params }) => {
      const puzzle = [fork, blackMates].find((p) => p.id === params.id)
      return puzzle ? HttpResponse.json(puzzle) : problem(404, 'Not Found')
    }),
    http.post(api('/:id/attempts'), async ({ request, params }) => {
      const body = (await request.json()) as { solved: boolean }
      asked.attempts.push({ id: String(params.id), body })
      const change = body.solved ? 12 : -8
      rating += change
      return HttpResponse.json({ rated: true, rating, change, puzzleRating: 1600 })
    }),
  )
  return asked
}

const squareEl = (square: string) => document.querySelector<HTMLElement>(`[data-square="${square}"]`)!
const pieceOn = (square: string) =>
  document.querySelector(`[data-square="${square}"] [data-piece]`)?.getAttribute('data-piece') ?? null
const marksOn = (square: string) =>
  document.querySelector(`[data-square="${square}"] .board-square`)?.getAttribute('data-mark')?.split(' ') ??
  []
const status = () => screen.getByRole('status')

function move(from: string, to: string) {
  fireEvent.click(squareEl(from))
  fireEvent.click(squareEl(to))
}

/** The page at `route`, once the opponent's first move is on the board and the solver may move. */
async function openPuzzles(route = '/puzzles', preloadedState?: typeof signedIn) {
  const view = renderWithProviders(<PuzzlesPage />, {
    route,
    path: route.startsWith('/puzzles/') ? '/puzzles/:puzzleId' : '/puzzles',
    preloadedState,
  })
  await screen.findByText(/^Your turn: find the best move/, {}, { timeout: 10000 })
  await waitFor(() => expect(screen.getByRole('button', { name: 'Hint' })).toBeEnabled())
  return view
}

const waitForStatus = (text: string) =>
  waitFor(() => expect(status()).toHaveTextContent(text), { timeout: 3000 })

beforeEach(() => {
  stubBoardLayout()
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('the puzzle trainer', () => {
  it("plays the opponent's move first, shown as the last move, with the board turned to the side to move", async () => {
    puzzleServer()
    await openPuzzles('/puzzles/mate1')
    await waitFor(() => expect(pieceOn('h1')).toBe('wK'))
    expect(pieceOn('g1')).toBeNull()
    expect(marksOn('g1')).toContain('last')
    expect(marksOn('h1')).toContain('last')
    expect(status()).toHaveTextContent('Your turn: find the best move for Black.')
    expect(screen.getByRole('application', { name: 'Puzzle board, you play black' })).toBeInTheDocument()
    // Black at the bottom: the first square drawn is h1's corner, white's side at the top.
    const squares = [...document.querySelectorAll('[data-square]')].map((s) => s.getAttribute('data-square'))
    expect(squares[0]).toBe('h1')
    expect(squares.at(-1)).toBe('a8')
    // The puzzle's rating and themes wait for its end.
    expect(screen.queryByText('1380')).not.toBeInTheDocument()
    expect(screen.queryByText('Mate in 1, Back-rank mate')).not.toBeInTheDocument()
    move('a8', 'a1')
    await waitForStatus('Solved!')
    expect(screen.getByText('1380')).toBeInTheDocument()
    expect(screen.getByText('Mate in 1, Back-rank mate')).toBeInTheDocument()
  })

  it("plays the opponent's reply after a right move, then says the puzzle is solved and shows its rating and themes", async () => {
    const asked = puzzleServer()
    await openPuzzles('/puzzles', signedIn)
    expect(await screen.findByText('Your puzzle rating:')).toHaveTextContent('Your puzzle rating: 1500')
    move('d5', 'c7')
    await waitForStatus('Best move! Keep going.')
    await waitFor(() => expect(pieceOn('d7')).toBe('bK'))
    expect(marksOn('d7')).toContain('last')
    move('c7', 'a8')
    await waitForStatus('Solved!')
    await waitFor(() => expect(pieceOn('a8')).toBe('wN'))
    await waitFor(() => expect(asked.attempts).toEqual([{ id: 'fork1', body: { solved: true } }]))
    expect(await screen.findByText('+12')).toBeInTheDocument()
    expect(screen.getByText('Your puzzle rating:')).toHaveTextContent('Your puzzle rating: 1512 +12')
    expect(screen.getByText('1612')).toBeInTheDocument()
    expect(screen.getByText('Fork, Short puzzle')).toBeInTheDocument()
  })

  it("says 'Not the move.' on a wrong move and posts the failure once, the rating going down", async () => {
    const asked = puzzleServer()
    await openPuzzles('/puzzles', signedIn)
    move('g1', 'g2')
    await waitForStatus('Not the move.')
    // The wrong move is taken back; the board takes no more moves.
    expect(pieceOn('g1')).toBe('wK')
    move('d5', 'c7')
    fireEvent.click(screen.getByRole('button', { name: 'View the solution' }))
    await waitFor(() => expect(pieceOn('a8')).toBe('wN'), { timeout: 5000 })
    expect(asked.attempts).toEqual([{ id: 'fork1', body: { solved: false } }])
    expect(await screen.findByText('\u22128')).toBeInTheDocument()
    expect(screen.getByText('Your puzzle rating:')).toHaveTextContent('Your puzzle rating: 1492')
  })

  it("counts 'View the solution' as failed and plays the rest of the solution", async () => {
    const asked = puzzleServer()
    await openPuzzles('/puzzles', signedIn)
    fireEvent.click(screen.getByRole('button', { name: 'View the solution' }))
    await waitForStatus('Solution shown: the puzzle counts as failed.')
    await waitFor(() => expect(pieceOn('c7')).toBe('wN'))
    await waitFor(() => expect(pieceOn('a8')).toBe('wN'), { timeout: 5000 })
    expect(asked.attempts).toEqual([{ id: 'fork1', body: { solved: false } }])
    expect(screen.queryByRole('button', { name: 'View the solution' })).not.toBeInTheDocument()
  })

  it("marks the piece to move when 'Hint' is pressed", async () => {
    puzzleServer()
    await openPuzzles()
    expect(marksOn('d5')).not.toContain('hint')
    fireEvent.click(screen.getByRole('button', { name: 'Hint' }))
    expect(marksOn('d5')).toContain('hint')
    expect(status()).toHaveTextContent('Your turn: find the best move for White.')
  })

  it('lets a visitor solve without a rating, inviting them to sign in, and posts nothing', async () => {
    const asked = puzzleServer()
    await openPuzzles()
    expect(screen.queryByText(/Your puzzle rating/)).not.toBeInTheDocument()
    const invitation = screen.getByText(/to keep a puzzle rating/)
    expect(within(invitation).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
    move('d5', 'c7')
    await waitForStatus('Best move! Keep going.')
    await waitFor(() => expect(pieceOn('d7')).toBe('bK'))
    move('c7', 'a8')
    await waitForStatus('Solved!')
    expect(asked.attempts).toEqual([])
  })

  it('asks for the next puzzle with the theme and the difficulty chosen, after the one shown', async () => {
    const asked = puzzleServer()
    await openPuzzles()
    expect([...asked.next[0].entries()]).toEqual([])
    fireEvent.change(screen.getByRole('combobox', { name: 'Theme' }), { target: { value: 'mateIn1' } })
    expect(screen.getByRole('combobox', { name: 'Theme' })).toHaveDisplayValue('Mate in 1')
    fireEvent.change(screen.getByRole('combobox', { name: 'Difficulty' }), { target: { value: 'harder' } })
    // The filters apply to the next puzzle, not to the one being solved.
    expect(asked.next).toHaveLength(1)
    fireEvent.click(screen.getByRole('button', { name: 'Next puzzle' }))
    await screen.findByText('Your turn: find the best move for Black.', {}, { timeout: 5000 })
    expect(Object.fromEntries(asked.next[1])).toEqual({
      theme: 'mateIn1',
      difficulty: 'harder',
      after: 'fork1',
    })
  })

  it('says when no puzzle is left for the filters chosen', async () => {
    puzzleServer([])
    renderWithProviders(<PuzzlesPage />, { route: '/puzzles', path: '/puzzles' })
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No puzzle found. Try another theme or difficulty.',
    )
  })
})
