// 'Recent games' on the player page: chess.com's archives, then the latest month, answered by msw from fixtures.
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider } from 'react-redux'
import { http, HttpResponse } from 'msw'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { config } from '@/app/config'
import { failedCallText } from '@/app/listeners'
import { makeStore } from '@/app/store'
import AnalysisPage from '@/features/analysis/AnalysisPage'
import { loadPlayBoard } from '@/features/game/BoardOnDemand'
import PlayerPage from '@/features/player/PlayerPage'
import { GAMES_SHOWN } from '@/features/player/RecentGames'
import { hikaruArchives, hikaruOctober, matingGame } from '../../helpers/chessComGamesFixtures'
import { requestLog, server } from '../../helpers/mswServer'
import { stubBoardLayout } from '../game/boardLayout'

await loadPlayBoard()

const base = config.chessDataUrl
const ARCHIVES = `${base}/player/:username/games/archives`
const MONTH = `${base}/player/:username/games/:year/:month`

/** The requests made for a player's games, as paths ('/pub/player/hikaru/games/archives'…). */
const gameCalls = () =>
  requestLog.filter((r) => r.url.pathname.includes('/games')).map((r) => `${r.url.host}${r.url.pathname}`)

/** chess.com answering hikaru's archives and his October 2026. */
function answerHikaru() {
  server.use(
    http.get(ARCHIVES, ({ params }) =>
      params.username === 'hikaru' ? HttpResponse.json(hikaruArchives) : HttpResponse.json({ archives: [] }),
    ),
    http.get(MONTH, ({ params }) =>
      params.username === 'hikaru' && params.year === '2026' && params.month === '10'
        ? HttpResponse.json(hikaruOctober)
        : HttpResponse.json({ code: 0, message: 'Data provider not found' }, { status: 404 }),
    ),
  )
}

function renderPlayer(username = 'hikaru') {
  const store = makeStore()
  const user = userEvent.setup()
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[`/player/${username}`]}>
        <Routes>
          <Route path="/player/:username" element={<PlayerPage />} />
          <Route path="/analysis" element={<AnalysisPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  )
  return { store, user }
}

/** The section, once the player's card is shown. */
async function section() {
  await screen.findByRole('article', { name: 'Hikaru Nakamura' })
  return screen.getByRole('region', { name: 'Recent games' })
}

let layout: ReturnType<typeof stubBoardLayout>
beforeEach(() => {
  layout = stubBoardLayout()
})
afterEach(() => {
  layout.mockRestore()
  vi.restoreAllMocks()
})

describe('Recent games on the player page', () => {
  it('fetches nothing until the section is opened, then the archives and the latest month', async () => {
    answerHikaru()
    const { user } = renderPlayer()
    const games = await section()
    const toggle = within(games).getByRole('button', { name: 'Recent games' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    // The rest of the page has loaded (its followers) and still no game was asked for.
    await screen.findByText('No followers yet.')
    expect(gameCalls()).toEqual([])

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await within(games).findByText('October 2026 on chess.com, newest first (4 games).')
    expect(gameCalls()).toEqual([
      'api.chess.com/pub/player/hikaru/games/archives',
      'api.chess.com/pub/player/hikaru/games/2026/10',
    ])

    // Closed and opened again: the games come from the cache.
    await user.click(toggle)
    expect(within(games).queryByRole('list')).not.toBeInTheDocument()
    await user.click(toggle)
    expect(within(games).getByRole('list')).toBeVisible()
    expect(gameCalls()).toHaveLength(2)
  })

  it('shows each game newest first with the opponent, the result, the time control and the date', async () => {
    answerHikaru()
    const { user } = renderPlayer()
    const games = await section()
    await user.click(within(games).getByRole('button', { name: 'Recent games' }))
    const rows = await within(games).findAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual([
      'White against MagnusCarlsen (3288)Won by checkmate3+2 · Oct 30, 2026Analyse',
      'White against LachesisQ (2980)Won on time1 min · Chess960 · Oct 28, 2026Not analysable here',
      'White against anna_cramling (2210)Drawn by agreementDaily · Oct 25, 2026Analyse',
      'Black against FabianoCaruana (2790)Lost by resignation10 min · Oct 20, 2026Analyse',
    ])
    expect(within(rows[1]).queryByRole('link')).not.toBeInTheDocument()
    expect(
      within(rows[0]).getByRole('link', { name: 'Analyse the game against MagnusCarlsen, Oct 30, 2026' }),
    ).toBeInTheDocument()
  })

  it('opens a game in /analysis with the moves chess.com gives', async () => {
    answerHikaru()
    const { user } = renderPlayer()
    const games = await section()
    await user.click(within(games).getByRole('button', { name: 'Recent games' }))
    await user.click(
      await within(games).findByRole('link', { name: /^Analyse the game against MagnusCarlsen/ }),
    )
    await screen.findByRole('heading', { name: 'Analysis' })
    const moves = screen.getByRole('navigation', { name: 'Moves' })
    expect(within(moves).getByRole('button', { name: '1. e4' })).toBeInTheDocument()
    expect(within(moves).getByRole('button', { name: '4. Qxf7#' })).toBeInTheDocument()
    // Opened to read, not to report: the report waits for its button (started, it would fail at once here).
    expect(screen.getByRole('button', { name: 'Analyse this game' })).toBeEnabled()
    expect(screen.queryByText('The engine could not analyse this game.')).not.toBeInTheDocument()
  })

  it("says 'Could not load recent games.' when the archives fail, and Retry asks again", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    answerHikaru()
    let fail = true
    server.use(http.get(ARCHIVES, () => (fail ? HttpResponse.error() : undefined)))
    const { user } = renderPlayer()
    const games = await section()
    await user.click(within(games).getByRole('button', { name: 'Recent games' }))
    expect(await within(games).findByRole('alert')).toHaveTextContent('Could not load recent games.')
    expect(consoleError).toHaveBeenCalledWith(failedCallText('getLatestArchive'), expect.anything())
    fail = false
    await user.click(within(games).getByRole('button', { name: 'Retry' }))
    expect(await within(games).findAllByRole('listitem')).toHaveLength(4)
    expect(within(games).queryByRole('alert')).not.toBeInTheDocument()
    expect(gameCalls()).toEqual([
      'api.chess.com/pub/player/hikaru/games/archives',
      'api.chess.com/pub/player/hikaru/games/archives',
      'api.chess.com/pub/player/hikaru/games/2026/10',
    ])
  })

  it('says so when the month fails, and Retry asks for the month again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    answerHikaru()
    let fail = true
    server.use(
      http.get(MONTH, () =>
        fail ? HttpResponse.json({ code: 0, message: 'busy' }, { status: 503 }) : undefined,
      ),
    )
    const { user } = renderPlayer()
    const games = await section()
    await user.click(within(games).getByRole('button', { name: 'Recent games' }))
    expect(await within(games).findByRole('alert')).toHaveTextContent('Could not load recent games.')
    fail = false
    await user.click(within(games).getByRole('button', { name: 'Retry' }))
    expect(await within(games).findAllByRole('listitem')).toHaveLength(4)
    expect(gameCalls().filter((c) => c.endsWith('/2026/10'))).toHaveLength(2)
  })

  it('never follows a month address on another host: the answer is an error, and nothing else is fetched', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    answerHikaru()
    server.use(
      http.get(ARCHIVES, () =>
        HttpResponse.json({ archives: ['https://evil.example/pub/player/hikaru/games/2026/10'] }),
      ),
    )
    const { user } = renderPlayer()
    const games = await section()
    await user.click(within(games).getByRole('button', { name: 'Recent games' }))
    expect(await within(games).findByRole('alert')).toHaveTextContent('Could not load recent games.')
    expect(requestLog.some((r) => r.url.host === 'evil.example')).toBe(false)
    expect(gameCalls()).toEqual(['api.chess.com/pub/player/hikaru/games/archives'])
  })

  it("says 'No games in the latest month.' for an empty month", async () => {
    answerHikaru()
    server.use(http.get(MONTH, () => HttpResponse.json({ games: [] })))
    const { user } = renderPlayer()
    const games = await section()
    await user.click(within(games).getByRole('button', { name: 'Recent games' }))
    expect(await within(games).findByText('No games in the latest month.')).toBeInTheDocument()
    expect(within(games).queryByRole('listitem')).not.toBeInTheDocument()
  })

  it("says 'No games on chess.com yet.' for a player without archives, asking for no month", async () => {
    answerHikaru()
    server.use(http.get(ARCHIVES, () => HttpResponse.json({ archives: [] })))
    const { user } = renderPlayer()
    const games = await section()
    await user.click(within(games).getByRole('button', { name: 'Recent games' }))
    expect(await within(games).findByText('No games on chess.com yet.')).toBeInTheDocument()
    expect(gameCalls()).toEqual(['api.chess.com/pub/player/hikaru/games/archives'])
  })

  it(`shows ${GAMES_SHOWN} games at a time of a busy month`, async () => {
    answerHikaru()
    const many = Array.from({ length: 45 }, (_, i) => ({
      ...matingGame,
      url: `https://www.chess.com/game/live/${i}`,
      end_time: matingGame.end_time - i * 3600,
    }))
    server.use(http.get(MONTH, () => HttpResponse.json({ games: many })))
    const { user } = renderPlayer()
    const games = await section()
    await user.click(within(games).getByRole('button', { name: 'Recent games' }))
    expect(await within(games).findAllByRole('listitem')).toHaveLength(GAMES_SHOWN)
    await user.click(within(games).getByRole('button', { name: 'Show more games' }))
    expect(within(games).getAllByRole('listitem')).toHaveLength(2 * GAMES_SHOWN)
    await user.click(within(games).getByRole('button', { name: 'Show more games' }))
    expect(within(games).getAllByRole('listitem')).toHaveLength(45)
    expect(within(games).queryByRole('button', { name: 'Show more games' })).not.toBeInTheDocument()
  })
})
