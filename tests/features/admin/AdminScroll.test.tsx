// /admin loads the next page of users as the end of the table scrolls near, like /courses.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import AdminPage from '@/features/admin/AdminPage'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import {
  FakeIntersectionObserver,
  forgetObservers,
  scrollToEnd,
} from '../../helpers/fakeIntersectionObserver'
import { seedUser, sessionOf } from '../../helpers/backend'

afterEach(() => {
  vi.unstubAllGlobals()
  forgetObservers()
})

const userRows = () => screen.queryAllByRole('row').length - 1

describe('/admin: infinite scroll', () => {
  it('loads the next 50 users when the end of the table comes into view, and stops after the last', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
    const admin = seedUser({ username: 'root', role: 'admin' })
    for (let i = 1; i <= 104; i++) seedUser({ username: `user${String(i).padStart(3, '0')}` })
    renderWithProviders(<AdminPage />, { preloadedState: { auth: sessionOf(admin) } })
    await waitFor(() => expect(userRows()).toBe(50))
    scrollToEnd()
    await waitFor(() => expect(userRows()).toBe(100))
    scrollToEnd()
    await waitFor(() => expect(userRows()).toBe(105))
    expect(screen.getAllByRole('row').at(-1)).toHaveTextContent('user104')
    expect(screen.queryByRole('button', { name: 'Load more users' })).not.toBeInTheDocument()
  })
})
