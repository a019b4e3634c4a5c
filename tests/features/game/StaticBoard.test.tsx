import { act, fireEvent, render, screen } from '@testing-library/react'
import { Provider } from 'react-redux'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeStore, type PreloadedState } from '@/app/store'
import { initialGameState } from '@/features/game/gameSlice'
import { PlayBoard } from '@/features/game/PlayBoard'
import { StaticBoard, type BoardStart } from '@/features/game/StaticBoard'
import { marksOn, pieceOn, squareEl } from './boardHarness'
import { stubBoardLayout } from './boardLayout'

vi.setConfig({ testTimeout: 20000 })

const AFTER_E4_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2'

function renderStatic(ready = false, preloaded?: PreloadedState) {
  const onWanted = vi.fn()
  const onHandOff = vi.fn<(start: BoardStart) => void>()
  const store = makeStore(preloaded)
  const ui = (isReady: boolean) => (
    <Provider store={store}>
      <StaticBoard keysHintId="keys" ready={isReady} onWanted={onWanted} onHandOff={onHandOff} />
    </Provider>
  )
  const view = render(ui(ready))
  return { onWanted, onHandOff, becomeReady: () => view.rerender(ui(true)) }
}

const board = () => screen.getByRole('application', { name: /^Board, you play/ })

// jsdom lays nothing out: a point "is" on the square whose name it carries.
function pointer(type: 'pointerDown' | 'pointerUp', square: string) {
  const point = { clientX: square.charCodeAt(0), clientY: Number(square[1]) }
  fireEvent[type](squareEl(square), { ...point, button: 0, pointerId: 1 })
}
beforeEach(() => {
  document.elementFromPoint = (x: number, y: number) => squareEl(`${String.fromCharCode(x)}${y}`)
})
afterEach(() => {
  // jsdom has no layout, and no elementFromPoint of its own to put back.
  delete (document as Partial<Document>).elementFromPoint
  vi.restoreAllMocks()
})

describe('StaticBoard (the board before react-chessboard has loaded)', () => {
  it('draws the position as react-chessboard does: named pieces, notation on the edges, the last move marked', () => {
    renderStatic(false, {
      game: { ...initialGameState, moves: ['e2e4', 'e7e5'], fen: AFTER_E4_E5 },
    })
    expect(pieceOn('e4')).toBe('wP')
    expect(pieceOn('e5')).toBe('bP')
    expect(pieceOn('e2')).toBeNull()
    expect(screen.getByRole('img', { name: 'White king on e1' })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Black queen on d8' })).toBeInTheDocument()
    expect(screen.getAllByRole('img')).toHaveLength(32)
    // White at the bottom: a8 first, h1 last; files along rank 1, ranks along the a-file.
    const squares = [...document.querySelectorAll('[data-square]')].map((s) => s.getAttribute('data-square'))
    expect(squares).toHaveLength(64)
    expect([squares[0], squares[7], squares[63]]).toEqual(['a8', 'h8', 'h1'])
    expect(squareEl('a1')).toHaveTextContent(/^a1$/)
    expect(squareEl('h1')).toHaveTextContent(/^h$/)
    expect(squareEl('a8')).toHaveTextContent(/^8$/)
    expect(squareEl('a8')).toHaveClass('static-board__square--light')
    expect(squareEl('a1')).toHaveClass('static-board__square--dark')
    expect(marksOn('e7')).toEqual(['last'])
    expect(marksOn('e5')).toEqual(['last'])
    // No piece is a tab stop or a button: the board is one tab stop.
    expect(screen.queryAllByRole('button')).toEqual([])
    expect(board()).toHaveAttribute('tabindex', '0')
    expect(board()).toHaveAttribute('aria-describedby', 'keys')
  })

  it('draws black at the bottom when the player plays black', () => {
    renderStatic(false, { game: { ...initialGameState, playerColor: 'black' } })
    const squares = [...document.querySelectorAll('[data-square]')].map((s) => s.getAttribute('data-square'))
    expect([squares[0], squares[63]]).toEqual(['h1', 'a8'])
    expect(squareEl('h8')).toHaveTextContent(/^h8$/)
    expect(board()).toHaveAccessibleName('Board, you play black')
  })

  it('asks for the interactive board when the pointer comes over it, when pressed and when focused', () => {
    const { onWanted } = renderStatic()
    expect(onWanted).not.toHaveBeenCalled()
    fireEvent.pointerOver(board())
    expect(onWanted.mock.calls).toEqual([[false]])
    pointer('pointerDown', 'e2')
    expect(onWanted.mock.calls).toEqual([[false], [true]])
    act(() => board().focus())
    expect(onWanted.mock.calls).toEqual([[false], [true], [true]])
  })

  it('hands over at once, with nothing done, when the interactive board is ready first', () => {
    const { onHandOff, becomeReady } = renderStatic()
    expect(onHandOff).not.toHaveBeenCalled()
    becomeReady()
    expect(onHandOff).toHaveBeenLastCalledWith({ cursor: 'e2', focused: false, action: undefined })
  })

  it('marks a piece clicked before the interactive board is ready, and hands the choice over', () => {
    const { onHandOff, becomeReady } = renderStatic()
    pointer('pointerDown', 'e2')
    pointer('pointerUp', 'e2')
    expect(marksOn('e2')).toEqual(['selected'])
    becomeReady()
    expect(onHandOff).toHaveBeenLastCalledWith(expect.objectContaining({ action: { select: 'e2' } }))
  })

  it('turns a piece and then its target into a move; an opponent piece alone is not picked', () => {
    const { onHandOff, becomeReady } = renderStatic()
    pointer('pointerDown', 'e7')
    pointer('pointerUp', 'e7')
    expect(marksOn('e7')).toEqual([])
    pointer('pointerDown', 'g1')
    pointer('pointerUp', 'g1')
    pointer('pointerDown', 'f3')
    pointer('pointerUp', 'f3')
    expect(marksOn('g1')).toEqual([])
    becomeReady()
    expect(onHandOff).toHaveBeenLastCalledWith(expect.objectContaining({ action: { from: 'g1', to: 'f3' } }))
  })

  it('hands a drag over as a move, and never in the middle of a press', () => {
    const { onHandOff, becomeReady } = renderStatic()
    pointer('pointerDown', 'e2')
    becomeReady()
    expect(onHandOff).not.toHaveBeenCalled()
    pointer('pointerUp', 'e4')
    expect(onHandOff).toHaveBeenCalledTimes(1)
    expect(onHandOff).toHaveBeenLastCalledWith(expect.objectContaining({ action: { from: 'e2', to: 'e4' } }))
  })

  it('ends a press let go off the board: nothing is moved, and the interactive board takes over', () => {
    const { onHandOff, becomeReady } = renderStatic()
    pointer('pointerDown', 'e2')
    becomeReady()
    expect(onHandOff).not.toHaveBeenCalled()
    fireEvent.pointerUp(board(), { clientX: 0, clientY: 0, button: 0, pointerId: 1 })
    expect(onHandOff).toHaveBeenLastCalledWith(expect.objectContaining({ action: undefined }))
  })

  it('moves nothing while the computer is to move', () => {
    const { onHandOff, becomeReady } = renderStatic(false, {
      game: { ...initialGameState, playerColor: 'black' },
    })
    pointer('pointerDown', 'e7')
    pointer('pointerUp', 'e5')
    becomeReady()
    expect(onHandOff).toHaveBeenLastCalledWith(expect.objectContaining({ action: undefined }))
  })

  it('shows no keyboard cursor after a press', () => {
    renderStatic()
    pointer('pointerDown', 'e4')
    act(() => board().focus())
    pointer('pointerUp', 'e4')
    expect(board()).toHaveFocus()
    expect(marksOn('e2')).toEqual([])
  })

  it('moves a keyboard cursor, picks with Enter, and hands cursor and focus over', () => {
    const { onHandOff, becomeReady } = renderStatic()
    act(() => board().focus())
    expect(screen.getByText('e2, white pawn')).toBeInTheDocument()
    fireEvent.keyDown(board(), { key: 'ArrowLeft' })
    expect(marksOn('d2')).toEqual(['cursor'])
    fireEvent.keyDown(board(), { key: 'Enter' })
    expect(marksOn('d2')).toEqual(['selected', 'cursor'])
    fireEvent.keyDown(board(), { key: 'Escape' })
    expect(marksOn('d2')).toEqual(['cursor'])
    fireEvent.keyDown(board(), { key: 'Enter' })
    becomeReady()
    expect(onHandOff).toHaveBeenLastCalledWith({ cursor: 'd2', focused: true, action: { select: 'd2' } })
  })
})

describe('PlayBoard carries on from the static board', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    stubBoardLayout()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  function renderPlayBoard(start: BoardStart) {
    const store = makeStore(undefined, { random: () => 0 })
    render(
      <Provider store={store}>
        <MemoryRouter>
          <PlayBoard keysHintId="keys" start={start} />
        </MemoryRouter>
      </Provider>,
    )
    return store
  }

  it('shows the picked piece with its legal targets', () => {
    renderPlayBoard({ action: { select: 'g1' } })
    expect(marksOn('g1')).toEqual(['selected'])
    expect(marksOn('f3')).toEqual(['target'])
    expect(marksOn('h3')).toEqual(['target'])
    expect(marksOn('e2')).toEqual([])
  })

  it('plays the move made on the static board', async () => {
    const store = renderPlayBoard({ action: { from: 'e2', to: 'e4' } })
    expect(store.getState().game.moves).toEqual(['e2e4'])
    await act(async () => {
      vi.advanceTimersByTime(500) // the 300 ms piece animation
    })
    expect(pieceOn('e4')).toBe('wP')
  })

  it('refuses an illegal move made on the static board, as a drop would be', () => {
    const store = renderPlayBoard({ action: { from: 'e2', to: 'e5' } })
    expect(store.getState().game.moves).toEqual([])
    expect(pieceOn('e2')).toBe('wP')
  })

  it('takes the keyboard focus and the cursor', () => {
    renderPlayBoard({ cursor: 'd4', focused: true })
    expect(screen.getByRole('application')).toHaveFocus()
    expect(marksOn('d4')).toEqual(['cursor'])
  })
})
