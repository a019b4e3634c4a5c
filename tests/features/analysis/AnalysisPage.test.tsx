// /analysis: a board with a tree of moves (a new move from any position adds a variation), 'Load PGN' and 'Load
// FEN' with refusals naming the bad move or field, 'Flip board', the engine's evaluation bar and best lines, and
// the game report ('Analyse this game', progress, counts, marks, 'Next mistake'). The engine's worker is a fake
// that speaks UCI and scores the positions of Scholar's mate as an engine would.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { renderApp } from '../../helpers/renderWithProviders'
import { stubBoardLayout } from '../game/boardLayout'
import { FakeWorker, fakeWorkers as workers, SCHOLAR } from './fakeEngine'
import { query, seedUser, sessionOf } from '../../helpers/backend'

let layout: ReturnType<typeof stubBoardLayout>
beforeEach(() => {
  layout = stubBoardLayout()
  workers.length = 0
  vi.stubGlobal('Worker', FakeWorker)
})
afterEach(() => {
  layout.mockRestore()
  vi.unstubAllGlobals()
})

const moves = () => screen.getByRole('navigation', { name: 'Moves' })
const square = (name: string) => document.querySelector<HTMLElement>(`[data-square="${name}"]`)!

async function loadPgn(pgn: string) {
  fireEvent.change(screen.getByLabelText('Game (PGN)'), { target: { value: pgn } })
  fireEvent.click(screen.getByRole('button', { name: 'Load PGN' }))
}

describe('the analysis board', () => {
  it('loads a PGN, and a move played from an earlier position becomes a variation', async () => {
    renderApp('/analysis')
    await screen.findByRole('heading', { name: 'Analysis' })
    await loadPgn('1. e4 e5 2. Nf3 Nc6')
    expect(within(moves()).getByRole('button', { name: 'Nc6' })).toBeInTheDocument()
    fireEvent.click(within(moves()).getByRole('button', { name: '1. e4' }))
    fireEvent.click(square('c7'))
    fireEvent.click(square('c5'))
    const variation = await within(moves()).findByRole('button', { name: '1... c5' })
    expect(variation).toHaveAttribute('aria-current', 'step')
    expect(within(moves()).getByRole('button', { name: 'Nc6' })).toBeInTheDocument()
  })

  it('names the illegal move of a PGN and the wrong field of a FEN, and keeps the game shown', async () => {
    renderApp('/analysis')
    await screen.findByRole('heading', { name: 'Analysis' })
    await loadPgn('1. e4 e5 2. Ke3')
    expect(await screen.findByText('Illegal move 2. Ke3')).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('Position (FEN)'), {
      target: { value: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Load FEN' }))
    expect(await screen.findByText(/move number/)).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('Position (FEN)'), {
      target: { value: '8/8/8/8/8/5k2/8/4K2R w K - 0 40' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Load FEN' }))
    await waitFor(() =>
      expect(square('h1').querySelector('[data-piece]')).toHaveAttribute('data-piece', 'wR'),
    )
    expect(screen.getByText('No moves.')).toBeInTheDocument()
  })

  it('shows the evaluation bar and the best line with its depth while the engine is on, and stops it when off', async () => {
    renderApp('/analysis')
    await screen.findByRole('heading', { name: 'Analysis' })
    fireEvent.click(screen.getByRole('button', { name: 'Engine' }))
    const bar = await screen.findByRole('meter', { name: 'Evaluation' })
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', '+0.3'))
    expect(within(screen.getByRole('list', { name: 'Best lines' })).getByText('Nf3')).toBeInTheDocument()
    expect(screen.getByText('Depth 10')).toBeInTheDocument()
    expect(workers[0].sent).toContain('setoption name MultiPV value 3')
    fireEvent.click(screen.getByRole('button', { name: 'Engine' }))
    expect(screen.queryByRole('meter')).not.toBeInTheDocument()
  })

  it("reports Scholar's mate: Black's blunder marked '??', counted, and 'Next mistake' shows the better move", async () => {
    renderApp('/analysis')
    await screen.findByRole('heading', { name: 'Analysis' })
    await loadPgn(SCHOLAR)
    fireEvent.click(screen.getByRole('button', { name: 'Analyse this game' }))
    await screen.findByRole('button', { name: 'Next mistake' }, { timeout: 10_000 })
    expect(within(moves()).getByRole('button', { name: 'Nf6??' })).toBeInTheDocument()
    const black = screen.getByRole('row', { name: /Black/ })
    expect(
      within(black)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0', '0', '1', expect.stringMatching(/%$/)])
    fireEvent.click(screen.getByRole('button', { name: 'Next mistake' }))
    expect(within(moves()).getByRole('button', { name: 'Nf6??' })).toHaveAttribute('aria-current', 'step')
    expect(screen.getByText('3... Nf6?? is a blunder. Better was g6.')).toBeInTheDocument()
  })

  it('says which move it is analysing, and can be cancelled', async () => {
    renderApp('/analysis')
    await screen.findByRole('heading', { name: 'Analysis' })
    await loadPgn(SCHOLAR)
    fireEvent.click(screen.getByRole('button', { name: 'Analyse this game' }))
    expect(await screen.findByText(/^Analysing move \d of 7$/)).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.getByText('Analysis cancelled.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Analyse this game' })).toBeInTheDocument()
  })
})

describe('kept games on the analysis board', () => {
  const KEPT = '[Event "Practice game"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n'

  it("/analysis?game={id} opens one's kept game with its report: the blunder marked, 'Next mistake' on it", async () => {
    const me = seedUser({ username: 'analyst' })
    const [{ id }] = await query<{ id: string }>(
      `INSERT INTO games (user_id, key, pgn, result, opponent_level, colour, moves)
       VALUES ($1, gen_random_uuid(), $2, '1-0', 'random', 'white', 7) RETURNING id`,
      [me._id, KEPT],
    )
    renderApp(`/analysis?game=${id}`, { preloadedState: { auth: sessionOf(me) } })
    await screen.findByRole('button', { name: 'Next mistake' }, { timeout: 10_000 })
    expect(within(moves()).getByRole('button', { name: 'Nf6??' })).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Next mistake' }))
    expect(within(moves()).getByRole('button', { name: 'Nf6??' })).toHaveAttribute('aria-current', 'step')
  })

  it("says so when the game is someone else's or unknown, and keeps the start position", async () => {
    const owner = seedUser({ username: 'owner' })
    const me = seedUser({ username: 'snoop' })
    const [{ id }] = await query<{ id: string }>(
      `INSERT INTO games (user_id, key, pgn, result, opponent_level, colour, moves)
       VALUES ($1, gen_random_uuid(), $2, '1-0', 'random', 'white', 7) RETURNING id`,
      [owner._id, KEPT],
    )
    renderApp(`/analysis?game=${id}`, { preloadedState: { auth: sessionOf(me) } })
    expect(await screen.findByText('This game could not be opened.')).toBeInTheDocument()
    expect(within(moves()).queryByRole('button', { name: /Qxf7/ })).not.toBeInTheDocument()
  })

  it("offers a visitor's last game kept in the browser as 'Your last game'", async () => {
    localStorage.setItem(
      'lastPracticeGame',
      JSON.stringify({ pgn: KEPT, playedAt: new Date().toISOString() }),
    )
    renderApp('/analysis')
    fireEvent.click(await screen.findByRole('button', { name: 'Your last game' }))
    await screen.findByRole('button', { name: 'Next mistake' }, { timeout: 10_000 })
    expect(within(moves()).getByRole('button', { name: 'Nf6??' })).toBeInTheDocument()
    expect(within(moves()).getByRole('button', { name: /Qxf7#/ })).toBeInTheDocument()
  })
})
