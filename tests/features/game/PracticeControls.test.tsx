import { fireEvent, render, screen, within } from '@testing-library/react'
import { Provider } from 'react-redux'
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeStore } from '@/app/store'
import { PracticeBoard } from '@/features/game/PracticeBoard'
import { COMPUTER_REPLY_DELAY_MS } from '@/features/game/gameThunks'
import { stubBoardLayout } from './boardLayout'
import { flush, gameStatus, pieceOn, renderPracticeBoard } from './boardHarness'

// Rendering the board under jsdom is slow on a busy two-core machine.
vi.setConfig({ testTimeout: 30000 })

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
const MATE_IN_ONE = '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1'

function typeMove(move: string) {
  fireEvent.change(screen.getByLabelText('Your move'), { target: { value: move } })
  fireEvent.click(screen.getByRole('button', { name: 'Play move' }))
}
const choose = (name: string, value: string) =>
  fireEvent.change(screen.getByRole('combobox', { name }), { target: { value } })
const moveRows = () =>
  within(screen.getByRole('region', { name: 'Moves' }))
    .queryAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    )
/** The square react-chessboard draws first: a8 with white at the bottom, h1 with black. */
const topLeft = () => document.querySelector('[data-square]')?.getAttribute('data-square')

beforeEach(() => {
  vi.useFakeTimers()
  stubBoardLayout()
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('the practice board controls', () => {
  it('are labelled form controls, with the spec behaviour as the default', () => {
    renderPracticeBoard()
    const opponent = screen.getByRole('combobox', { name: 'Opponent' })
    expect(opponent).toHaveDisplayValue('Random')
    expect(
      within(opponent)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Random', ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => `Level ${n}`)])
    expect(screen.getByRole('combobox', { name: 'Play as' })).toHaveDisplayValue('White')
    expect(screen.getByRole('switch', { name: 'Allow takebacks' })).toBeChecked()
    expect(screen.getByRole('button', { name: 'Takeback' })).toBeDisabled()
    for (const name of ['Flip board', 'Copy PGN', 'Download PGN', 'Load FEN', 'New game'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Position (FEN)' })).toBeInTheDocument()
    expect(screen.getByText('No moves yet.')).toBeInTheDocument()
  })

  it('Level 3: the engine thinks under the product name, nobody moves meanwhile, and its reply is listed', async () => {
    const { engine } = renderPracticeBoard()
    choose('Opponent', '3')
    expect(screen.getByText('Starting the engine…')).toBeInTheDocument()
    await flush()
    expect(screen.queryByText('Starting the engine…')).not.toBeInTheDocument()
    typeMove('e4')
    await flush()
    expect(screen.getByText('is thinking…', { exact: false }).parentElement).toHaveTextContent(
      'Chess Online Education (Level 3) is thinking…',
    )
    expect(screen.getByRole('button', { name: 'Play move' })).toBeDisabled()
    expect(engine.searches).toEqual([{ startFen: START, moves: ['e2e4'], level: 3 }])
    await engine.answer('g8f6')
    await flush()
    expect(gameStatus()).toHaveTextContent(/^AI moved\. Black knight to f6\.$/)
    expect(screen.queryByText(/is thinking/)).not.toBeInTheDocument()
    expect(moveRows()).toEqual([['1.', 'e4', 'Nf6']])
  })

  it('falls back to Random with a visible note when the engine cannot start', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { engine } = renderPracticeBoard()
    engine.failStart()
    choose('Opponent', '8')
    await flush()
    expect(
      screen.getByText('The engine could not start, so the computer plays random moves.'),
    ).toHaveAttribute('role', 'alert')
    expect(screen.getByRole('combobox', { name: 'Opponent' })).toHaveDisplayValue('Random')
    typeMove('e4')
    await flush(COMPUTER_REPLY_DELAY_MS)
    expect(gameStatus()).toHaveTextContent('AI moved.')
  })

  it("'Play as' black turns the board and the computer opens; 'Flip board' turns it back", async () => {
    const { store } = renderPracticeBoard()
    expect(topLeft()).toBe('a8')
    choose('Play as', 'black')
    expect(screen.getByText(/You \(black\)/)).toBeInTheDocument()
    expect(topLeft()).toBe('h1')
    expect(screen.getByRole('application', { name: 'Board, you play black' })).toBeInTheDocument()
    await flush(COMPUTER_REPLY_DELAY_MS)
    expect(store.getState().game.moves).toHaveLength(1)
    expect(gameStatus()).toHaveTextContent(/^AI moved\. White /)
    fireEvent.click(screen.getByRole('button', { name: 'Flip board' }))
    expect(topLeft()).toBe('a8')
  })

  it("'Takeback' undoes the move and the reply; switching takebacks off hides it", async () => {
    renderPracticeBoard()
    typeMove('e4')
    await flush(COMPUTER_REPLY_DELAY_MS)
    typeMove('d4')
    await flush(COMPUTER_REPLY_DELAY_MS)
    expect(moveRows()).toHaveLength(2)
    fireEvent.click(screen.getByRole('button', { name: 'Takeback' }))
    expect(moveRows()).toHaveLength(1)
    expect(moveRows()[0][1]).toBe('e4')
    expect(gameStatus()).toHaveTextContent('Move taken back.')
    fireEvent.click(screen.getByRole('switch', { name: 'Allow takebacks' }))
    expect(screen.queryByRole('button', { name: 'Takeback' })).not.toBeInTheDocument()
  })

  it("'Copy PGN' and 'Download PGN' give the game so far as PGN", async () => {
    const writeText = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const blobs: Blob[] = []
    const createObjectURL = vi.fn((blob: Blob) => (blobs.push(blob), 'blob:pgn'))
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    renderPracticeBoard()
    typeMove('e4')
    await flush(COMPUTER_REPLY_DELAY_MS)
    const [[, , reply]] = moveRows()

    fireEvent.click(screen.getByRole('button', { name: 'Copy PGN' }))
    await flush()
    expect(screen.getByText('PGN copied.')).toBeInTheDocument()
    const pgn = String((writeText.mock.calls[0] as unknown[])[0])
    expect(pgn).toContain('[White "You"]')
    expect(pgn).toContain('[Black "Chess Online Education (Random)"]')
    expect(pgn).toContain(`1. e4 ${reply} *`)

    fireEvent.click(screen.getByRole('button', { name: 'Download PGN' }))
    expect(clicked).toHaveBeenCalledTimes(1)
    expect((clicked.mock.instances[0] as HTMLAnchorElement).download).toBe('practice-game.pgn')
    expect(await blobs[0].text()).toBe(pgn)
  })

  it("'Load FEN' starts from a position, and says 'Invalid position.' for a bad one", async () => {
    const { store } = renderPracticeBoard()
    const fen = screen.getByRole('textbox', { name: 'Position (FEN)' })
    fireEvent.change(fen, { target: { value: 'not a position' } })
    fireEvent.click(screen.getByRole('button', { name: 'Load FEN' }))
    expect(screen.getByText('Invalid position.')).toHaveAttribute('role', 'alert')
    expect(fen).toHaveAttribute('aria-invalid', 'true')
    fireEvent.change(fen, { target: { value: MATE_IN_ONE } })
    fireEvent.click(screen.getByRole('button', { name: 'Load FEN' }))
    expect(screen.queryByText('Invalid position.')).not.toBeInTheDocument()
    expect(store.getState().game.startFen).toBe(MATE_IN_ONE)
    await flush(500)
    expect(pieceOn('a1')).toBe('wR')
    expect(pieceOn('e2')).toBeNull()
  })
})

describe("starting /home's game from a position (router state, as 'Play from here' does)", () => {
  function PlayFromHere({ fen }: { fen: string }) {
    const navigate = useNavigate()
    return (
      <button type="button" onClick={() => void navigate('/home', { state: { startFen: fen } })}>
        Play from here
      </button>
    )
  }
  function renderFrom(fen: string) {
    const store = makeStore(undefined, { random: () => 0 })
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/lines']}>
          <Routes>
            <Route path="/lines" element={<PlayFromHere fen={fen} />} />
            <Route path="/home" element={<PracticeBoard />} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Play from here' }))
    return store
  }

  it('starts the game from that position, as Load FEN does', async () => {
    const store = renderFrom(MATE_IN_ONE)
    await flush(500)
    expect(store.getState().game).toMatchObject({ startFen: MATE_IN_ONE, fen: MATE_IN_ONE, moves: [] })
    expect(pieceOn('a1')).toBe('wR')
    typeMove('Ra8')
    expect(gameStatus()).toHaveTextContent('Game over. Player wins!')
  })

  it("says 'Invalid position.' for a bad one and keeps the standard start", async () => {
    const store = renderFrom('8/8/8/8 w - - 0 1')
    await flush(500)
    expect(screen.getByText('Invalid position.')).toBeInTheDocument()
    expect(store.getState().game.fen).toBe(START)
    expect(pieceOn('e2')).toBe('wP')
  })
})

describe("carrying on a line on /home (router state { line }, as the line viewer's 'Play from here' does)", () => {
  function PlayLine({ line }: { line: { startFen: string; moves: string[]; side: 'white' | 'black' } }) {
    const navigate = useNavigate()
    return (
      <button type="button" onClick={() => void navigate('/home', { state: { line } })}>
        Play from here
      </button>
    )
  }

  it("starts from the line's start with its moves listed from move 1, the player on the line's side", async () => {
    const store = makeStore(undefined, { random: () => 0 })
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/lines']}>
          <Routes>
            <Route
              path="/lines"
              element={
                <PlayLine line={{ startFen: START, moves: ['e2e4', 'e7e5', 'g1f3'], side: 'black' }} />
              }
            />
            <Route path="/home" element={<PracticeBoard />} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Play from here' }))
    await flush(100)
    expect(store.getState().game).toMatchObject({
      startFen: START,
      moves: ['e2e4', 'e7e5', 'g1f3'],
      playerColor: 'black',
    })
    const rows = within(screen.getByRole('region', { name: 'Moves' })).getAllByRole('row')
    expect(rows.slice(1).map((r) => r.textContent)).toEqual(['1.e4e5', '2.Nf3'])
    expect(pieceOn('f3')).toBe('wN')
  })
})
