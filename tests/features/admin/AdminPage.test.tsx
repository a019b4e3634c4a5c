import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import AdminPage from '@/features/admin/AdminPage'
import { http, HttpResponse } from 'msw'
import { config } from '@/app/config'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { countRequests, server } from '../../helpers/mswServer'
import { query, stored, seedUser, sessionOf } from '../../helpers/backend'

describe('/admin', () => {
  it('lists every user with username, role and a role selector offering student, instructor, admin', async () => {
    const admin = seedUser({ username: 'root', role: 'admin' })
    seedUser({ username: 'stu' })
    renderWithProviders(<AdminPage />, { preloadedState: { auth: sessionOf(admin) } })
    const row = (await screen.findByRole('cell', { name: 'stu' })).closest('tr')!
    expect(within(row).getAllByRole('cell')[1]).toHaveTextContent(/^student$/)
    const select = within(row).getByRole('combobox', { name: 'Role of stu' })
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['student', 'instructor', 'admin'])
    expect(screen.getAllByRole('row')).toHaveLength(3)
  })

  it('says whether each email was verified', async () => {
    const admin = seedUser({ username: 'root', role: 'admin' })
    seedUser({ username: 'stu' })
    await query("UPDATE users SET email_verified_at = now() WHERE username = 'root'")
    renderWithProviders(<AdminPage />, { preloadedState: { auth: sessionOf(admin) } })
    const row = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr')!
    expect(within(await row('root')).getAllByRole('cell')[2]).toHaveTextContent(/^Verified$/)
    expect(within(await row('stu')).getAllByRole('cell')[2]).toHaveTextContent(/^Not verified$/)
  })

  it("changes a user's role", async () => {
    const admin = seedUser({ username: 'root', role: 'admin' })
    seedUser({ username: 'stu' })
    const { user } = renderWithProviders(<AdminPage />, { preloadedState: { auth: sessionOf(admin) } })
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role of stu' }), 'instructor')
    const row = screen.getByRole('cell', { name: 'stu' }).closest('tr')!
    await waitFor(() => expect(within(row).getAllByRole('cell')[1]).toHaveTextContent(/^instructor$/))
    expect((await stored.users()).find((u) => u.username === 'stu')?.role).toBe('instructor')
    expect(await within(row).findByText('Role updated.')).toHaveAttribute('role', 'status')
  })

  it('keeps the shown role when the server refuses (last admin), logs it and says why in the row', async () => {
    const admin = seedUser({ username: 'root', role: 'admin' })
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = renderWithProviders(<AdminPage />, { preloadedState: { auth: sessionOf(admin) } })
    const select = await screen.findByRole('combobox', { name: 'Role of root' })
    await user.selectOptions(select, 'student')
    await waitFor(() => expect(spy).toHaveBeenCalled())
    expect(select).toHaveValue('admin')
    const row = screen.getByRole('cell', { name: 'root' }).closest('tr')!
    expect(await within(row).findByRole('alert')).toHaveTextContent('The last admin cannot be demoted.')
    expect(within(row).queryByText('Role updated.')).not.toBeInTheDocument()
    spy.mockRestore()
  })

  it.each([
    ['403 without a body', () => new HttpResponse(null, { status: 403 })],
    [
      '403 problem without a detail',
      () => HttpResponse.json({ type: 'about:blank', title: 'Forbidden', status: 403 }, { status: 403 }),
    ],
    ['network failure', () => HttpResponse.error()],
  ])(
    'says the generic refusal, never a lone ".", and puts the selector back on a %s',
    async (_name, answer) => {
      const admin = seedUser({ username: 'root', role: 'admin' })
      seedUser({ username: 'stu' })
      server.use(http.patch(`${config.apiBaseUrl}/api/user/:id/role`, answer))
      const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
      const { user } = renderWithProviders(<AdminPage />, { preloadedState: { auth: sessionOf(admin) } })
      const select = await screen.findByRole('combobox', { name: 'Role of stu' })
      await user.selectOptions(select, 'instructor')
      const row = screen.getByRole('cell', { name: 'stu' }).closest('tr')!
      expect(await within(row).findByRole('alert')).toHaveTextContent(
        /^The role could not be changed\. Please try again\.$/,
      )
      expect(select).toHaveValue('student')
      expect(select).toBeEnabled()
      expect(within(row).getAllByRole('cell')[1]).toHaveTextContent(/^student$/)
      expect((await stored.users()).find((u) => u.username === 'stu')?.role).toBe('student')
      spy.mockRestore()
    },
  )

  it("shows 'The users could not be loaded.' with a Retry that loads them, never an empty table", async () => {
    const admin = seedUser({ username: 'root', role: 'admin' })
    let fail = true
    server.use(
      http.get(`${config.apiBaseUrl}/api/users`, () =>
        fail ? HttpResponse.json({ status: 500, title: 'Server error' }, { status: 500 }) : undefined,
      ),
    )
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user } = renderWithProviders(<AdminPage />, { preloadedState: { auth: sessionOf(admin) } })
    expect(await screen.findByRole('alert')).toHaveTextContent('The users could not be loaded.')
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('cell', { name: 'root' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    spy.mockRestore()
  })
})

describe('/admin: own role', () => {
  it('updates the stored role when admins change their own', async () => {
    const admin = seedUser({ username: 'root', role: 'admin' })
    seedUser({ username: 'other', role: 'admin' })
    const { user, store } = renderWithProviders(<AdminPage />, { preloadedState: { auth: sessionOf(admin) } })
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role of root' }), 'instructor')
    await waitFor(() => expect(store.getState().auth.user?.role).toBe('instructor'))
  })
})

describe('/admin: pages of users', () => {
  it("shows 50 users at a time, 'Load more users' the next, and a role change on a later page updates its row in place", async () => {
    const admin = seedUser({ username: 'root', role: 'admin' })
    for (let i = 1; i <= 52; i++) seedUser({ username: `user${String(i).padStart(2, '0')}` })
    const { user } = renderWithProviders(<AdminPage />, { preloadedState: { auth: sessionOf(admin) } })
    expect(await screen.findByRole('cell', { name: 'user49' })).toBeInTheDocument()
    expect(screen.queryByRole('cell', { name: 'user50' })).not.toBeInTheDocument()
    expect(screen.getAllByRole('row')).toHaveLength(51)
    await user.click(screen.getByRole('button', { name: 'Load more users' }))
    expect(await screen.findByRole('cell', { name: 'user52' })).toBeInTheDocument()
    expect(screen.getAllByRole('row')).toHaveLength(54)
    expect(screen.queryByRole('button', { name: 'Load more users' })).not.toBeInTheDocument()
    const reads = countRequests('/api/users')
    expect(reads).toBe(2)

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of user51' }), 'instructor')
    const row = screen.getByRole('cell', { name: 'user51' }).closest('tr')!
    expect(await within(row).findByText('Role updated.')).toBeInTheDocument()
    expect(within(row).getAllByRole('cell')[1]).toHaveTextContent(/^instructor$/)
    expect(screen.getAllByRole('row')).toHaveLength(54)
    expect(countRequests('/api/users')).toBe(reads)
  })
})
