// The lesson view, /courses/{courseId}/modules/{moduleId}: one module on the page with the course's curriculum
// beside it, 'Previous' and 'Next', 'Mark as complete' moving on, the completed modules ticked, and the app's
// not-found page for a module the course does not have.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { Route, Routes, useLocation } from 'react-router-dom'
import LessonPage from '@/features/modules/LessonPage'
import { AlertList } from '@/features/layout/AlertList'
import { renderApp, renderWithProviders } from '../../helpers/renderWithProviders'
import {
  query,
  seedCourse,
  seedEnrollment,
  seedModule,
  seedProgress,
  seedUser,
  sessionOf,
  type SeededUser,
} from '../../helpers/backend'

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>
}

function render(path: string, who?: SeededUser) {
  return renderWithProviders(
    <>
      <AlertList />
      <Routes>
        <Route
          path="/courses/:courseId/modules/:moduleId"
          element={
            <>
              <LessonPage />
              <Where />
            </>
          }
        />
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { route: path, preloadedState: who ? { auth: sessionOf(who) } : undefined },
  )
}

function setup() {
  const teacher = seedUser({ username: 'teacher', role: 'instructor' })
  const stu = seedUser({ username: 'stu' })
  const course = seedCourse({ title: 'Endgame Mastery', instructor: teacher })
  const video = (name: string) => `https://videos.example.com/${name}.mp4`
  const one = seedModule({
    courseId: course._id,
    title: 'King activity',
    description: 'Use the king',
    videoUrl: video('one'),
  })
  const two = seedModule({
    courseId: course._id,
    title: 'Opposition',
    description: 'Kings facing',
    videoUrl: video('two'),
  })
  const three = seedModule({
    courseId: course._id,
    title: 'Rook endings',
    description: 'Behind the pawn',
    videoUrl: video('three'),
  })
  seedEnrollment(course._id, stu._id)
  const lesson = (m: { _id: string }) => `/courses/${course._id}/modules/${m._id}`
  return { teacher, stu, course, one, two, three, lesson }
}

const where = () => screen.getByTestId('where').textContent
const curriculum = () => within(screen.getByRole('navigation', { name: 'Curriculum' }))

describe('/courses/{courseId}/modules/{moduleId}: the lesson view', () => {
  it('shows the one module, its video and its place in the course, with the curriculum linking every module', async () => {
    const { stu, course, two, lesson } = setup()
    render(lesson(two), stu)
    expect(screen.getByText('Loading...')).toBeInTheDocument()
    const heading = await screen.findByRole('heading', { level: 1, name: 'Opposition' })
    const article = within(heading.closest('article')!)
    expect(article.getByText('Kings facing')).toBeInTheDocument()
    expect(await article.findByRole('region', { name: 'Video player' })).toHaveAttribute(
      'data-src',
      'https://videos.example.com/two.mp4',
    )
    // one module on the page: one card, one player
    expect(screen.getAllByRole('article')).toHaveLength(1)
    expect(screen.getAllByRole('region', { name: 'Video player' })).toHaveLength(1)
    expect(screen.queryByText('Use the king')).not.toBeInTheDocument()
    expect(screen.getByText('Module 2 of 3')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: '← Endgame Mastery' })).toHaveAttribute(
      'href',
      `/courses/${course._id}/modules`,
    )
    const links = curriculum().getAllByRole('link')
    expect(links.map((l) => l.textContent)).toEqual(['1King activity', '2Opposition', '3Rook endings'])
    expect(curriculum().getByRole('link', { name: 'Opposition' })).toHaveAttribute('aria-current', 'page')
    expect(curriculum().getByRole('link', { name: 'King activity' })).not.toHaveAttribute('aria-current')
  })

  it("moves with 'Next' and 'Previous', each naming its module, and through the curriculum", async () => {
    const { stu, one, two, three, lesson } = setup()
    const { user } = render(lesson(one), stu)
    await screen.findByRole('heading', { level: 1, name: 'King activity' })
    // the first module has no 'Previous'
    expect(screen.queryByRole('link', { name: /^Previous/ })).not.toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Next Opposition' }))
    const heading = await screen.findByRole('heading', { level: 1, name: 'Opposition' })
    expect(where()).toBe(lesson(two))
    // the new module's heading takes the focus
    expect(heading).toHaveFocus()
    await user.click(screen.getByRole('link', { name: 'Next Rook endings' }))
    await screen.findByRole('heading', { level: 1, name: 'Rook endings' })
    expect(where()).toBe(lesson(three))
    // the last module has no 'Next'
    expect(screen.queryByRole('link', { name: /^Next/ })).not.toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Previous Opposition' }))
    await screen.findByRole('heading', { level: 1, name: 'Opposition' })
    await user.click(curriculum().getByRole('link', { name: 'King activity' }))
    await screen.findByRole('heading', { level: 1, name: 'King activity' })
    expect(where()).toBe(lesson(one))
  })

  it("'Mark as complete' keeps the completion and moves on to the next module, ticked in the curriculum", async () => {
    const { stu, one, two, lesson } = setup()
    const { user } = render(lesson(one), stu)
    await user.click(await screen.findByRole('button', { name: 'Mark as complete' }))
    await screen.findByRole('heading', { level: 1, name: 'Opposition' })
    expect(where()).toBe(lesson(two))
    expect(curriculum().getByRole('link', { name: 'King activity, completed' })).toBeInTheDocument()
    expect(curriculum().getByText('1 of 3 modules completed')).toBeInTheDocument()
    const rows = await query<{ completed: boolean }>(
      'SELECT completed_at IS NOT NULL AS completed FROM module_progress WHERE module_id = $1',
      [one._id],
    )
    expect(rows).toEqual([{ completed: true }])
  })

  it('ticks the completed modules in the curriculum, in words for screen readers', async () => {
    const { stu, one, three, lesson } = setup()
    seedProgress(stu, one, { completed: true })
    seedProgress(stu, three, { completed: true })
    render(lesson(three), stu)
    await screen.findByRole('heading', { level: 1, name: 'Rook endings' })
    const c = curriculum()
    expect(await c.findByRole('link', { name: 'King activity, completed' })).toBeInTheDocument()
    expect(c.getByRole('link', { name: 'Opposition' })).toBeInTheDocument()
    expect(c.getByRole('link', { name: 'Rook endings, completed' })).toHaveAttribute('aria-current', 'page')
    expect(c.getByRole('progressbar', { name: '2 of 3 modules completed' })).toHaveAttribute(
      'aria-valuenow',
      '66',
    )
    // on the last module, a completed one: no 'Next', nowhere to move on to
    expect(screen.getByRole('button', { name: 'Mark as not complete' })).toBeInTheDocument()
  })

  it("opens the curriculum with 'Curriculum' and closes it with Escape, focus back on the button", async () => {
    const { stu, two, lesson } = setup()
    const { user } = render(lesson(two), stu)
    await screen.findByRole('heading', { level: 1, name: 'Opposition' })
    const button = screen.getByRole('button', { name: 'Curriculum' })
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(button).toHaveAttribute('aria-controls', screen.getByRole('navigation', { name: 'Curriculum' }).id)
    await user.click(button)
    expect(button).toHaveAttribute('aria-expanded', 'true')
    // focus on the module being studied
    expect(curriculum().getByRole('link', { name: 'Opposition' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(button).toHaveFocus()
    // 'Close' closes it too, and a module chosen in it closes it as it opens
    await user.click(button)
    await user.click(curriculum().getByRole('button', { name: 'Close' }))
    expect(button).toHaveAttribute('aria-expanded', 'false')
    await user.click(button)
    await user.click(curriculum().getByRole('link', { name: 'Rook endings' }))
    await screen.findByRole('heading', { level: 1, name: 'Rook endings' })
    expect(screen.getByRole('button', { name: 'Curriculum' })).toHaveAttribute('aria-expanded', 'false')
  })

  it("sends a student not enrolled, and a visitor, to the course's page (its curriculum and 'Enroll Now')", async () => {
    const { course, two, lesson } = setup()
    for (const who of [seedUser({ username: 'outsider' }), undefined]) {
      const { unmount } = render(lesson(two), who)
      await waitFor(() => expect(where()).toBe(`/courses/${course._id}/modules`))
      expect(screen.queryByRole('heading', { name: 'Opposition' })).not.toBeInTheDocument()
      unmount()
    }
  })
})

describe('/courses/{courseId}/modules/{moduleId} in the app', () => {
  it('names the lesson in the document title, and keeps the address', async () => {
    const { stu, two, lesson } = setup()
    const { router } = renderApp(lesson(two), { preloadedState: { auth: sessionOf(stu) } })
    await screen.findByRole('heading', { level: 1, name: 'Opposition' })
    await waitFor(() => expect(document.title).toBe('Opposition · Chess Online Education'))
    expect(router.state.location.pathname).toBe(lesson(two))
  })

  it("shows the app's not-found page for a module the course does not have", async () => {
    const { stu, course, lesson } = setup()
    const other = seedCourse({ title: 'Openings' })
    const elsewhere = seedModule({ courseId: other._id, title: 'Elsewhere' })
    seedEnrollment(other._id, stu._id)
    for (const path of [
      `/courses/${course._id}/modules/00000000-0000-4000-8000-000000000000`,
      // a module of another course, even one the student may watch
      lesson(elsewhere),
      `/courses/00000000-0000-4000-8000-000000000000/modules/${elsewhere._id}`,
    ]) {
      const { unmount } = renderApp(path, { preloadedState: { auth: sessionOf(stu) } })
      expect(
        await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
      ).toBeInTheDocument()
      expect(screen.getByText('404 Not Found')).toBeInTheDocument()
      expect(screen.queryByRole('heading', { name: 'Elsewhere' })).not.toBeInTheDocument()
      unmount()
    }
  })
})
