import { describe, expect, it } from 'vitest'
import { makeStore } from '@/app/store'
import { loggedIn, loggedOut, selectIsLoggedIn, selectRole } from '@/features/auth/authSlice'
import { seedUser, sessionOf } from '../helpers/backend'

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
