import { act, fireEvent, render, screen, within as withinElement } from '@testing-library/react'
import { Provider } from 'react-redux'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeStore, type AppStore, type PreloadedState } from '@/app/store'
import { BoardErrorBoundary } from '@/features/game/BoardErrorBoundary'
import { loadPlayBoard } from '@/features/game/BoardOnDemand'
import { PracticeBoard } from '@/features/game/PracticeBoard'
import { initialGameState } from '@/features/game/gameSlice'
import { COMPUTER_REPLY_DELAY_MS } from '@/features/game/gameThunks'
import { stubBoardLayout } from './boardLayout'

// Rendering the board and long lists under jsdom is slow on a busy two-core machine.
vi.setConfig({ testTimeout: 20000 })

// These tests drive the interactive board (react-chessboard): its chunk is loaded before any board is drawn.
await loadPlayBoard()

function boardOf(store: AppStore) {
  return (
    <Provider store={store}>
      <MemoryRouter initialEntries={['/home']}>
        <BoardErrorBoundary>
          <PracticeBoard />
        </BoardErrorBoundary>
      </MemoryRouter>
    </Provider>
  )
}

function renderBoard(preloaded?: PreloadedState) {
  const store = makeStore(preloaded, { random: () => 0 }) // the computer plays the first legal move
  return { store, ...render(boardOf(store)) }
}

const pieceOn = (square: string) =>
  document.querySelector(`[data-square="${square}"] [data-piece]`)?.getAttribute('data-piece') ?? null

// fireEvent rather than userEvent: the test drives fake timers for the computer's reply.
function typeMove(move: string, within: HTMLElement = document.body) {
  const scope = withinElement(within)
  fireEvent.change(scope.getByLabelText('Your move'), { target: { value: move } })
  fireEvent.click(scope.getByRole('button', { name: 'Play move' }))
}

beforeEach(() => {
  vi.useFakeTimers()
  stubBoardLayout()
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('PracticeBoard', () => {
  it('shows the standard position, the computer labelled with the product name, and the controls', () => {
    renderBoard()
    expect(screen.getByText(/Chess Online Education/)).toBeInTheDocument()
    expect(screen.getByText(/You \(white\)/)).toBeInTheDocument()
    expect(pieceOn('e1')).toBe('wK')
    expect(pieceOn('e8')).toBe('bK')
    expect(pieceOn('e2')).toBe('wP')
    // Each draggable piece is a button with a name (axe: aria-command-name).
    expect(screen.getByRole('button', { name: 'White king on e1' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Black queen on d8' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'New game' })).toBeInTheDocument()
    expect(screen.getByRole('status', { name: 'Game status' })).toHaveTextContent('')
  })

  it('plays a move typed on the keyboard, then the computer answers after one second', async () => {
    renderBoard()
    typeMove('e2e4')
    expect(screen.getByRole('status', { name: 'Game status' })).toHaveTextContent('Player moved.')
    expect(screen.getByText(/is thinking/)).toBeInTheDocument()
    expect(screen.getByLabelText('Your move')).toHaveValue('')
    await act(async () => {
      vi.advanceTimersByTime(COMPUTER_REPLY_DELAY_MS)
    })
    expect(screen.getByRole('status', { name: 'Game status' })).toHaveTextContent('AI moved.')
    expect(screen.queryByText(/is thinking/)).not.toBeInTheDocument()
    await act(async () => {
      vi.advanceTimersByTime(500) // let the 300 ms piece animation finish
    })
    expect(pieceOn('e4')).toBe('wP')
    expect(pieceOn('e2')).toBeNull()
  })

  it('accepts SAN and says "Invalid move." for an illegal typed move', async () => {
    const { store } = renderBoard()
    typeMove('e2e5')
    expect(screen.getByRole('status', { name: 'Game status' })).toHaveTextContent('Invalid move.')
    expect(screen.getByLabelText('Your move')).toHaveValue('e2e5')
    typeMove('Nf3')
    expect(screen.getByRole('status', { name: 'Game status' })).toHaveTextContent('Player moved.')
    expect(store.getState().game.moves).toEqual(['g1f3'])
  })

  it('New game cancels the pending reply and returns to the standard position', async () => {
    const { store } = renderBoard()
    typeMove('d4')
    fireEvent.click(screen.getByRole('button', { name: 'New game' }))
    await act(async () => {
      vi.advanceTimersByTime(COMPUTER_REPLY_DELAY_MS * 2)
    })
    expect(store.getState().game.moves).toEqual([])
    expect(screen.getByRole('status', { name: 'Game status' })).toHaveTextContent('')
  })

  it('unmounting the board cancels the pending reply', async () => {
    const { store, unmount } = renderBoard()
    typeMove('e4')
    unmount()
    await act(async () => {
      vi.advanceTimersByTime(COMPUTER_REPLY_DELAY_MS * 2)
    })
    expect(store.getState().game.moves).toEqual(['e2e4'])
    expect(store.getState().game.computerThinking).toBe(false)
  })

  it('shows "Game over. Player wins!" after a typed mating move', async () => {
    const fen = '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1'
    renderBoard({ game: { ...initialGameState, startFen: fen, fen } })
    typeMove('Ra8')
    expect(screen.getByRole('status', { name: 'Game status' })).toHaveTextContent('Game over. Player wins!')
    expect(screen.getByRole('button', { name: 'Play move' })).toBeDisabled()
  })

  it('resumes the computer reply when mounted on a game where black is to move', async () => {
    const fen = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
    const { store } = renderBoard({ game: { ...initialGameState, moves: ['e2e4'], fen } })
    expect(store.getState().game.computerThinking).toBe(true)
    expect(screen.getByText(/is thinking/)).toBeInTheDocument()
    await act(async () => {
      vi.advanceTimersByTime(COMPUTER_REPLY_DELAY_MS)
    })
    expect(store.getState().game.moves).toHaveLength(2)
    expect(screen.getByRole('status', { name: 'Game status' })).toHaveTextContent('AI moved.')
  })

  it('two boards with their own stores keep their own replies', async () => {
    const first = makeStore(undefined, { random: () => 0 })
    const second = makeStore(undefined, { random: () => 0 })
    const one = render(boardOf(first))
    const two = render(boardOf(second))
    typeMove('e4', one.container)
    typeMove('d4', two.container)
    one.unmount() // cancels the first board's reply only
    await act(async () => {
      vi.advanceTimersByTime(COMPUTER_REPLY_DELAY_MS)
    })
    expect(first.getState().game.moves).toEqual(['e2e4'])
    expect(first.getState().game.computerThinking).toBe(false)
    expect(second.getState().game.moves).toHaveLength(2)
    expect(withinElement(two.container).getByRole('status', { name: 'Game status' })).toHaveTextContent(
      'AI moved.',
    )
  })
})
