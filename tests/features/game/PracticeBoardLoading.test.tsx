import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { Provider } from 'react-redux'
import type { ChessboardOptions } from 'react-chessboard'
import { describe, expect, it, vi } from 'vitest'
import { makeStore } from '@/app/store'
import { PracticeBoard } from '@/features/game/PracticeBoard'
import { loadedGameEngine } from '@/features/game/gameEngine'
import { initialGameState } from '@/features/game/gameSlice'

vi.setConfig({ testTimeout: 20000 })

// A fresh module registry per file: here the rules engine has not been loaded by anyone yet.
const captured: { options?: ChessboardOptions } = {}
vi.mock('react-chessboard', async (importOriginal) => ({
  ...(await importOriginal<typeof import('react-chessboard')>()),
  Chessboard: ({ options }: { options: ChessboardOptions }) => {
    captured.options = options
    return <div data-testid="board" data-position={String(options.position)} />
  },
}))

describe('PracticeBoard before the rules have loaded', () => {
  it('shows the position without loading the rules, and applies a move dropped before they arrive', async () => {
    const store = makeStore()
    render(
      <Provider store={store}>
        <PracticeBoard />
      </Provider>,
    )
    expect(screen.getByTestId('board')).toHaveAttribute('data-position', initialGameState.fen)
    expect(loadedGameEngine()).toBeNull()
    let accepted: boolean | undefined
    act(() => {
      accepted = captured.options!.onPieceDrop!({
        piece: { isSparePiece: false, pieceType: 'wP', position: 'e2' },
        sourceSquare: 'e2',
        targetSquare: 'e4',
      })
    })
    expect(accepted).toBe(false) // the piece goes back for now
    expect(await screen.findByText('Player moved.', undefined, { timeout: 10000 })).toBeInTheDocument()
    expect(store.getState().game.moves).toEqual(['e2e4'])
    expect(loadedGameEngine()).not.toBeNull()
  })

  it('starts loading the rules when the pointer reaches the board', async () => {
    render(
      <Provider store={makeStore()}>
        <PracticeBoard />
      </Provider>,
    )
    fireEvent.pointerEnter(screen.getByRole('region', { name: 'Practice game' }))
    await waitFor(() => expect(loadedGameEngine()).not.toBeNull())
  })

  it('resumes the computer reply when mounted on a game where black is to move', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const fen = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
    const store = makeStore({ game: { ...initialGameState, moves: ['e2e4'], fen } })
    render(
      <Provider store={store}>
        <PracticeBoard />
      </Provider>,
    )
    await waitFor(() => expect(store.getState().game.computerThinking).toBe(true))
    await act(async () => {
      vi.advanceTimersByTime(1000)
    })
    expect(store.getState().game.moves).toHaveLength(2)
    expect(screen.getByRole('status', { name: 'Game status' })).toHaveTextContent('AI moved.')
    vi.useRealTimers()
  })
})
