import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { makeStore } from '@/app/store'
import { loggedIn, loggedOut, selectIsLoggedIn, selectRole } from '@/features/auth/authSlice'
import { renderApp } from '../helpers/renderWithProviders'
import { seedUser, sessionOf } from '../helpers/fakeDb'

describe('store', () => {
  it('starts logged out and follows loggedIn / loggedOut', () => {
    const store = makeStore()
    expect(selectIsLoggedIn(store.getState())).toBe(false)
    store.dispatch(loggedIn({ token: 't', user: { _id: 'u1', role: 'admin', username: 'ann' } }))
    expect(selectRole(store.getState())).toBe('admin')
    store.dispatch(loggedOut())
    expect(selectIsLoggedIn(store.getState())).toBe(false)
  })

  it('accepts a preloaded session', () => {
    const admin = seedUser({ username: 'root', role: 'admin' })
    const store = makeStore({ auth: sessionOf(admin) })
    expect(selectRole(store.getState())).toBe('admin')
  })
})

describe('router', () => {
  it('redirects / to /home', async () => {
    const { router } = renderApp('/')
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
  })

  it('shows the error page on an unknown route', async () => {
    renderApp('/no-such-page')
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument()
  })
})
