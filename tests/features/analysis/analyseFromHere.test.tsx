// The ways into /analysis from other pages: a line's 'Analyse from here' opens the position shown.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Route, Routes } from 'react-router-dom'
import AnalysisPage from '@/features/analysis/AnalysisPage'
import ModulesPage from '@/features/modules/ModulesPage'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { seedCourse, seedEnrollment, seedModule, seedUser, sessionOf } from '../../helpers/backend'
import { stubBoardLayout } from '../game/boardLayout'

let layout: ReturnType<typeof stubBoardLayout>
beforeEach(() => {
  layout = stubBoardLayout()
})
afterEach(() => layout.mockRestore())

const pieceOn = (square: string) =>
  document.querySelector(`[data-square="${square}"] [data-piece]`)?.getAttribute('data-piece') ?? null

describe('from a line to the analysis board', () => {
  it("'Analyse from here' opens /analysis on the line's position shown, where any move may be played", async () => {
    const teacher = seedUser({ username: 'teacher', role: 'instructor' })
    const stu = seedUser({ username: 'stu' })
    const course = seedCourse({ title: 'Openings', instructor: teacher })
    seedModule({
      courseId: course._id,
      title: 'Italian Game',
      line: { pgn: '1. e4 e5 2. Nf3 Nc6 *', side: 'white' },
    })
    seedEnrollment(course._id, stu._id)
    renderWithProviders(
      <Routes>
        <Route path="/courses/:courseId/modules" element={<ModulesPage />} />
        <Route path="/analysis" element={<AnalysisPage />} />
      </Routes>,
      { route: `/courses/${course._id}/modules`, preloadedState: { auth: sessionOf(stu) } },
    )
    const viewer = await screen.findByRole('region', { name: 'Line: Italian Game' })
    fireEvent.click(within(viewer).getByRole('button', { name: '2. Nf3' }))
    fireEvent.click(within(viewer).getByRole('button', { name: 'Analyse from here' }))
    await screen.findByRole('heading', { name: 'Analysis' })
    await waitFor(() => expect(pieceOn('f3')).toBe('wN'))
    expect(pieceOn('g1')).toBeNull()
    expect(pieceOn('e5')).toBe('bP')
    // Black to move from here: 2... d6 is played on the board.
    fireEvent.click(document.querySelector<HTMLElement>('[data-square="d7"]')!)
    fireEvent.click(document.querySelector<HTMLElement>('[data-square="d6"]')!)
    expect(await screen.findByRole('button', { name: '2... d6' })).toHaveAttribute('aria-current', 'step')
  })
})
