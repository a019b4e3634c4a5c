// Sharing a game on /analysis: 'Copy link' gives an address that opens the same game at the same move, a link that
// does not read opens the start position with a sentence, and 'Download PGN' writes the game with the report's
// evaluations and marks as lichess exports them.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
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
  vi.restoreAllMocks()
})

const moves = () => screen.getByRole('navigation', { name: 'Moves' })
const pieceOn = (square: string) =>
  document.querySelector(`[data-square="${square}"] [data-piece]`)?.getAttribute('data-piece')
const shownMove = () => within(moves()).queryByRole('button', { current: 'step' })?.textContent

/** The page's clipboard (after renderApp: user-event's setup puts a clipboard of its own on the navigator). */
function stubClipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText)
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: spy }, configurable: true })
  return spy
}

async function loadPgn(pgn: string) {
  await screen.findByRole('heading', { name: 'Analysis' })
  fireEvent.change(screen.getByLabelText('Game (PGN)'), { target: { value: pgn } })
  fireEvent.click(screen.getByRole('button', { name: 'Load PGN' }))
}

describe('a link to a game', () => {
  it('opens the game at the move it names', async () => {
    renderApp('/analysis?moves=e4_e5_Qh5_Nc6_Bc4_Nf6_Qxf7&ply=4')
    await waitFor(() => expect(shownMove()).toBe('Nc6'))
    expect(within(moves()).getByRole('button', { name: '4. Qxf7#' })).toBeInTheDocument()
    await waitFor(() => expect(pieceOn('c6')).toBe('bN'))
    expect(pieceOn('h5')).toBe('wQ')
  })

  it('opens the start position with a sentence when its moves do not read', async () => {
    renderApp('/analysis?moves=e4_e5_Ke3&ply=3')
    expect(
      await screen.findByText(
        "This link's moves could not be read (Illegal move 2. Ke3), so the board shows the start position.",
      ),
    ).toBeInTheDocument()
    expect(screen.getByText('No moves.')).toBeInTheDocument()
    await waitFor(() => expect(pieceOn('e2')).toBe('wP'))
  })

  it("'Copy link' copies an address that opens the same game at the same move", async () => {
    renderApp('/analysis')
    const writeText = stubClipboard(() => Promise.resolve())
    await loadPgn(SCHOLAR)
    fireEvent.click(within(moves()).getByRole('button', { name: '3. Bc4' }))
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }))
    expect(await screen.findByText('Link copied')).toBeInTheDocument()
    const url = new URL(String(writeText.mock.calls[0][0]))
    expect(url.pathname + url.search).toBe('/analysis?moves=e4_e5_Qh5_Nc6_Bc4_Nf6_Qxf7&ply=5')

    cleanup()
    renderApp(url.pathname + url.search)
    await waitFor(() => expect(shownMove()).toBe('3. Bc4'))
    await waitFor(() => expect(pieceOn('c4')).toBe('wB'))
  })

  it('shows the address to copy by hand when the clipboard refuses it', async () => {
    renderApp('/analysis?moves=e4_e5&ply=1')
    stubClipboard(() => Promise.reject(new Error('Not allowed')))
    await waitFor(() => expect(shownMove()).toBe('1. e4'))
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }))
    const field = await screen.findByRole('textbox', { name: /The link could not be copied/ })
    expect(field).toHaveAttribute('readonly')
    expect((field as HTMLInputElement).value).toMatch(/\/analysis\?moves=e4_e5&ply=1$/)
    expect(screen.queryByText('Link copied')).not.toBeInTheDocument()
  })
})

describe("'Download PGN'", () => {
  it('downloads the plain game, then the game with the report as PGN comments once it is reported', async () => {
    const blobs: Blob[] = []
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => (blobs.push(blob), 'blob:pgn')),
      revokeObjectURL: vi.fn(),
    })
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    renderApp('/analysis')
    await loadPgn(`[White "Scholar"]\n[Black "Victim"]\n[Result "1-0"]\n\n${SCHOLAR}`)
    await within(moves()).findByRole('button', { name: '4. Qxf7#' })
    const tags = '[White "Scholar"]\n[Black "Victim"]\n[Result "1-0"]\n\n'

    fireEvent.click(screen.getByRole('button', { name: 'Download PGN' }))
    expect((clicked.mock.instances[0] as HTMLAnchorElement).download).toBe('Scholar_vs_Victim.pgn')
    expect(await blobs[0].text()).toBe(`${tags}1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n`)

    fireEvent.click(screen.getByRole('button', { name: 'Analyse this game' }))
    await screen.findByRole('button', { name: 'Next mistake' }, { timeout: 10_000 })
    fireEvent.click(screen.getByRole('button', { name: 'Download PGN' }))
    expect(await blobs[1].text()).toBe(
      tags +
        '1. e4 {[%eval 0.25]} 1... e5 {[%eval 0.25]} 2. Qh5 {[%eval 0.25]} 2... Nc6\n' +
        '{[%eval 0.25]} 3. Bc4 {[%eval -0.2]} 3... Nf6??\n' +
        '{Blunder. g6 was best. [%eval #1]} 4. Qxf7# 1-0\n',
    )
  })
})
