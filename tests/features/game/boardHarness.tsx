import { vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import { Provider } from 'react-redux'
import { MemoryRouter } from 'react-router-dom'
import { makeStore, type AppStore, type PreloadedState } from '@/app/store'
import { BoardErrorBoundary } from '@/features/game/BoardErrorBoundary'
import { loadPlayBoard } from '@/features/game/BoardOnDemand'
import { PracticeBoard } from '@/features/game/PracticeBoard'
import { fakeEngine, settle } from './fakeEngine'

// The interactive board's chunk, loaded before any board is drawn: these tests drive react-chessboard's board. What
// comes before it loads (the static board and its hand-over) is tested in StaticBoard.test.tsx.
await loadPlayBoard()

/** The practice board on /home with its own store, a fake engine and a random mover that plays the first legal move. */
export function renderPracticeBoard(preloaded?: PreloadedState) {
  const engine = fakeEngine()
  const store: AppStore = makeStore(preloaded, { random: () => 0, engine: engine.loader })
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/home']}>
        <BoardErrorBoundary>
          <PracticeBoard />
        </BoardErrorBoundary>
      </MemoryRouter>
    </Provider>,
  )
  return { store, engine, ...view }
}

export const gameStatus = () => screen.getByRole('status', { name: 'Game status' })

export const pieceOn = (square: string) =>
  document.querySelector(`[data-square="${square}"] [data-piece]`)?.getAttribute('data-piece') ?? null

/** The marks react-chessboard's square shows: 'last', 'selected', 'target', 'capture', 'cursor'. */
export const marksOn = (square: string) =>
  document.querySelector(`[data-square="${square}"] .board-square`)?.getAttribute('data-mark')?.split(' ') ??
  []

export const squareEl = (square: string) => document.querySelector<HTMLElement>(`[data-square="${square}"]`)!

/** Lets promises and the 300 ms piece animation finish (fake timers). */
export async function flush(ms = 0) {
  await act(async () => {
    await settle()
    if (ms) vi.advanceTimersByTime(ms)
    await settle()
  })
}
