import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { config } from '@/app/config'
import { failedCallText } from '@/app/listeners'
import { renderApp } from '../../helpers/renderWithProviders'
import { seedUser, sessionOf } from '../../helpers/backend'
import { requestLog, server } from '../../helpers/mswServer'

const KEYS = ['token', 'user', 'userId', 'username', 'userRole']

function storedSessionOf(u: ReturnType<typeof seedUser>) {
  localStorage.setItem('token', u.token)
  localStorage.setItem('user', JSON.stringify({ _id: u._id, role: u.role, username: u.username }))
  localStorage.setItem('userId', u._id)
  localStorage.setItem('username', u.username)
  localStorage.setItem('userRole', u.role)
}
const logoutAllRequests = () =>
  requestLog.filter((r) => r.method === 'POST' && r.url.pathname === '/api/auth/logout-all')

afterEach(() => vi.restoreAllMocks())

describe("own profile: 'Log out everywhere'", () => {
  it('ends every session on the server, then logs out here and goes to /login', async () => {
    const me = seedUser({ username: 'myself' })
    storedSessionOf(me)
    const { user, store, router } = renderApp('/profile')
    // Two lazy routes (/profile, then /login) are transformed on first import: on a busy 2-core machine that
    // alone can take longer than the default 5 s, so this test waits longer for them.
    const slow = { timeout: 20_000 }
    await user.click(await screen.findByRole('button', { name: 'Log out everywhere' }, slow))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), slow)
    expect(logoutAllRequests()).toHaveLength(1)
    expect(logoutAllRequests()[0].headers.get('Authorization')).toBe(`Bearer ${me.token}`)
    expect(store.getState().auth.token).toBeNull()
    await waitFor(() => KEYS.forEach((k) => expect(localStorage.getItem(k)).toBeNull()))
    // the navigation's Register link (the login page, once drawn, has one too)
    expect(await screen.findAllByRole('link', { name: 'Register' }, slow)).not.toHaveLength(0)
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument()
  }, 60_000)

  it('says so and stays logged in when the server fails (the other sessions may still be open)', async () => {
    server.use(
      http.post(`${config.apiBaseUrl}/api/auth/logout-all`, () =>
        HttpResponse.json({ status: 500 }, { status: 500 }),
      ),
    )
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const me = seedUser({ username: 'myself' })
    storedSessionOf(me)
    const { user, store, router } = renderApp('/profile')
    await user.click(await screen.findByRole('button', { name: 'Log out everywhere' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Logging out everywhere failed, so your other sessions may still be open. Please try again.',
    )
    expect(spy).toHaveBeenCalledWith(
      failedCallText('logoutEverywhere'),
      expect.objectContaining({ status: 500 }),
    )
    expect(store.getState().auth).toMatchObject(sessionOf(me))
    expect(localStorage.getItem('token')).toBe(me.token)
    expect(router.state.location.pathname).toBe('/profile')
  })

  it("is not offered on another user's profile", async () => {
    const me = seedUser({ username: 'myself' })
    const other = seedUser({ username: 'other' })
    storedSessionOf(me)
    renderApp(`/profile/${other._id}`)
    expect(await screen.findByRole('heading', { name: 'other' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Log out everywhere' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Change password' })).not.toBeInTheDocument()
  })
})
