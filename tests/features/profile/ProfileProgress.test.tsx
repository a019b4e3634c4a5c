// 'Purchased Courses' on one's own profile shows the progress in each course; someone else's
// profile does not (and asks for none).
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import ProfilePage from '@/features/profile/ProfilePage'
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
import { countRequests } from '../../helpers/mswServer'

function render(route: string, who?: SeededUser) {
  return renderWithProviders(<ProfilePage />, {
    route,
    path: route.startsWith('/profile/') ? '/profile/:id' : '/profile',
    preloadedState: who ? { auth: sessionOf(who) } : undefined,
  })
}

function setup() {
  const stu = seedUser({ username: 'stu' })
  const course = seedCourse({ title: 'Endgame Mastery' })
  const [one] = ['One', 'Two', 'Three'].map((title) => seedModule({ courseId: course._id, title }))
  seedEnrollment(course._id, stu._id)
  seedProgress(stu, one, { completed: true })
  return { stu }
}

describe("progress under 'Purchased Courses'", () => {
  it("shows '{k} of {n} modules completed' and the bar under each course of one's own profile", async () => {
    const { stu } = setup()
    render('/profile', stu)
    const item = within((await screen.findByRole('button', { name: 'Endgame Mastery' })).closest('li')!)
    expect(await item.findByText('1 of 3 modules completed')).toBeInTheDocument()
    expect(item.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33')
  })

  it("shows none on someone else's profile", async () => {
    const { stu } = setup()
    const other = seedUser({ username: 'other' })
    render(`/profile/${stu._id}`, other)
    expect(await screen.findByRole('button', { name: 'Endgame Mastery' })).toBeInTheDocument()
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(countRequests('/api/progress')).toBe(0)
  })
})
