import { act, render, screen } from '@testing-library/react'
import { Provider } from 'react-redux'
import { MemoryRouter } from 'react-router-dom'
import type { ChessboardOptions } from 'react-chessboard'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeStore } from '@/app/store'
import { loadPlayBoard } from '@/features/game/BoardOnDemand'
import { PracticeBoard } from '@/features/game/PracticeBoard'

// Rendering the board and long lists under jsdom is slow on a busy two-core machine.
vi.setConfig({ testTimeout: 20000 })

// Drag and drop needs real layout; here the board's options are captured to drive its callbacks directly.
const captured: { options?: ChessboardOptions } = {}
vi.mock('react-chessboard', async (importOriginal) => ({
  ...(await importOriginal<typeof import('react-chessboard')>()),
  Chessboard: ({ options }: { options: ChessboardOptions }) => {
    captured.options = options
    return (
      <div data-testid="board" data-position={typeof options.position === 'string' ? options.position : ''} />
    )
  },
}))

// The interactive board's chunk (with the mock above), loaded before any board is drawn.
await loadPlayBoard()

function drop(sourceSquare: string, targetSquare: string | null): boolean {
  let accepted = false
  act(() => {
    accepted = captured.options!.onPieceDrop!({
      piece: { isSparePiece: false, pieceType: 'wP', position: sourceSquare },
      sourceSquare,
      targetSquare,
    })
  })
  return accepted
}

afterEach(() => {
  captured.options = undefined
})

describe('PracticeBoard drag and drop', () => {
  it('passes the position, white orientation and a 300 ms animation to react-chessboard', () => {
    render(
      <Provider store={makeStore()}>
        <MemoryRouter>
          <PracticeBoard />
        </MemoryRouter>
      </Provider>,
    )
    expect(captured.options?.position).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')
    expect(captured.options?.animationDurationInMs).toBe(300)
    expect(captured.options?.boardOrientation).toBe('white')
    expect(captured.options?.allowDragging).toBe(true)
  })

  it('answers a drop with the local legality verdict and updates the position', () => {
    const store = makeStore()
    render(
      <Provider store={store}>
        <MemoryRouter>
          <PracticeBoard />
        </MemoryRouter>
      </Provider>,
    )
    expect(drop('e2', 'e5')).toBe(false)
    expect(screen.getByRole('status', { name: 'Game status' })).toHaveTextContent('Invalid move.')
    expect(drop('e2', 'e4')).toBe(true)
    expect(screen.getByRole('status', { name: 'Game status' })).toHaveTextContent('Player moved.')
    expect(screen.getByTestId('board')).toHaveAttribute(
      'data-position',
      'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
    )
    expect(captured.options?.allowDragging).toBe(false) // the computer is thinking
    expect(store.getState().game.moves).toEqual(['e2e4'])
  })

  it('refuses a piece dropped off the board', () => {
    render(
      <Provider store={makeStore()}>
        <MemoryRouter>
          <PracticeBoard />
        </MemoryRouter>
      </Provider>,
    )
    expect(drop('e2', null)).toBe(false)
  })

  it('a piece put back on its own square is not a move: no message, nothing changes', () => {
    const store = makeStore()
    render(
      <Provider store={store}>
        <MemoryRouter>
          <PracticeBoard />
        </MemoryRouter>
      </Provider>,
    )
    const before = store.getState().game
    expect(drop('e2', 'e2')).toBe(false)
    expect(screen.getByRole('status', { name: 'Game status' })).toHaveTextContent(/^$/)
    expect(store.getState().game).toBe(before)
    // after a move the last message stays as it was
    expect(drop('e2', 'e4')).toBe(true)
    const afterMove = store.getState().game
    expect(drop('g1', 'g1')).toBe(false)
    expect(screen.getByRole('status', { name: 'Game status' })).toHaveTextContent(
      /^Player moved\. White pawn to e4\.$/,
    )
    expect(store.getState().game).toBe(afterMove)
  })
})
