// An enrolled student's course cards on /courses show their progress; a course they are
// not enrolled in, a visitor and an instructor see the cards as before (a visitor causes no progress call).
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import CoursesPage from '@/features/courses/CoursesPage'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import {
  seedCourse,
  seedEnrollment,
  seedModule,
  seedProgress,
  seedUser,
  sessionOf,
  type SeededUser,
} from '../../helpers/backend'
import { countRequests, requestLog } from '../../helpers/mswServer'

function render(who?: SeededUser) {
  return renderWithProviders(<CoursesPage />, {
    route: '/courses',
    path: '/courses',
    preloadedState: who ? { auth: sessionOf(who) } : undefined,
  })
}
const card = async (title: string) => within(await screen.findByRole('article', { name: title }))

function setup() {
  const teacher = seedUser({ username: 'teacher', role: 'instructor' })
  const stu = seedUser({ username: 'stu' })
  const mine = seedCourse({ title: 'Endgame Mastery', instructor: teacher })
  const other = seedCourse({ title: 'Opening Traps', instructor: teacher })
  const modules = ['One', 'Two', 'Three', 'Four'].map((title) => seedModule({ courseId: mine._id, title }))
  seedModule({ courseId: other._id, title: 'Trap' })
  seedEnrollment(mine._id, stu._id)
  seedProgress(stu, modules[0], { completed: true })
  seedProgress(stu, modules[2], { completed: true })
  seedProgress(stu, modules[1], { positionSeconds: 20, durationSeconds: 100 })
  return { teacher, stu }
}

describe('course progress on /courses', () => {
  it("shows '{k} of {n} modules completed' and the bar on an enrolled course's card only", async () => {
    const { stu } = setup()
    render(stu)
    const enrolled = await card('Endgame Mastery')
    expect(await enrolled.findByText('2 of 4 modules completed')).toBeInTheDocument()
    expect(enrolled.getByRole('progressbar', { name: '2 of 4 modules completed' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    )
    const notEnrolled = await card('Opening Traps')
    expect(notEnrolled.getByRole('button', { name: 'Enroll Now' })).toBeInTheDocument()
    expect(notEnrolled.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(notEnrolled.queryByText(/modules completed/)).not.toBeInTheDocument()
  })

  it('asks for no progress for a visitor, and shows an instructor no progress on the cards', async () => {
    const { teacher } = setup()
    const { unmount } = render()
    expect(await screen.findByRole('article', { name: 'Endgame Mastery' })).toBeInTheDocument()
    unmount()
    render(teacher)
    expect(await screen.findByRole('article', { name: 'Endgame Mastery' })).toBeInTheDocument()
    await waitFor(() => expect(countRequests('/api/courses')).toBe(2))
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(countRequests('/api/progress')).toBe(0)
  })

  it('shows 20 enrolled courses of 20 modules each from one progress request', async () => {
    const teacher = seedUser({ username: 'teacher', role: 'instructor' })
    const stu = seedUser({ username: 'stu' })
    for (let c = 1; c <= 20; c++) {
      const course = seedCourse({ title: `Course ${c}`, instructor: teacher })
      const modules = Array.from({ length: 20 }, (_, m) =>
        seedModule({ courseId: course._id, title: `M${m}` }),
      )
      seedEnrollment(course._id, stu._id)
      // course c has c - 1 modules completed (course 1 none)
      for (const mod of modules.slice(0, c - 1)) seedProgress(stu, mod, { completed: true })
    }
    render(stu)
    for (const c of [1, 7, 20]) {
      const text = `${c - 1} of 20 modules completed`
      expect(await (await card(`Course ${c}`)).findByText(text)).toBeInTheDocument()
    }
    expect(screen.getAllByRole('progressbar')).toHaveLength(20)
    const progressCalls = requestLog.filter((r) => r.url.pathname.includes('progress'))
    expect(progressCalls.map((r) => r.url.pathname)).toEqual(['/api/progress'])
  })
})
