import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import LoginPage from '@/features/auth/LoginPage'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { seedUser } from '../../helpers/fakeDb'
import { countRequests } from '../../helpers/mswServer'

describe('/login (spec §2, §4, §5)', () => {
  it('has a required email field of email type, a required password and a Login button', () => {
    renderWithProviders(<LoginPage />, { route: '/login', path: '/login' })
    const email = screen.getByLabelText('Email')
    expect(email).toHaveAttribute('type', 'email')
    expect(email).toBeRequired()
    expect(screen.getByLabelText('Password')).toBeRequired()
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument()
  })

  it('sends nothing while a required field is empty', async () => {
    const { user } = renderWithProviders(<LoginPage />, { route: '/login', path: '/login' })
    await user.type(screen.getByLabelText('Email'), 'ann@example.com')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(countRequests('/api/auth/login', 'POST')).toBe(0)
  })

  it('stores the session and navigates to / on success', async () => {
    const ann = seedUser({ username: 'ann', email: 'ann@example.com', password: 'right-password' })
    const { user, store } = renderWithProviders(<LoginPage />, { route: '/login', path: '/login' })
    await user.type(screen.getByLabelText('Email'), 'ANN@example.com')
    await user.type(screen.getByLabelText('Password'), 'right-password')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByText('Other page')).toBeInTheDocument()
    expect(store.getState().auth).toMatchObject({
      token: ann.token,
      user: { _id: ann._id, role: 'student', username: 'ann' },
    })
  })

  it('only logs a failed login to the console and stays on the page (spec §8)', async () => {
    seedUser({ username: 'ann', email: 'ann@example.com', password: 'right-password' })
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user, store } = renderWithProviders(<LoginPage />, { route: '/login', path: '/login' })
    await user.type(screen.getByLabelText('Email'), 'ann@example.com')
    await user.type(screen.getByLabelText('Password'), 'wrong-password')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    await waitFor(() => expect(spy).toHaveBeenCalled())
    expect(store.getState().auth.token).toBeNull()
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    spy.mockRestore()
  })
})
