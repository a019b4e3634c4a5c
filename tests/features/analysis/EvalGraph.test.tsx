// The evaluation graph of a reported game on /analysis: White's advantage move by move, the judged moves as dots,
// a point going to its move and the arrow keys stepping through the game while the graph has focus.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { renderApp } from '../../helpers/renderWithProviders'
import { stubBoardLayout } from '../game/boardLayout'
import { FakeWorker, SCHOLAR } from './fakeEngine'

let layout: ReturnType<typeof stubBoardLayout>
beforeEach(() => {
  layout = stubBoardLayout()
  vi.stubGlobal('Worker', FakeWorker)
})
afterEach(() => {
  layout.mockRestore()
  vi.unstubAllGlobals()
})

const moves = () => screen.getByRole('navigation', { name: 'Moves' })
const pieceOn = (square: string) =>
  document.querySelector(`[data-square="${square}"] [data-piece]`)?.getAttribute('data-piece')

async function reportScholarsMate() {
  const app = renderApp('/analysis')
  await screen.findByRole('heading', { name: 'Analysis' })
  fireEvent.change(screen.getByLabelText('Game (PGN)'), { target: { value: SCHOLAR } })
  fireEvent.click(screen.getByRole('button', { name: 'Load PGN' }))
  expect(screen.queryByRole('img', { name: /^Evaluation graph/ })).not.toBeInTheDocument()
  fireEvent.click(screen.getByRole('button', { name: 'Analyse this game' }))
  await screen.findByRole('button', { name: 'Next mistake' }, { timeout: 10_000 })
  return app
}

describe('the evaluation graph', () => {
  it('appears once the game is reported, with the blunder as a dot', async () => {
    await reportScholarsMate()
    const graph = screen.getByRole('img', { name: "Evaluation graph: White's advantage move by move" })
    const dots = graph.querySelectorAll('.eval-graph__mark')
    expect(dots).toHaveLength(1)
    expect(dots[0]).toHaveAttribute('fill', '#db3031')
  })

  it('goes to the move of the point clicked, and steps with the arrow keys while it has focus', async () => {
    const { user } = await reportScholarsMate()
    const graph = screen.getByRole('img', { name: /^Evaluation graph/ })
    await user.click(graph.querySelector('[data-ply="3"]')!)
    expect(within(moves()).getByRole('button', { name: '2. Qh5' })).toHaveAttribute('aria-current', 'step')
    await waitFor(() => expect(pieceOn('h5')).toBe('wQ'))
    expect(graph).toHaveFocus()

    await user.keyboard('{ArrowRight}')
    expect(within(moves()).getByRole('button', { name: 'Nc6' })).toHaveAttribute('aria-current', 'step')
    await waitFor(() => expect(pieceOn('c6')).toBe('bN'))
    await user.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(within(moves()).getByRole('button', { name: 'e5' })).toHaveAttribute('aria-current', 'step')
    await user.keyboard('{End}')
    expect(within(moves()).getByRole('button', { name: '4. Qxf7#' })).toHaveAttribute('aria-current', 'step')
    await user.keyboard('{Home}')
    expect(within(moves()).queryByRole('button', { current: 'step' })).not.toBeInTheDocument()
    await waitFor(() => expect(pieceOn('d1')).toBe('wQ'))
  })
})
