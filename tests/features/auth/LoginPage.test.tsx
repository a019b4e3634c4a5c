import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import LoginPage from '@/features/auth/LoginPage'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { seedUser } from '../../helpers/backend'
import { http, HttpResponse } from 'msw'
import { config } from '@/app/config'
import { countRequests, server } from '../../helpers/mswServer'

describe('/login', () => {
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
      // the token the server issued (a JWT), not the seed's stand-in
      token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      user: { _id: ann._id, role: 'student', username: 'ann' },
    })
  })

  it("says 'Wrong email or password.' for a refused login, logs it and stays on the page", async () => {
    seedUser({ username: 'ann', email: 'ann@example.com', password: 'right-password' })
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user, store } = renderWithProviders(<LoginPage />, { route: '/login', path: '/login' })
    await user.type(screen.getByLabelText('Email'), 'ann@example.com')
    await user.type(screen.getByLabelText('Password'), 'wrong-password')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    await waitFor(() => expect(spy).toHaveBeenCalled())
    expect(store.getState().auth.token).toBeNull()
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument()
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email or password.')
    spy.mockRestore()
  })

  it("shows the server's reason when sign-ins are throttled", async () => {
    server.use(
      http.post(`${config.apiBaseUrl}/api/auth/login`, () =>
        HttpResponse.json(
          {
            type: 'about:blank',
            title: 'Too Many Requests',
            status: 429,
            detail: 'Try again in 15 minutes.',
          },
          { status: 429, headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '900' } },
        ),
      ),
    )
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = renderWithProviders(<LoginPage />, { route: '/login', path: '/login' })
    await user.type(screen.getByLabelText('Email'), 'ann@example.com')
    await user.type(screen.getByLabelText('Password'), 'any-password')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again in 15 minutes.')
    spy.mockRestore()
  })

  it("shows no 'Account created' notice on a plain visit", () => {
    renderWithProviders(<LoginPage />, { route: '/login', path: '/login' })
    expect(screen.queryByText('Account created. Please log in.')).not.toBeInTheDocument()
  })
})
