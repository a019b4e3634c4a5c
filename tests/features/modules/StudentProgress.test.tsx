// The course's instructor and admins see each enrolled student's progress on the modules page;
// other instructors and students never see it, and never ask for it.
import { describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { http } from 'msw'
import ModulesPage from '@/features/modules/ModulesPage'
import { config } from '@/app/config'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import {
  problem,
  query,
  seedCourse,
  seedEnrollment,
  seedModule,
  seedProgress,
  seedUser,
  sessionOf,
  type SeededUser,
} from '../../helpers/backend'
import { countRequests, server } from '../../helpers/mswServer'

function setup() {
  const teacher = seedUser({ username: 'teacher', role: 'instructor' })
  const course = seedCourse({ title: 'Endgame Mastery', instructor: teacher })
  const one = seedModule({ courseId: course._id, title: 'King activity' })
  const two = seedModule({ courseId: course._id, title: 'Opposition' })
  const [ann, ben, cid] = ['ann', 'ben', 'cid'].map((username) => seedUser({ username }))
  for (const s of [ann, ben, cid]) seedEnrollment(course._id, s._id)
  seedProgress(ann, one, { completed: true })
  seedProgress(ann, two, { positionSeconds: 12, durationSeconds: 100 })
  seedProgress(ben, one, { completed: true }) // ben's is the most recent activity
  return { teacher, course, ann, ben, cid }
}

function render(courseId: string, who: SeededUser) {
  return renderWithProviders(<ModulesPage />, {
    route: `/courses/${courseId}/modules`,
    path: '/courses/:courseId/modules',
    preloadedState: { auth: sessionOf(who) },
  })
}

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })

describe("'Student progress' on /courses/{courseId}/modules", () => {
  it('lists each enrolled student for the course’s instructor, most recent activity first', async () => {
    const { teacher, course, ann, ben, cid } = setup()
    render(course._id, teacher)
    const section = within(
      (await screen.findByRole('heading', { name: 'Student progress' })).closest('section')!,
    )
    const rows = (await section.findAllByRole('row')).slice(1).map((r) => within(r))
    expect(rows.map((r) => r.getByRole('link').textContent)).toEqual(['ben', 'ann', 'cid'])
    for (const [r, s] of [
      [rows[0], ben],
      [rows[1], ann],
      [rows[2], cid],
    ] as const)
      expect(r.getByRole('link')).toHaveAttribute('href', `/profile/${s._id}`)
    expect(rows[0].getByText('1/2')).toBeInTheDocument()
    expect(rows[1].getByText('1/2')).toBeInTheDocument()
    expect(rows[2].getByText('0/2')).toBeInTheDocument()
    expect(rows[2].getByText('Not started')).toBeInTheDocument()
    const [latest] = await query<{ at: string }>(
      `SELECT to_char(max(updated_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
       FROM module_progress WHERE user_id = $1`,
      [ben._id],
    )
    const time = rows[0].getByText(day(latest.at))
    expect(time.tagName).toBe('TIME')
    expect(time).toHaveAttribute('datetime', latest.at)
  })

  it('shows it to an admin too', async () => {
    const { course } = setup()
    const admin = seedUser({ username: 'root', role: 'admin' })
    render(course._id, admin)
    expect(await screen.findByRole('heading', { name: 'Student progress' })).toBeInTheDocument()
    expect(await screen.findAllByRole('row')).toHaveLength(4)
  })

  it('never shows it to, nor asks for it for, an enrolled student or another instructor', async () => {
    const { course, ann } = setup()
    const other = seedUser({ username: 'other', role: 'instructor' })
    for (const who of [ann, other]) {
      const { unmount } = render(course._id, who)
      expect(await screen.findByRole('article', { name: 'Opposition' })).toBeInTheDocument()
      expect(screen.queryByRole('heading', { name: 'Student progress' })).not.toBeInTheDocument()
      unmount()
    }
    expect(countRequests(`/api/courses/${course._id}/progress`)).toBe(0)
  })

  it('says so with a Retry when the table could not be loaded', async () => {
    const { teacher, course } = setup()
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    server.use(
      http.get(`${config.apiBaseUrl}/api/courses/:id/progress`, () => problem(503, 'Unavailable'), {
        once: true,
      }),
    )
    const { user } = render(course._id, teacher)
    expect(await screen.findByText("The students' progress could not be loaded.")).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findAllByRole('row')).toHaveLength(4)
    vi.restoreAllMocks()
  })
})
