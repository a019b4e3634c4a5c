import { fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { COMPUTER_REPLY_DELAY_MS } from '@/features/game/gameThunks'
import { stubBoardLayout } from './boardLayout'
import { flush, gameStatus, marksOn, pieceOn, renderPracticeBoard, squareEl } from './boardHarness'

// Rendering the board under jsdom is slow on a busy two-core machine.
vi.setConfig({ testTimeout: 30000 })

beforeEach(() => {
  vi.useFakeTimers()
  stubBoardLayout()
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('moving on the practice board', () => {
  it('click a piece, then its target: the targets are marked and the last move of either side is highlighted', async () => {
    const { store } = renderPracticeBoard()
    fireEvent.click(squareEl('g1'))
    expect(marksOn('g1')).toContain('selected')
    expect(marksOn('f3')).toContain('target')
    expect(marksOn('h3')).toContain('target')
    expect(marksOn('e4')).toEqual([])
    fireEvent.click(squareEl('f3'))
    expect(gameStatus()).toHaveTextContent(/^Player moved\. White knight to f3\.$/)
    expect(marksOn('g1')).toEqual(['last'])
    expect(marksOn('f3')).toEqual(['last'])
    await flush(COMPUTER_REPLY_DELAY_MS)
    const reply = store.getState().game.moves[1]
    expect(gameStatus()).toHaveTextContent(/^AI moved\. Black \w+ to [a-h][1-8]\.$/)
    expect(marksOn(reply.slice(0, 2))).toContain('last')
    expect(marksOn(reply.slice(2, 4))).toContain('last')
    expect(marksOn('f3')).toEqual([])
    await flush(500) // the piece animation
    expect(pieceOn('f3')).toBe('wN')
  })

  it('tap a piece, then its target, on a phone', () => {
    const { store } = renderPracticeBoard()
    const tap = (square: string) => {
      fireEvent.touchStart(squareEl(square), { touches: [{ clientX: 30, clientY: 30 }] })
      fireEvent.touchEnd(squareEl(square), { changedTouches: [{ clientX: 30, clientY: 30 }] })
    }
    tap('e2')
    expect(marksOn('e4')).toContain('target')
    tap('e4')
    expect(store.getState().game.moves).toEqual(['e2e4'])
  })

  it("selects only the player's pieces; a selected piece sent to an illegal square says 'Invalid move.'", () => {
    const { store } = renderPracticeBoard()
    fireEvent.click(squareEl('e7'))
    expect(marksOn('e7')).toEqual([])
    fireEvent.click(squareEl('e2'))
    fireEvent.click(squareEl('e5'))
    expect(gameStatus()).toHaveTextContent('Invalid move.')
    expect(store.getState().game.moves).toEqual([])
    expect(marksOn('e2')).toEqual([])
  })

  it('the board is one tab stop, with its keys told next to it, and plays with the keys', async () => {
    renderPracticeBoard()
    const board = screen.getByRole('application', { name: 'Board, you play white' })
    expect(board).toHaveAccessibleDescription(
      'Board keys: arrows move, Enter picks up and puts down, Escape lets go.',
    )
    await flush()
    expect(board.querySelectorAll('[tabindex="0"]')).toHaveLength(0)
    // Tab reaches the board, and the next Tab leaves it for the move box.
    const focusables = Array.from(
      document.querySelectorAll<HTMLElement>('button, input, select, [tabindex="0"]'),
    ).filter((el) => !el.hasAttribute('disabled'))
    expect(focusables[0]).toBe(board)
    expect(focusables[1]).toBe(screen.getByLabelText('Your move'))

    board.focus()
    fireEvent.keyDown(board, { key: 'Enter' }) // the cursor starts on e2
    expect(marksOn('e2')).toEqual(['selected', 'cursor'])
    expect(screen.getByText('e2, white pawn, selected')).toBeInTheDocument()
    fireEvent.keyDown(board, { key: 'ArrowUp' })
    fireEvent.keyDown(board, { key: 'ArrowUp' })
    expect(screen.getByText('e4, empty, a legal move')).toBeInTheDocument()
    fireEvent.keyDown(board, { key: 'Enter' })
    expect(gameStatus()).toHaveTextContent('Player moved. White pawn to e4.')
    await flush()
    expect(board.querySelectorAll('[tabindex="0"]')).toHaveLength(0) // the moved pawn too
  })
})
