// The module form's line: an optional line editor with 'Edit as PGN' ('Moves (PGN)') and 'Student plays' next to
// the spec's fields; a PGN that does not read (an illegal move) is refused in the browser, with the reader's
// sentence naming the move next to 'Moves (PGN)', before anything is sent; fixed, the module is saved with its line
// and the card shows it. A module with a line needs no video.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import ModulesPage from '@/features/modules/ModulesPage'
import { AlertList } from '@/features/layout/AlertList'
import { MODULE_ROLLBACK_TEXT } from '@/features/modules/moduleListeners'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { seedCourse, seedModule, seedUser, sessionOf, stored } from '../../helpers/backend'
import { stubBoardLayout } from '../game/boardLayout'

vi.setConfig({ testTimeout: 30000 })
// jsdom does not scroll; the form scrolls into view (restored after each test: test files may share a worker)
const jsdomScroll = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView')
beforeEach(() => {
  stubBoardLayout()
  Element.prototype.scrollIntoView = () => undefined
})
afterEach(() => {
  vi.restoreAllMocks()
  if (jsdomScroll) Object.defineProperty(Element.prototype, 'scrollIntoView', jsdomScroll)
  else delete (Element.prototype as Partial<Element>).scrollIntoView
})

const ILLEGAL = '1. e4 e5 2. Ke3'
const FIXED = '1. e4 e5 2. Ke2 *'

function setup() {
  const teacher = seedUser({ username: 'teacher', role: 'instructor' })
  const course = seedCourse({ title: 'Openings', instructor: teacher })
  const r = renderWithProviders(
    <>
      <AlertList />
      <ModulesPage />
    </>,
    {
      route: `/courses/${course._id}/modules`,
      path: '/courses/:courseId/modules',
      preloadedState: { auth: sessionOf(teacher) },
    },
  )
  return { ...r, course }
}

const form = () => screen.getByRole('form')

describe('a line in the module form', () => {
  it("offers 'Moves (PGN)' and 'Student plays' beside the spec's fields and placeholders", async () => {
    const { user } = setup()
    await user.click(await screen.findByRole('button', { name: 'Add Module' }))
    expect(screen.getByPlaceholderText('Module Title')).toBeRequired()
    expect(screen.getByPlaceholderText('Module Description')).toBeRequired()
    expect(screen.getByPlaceholderText('Video URL')).toBeRequired()
    expect(within(form()).getByLabelText('Moves (PGN)')).not.toBeRequired()
    // the text is behind 'Edit as PGN'; the board editor shows first
    expect(within(form()).getByLabelText('Moves (PGN)')).not.toBeVisible()
    await user.click(within(form()).getByRole('button', { name: 'Edit as PGN' }))
    expect(within(form()).getByLabelText('Moves (PGN)')).toBeVisible()
    expect(
      await within(form()).findByRole('region', { name: 'Line editor' }, { timeout: 15000 }),
    ).toBeInTheDocument()
    const side = within(form()).getByRole('combobox', { name: 'Student plays' })
    expect(
      within(side)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['White', 'Black'])
    expect(within(form()).getByRole('button', { name: 'Add Module' })).toBeInTheDocument()
  })

  it('refuses an illegal move next to the PGN before sending anything, and saves the corrected line', async () => {
    const { user, course } = setup()
    await user.click(await screen.findByRole('button', { name: 'Add Module' }))
    await user.type(screen.getByPlaceholderText('Module Title'), 'Bongcloud')
    await user.type(screen.getByPlaceholderText('Module Description'), 'Do not try this')
    await user.type(screen.getByPlaceholderText('Video URL'), 'https://vimeo.com/1')
    await user.click(within(form()).getByRole('button', { name: 'Edit as PGN' }))
    await user.type(screen.getByLabelText('Moves (PGN)'), ILLEGAL)
    await user.selectOptions(screen.getByRole('combobox', { name: 'Student plays' }), 'black')
    await user.click(within(form()).getByRole('button', { name: 'Add Module' }))

    // the form stays with the reader's sentence at the PGN; nothing was sent
    const pgn = within(form()).getByLabelText('Moves (PGN)')
    expect(pgn).toHaveValue(ILLEGAL)
    expect(pgn).toHaveAccessibleDescription('Illegal move 2. Ke3.')
    expect(pgn).toHaveFocus()
    expect(screen.queryByText(MODULE_ROLLBACK_TEXT)).toBeNull()
    expect(screen.getByRole('combobox', { name: 'Student plays' })).toHaveValue('black')
    expect(await stored.modules()).toEqual([])

    await user.clear(pgn)
    await user.type(
      pgn,
      FIXED.replace(/[{}]/g, (c) => `${c}${c}`),
    )
    expect(pgn).toHaveAccessibleDescription(/^Optional: moves/)
    await user.click(within(form()).getByRole('button', { name: 'Add Module' }))
    // the saved card (the server's answer replaces the optimistic one) shows the line
    await screen.findByRole('region', { name: 'Line: Bongcloud' }, { timeout: 5000 })
    const card = screen.getByRole('article', { name: 'Bongcloud' })
    expect(within(card).getByRole('button', { name: '2. Ke2' })).toBeInTheDocument()
    const [saved] = await stored.modules()
    expect(saved).toMatchObject({ courseId: course._id, title: 'Bongcloud' })
  })

  it('asks for a video only while the module has no line', async () => {
    const { user } = setup()
    await user.click(await screen.findByRole('button', { name: 'Add Module' }))
    const url = screen.getByPlaceholderText('Video URL')
    expect(url).toBeRequired()
    await user.click(within(form()).getByRole('button', { name: 'Edit as PGN' }))
    await user.type(screen.getByLabelText('Moves (PGN)'), '1. d4 d5 *')
    expect(url).not.toBeRequired()
    expect(
      within(form()).getByText(/A video is required unless the module has a line or a puzzle set\./),
    ).toBeInTheDocument()
    // saved without a video: the card shows the line alone, and no video URL was sent
    await user.type(screen.getByPlaceholderText('Module Title'), 'Queen pawn')
    await user.type(screen.getByPlaceholderText('Module Description'), 'A study')
    await user.click(within(form()).getByRole('button', { name: 'Add Module' }))
    await screen.findByRole('region', { name: 'Line: Queen pawn' }, { timeout: 5000 })
    const [saved] = await stored.modules()
    expect(saved).toMatchObject({ title: 'Queen pawn' })
    expect(saved.videoUrl ?? null).toBeNull()
  })

  it('an edit keeps the line unless its PGN is cleared, which removes the line', async () => {
    const teacherCourse = setup()
    const { user } = teacherCourse
    const card = await screen.findByRole('heading', { name: 'Modules' })
    expect(card).toBeInTheDocument()
    // a module with a line, added through the form
    await user.click(screen.getByRole('button', { name: 'Add Module' }))
    await user.type(screen.getByPlaceholderText('Module Title'), 'Scholar')
    await user.type(screen.getByPlaceholderText('Module Description'), 'Four moves')
    await user.type(screen.getByPlaceholderText('Video URL'), 'https://vimeo.com/2')
    await user.click(within(form()).getByRole('button', { name: 'Edit as PGN' }))
    await user.type(screen.getByLabelText('Moves (PGN)'), '1. e4 e5 2. Qh5 *')
    await user.click(within(form()).getByRole('button', { name: 'Add Module' }))
    await screen.findByRole('region', { name: 'Line: Scholar' }, { timeout: 5000 })
    const article = screen.getByRole('article', { name: 'Scholar' })

    await user.click(within(article).getByRole('button', { name: 'Edit Scholar' }))
    expect(within(form()).getByLabelText('Moves (PGN)')).toHaveValue('1. e4 e5 2. Qh5 *')
    await user.click(within(form()).getByRole('button', { name: 'Edit as PGN' }))
    await user.clear(within(form()).getByLabelText('Moves (PGN)'))
    await user.click(within(form()).getByRole('button', { name: 'Update Module' }))
    const after = await screen.findByRole('article', { name: 'Scholar' })
    await vi.waitFor(() => expect(within(after).queryByRole('region', { name: 'Line: Scholar' })).toBeNull())
  })
})

// a seeded module with a line shows its viewer to its instructor too
it('shows the line of a seeded module on its card', async () => {
  const teacher = seedUser({ username: 'teacher', role: 'instructor' })
  const course = seedCourse({ title: 'Endgames', instructor: teacher })
  seedModule({ courseId: course._id, title: 'Lucena', line: { pgn: '1. e4 *', side: 'white' } })
  renderWithProviders(<ModulesPage />, {
    route: `/courses/${course._id}/modules`,
    path: '/courses/:courseId/modules',
    preloadedState: { auth: sessionOf(teacher) },
  })
  expect(await screen.findByRole('region', { name: 'Line: Lucena' })).toBeInTheDocument()
})
