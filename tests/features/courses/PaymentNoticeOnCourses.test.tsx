// /courses lets a student pay in one click ('Enroll Now' on a paid course's card): while the server's payments are
// simulated the page says so, for students; a visitor or an instructor, who cannot pay here, sees no notice.
import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import CoursesPage from '@/features/courses/CoursesPage'
import { SIMULATED_PAYMENTS_TEXT } from '@/features/orders/PaymentNotice'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { seedCourse, seedUser, sessionOf, type SeededUser } from '../../helpers/backend'

function render(who?: SeededUser) {
  return renderWithProviders(<CoursesPage />, {
    route: '/courses',
    path: '/courses',
    preloadedState: who ? { auth: sessionOf(who) } : undefined,
  })
}

describe('the simulated payments notice on /courses', () => {
  it("tells a student, beside the cards' 'Enroll Now', that no money is charged", async () => {
    const teacher = seedUser({ username: 'teacher', role: 'instructor' })
    seedCourse({ title: 'Rook Endings', price: 49.5, instructor: teacher })
    render(seedUser({ username: 'stu' }))
    await screen.findByRole('button', { name: 'Enroll Now' })
    expect(await screen.findByText(SIMULATED_PAYMENTS_TEXT)).toBeInTheDocument()
  })

  it('says nothing to an instructor, who buys nothing here', async () => {
    const teacher = seedUser({ username: 'teacher', role: 'instructor' })
    seedCourse({ title: 'Rook Endings', price: 49.5, instructor: teacher })
    render(teacher)
    await screen.findByText('Rook Endings')
    // the student's notice would have come with the page's own calls by now
    await new Promise((r) => setTimeout(r, 300))
    expect(screen.queryByText(SIMULATED_PAYMENTS_TEXT)).toBeNull()
  })
})
