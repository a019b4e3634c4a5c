// The engine panel says how many threads the engine searches on: several where /analysis is cross-origin isolated
// (the multi-threaded build), exactly 'Engine: 1 thread' elsewhere (the single-threaded build).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { EngineLines } from '@/features/analysis/EnginePanel'
import { renderApp } from '../../helpers/renderWithProviders'
import { stubBoardLayout } from '../game/boardLayout'

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
const line = { multipv: 1, depth: 12, score: { cp: 30 }, pv: ['e2e4', 'e7e5'] }

/** An engine worker that answers every search at once with one line. */
class FakeWorker {
  onmessage: ((e: { data: string }) => void) | null = null
  onerror = null
  postMessage(command: string) {
    const say = (data: string) => setTimeout(() => this.onmessage?.({ data }), 0)
    if (command === 'uci') say('uciok')
    if (command === 'isready') say('readyok')
    if (command.startsWith('go ')) {
      say('info depth 10 seldepth 12 multipv 1 score cp 25 pv g1f3')
      say('bestmove g1f3')
    }
  }
  terminate() {}
}

let layout: ReturnType<typeof stubBoardLayout>
beforeEach(() => {
  layout = stubBoardLayout()
})
afterEach(() => {
  layout.mockRestore()
  vi.unstubAllGlobals()
})

describe("the engine's threads", () => {
  it('names the threads under the best lines, and while the engine thinks about a new position', () => {
    const { rerender } = render(
      <EngineLines live={{ status: 'on', fen: START, lines: [line], threads: 3 }} fen={START} />,
    )
    expect(screen.getByText('Engine: 3 threads')).toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'Best lines' })).toBeInTheDocument()
    rerender(
      <EngineLines
        live={{ status: 'on', fen: START, lines: [line], threads: 3 }}
        fen="8/8/8/8/8/5k2/8/4K2R w K - 0 40"
      />,
    )
    expect(screen.getByRole('status')).toHaveTextContent('Engine thinking…')
    expect(screen.getByText('Engine: 3 threads')).toBeInTheDocument()
    rerender(<EngineLines live={{ status: 'off' }} fen={START} />)
    expect(screen.queryByText(/^Engine: /)).not.toBeInTheDocument()
  })

  it("says 'Engine: 1 thread' on /analysis where the page is not cross-origin isolated", async () => {
    vi.stubGlobal('Worker', FakeWorker)
    renderApp('/analysis')
    await screen.findByRole('heading', { name: 'Analysis' })
    expect(screen.queryByText(/^Engine: /)).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Engine' }))
    expect(await screen.findByText('Engine: 1 thread')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Engine' }))
    expect(screen.queryByText(/^Engine: /)).not.toBeInTheDocument()
  })
})
