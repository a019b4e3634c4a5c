import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import HomePage from '@/features/home/HomePage'
import { renderWithProviders } from '../../helpers/renderWithProviders'

vi.setConfig({ testTimeout: 20000 })

// The board library itself failing to render.
vi.mock('react-chessboard', async (importOriginal) => ({
  ...(await importOriginal<typeof import('react-chessboard')>()),
  Chessboard: () => {
    throw new Error('Square width not found')
  },
}))

describe('HomePage with a broken board', () => {
  it('shows "Something went wrong" in place of the board and keeps the rest of the page', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    renderWithProviders(<HomePage />, { route: '/home', path: '/home' })
    // The static board is drawn first; the pointer coming over it brings the interactive board, which fails.
    const board = await screen.findByRole(
      'application',
      { name: 'Board, you play white' },
      { timeout: 10000 },
    )
    fireEvent.pointerEnter(board)
    expect(await screen.findByText('Something went wrong', undefined, { timeout: 10000 })).toBeInTheDocument()
    // It was the board's render that failed, not the loading of its code.
    expect(consoleError).toHaveBeenCalledWith(
      'Practice board failed',
      expect.objectContaining({ message: 'Square width not found' }),
      expect.anything(),
    )
    expect(screen.queryByRole('button', { name: 'New game' })).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Hello Guest, Welcome to Chess Online Education',
    )
    expect(screen.getByRole('heading', { name: 'Search Players' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Expert Tips' })).toBeInTheDocument()
    consoleError.mockRestore()
  })
})
