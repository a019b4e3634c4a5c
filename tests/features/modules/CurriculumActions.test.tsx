// On the modules page of a course a student has not bought, 'Add to Cart' depends on the student's cart: until it is
// known its place is kept unseen, so it never flips to 'In your cart' under the student's pointer.
import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { http } from 'msw'
import { Route, Routes } from 'react-router-dom'
import ModulesPage from '@/features/modules/ModulesPage'
import { config } from '@/app/config'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { seedCart, seedCourse, seedModule, seedUser, sessionOf } from '../../helpers/backend'
import { countRequests, server } from '../../helpers/mswServer'

describe('/courses/{courseId}/modules: the cart control waits for the cart', () => {
  it("keeps 'Add to Cart' unseen while the cart loads, then says 'In your cart'", async () => {
    const teacher = seedUser({ username: 'teacher', role: 'instructor' })
    const course = seedCourse({ title: 'Endgame Mastery', instructor: teacher })
    seedModule({ courseId: course._id, title: 'Opposition', description: 'Kings facing' })
    const stu = seedUser({ username: 'stu' })
    seedCart(stu._id, [course._id])
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    server.use(
      http.get(`${config.apiBaseUrl}/api/cart`, async () => {
        await released
        return undefined // then the real server answers
      }),
    )
    // The modules call refuses a student not enrolled, which the app logs.
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      renderWithProviders(
        <Routes>
          <Route path="/courses/:courseId/modules" element={<ModulesPage />} />
        </Routes>,
        { route: `/courses/${course._id}/modules`, preloadedState: { auth: sessionOf(stu) } },
      )
      const enroll = await screen.findByRole('button', { name: 'Enroll Now' })
      await waitFor(() => expect(countRequests('/api/cart')).toBe(1))
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument()
      const reserve = enroll.parentElement!.querySelector('.reserved')
      expect(reserve).toHaveAttribute('aria-hidden', 'true')
      expect(reserve?.matches('a, button, [tabindex]')).toBe(false)
    } finally {
      release()
    }
    expect(await screen.findByText('In your cart')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument()
    spy.mockRestore()
  })
})
