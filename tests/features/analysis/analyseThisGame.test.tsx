// 'Analyse this game' once a practice game is over: /analysis opens with the game and starts its report.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { render } from '@testing-library/react'
import { Provider } from 'react-redux'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { makeStore } from '@/app/store'
import AnalysisPage from '@/features/analysis/AnalysisPage'
import { initialGameState } from '@/features/game/gameSlice'
import { PracticeBoard } from '@/features/game/PracticeBoard'
import { loadPlayBoard } from '@/features/game/BoardOnDemand'
import { stubBoardLayout } from '../game/boardLayout'

await loadPlayBoard()

let layout: ReturnType<typeof stubBoardLayout>
beforeEach(() => {
  layout = stubBoardLayout()
})
afterEach(() => layout.mockRestore())

const SCHOLAR = ['e2e4', 'e7e5', 'd1h5', 'b8c6', 'f1c4', 'g8f6', 'h5f7']
const MATED = 'r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4'
const AFTER_E4_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2'

function renderHome(over: boolean) {
  const store = makeStore({
    game: {
      ...initialGameState,
      moves: over ? SCHOLAR : SCHOLAR.slice(0, 2),
      fen: over ? MATED : AFTER_E4_E5,
      over,
    },
  })
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/home']}>
        <Routes>
          <Route path="/home" element={<PracticeBoard />} />
          <Route path="/analysis" element={<AnalysisPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  )
}

describe("'Analyse this game' after a practice game", () => {
  it('is offered only once the game is over', () => {
    renderHome(false)
    expect(screen.queryByRole('button', { name: 'Analyse this game' })).not.toBeInTheDocument()
  })

  it("opens /analysis with the game's moves and starts the report", async () => {
    renderHome(true)
    await userEvent.click(screen.getByRole('button', { name: 'Analyse this game' }))
    await screen.findByRole('heading', { name: 'Analysis' })
    const moves = screen.getByRole('navigation', { name: 'Moves' })
    expect(within(moves).getByRole('button', { name: '4. Qxf7#' })).toBeInTheDocument()
    // No engine in this browser: the report starts and says it could not run.
    expect(await screen.findByText('The engine could not analyse this game.')).toBeInTheDocument()
  })
})
