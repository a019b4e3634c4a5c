import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import ModulesPage from '@/features/modules/ModulesPage'
import { AlertList } from '@/features/layout/AlertList'
import { MODULE_ROLLBACK_TEXT } from '@/features/modules/moduleListeners'
import { PREVIEW_BANNER_TEXT } from '@/features/modules/StudioBar'
import { config } from '@/app/config'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import {
  query,
  seedCourse,
  seedEnrollment,
  seedModule,
  seedUser,
  sessionOf,
  stored,
  type SeededUser,
} from '../../helpers/backend'
import { server } from '../../helpers/mswServer'

function render(courseId: string, who: SeededUser, search = '') {
  return renderWithProviders(
    <>
      <AlertList />
      <ModulesPage />
    </>,
    {
      route: `/courses/${courseId}/modules${search}`,
      path: '/courses/:courseId/modules',
      preloadedState: { auth: sessionOf(who) },
    },
  )
}

function setup() {
  const teacher = seedUser({ username: 'teacher', role: 'instructor' })
  const course = seedCourse({ title: 'Endgame Mastery', instructor: teacher })
  const first = seedModule({ courseId: course._id, title: 'King activity' })
  const second = seedModule({ courseId: course._id, title: 'Opposition' })
  const third = seedModule({ courseId: course._id, title: 'Lucena' })
  return { teacher, course, first, second, third }
}

const shownOrder = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))
const titlesShown = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)

const storedOrder = async () =>
  (await stored.modules()).sort((a, b) => a.position - b.position).map((m) => m.title)

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

describe('the order of a course modules', () => {
  it("'Move down' and 'Move up' reorder at once and save the whole order in one request", async () => {
    const { teacher, course } = setup()
    const { user } = render(course._id, teacher)
    await screen.findByRole('article', { name: 'King activity' })
    expect(screen.getByRole('button', { name: 'Move King activity up' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Move Lucena down' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Move King activity down' }))
    expect(titlesShown()).toEqual(['Opposition', 'King activity', 'Lucena'])
    await waitFor(async () => expect(await storedOrder()).toEqual(['Opposition', 'King activity', 'Lucena']))
    await user.click(screen.getByRole('button', { name: 'Move Lucena up' }))
    expect(titlesShown()).toEqual(['Opposition', 'Lucena', 'King activity'])
    await waitFor(async () => expect(await storedOrder()).toEqual(['Opposition', 'Lucena', 'King activity']))
  })

  it('rolls the order back with an alert when the server answers 409 (a stale order)', async () => {
    const { teacher, course } = setup()
    const gate = deferred()
    server.use(
      http.put(`${config.apiBaseUrl}/api/courses/:id/modules/order`, async () => {
        await gate.promise
        return HttpResponse.json(
          { type: 'about:blank', title: 'Conflict', status: 409, detail: 'stale' },
          { status: 409, headers: { 'content-type': 'application/problem+json' } },
        )
      }),
    )
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = render(course._id, teacher)
    await screen.findByRole('article', { name: 'King activity' })
    const before = shownOrder()
    await user.click(screen.getByRole('button', { name: 'Move Opposition up' }))
    // optimistic: moved before the server answers
    expect(titlesShown()).toEqual(['Opposition', 'King activity', 'Lucena'])
    gate.resolve()
    expect(await screen.findByText(MODULE_ROLLBACK_TEXT)).toBeInTheDocument()
    await waitFor(() => expect(shownOrder()).toEqual(before))
    expect(await storedOrder()).toEqual(['King activity', 'Opposition', 'Lucena'])
    spy.mockRestore()
  })

  it('gives an enrolled student no order controls', async () => {
    const { course } = setup()
    const student = seedUser({ username: 'learner', role: 'student' })
    seedEnrollment(course._id, student._id)
    render(course._id, student)
    await screen.findByRole('article', { name: 'King activity' })
    expect(screen.queryByRole('button', { name: /Move .* (up|down)/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Preview as student' })).not.toBeInTheDocument()
  })

  it("'Preview as student' shows the page without the managers' controls, with a banner and 'Back to editing'", async () => {
    const { teacher, course } = setup()
    const { user } = render(course._id, teacher)
    await screen.findByRole('article', { name: 'King activity' })
    expect(screen.getByRole('button', { name: 'Add Module' })).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Preview as student' }))
    expect(await screen.findByText(PREVIEW_BANNER_TEXT)).toBeInTheDocument()
    expect(screen.getByRole('article', { name: 'King activity' })).toBeInTheDocument()
    for (const name of [
      'Add Module',
      'Edit King activity',
      'Delete King activity',
      'Move Lucena up',
      'Unpublish',
    ])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Back to editing' }))
    expect(await screen.findByRole('button', { name: 'Add Module' })).toBeInTheDocument()
    expect(screen.queryByText(PREVIEW_BANNER_TEXT)).not.toBeInTheDocument()
  })

  it("marks a draft 'Draft' for its instructor, and 'Publish' publishes it", async () => {
    const teacher = seedUser({ username: 'teacher', role: 'instructor' })
    const course = seedCourse({ title: 'Secret Gambit', instructor: teacher, published: false })
    const { user } = render(course._id, teacher)
    expect(await screen.findByText('Draft')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Publish' }))
    expect(await screen.findByRole('button', { name: 'Unpublish' })).toBeInTheDocument()
    expect(screen.queryByText('Draft')).not.toBeInTheDocument()
    expect((await stored.courses())[0]).toMatchObject({ published: true })
  })
})

describe('a module without a video', () => {
  it('shows its line alone, with no player', async () => {
    const { teacher, course } = setup()
    const study = seedModule({
      courseId: course._id,
      title: 'A study',
      line: { pgn: '1. e4 e5 2. Nf3 Nc6', side: 'white' },
    })
    await query('UPDATE modules SET video_url = NULL WHERE id = $1', [study._id])
    render(course._id, teacher)
    const card = await screen.findByRole('article', { name: 'A study' })
    const withVideo = screen.getByRole('article', { name: 'King activity' })
    await waitFor(() =>
      expect(within(withVideo).getByRole('region', { name: 'Video player' })).toBeInTheDocument(),
    )
    expect(within(card).queryByRole('region', { name: 'Video player' })).not.toBeInTheDocument()
    expect(within(card).getByRole('button', { name: /practi/i })).toBeInTheDocument()
  })
})
