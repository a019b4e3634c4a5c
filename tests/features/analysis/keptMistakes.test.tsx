// /analysis?game={id}: when the report of one of the player's kept games ends, their own mistakes ('?') and blunders
// ('??') are kept as puzzles to review, once per report, and the page says how many under the report, with a link
// to /review; not the opponent's, not the inaccuracies. The engine's worker is the analysis tests' fake, given
// scores here that make a game with a mistake, an inaccuracy and a blunder of Black's and a mistake of White's.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { http } from 'msw'
import { config } from '@/app/config'
import { renderApp } from '../../helpers/renderWithProviders'
import { problem, query, seedUser, sessionOf } from '../../helpers/backend'
import { server } from '../../helpers/mswServer'
import { stubBoardLayout } from '../game/boardLayout'
import { extraAnswers, FakeWorker, fakeWorkers as workers } from './fakeEngine'

vi.setConfig({ testTimeout: 30000 })
let layout: ReturnType<typeof stubBoardLayout>
beforeEach(() => {
  layout = stubBoardLayout()
  workers.length = 0
  vi.stubGlobal('Worker', FakeWorker)
  // 1... e5? (Black gives 0.24 of its chances), 2. Qh5? (White gives 0.27), 2... Nc6?! (Black gives 0.15),
  // 3... Nf6?? (mate in one): White's view +25, +25, +160, +10, +90, +90, then mate.
  extraAnswers.set('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2', [
    'score cp 160 pv g1f3',
    'g1f3',
  ])
  extraAnswers.set('rnbqkbnr/pppp1ppp/8/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2', [
    'score cp -10 pv g8f6',
    'g8f6',
  ])
  extraAnswers.set('r1bqkbnr/pppp1ppp/2n5/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 2 3', [
    'score cp 90 pv g1f3',
    'g1f3',
  ])
  extraAnswers.set('r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3', [
    'score cp -90 pv g7g6',
    'g7g6',
  ])
})
afterEach(() => {
  extraAnswers.clear()
  layout.mockRestore()
  vi.unstubAllGlobals()
})

const GAME = '[Event "Practice game"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n'
const moves = () => screen.getByRole('navigation', { name: 'Moves' })

async function keptGame(colour: 'white' | 'black') {
  const me = seedUser({ username: 'analyst' })
  const [{ id }] = await query<{ id: string }>(
    `INSERT INTO games (user_id, key, pgn, result, opponent_level, colour, moves)
     VALUES ($1, gen_random_uuid(), $2, '1-0', 'random', $3, 7) RETURNING id`,
    [me._id, GAME, colour],
  )
  return { me, id }
}

/** The bodies posted to keep a game's mistakes; the requests go on to the server. */
function recordPosts() {
  const posts: unknown[] = []
  server.use(
    http.post(`${config.apiBaseUrl}/api/games/:gameId/mistakes`, async ({ request }) => {
      posts.push(await request.clone().json())
    }),
  )
  return posts
}

describe("a kept game's mistakes kept as puzzles", () => {
  it("keeps the player's own mistakes and blunders, not the opponent's nor the inaccuracies, and says so", async () => {
    const { me, id } = await keptGame('black')
    const posts = recordPosts()
    const { user } = renderApp(`/analysis?game=${id}`, { preloadedState: { auth: sessionOf(me) } })
    const said = await screen.findByText(
      '2 mistakes added to your review as puzzles.',
      {},
      { timeout: 15_000 },
    )
    // the report's marks are as before: White's mistake and Black's inaccuracy are marked, not kept
    expect(within(moves()).getByRole('button', { name: '2. Qh5?' })).toBeInTheDocument()
    expect(within(moves()).getByRole('button', { name: 'Nc6?!' })).toBeInTheDocument()
    expect(within(moves()).getByRole('button', { name: 'e5?' })).toBeInTheDocument()
    expect(within(moves()).getByRole('button', { name: 'Nf6??' })).toBeInTheDocument()
    expect(posts).toEqual([
      {
        mistakes: [
          { ply: 1, better: 'Nf6', mark: '?' },
          { ply: 5, better: 'g6', mark: '??' },
        ],
      },
    ])
    const rows = await query<{ ply: number }>(
      'SELECT ply FROM puzzle_reviews WHERE user_id = $1 ORDER BY ply',
      [me._id],
    )
    expect(rows).toEqual([{ ply: 1 }, { ply: 5 }])
    expect(said).toHaveTextContent('2 mistakes added to your review as puzzles. Review them')
    await user.click(within(said).getByRole('link', { name: 'Review them' }))
    expect(await screen.findByRole('heading', { name: 'Puzzles to review' })).toBeInTheDocument()
  })

  it('keeps nothing twice: the same game reported again says its mistakes are already in the review', async () => {
    const { me, id } = await keptGame('black')
    const first = renderApp(`/analysis?game=${id}`, { preloadedState: { auth: sessionOf(me) } })
    await screen.findByText('2 mistakes added to your review as puzzles.', {}, { timeout: 15_000 })
    first.unmount()
    renderApp(`/analysis?game=${id}`, { preloadedState: { auth: sessionOf(me) } })
    expect(
      await screen.findByText(
        '2 mistakes of this game are in your review as puzzles.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument()
    const [{ count }] = await query<{ count: number }>(
      'SELECT count(*)::int AS count FROM puzzle_reviews WHERE user_id = $1',
      [me._id],
    )
    expect(count).toBe(2)
  })

  it('sends nothing and says nothing when the player made no mistake (White here)', async () => {
    const { me, id } = await keptGame('white')
    extraAnswers.clear()
    const posts = recordPosts()
    renderApp(`/analysis?game=${id}`, { preloadedState: { auth: sessionOf(me) } })
    await screen.findByRole('button', { name: 'Next mistake' }, { timeout: 15_000 })
    await new Promise((r) => setTimeout(r, 300))
    expect(posts).toEqual([])
    expect(screen.queryByText(/in your review as puzzles|added to your review/)).not.toBeInTheDocument()
  })

  it('says so plainly when the mistakes could not be kept, and tries again', async () => {
    const { me, id } = await keptGame('black')
    let refusals = 1
    server.use(
      http.post(`${config.apiBaseUrl}/api/games/:gameId/mistakes`, () =>
        refusals-- > 0 ? problem(503, 'Service Unavailable') : undefined,
      ),
    )
    const { user } = renderApp(`/analysis?game=${id}`, { preloadedState: { auth: sessionOf(me) } })
    expect(
      await screen.findByText('Your mistakes could not be added to your review.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('2 mistakes added to your review as puzzles.')).toBeInTheDocument()
  })
})
