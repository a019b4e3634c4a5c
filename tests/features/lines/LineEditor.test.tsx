// The module form's line editor: moves played on the board (clicks, keys) become the PGN text, a move from an
// earlier position a variation; a selected move is commented, stamped with the video's second ('Sync to video'),
// nudged, cleared, made a question, promoted or deleted from; undo and redo (buttons and Ctrl+Z / Ctrl+Shift+Z);
// text typed as PGN moves the board, and a text that does not read keeps the board's last good line.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useState } from 'react'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ModuleLine } from '@/api/generated/api'
import { LineFields } from '@/features/modules/LineFields'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { stubBoardLayout } from '../game/boardLayout'

vi.setConfig({ testTimeout: 30000 })
beforeEach(() => {
  stubBoardLayout()
})
afterEach(() => {
  vi.restoreAllMocks()
})

function Form({ start = '', videoUrl = '/videos/lesson.webm' }: { start?: string; videoUrl?: string }) {
  const [pgn, setPgn] = useState(start)
  const [side, setSide] = useState<ModuleLine['side']>('white')
  return <LineFields pgn={pgn} side={side} onPgn={setPgn} onSide={setSide} video={{ videoUrl, file: null }} />
}

async function setup(start?: string) {
  const r = renderWithProviders(<Form start={start} />)
  const editor = await screen.findByRole('region', { name: 'Line editor' }, { timeout: 15000 })
  const board = within(editor).getByRole('application', { name: 'Board: play a move to add it to the line' })
  return { ...r, editor, board }
}

const text = () => screen.getByLabelText<HTMLTextAreaElement>('Moves (PGN)').value
const square = (board: HTMLElement, name: string) =>
  board.querySelector<HTMLElement>(`[data-square="${name}"]`)!
const click = (board: HTMLElement, from: string, to: string) => {
  fireEvent.click(square(board, from))
  fireEvent.click(square(board, to))
}
/** The board's keys: the cursor from `at` by arrows, Enter to pick up and put down. */
function keys(board: HTMLElement, presses: string[]) {
  board.focus()
  for (const key of presses) fireEvent.keyDown(board, { key })
}
const move = (editor: HTMLElement, name: string) => within(editor).getByRole('button', { name })

describe('the line editor', () => {
  it('writes moves played by click and by the keys into the PGN, a move from earlier as a variation', async () => {
    const { editor, board } = await setup()
    expect(text()).toBe('')
    click(board, 'e2', 'e4')
    expect(text()).toBe('1. e4 *')
    // Black's e7 pawn by the keys: the cursor starts on e2; up five times to e7, pick up, down twice to e5
    keys(board, [
      'ArrowUp',
      'ArrowUp',
      'ArrowUp',
      'ArrowUp',
      'ArrowUp',
      'Enter',
      'ArrowDown',
      'ArrowDown',
      'Enter',
    ])
    expect(text()).toBe('1. e4 e5 *')
    click(board, 'g1', 'f3')
    expect(text()).toBe('1. e4 e5 2. Nf3 *')
    expect(move(editor, '2. Nf3')).toHaveAttribute('aria-current', 'step')

    // back to after 1... e5: f4 is a variation; Nf3 again goes to the move already there
    fireEvent.click(move(editor, 'e5'))
    click(board, 'f2', 'f4')
    expect(text()).toBe('1. e4 e5 2. Nf3 (2. f4) *')
    fireEvent.click(move(editor, 'e5'))
    click(board, 'g1', 'f3')
    expect(text()).toBe('1. e4 e5 2. Nf3 (2. f4) *')
    expect(move(editor, '2. Nf3')).toHaveAttribute('aria-current', 'step')
    // an illegal move is not played
    click(board, 'f3', 'f6')
    expect(text()).toBe('1. e4 e5 2. Nf3 (2. f4) *')
  })

  it("says the move played in words, once: the drag library's own announcements and instructions are silent", async () => {
    const { editor, board } = await setup()
    // dnd-kit's live region ('Draggable item g1 was dropped over droppable area f3') is not heard, and no piece is
    // described by its instructions for keys this board does not use
    await waitFor(() => expect(board.querySelector('[id^="DndLiveRegion"]')).not.toBeNull())
    expect(within(board).queryByRole('status')).toBeNull()
    const pieces = board.querySelectorAll('[aria-roledescription="draggable"]')
    expect(pieces.length).toBeGreaterThan(0)
    for (const piece of pieces) expect(piece).not.toHaveAccessibleDescription()

    click(board, 'g1', 'f3')
    expect(text()).toBe('1. Nf3 *')
    expect(within(editor).getAllByText('White knight to f3')).toHaveLength(1)
    expect(within(editor).getByText('White knight to f3')).toHaveAttribute('aria-live', 'polite')
    expect(within(board).queryByRole('status')).toBeNull()
  })

  it('comments a move, and undoes and redoes edits with the buttons and Ctrl+Z / Ctrl+Shift+Z', async () => {
    const { editor, board, user } = await setup('1. e4 e5 *')
    await user.click(move(editor, 'e5'))
    expect(within(editor).getByRole('group', { name: 'Selected: 1... e5' })).toBeInTheDocument()
    await user.type(within(editor).getByLabelText('Comment'), 'Symmetry.')
    expect(text()).toBe('1. e4 e5 {Symmetry.} *')

    await user.click(within(editor).getByRole('button', { name: 'Undo' }))
    expect(text()).toBe('1. e4 e5 *')
    await user.click(within(editor).getByRole('button', { name: 'Redo' }))
    expect(text()).toBe('1. e4 e5 {Symmetry.} *')

    click(board, 'g1', 'f3')
    expect(text()).toBe('1. e4 e5 {Symmetry.} 2. Nf3 *')
    fireEvent.keyDown(board, { key: 'z', ctrlKey: true })
    expect(text()).toBe('1. e4 e5 {Symmetry.} *')
    fireEvent.keyDown(board, { key: 'Z', ctrlKey: true, shiftKey: true })
    expect(text()).toBe('1. e4 e5 {Symmetry.} 2. Nf3 *')
  })

  it("stamps moves with the video's second and selects the next, nudges, clears and asks", async () => {
    const { editor, user } = await setup('1. e4 e5 2. Nf3 *')
    const video = editor.querySelector('video')!
    expect(video).toHaveAttribute('src', '/videos/lesson.webm')
    let second = 83.4
    Object.defineProperty(video, 'currentTime', { configurable: true, get: () => second })

    await user.click(move(editor, '1. e4'))
    await user.click(within(editor).getByRole('button', { name: 'Sync to video' }))
    // tenths of a second are kept, in the text and on screen
    expect(text()).toBe('1. e4 {[%vt 1:23.4]} 1... e5 2. Nf3 *')
    // the next move is selected: a run of clicks follows the video
    expect(move(editor, 'e5')).toHaveAttribute('aria-current', 'step')
    second = 95.2
    await user.click(within(editor).getByRole('button', { name: 'Sync to video' }))
    expect(within(editor).queryByText('at 1:35.2')).toBeNull()
    await user.click(move(editor, 'e5'))
    expect(within(editor).getByText('at 1:35.2')).toBeInTheDocument()
    await user.click(within(editor).getByRole('button', { name: '+1 s' }))
    await user.click(within(editor).getByRole('button', { name: '+1 s' }))
    await user.click(within(editor).getByRole('button', { name: '−1 s' }))
    expect(within(editor).getByText('at 1:36.2')).toBeInTheDocument()
    await user.click(within(editor).getByRole('checkbox', { name: 'Ask the student here' }))
    expect(text()).toBe('1. e4 {[%vt 1:23.4]} 1... e5 {[%vt 1:36.2] [%vt-ask]} 2. Nf3 *')
    await user.click(within(editor).getByRole('button', { name: 'Clear time' }))
    expect(text()).toBe('1. e4 {[%vt 1:23.4]} 1... e5 {[%vt-ask]} 2. Nf3 *')
    expect(within(editor).getByText('No video time')).toBeInTheDocument()
  })

  it('promotes a variation and deletes from a move', async () => {
    const { editor, user } = await setup('1. e4 e5 (1... c5 2. c3) 2. Nf3 Nc6 *')
    await user.click(move(editor, '2. Nf3'))
    expect(within(editor).getByRole('button', { name: 'Promote variation' })).toBeDisabled()
    await user.click(move(editor, '1... c5'))
    await user.click(within(editor).getByRole('button', { name: 'Promote variation' }))
    expect(text()).toBe('1. e4 c5 (1... e5 2. Nf3 Nc6) 2. c3 *')
    await user.click(move(editor, '1... e5'))
    await user.click(within(editor).getByRole('button', { name: 'Delete from here' }))
    expect(text()).toBe('1. e4 c5 2. c3 *')
    expect(move(editor, '1. e4')).toHaveAttribute('aria-current', 'step')
  })

  it('follows text typed as PGN, and keeps the last good line while the text does not read', async () => {
    const { editor, board, user } = await setup()
    await user.click(screen.getByRole('button', { name: 'Edit as PGN' }))
    const pgn = screen.getByLabelText('Moves (PGN)')
    await user.type(pgn, '1. d4 d5')
    expect(move(editor, 'd5')).toBeInTheDocument()
    await user.type(pgn, ' 2. Ke3')
    expect(pgn).toHaveAccessibleDescription('Illegal move 2. Ke3.')
    expect(move(editor, 'd5')).toBeInTheDocument()
    // the board animates the last move: the pawn arrives on d5 once the animation ends
    await waitFor(() => expect(square(board, 'd5').querySelector('[data-piece="bP"]')).not.toBeNull())
    await user.type(pgn, '{Backspace}{Backspace}{Backspace}c4')
    expect(pgn).not.toHaveAttribute('aria-invalid')
    expect(move(editor, '2. c4')).toBeInTheDocument()
  })
})
