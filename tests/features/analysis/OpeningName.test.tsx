// /analysis names the opening of the position shown over the board (the deepest named position from the start to
// the move shown, the names loaded in a chunk of their own) and, with the game report, the game's opening. The
// engine's worker is a fake that scores every position level.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import { renderApp } from '../../helpers/renderWithProviders'
import { stubBoardLayout } from '../game/boardLayout'

const OPERA = '1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6'

class LevelEngine {
  onmessage: ((e: { data: string }) => void) | null = null
  onerror = null
  private say(line: string) {
    setTimeout(() => this.onmessage?.({ data: line }), 0)
  }
  postMessage(command: string) {
    if (command === 'uci') this.say('uciok')
    if (command === 'isready') this.say('readyok')
    if (command.startsWith('go ')) {
      this.say('info depth 10 seldepth 12 multipv 1 score cp 0 pv a2a3')
      this.say('bestmove a2a3')
    }
  }
  terminate() {}
}

let layout: ReturnType<typeof stubBoardLayout>
beforeEach(() => {
  layout = stubBoardLayout()
  vi.stubGlobal('Worker', LevelEngine)
})
afterEach(() => {
  layout.mockRestore()
  vi.unstubAllGlobals()
})

const opening = () => screen.queryByRole('note', { name: 'Opening' })
const step = (name: string) => fireEvent.click(screen.getByRole('button', { name }))

async function openGame(pgn: string) {
  renderApp('/analysis')
  await screen.findByRole('heading', { name: 'Analysis' })
  fireEvent.change(screen.getByLabelText('Game (PGN)'), { target: { value: pgn } })
  fireEvent.click(screen.getByRole('button', { name: 'Load PGN' }))
}

describe("the opening's name on /analysis", () => {
  it('names the opening over the board, and the name follows the moves stepped through', async () => {
    await openGame(OPERA)
    expect(opening()).not.toBeInTheDocument()
    step('Next move')
    expect(await screen.findByRole('note', { name: 'Opening' })).toHaveTextContent("B00 King's Pawn Game")
    const board = screen.getByLabelText('Analysis board: play any move')
    expect(opening()!.compareDocumentPosition(board) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    step('Next move')
    expect(opening()).toHaveTextContent("C20 King's Pawn Game")
    step('Next move')
    expect(opening()).toHaveTextContent("C40 King's Knight Opening")
    step('Next move')
    expect(opening()).toHaveTextContent('C41 Philidor Defense')
    // 3...Bg4 and what follows are named nowhere: the last name stays.
    step('Last move')
    expect(opening()).toHaveTextContent('C41 Philidor Defense')
    step('First position')
    expect(opening()).not.toBeInTheDocument()
  })

  it('names a move played on the board from an earlier position by the line that leads to it', async () => {
    await openGame('1. e4 e5 2. Nf3 d6')
    const moves = screen.getByRole('navigation', { name: 'Moves' })
    fireEvent.click(within(moves).getByRole('button', { name: '1. e4' }))
    fireEvent.click(document.querySelector<HTMLElement>('[data-square="c7"]')!)
    fireEvent.click(document.querySelector<HTMLElement>('[data-square="c5"]')!)
    await within(moves).findByRole('button', { name: '1... c5' })
    expect(await screen.findByRole('note', { name: 'Opening' })).toHaveTextContent('B20 Sicilian Defense')
  })

  it("shows the game's opening with the report: the deepest named position of the whole game", async () => {
    await openGame(OPERA)
    step('Next move')
    fireEvent.click(screen.getByRole('button', { name: 'Analyse this game' }))
    const game = await screen.findByRole('note', { name: "Game's opening" }, { timeout: 10_000 })
    expect(game).toHaveTextContent('Opening: C41 Philidor Defense')
    // The position shown is still 1.e4's.
    expect(opening()).toHaveTextContent("B00 King's Pawn Game")
  })
})
