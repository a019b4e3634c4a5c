import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { http } from 'msw'
import { config } from '@/app/config'
import AdminPage from '@/features/admin/AdminPage'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { hasPassword, query, seedUser, sessionOf, problem } from '../../helpers/backend'
import { requestLog, server } from '../../helpers/mswServer'

const NEW = 'ultra-violet-rook-88'

function renderAdmin() {
  const admin = seedUser({ username: 'root', role: 'admin' })
  const stu = seedUser({ username: 'stu', password: 'old-secret-pass' })
  seedUser({ username: 'kim' })
  return { admin, stu, ...renderWithProviders(<AdminPage />, { preloadedState: { auth: sessionOf(admin) } }) }
}
const rowOf = async (username: string) =>
  within((await screen.findByRole('cell', { name: username })).closest('tr')!)
const resetRequests = () =>
  requestLog.filter((r) => r.method === 'PUT' && r.url.pathname.endsWith('/password'))

async function setPassword(user: ReturnType<typeof renderAdmin>['user'], username: string, pw: string) {
  const row = await rowOf(username)
  await user.click(row.getByRole('button', { name: `Set password for ${username}` }))
  await user.click(row.getByLabelText('New password'))
  await user.paste(pw)
  await user.click(row.getByRole('button', { name: 'Save' }))
  return row
}

afterEach(() => vi.restoreAllMocks())

describe("/admin: 'Set password' per user", () => {
  it("sets a user's password and says 'Password set.' in that row only", async () => {
    const { user } = renderAdmin()
    const row = await setPassword(user, 'stu', NEW)
    expect(await row.findByText('Password set.')).toHaveAttribute('role', 'status')
    expect(await hasPassword('stu', NEW)).toBe(true)
    expect(row.queryByLabelText('New password')).not.toBeInTheDocument()
    expect(row.getByRole('button', { name: 'Set password for stu' })).toBeInTheDocument()
    expect((await rowOf('kim')).queryByText('Password set.')).not.toBeInTheDocument()
    expect(resetRequests()).toHaveLength(1)
  })

  it('refuses a password shorter than 8 characters without asking the server', async () => {
    const { user } = renderAdmin()
    const row = await setPassword(user, 'stu', 'short')
    expect(row.getByRole('alert')).toHaveTextContent('The new password must be 8 to 128 characters.')
    expect(resetRequests()).toHaveLength(0)
    expect(await hasPassword('stu', 'old-secret-pass')).toBe(true)
  })

  it("shows the server's refusals in words", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = renderAdmin()
    await rowOf('kim')
    await query("DELETE FROM users WHERE username = 'kim'") // deleted meanwhile
    expect(await (await setPassword(user, 'kim', NEW)).findByRole('alert')).toHaveTextContent(
      'This user no longer exists.',
    )
    server.use(
      http.put(`${config.apiBaseUrl}/api/user/:id/password`, () =>
        problem(400, 'Bad Request', 'This password is too common; choose a less common one'),
      ),
    )
    expect(await (await setPassword(user, 'stu', 'password1')).findByRole('alert')).toHaveTextContent(
      'This password is too common; choose a less common one.',
    )
    expect(await hasPassword('stu', 'old-secret-pass')).toBe(true)
  })

  it('Cancel closes the form without a request', async () => {
    const { user } = renderAdmin()
    const row = await rowOf('stu')
    await user.click(row.getByRole('button', { name: 'Set password for stu' }))
    await user.click(row.getByRole('button', { name: 'Cancel' }))
    expect(row.queryByLabelText('New password')).not.toBeInTheDocument()
    expect(resetRequests()).toHaveLength(0)
  })

  it('sends admins to their profile for their own password (a reset would end this session)', async () => {
    renderAdmin()
    const own = await rowOf('root')
    expect(own.queryByRole('button', { name: /Set password/ })).not.toBeInTheDocument()
    expect(own.getByRole('link', { name: 'Change yours on your profile' })).toHaveAttribute(
      'href',
      '/profile',
    )
  })
})
