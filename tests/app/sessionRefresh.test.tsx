import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import { http } from 'msw'
import { config } from '@/app/config'
import { api } from '@/api/api'
import type { AppStore } from '@/app/store'
import { SESSION_REFRESH_SECONDS } from '@/features/auth/authListeners'
import { loggedOut, selectCurrentUser } from '@/features/auth/authSlice'
import { renderApp } from '../helpers/renderWithProviders'
import { query, seedUser, type SeededUser, problem } from '../helpers/backend'
import { countRequests, server } from '../helpers/mswServer'

type Seeded = SeededUser & { token: string }

function storeSession(u: Seeded) {
  const { _id, role, username } = u
  localStorage.setItem('token', u.token)
  localStorage.setItem('user', JSON.stringify({ _id, role, username }))
  localStorage.setItem('userId', _id)
  localStorage.setItem('username', username)
  localStorage.setItem('userRole', role)
}

/** What the server now says about the user (an admin changed it elsewhere). */
async function changeOnServer(u: Seeded, change: Partial<Pick<SeededUser, 'role' | 'username'>>) {
  await query('UPDATE users SET role = coalesce($2, role), username = coalesce($3, username) WHERE id = $1', [
    u._id,
    change.role ?? null,
    change.username ?? null,
  ])
}

const adminLink = () => screen.queryByRole('link', { name: 'Admin' })

/** Every request the store has started has been answered (a refresh starts its request at once). */
const settled = (store: AppStore) => Promise.all(store.dispatch(api.util.getRunningQueriesThunk()))
const profileCalls = () => countRequests('/api/profile/me')

/** The window regains focus, or the page becomes visible again, `seconds` after now. */
function comeBack(how: 'focus' | 'visible', seconds: number) {
  vi.setSystemTime(Date.now() + seconds * 1000)
  act(() => {
    if (how === 'focus') window.dispatchEvent(new Event('focus'))
    else {
      vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible')
      window.dispatchEvent(new Event('visibilitychange'))
    }
  })
}

// Each store listens to the window for good: log the previous tests' stores out, so that only this
// test's store answers a focus event.
const stores: AppStore[] = []
function render(url: string) {
  const rendered = renderApp(url)
  stores.push(rendered.store)
  return rendered
}

afterEach(() => {
  stores.splice(0).forEach((s) => s.dispatch(loggedOut()))
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('the stored user follows the server (role, username) without a new login', () => {
  it('refreshes at start-up, and the stored keys follow', async () => {
    const stu = seedUser({ username: 'stu' })
    storeSession(stu)
    await changeOnServer(stu, { role: 'admin', username: 'stu-renamed' })
    const { store } = render('/blog')
    expect(await screen.findByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin')
    expect(selectCurrentUser(store.getState())).toEqual({
      _id: stu._id,
      role: 'admin',
      username: 'stu-renamed',
    })
    await waitFor(() => expect(localStorage.getItem('userRole')).toBe('admin'))
    expect(localStorage.getItem('username')).toBe('stu-renamed')
    expect(localStorage.getItem('userId')).toBe(stu._id)
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual({
      _id: stu._id,
      role: 'admin',
      username: 'stu-renamed',
    })
    expect(localStorage.getItem('token')).toBe(stu.token)
  })

  it.each(['focus', 'visible'] as const)(
    'refreshes when the window comes back (%s), at most once per throttle period',
    async (how) => {
      vi.useFakeTimers({ toFake: ['Date'] })
      const stu = seedUser({ username: 'stu' })
      storeSession(stu)
      const { store } = render('/blog')
      await waitFor(() => expect(profileCalls()).toBe(1))
      expect(await screen.findByRole('link', { name: 'Profile' })).toBeInTheDocument()
      // the start-up refresh has been answered before the server changes (it was only sent, above)
      await settled(store)
      await changeOnServer(stu, { role: 'admin' })
      comeBack(how, 5) // too soon after start-up: no new call
      comeBack(how, 5)
      await settled(store)
      expect(profileCalls()).toBe(1)
      expect(adminLink()).not.toBeInTheDocument()
      comeBack(how, SESSION_REFRESH_SECONDS)
      expect(await screen.findByRole('link', { name: 'Admin' })).toBeInTheDocument()
      expect(profileCalls()).toBe(2)
      await waitFor(() => expect(localStorage.getItem('userRole')).toBe('admin'))
    },
  )

  it('a demoted admin on /admin is sent to / after the window regains focus', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const root = seedUser({ username: 'root', role: 'admin' })
    seedUser({ username: 'other-admin', role: 'admin' })
    storeSession(root)
    const { router, store } = render('/admin')
    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeInTheDocument()
    await settled(store) // the start-up refresh has been answered: the throttle period counts from then
    await changeOnServer(root, { role: 'student' })
    comeBack('focus', SESSION_REFRESH_SECONDS + 1)
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
    expect(adminLink()).not.toBeInTheDocument()
    await waitFor(() => expect(localStorage.getItem('userRole')).toBe('student'))
  })

  it('logs out when the refresh is answered 401 (the session was ended elsewhere)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const stu = seedUser({ username: 'stu' })
    storeSession(stu)
    const { store } = render('/blog')
    await waitFor(() => expect(profileCalls()).toBe(1))
    await settled(store) // the start-up refresh has been answered: the throttle period counts from then
    server.use(http.get(`${config.apiBaseUrl}/api/profile/me`, () => problem(401, 'Unauthorized')))
    comeBack('focus', SESSION_REFRESH_SECONDS + 1)
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument()
    expect(store.getState().auth.token).toBeNull()
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull())
  })

  it('asks nothing when nobody is logged in', async () => {
    const { store } = render('/blog')
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument()
    comeBack('focus', SESSION_REFRESH_SECONDS + 1)
    await settled(store)
    expect(profileCalls()).toBe(0)
  })
})
