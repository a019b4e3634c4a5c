import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import RegisterPage from '@/features/auth/RegisterPage'
import { config } from '@/app/config'
import { renderApp, renderWithProviders } from '../../helpers/renderWithProviders'
import { stored } from '../../helpers/backend'
import { server } from '../../helpers/mswServer'

const render = () => renderWithProviders(<RegisterPage />, { route: '/register', path: '/register' })

describe('/register', () => {
  it('requires username, email (email type) and password; phone number is optional', () => {
    render()
    expect(screen.getByLabelText('Username')).toBeRequired()
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email')
    expect(screen.getByLabelText('Email')).toBeRequired()
    expect(screen.getByLabelText('Password')).toBeRequired()
    expect(screen.getByLabelText('Phone number (optional)')).not.toBeRequired()
    expect(screen.getByRole('button', { name: 'Register' })).toBeInTheDocument()
  })

  it('says where the phone number will be shown', () => {
    render()
    expect(screen.getByLabelText('Phone number (optional)')).toHaveAccessibleDescription(
      'Shown on your profile to signed-in users.',
    )
  })

  it("sends role 'student' and navigates to /login on success", async () => {
    let sent: Record<string, unknown> = {}
    const onRequest = async ({ request }: { request: Request }) => {
      if (request.url.endsWith('/api/auth/register'))
        sent = (await request.clone().json()) as Record<string, unknown>
    }
    // Only this listener goes afterwards: the request log of tests/helpers/mswServer.ts listens too.
    server.events.on('request:start', onRequest)
    onTestFinished(() => server.events.removeListener('request:start', onRequest))
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
    expect((await stored.users()).find((u) => u.username === 'newbie')?.role).toBe('student')
  })

  it('registers without a phone number', async () => {
    const { user } = render()
    await user.type(screen.getByLabelText('Username'), 'nophone')
    await user.type(screen.getByLabelText('Email'), 'nophone@example.com')
    await user.type(screen.getByLabelText('Password'), 'long-enough-1')
    await user.click(screen.getByRole('button', { name: 'Register' }))
    expect(await screen.findByText('Other page')).toBeInTheDocument()
  })

  const refuse = (status: number, detail: string) =>
    server.use(
      http.post(`${config.apiBaseUrl}/api/auth/register`, () =>
        HttpResponse.json(
          { title: 'Refused', status, type: 'about:blank', detail },
          { status, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    )

  async function submit(user: ReturnType<typeof render>['user']) {
    await user.type(screen.getByLabelText('Username'), 'taken')
    await user.type(screen.getByLabelText('Email'), 'taken@example.com')
    await user.type(screen.getByLabelText('Password'), 'long-enough-1')
    await user.click(screen.getByRole('button', { name: 'Register' }))
  }

  it.each([
    ['This username is taken', 'Username', 'That username is taken.'],
    ['This email is already registered', 'Email', 'That email is already registered.'],
    [
      'This password is too common; choose a less common one',
      'Password',
      'This password is too common; choose a less common one.',
    ],
  ])('shows the refusal %j next to its field, still logs it, and stays', async (detail, label, text) => {
    refuse(detail.includes('common') ? 400 : 409, detail)
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = render()
    await submit(user)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(text)
    expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(text))
    expect(screen.getByLabelText(label)).toBeInvalid()
    expect(screen.getByRole('heading', { name: 'Register' })).toBeInTheDocument()
    expect(spy).toHaveBeenCalled()
    spy.mockRestore()
  })

  it('shows the field rules before anything is sent', () => {
    render()
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('3 to 30 letters, digits, _ and -.')
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      '8 to 128 characters; not a common password.',
    )
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it("lands on /login with 'Account created. Please log in.'", async () => {
    const { user } = renderApp('/register')
    await user.type(await screen.findByLabelText('Username'), 'fresh_one')
    await user.type(screen.getByLabelText('Email'), 'fresh_one@example.com')
    await user.type(screen.getByLabelText('Password'), 'long-enough-1')
    await user.click(screen.getByRole('button', { name: 'Register' }))
    expect(await screen.findByText('Account created. Please log in.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument()
  })
})
