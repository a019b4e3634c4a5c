import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { selectCurrentUser, selectIsLoggedIn } from '@/features/auth/authSlice'
import { renderApp } from '../helpers/renderWithProviders'
import { seedUser } from '../helpers/backend'
import { countRequests } from '../helpers/mswServer'

const KEYS = ['token', 'user', 'userId', 'username', 'userRole']

describe('auth storage', () => {
  it('writes the five localStorage keys after login and navigates to /', async () => {
    const ann = seedUser({
      username: 'ann',
      email: 'ann@example.com',
      password: 'secret-pass',
      role: 'instructor',
    })
    const { user, router } = renderApp('/login')
    await user.type(await screen.findByLabelText('Email'), 'ann@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret-pass')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    // the token the server issued at login (a JWT)
    await waitFor(() => expect(localStorage.getItem('token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/))
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual({
      _id: ann._id,
      role: 'instructor',
      username: 'ann',
    })
    expect(localStorage.getItem('userId')).toBe(ann._id)
    expect(localStorage.getItem('username')).toBe('ann')
    expect(localStorage.getItem('userRole')).toBe('instructor')
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument()
  })

  it('removes the five keys on logout', async () => {
    const bob = seedUser({ username: 'bob' })
    localStorage.setItem('token', bob.token)
    localStorage.setItem('user', JSON.stringify({ _id: bob._id, role: 'student', username: 'bob' }))
    localStorage.setItem('userId', bob._id)
    localStorage.setItem('username', 'bob')
    localStorage.setItem('userRole', 'student')
    const { user, store } = renderApp('/courses')
    await user.click(await screen.findByRole('button', { name: 'Logout' }))
    expect(selectIsLoggedIn(store.getState())).toBe(false)
    await waitFor(() => KEYS.forEach((k) => expect(localStorage.getItem(k)).toBeNull()))
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument()
  })

  it('restores the session on startup from the stored keys', async () => {
    const cat = seedUser({ username: 'cat', role: 'admin' })
    localStorage.setItem('token', cat.token)
    localStorage.setItem('user', JSON.stringify({ _id: cat._id, role: 'admin', username: 'cat' }))
    localStorage.setItem('userId', cat._id)
    localStorage.setItem('username', 'cat')
    localStorage.setItem('userRole', 'admin')
    const { store } = renderApp('/blog')
    expect(await screen.findByRole('link', { name: 'Admin' })).toBeInTheDocument()
    expect(selectCurrentUser(store.getState())).toEqual({ _id: cat._id, role: 'admin', username: 'cat' })
  })

  it('restores a session an older client stored without a persist key', async () => {
    // A token the server still accepts: start-up checks the stored user against GET /api/profile/me.
    const old = seedUser({ username: 'olduser' })
    localStorage.setItem('token', old.token)
    localStorage.setItem('userId', old._id)
    localStorage.setItem('username', 'olduser')
    localStorage.setItem('userRole', 'student')
    const { store } = renderApp('/blog')
    expect(await screen.findByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      `/profile/${old._id}`,
    )
    await waitFor(() => expect(countRequests('/api/profile/me')).toBe(1))
    expect(selectCurrentUser(store.getState())).toEqual({
      _id: old._id,
      role: 'student',
      username: 'olduser',
    })
    expect(Object.keys(localStorage).filter((k) => k.startsWith('persist:'))).toEqual([])
  })

  it('stays logged out when nothing is stored', async () => {
    const { store } = renderApp('/blog')
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument()
    expect(selectIsLoggedIn(store.getState())).toBe(false)
  })
})
