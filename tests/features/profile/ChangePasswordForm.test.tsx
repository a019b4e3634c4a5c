import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { config } from '@/app/config'
import ProfilePage from '@/features/profile/ProfilePage'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { hasPassword, seedUser, sessionOf, problem } from '../../helpers/backend'
import { requestLog, server } from '../../helpers/mswServer'

const CURRENT = 'old-secret-pass'
const NEW = 'ultra-violet-rook-88'

function renderOwnProfile() {
  const me = seedUser({ username: 'myself', password: CURRENT })
  const rendered = renderWithProviders(<ProfilePage />, {
    route: '/profile',
    path: '/profile',
    preloadedState: { auth: sessionOf(me) },
  })
  return { me, ...rendered }
}

const section = () => within(screen.getByRole('region', { name: 'Change password' }))
const passwordRequests = () =>
  requestLog.filter((r) => r.method === 'PUT' && r.url.pathname === '/api/profile/me/password')

async function fill(
  user: ReturnType<typeof renderOwnProfile>['user'],
  current: string,
  next: string,
  again = next,
) {
  for (const [label, value] of [
    ['Current password', current],
    ['New password', next],
    ['New password again', again],
  ] as const) {
    await user.click(section().getByLabelText(label))
    await user.paste(value)
  }
  await user.click(section().getByRole('button', { name: 'Change password' }))
}

afterEach(() => vi.restoreAllMocks())

describe("own profile: 'Change password'", () => {
  it('has three labelled password fields and changes the password, staying logged in', async () => {
    const { user, me, store } = renderOwnProfile()
    expect(await screen.findByRole('heading', { name: 'myself' })).toBeInTheDocument()
    for (const label of ['Current password', 'New password', 'New password again'])
      expect(section().getByLabelText(label)).toHaveAttribute('type', 'password')
    await fill(user, CURRENT, NEW)
    await waitFor(() =>
      expect(section().getByRole('status')).toHaveTextContent(
        'Password changed. Your other sessions have been logged out.',
      ),
    )
    expect(await hasPassword(me.username, NEW)).toBe(true)
    expect(section().getByLabelText('Current password')).toHaveValue('')
    expect(section().getByLabelText('New password')).toHaveValue('')
    expect(store.getState().auth.token).toBe(sessionOf(me).token)
    expect(section().queryByRole('alert')).not.toBeInTheDocument()
  })

  it('refuses two different new passwords without asking the server', async () => {
    const { user, me } = renderOwnProfile()
    await fill(user, CURRENT, NEW, `${NEW}x`)
    expect(section().getByRole('alert')).toHaveTextContent('The new passwords do not match.')
    expect(passwordRequests()).toHaveLength(0)
    expect(await hasPassword(me.username, CURRENT)).toBe(true)
  })

  it.each([
    ['7', 'a'.repeat(7)],
    ['129', 'b'.repeat(129)],
  ])('refuses a new password of %s characters without asking the server', async (_n, pw) => {
    const { user } = renderOwnProfile()
    await fill(user, CURRENT, pw)
    expect(section().getByRole('alert')).toHaveTextContent('The new password must be 8 to 128 characters.')
    expect(passwordRequests()).toHaveLength(0)
  })

  it("says 'The current password is wrong.' on a 403, changing nothing", async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user, me } = renderOwnProfile()
    await fill(user, 'not-the-password', NEW)
    expect(await section().findByRole('alert')).toHaveTextContent('The current password is wrong.')
    expect(await hasPassword(me.username, CURRENT)).toBe(true)
    expect(section().getByRole('status')).toHaveTextContent('')
    expect(JSON.stringify(spy.mock.calls)).not.toMatch(/not-the-password|ultra-violet/)
  })

  it("shows a 400's detail as a sentence, and never logs the passwords", async () => {
    server.use(
      http.put(`${config.apiBaseUrl}/api/profile/me/password`, () =>
        problem(400, 'Bad Request', 'This password is too common; choose a less common one'),
      ),
    )
    const logged = [
      vi.spyOn(console, 'error').mockImplementation(() => undefined),
      vi.spyOn(console, 'log').mockImplementation(() => undefined),
      vi.spyOn(console, 'warn').mockImplementation(() => undefined),
    ]
    const { user } = renderOwnProfile()
    await fill(user, CURRENT, 'password123')
    expect(await section().findByRole('alert')).toHaveTextContent(
      /^This password is too common; choose a less common one\.$/,
    )
    await waitFor(() => expect(logged[0]).toHaveBeenCalled())
    const everything = JSON.stringify(logged.map((s) => s.mock.calls))
    expect(everything).not.toContain(CURRENT)
    expect(everything).not.toContain('password123')
  })
})
