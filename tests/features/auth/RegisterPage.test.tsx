import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import RegisterPage from '@/features/auth/RegisterPage'
import { config } from '@/app/config'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { db } from '../../helpers/fakeDb'
import { server } from '../../helpers/mswServer'

const render = () => renderWithProviders(<RegisterPage />, { route: '/register', path: '/register' })

describe('/register (spec §2, §4, §5)', () => {
  it('requires username, email (email type) and password; phone number is optional', () => {
    render()
    expect(screen.getByLabelText('Username')).toBeRequired()
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email')
    expect(screen.getByLabelText('Email')).toBeRequired()
    expect(screen.getByLabelText('Password')).toBeRequired()
    expect(screen.getByLabelText('Phone number (optional)')).not.toBeRequired()
    expect(screen.getByRole('button', { name: 'Register' })).toBeInTheDocument()
  })

  it("sends role 'student' and navigates to /login on success", async () => {
    let sent: Record<string, unknown> = {}
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/api/auth/register'))
        sent = (await request.clone().json()) as Record<string, unknown>
    })
    const { user } = render()
    await user.type(screen.getByLabelText('Username'), 'newbie')
    await user.type(screen.getByLabelText('Email'), 'newbie@example.com')
    await user.type(screen.getByLabelText('Password'), 'long-enough-1')
    await user.type(screen.getByLabelText('Phone number (optional)'), '+1 555 0100')
    await user.click(screen.getByRole('button', { name: 'Register' }))
    expect(await screen.findByText('Other page')).toBeInTheDocument()
    expect(sent).toEqual({
      username: 'newbie',
      email: 'newbie@example.com',
      password: 'long-enough-1',
      phoneNumber: '+1 555 0100',
      role: 'student',
    })
    expect(db.users.find((u) => u.username === 'newbie')?.role).toBe('student')
    server.events.removeAllListeners('request:start')
  })

  it('registers without a phone number', async () => {
    const { user } = render()
    await user.type(screen.getByLabelText('Username'), 'nophone')
    await user.type(screen.getByLabelText('Email'), 'nophone@example.com')
    await user.type(screen.getByLabelText('Password'), 'long-enough-1')
    await user.click(screen.getByRole('button', { name: 'Register' }))
    expect(await screen.findByText('Other page')).toBeInTheDocument()
  })

  it('only logs a refused registration to the console', async () => {
    server.use(
      http.post(`${config.apiBaseUrl}/api/auth/register`, () =>
        HttpResponse.json({ title: 'Conflict', status: 409, type: 'about:blank' }, { status: 409 }),
      ),
    )
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = render()
    await user.type(screen.getByLabelText('Username'), 'taken')
    await user.type(screen.getByLabelText('Email'), 'taken@example.com')
    await user.type(screen.getByLabelText('Password'), 'long-enough-1')
    await user.click(screen.getByRole('button', { name: 'Register' }))
    await waitFor(() => expect(spy).toHaveBeenCalled())
    expect(screen.getByRole('heading', { name: 'Register' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    spy.mockRestore()
  })
})
