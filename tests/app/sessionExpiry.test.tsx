import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { failedCallText } from '@/app/listeners'
import { renderApp } from '../helpers/renderWithProviders'
import { seedCourse, seedModule, seedUser, sessionOf } from '../helpers/backend'

describe('session expiry and silent failures', () => {
  it('logs out and shows the Login Required modal when the stored token is refused', async () => {
    localStorage.setItem('token', 'expired-token')
    localStorage.setItem('user', JSON.stringify({ _id: 'gone', role: 'student', username: 'ghost' }))
    const { store } = renderApp('/cart')
    expect(await screen.findByRole('dialog', { name: 'Login Required' })).toBeInTheDocument()
    expect(store.getState().auth.token).toBeNull()
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull())
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument()
  })

  it('only logs a refused modules fetch to the console, with no message on the page', async () => {
    const course = seedCourse({ title: 'Locked' })
    seedModule({ courseId: course._id, title: 'Secret lesson' })
    const stu = seedUser({ username: 'outsider' })
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    renderApp(`/courses/${course._id}/modules`, { preloadedState: { auth: sessionOf(stu) } })
    expect(await screen.findByRole('heading', { name: 'Modules for Course: Locked' })).toBeInTheDocument()
    await waitFor(() =>
      expect(spy).toHaveBeenCalledWith(
        failedCallText('getModulesByCourse'),
        expect.objectContaining({ status: 403 }),
      ),
    )
    // The curriculum (titles and descriptions) may show; the module itself, its video, never.
    expect(screen.queryByRole('region', { name: 'Video player' })).not.toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    spy.mockRestore()
  })
})
