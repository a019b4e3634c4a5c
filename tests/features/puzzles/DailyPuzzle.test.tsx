import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { config } from '@/app/config'
import { DailyPuzzleSlot } from '@/features/home/DailyPuzzleSlot'
import { problem } from '../../helpers/backend'
import {
  FakeIntersectionObserver,
  forgetObservers,
  scrollToEnd,
} from '../../helpers/fakeIntersectionObserver'
import { countRequests, server } from '../../helpers/mswServer'
import { renderWithProviders } from '../../helpers/renderWithProviders'

const daily = `${config.apiBaseUrl}/api/puzzles/daily`

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
})
afterEach(() => {
  forgetObservers()
  vi.unstubAllGlobals()
})

describe("/home's 'Puzzle of the day'", () => {
  it('asks for nothing until its place comes on screen', async () => {
    server.use(http.get(daily, () => problem(404, 'Not Found')))
    renderWithProviders(<DailyPuzzleSlot />, { route: '/home' })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(countRequests('/api/puzzles/daily')).toBe(0)
    scrollToEnd()
    await waitFor(() => expect(countRequests('/api/puzzles/daily')).toBe(1), { timeout: 10000 })
  })

  it("shows the position after the opponent's move, turned to the side to move, and a link that opens the puzzle", async () => {
    server.use(
      http.get(daily, () =>
        HttpResponse.json({
          id: 'mate1',
          fen: 'r5k1/5ppp/8/8/8/8/6PP/6K1 w - - 0 1',
          moves: ['g1h1', 'a8a1'],
          rating: 1380,
          themes: ['mateIn1'],
          plays: 3,
        }),
      ),
    )
    renderWithProviders(<DailyPuzzleSlot />, { route: '/home' })
    scrollToEnd()
    const section = await screen.findByRole('region', { name: 'Puzzle of the day' }, { timeout: 10000 })
    expect(within(section).getByRole('img', { name: 'Puzzle of the day: black to move' })).toBeInTheDocument()
    expect(within(section).getByRole('link', { name: 'Solve the puzzle of the day' })).toHaveAttribute(
      'href',
      '/puzzles/mate1',
    )
    // Black at the bottom: the first square drawn is h1, where white's king now stands; g1 is empty.
    const squares = section.querySelectorAll('.daily-puzzle__board > div')
    expect(squares).toHaveLength(64)
    expect(squares[0]).toHaveAttribute('data-piece', 'wK')
    expect(squares[0].querySelector('svg')).not.toBeNull()
    expect(squares[1]).not.toHaveAttribute('data-piece')
    // Black's pieces at the bottom: g8's king second from h8, the rook on a8 last.
    expect(squares[57]).toHaveAttribute('data-piece', 'bK')
    expect(squares[63]).toHaveAttribute('data-piece', 'bR')
    // Nothing of the puzzle is said before it is opened.
    expect(section).not.toHaveTextContent('1380')
  })

  it('shows nothing when there is no puzzle of the day', async () => {
    server.use(http.get(daily, () => problem(404, 'Not Found', 'No puzzle.')))
    renderWithProviders(<DailyPuzzleSlot />, { route: '/home' })
    scrollToEnd()
    await waitFor(() => expect(countRequests('/api/puzzles/daily')).toBe(1), { timeout: 10000 })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
