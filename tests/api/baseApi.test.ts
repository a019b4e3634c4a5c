import { describe, expect, it } from 'vitest'
import { waitFor } from '@testing-library/react'
import { api } from '@/api/api'
import { makeStore } from '@/app/store'
import { selectIsLoggedIn } from '@/features/auth/authSlice'
import { requestLog } from '../helpers/mswServer'
import { seedUser, sessionOf } from '../helpers/backend'

describe('base query', () => {
  it('sends the bearer token from the auth state', async () => {
    const s = seedUser({ username: 'sam' })
    const store = makeStore({ auth: sessionOf(s) })
    await store.dispatch(api.endpoints.getMyProfile.initiate())
    expect(requestLog.at(-1)!.headers.get('Authorization')).toBe(`Bearer ${s.token}`)
  })

  it('sends no Authorization header when logged out', async () => {
    const store = makeStore()
    await store.dispatch(api.endpoints.getCourses.initiate({}))
    expect(requestLog.at(-1)!.headers.has('Authorization')).toBe(false)
  })

  it('echoes the XSRF-TOKEN cookie as X-XSRF-TOKEN on same-origin calls', async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D123; path=/'
    const store = makeStore()
    await store.dispatch(api.endpoints.getCourses.initiate({}))
    expect(requestLog.at(-1)!.headers.get('X-XSRF-TOKEN')).toBe('abc=123')
  })

  it('sends no X-XSRF-TOKEN without the cookie', async () => {
    const store = makeStore()
    await store.dispatch(api.endpoints.getCourses.initiate({}))
    expect(requestLog.at(-1)!.headers.has('X-XSRF-TOKEN')).toBe(false)
  })

  it('logs the user out when a bearer call answers 401', async () => {
    const store = makeStore({
      auth: { token: 'expired', user: { _id: 'x', role: 'student', username: 'x' } },
    })
    await store.dispatch(api.endpoints.getMyProfile.initiate())
    await waitFor(() => expect(selectIsLoggedIn(store.getState())).toBe(false))
  })

  it('keeps the session on a 403 and on a 401 without a bearer token', async () => {
    const s = seedUser({ username: 'stu' })
    const store = makeStore({ auth: sessionOf(s) })
    await store.dispatch(api.endpoints.getUsers.initiate({}))
    expect(selectIsLoggedIn(store.getState())).toBe(true)
    const anon = makeStore()
    const r = await anon.dispatch(
      api.endpoints.login.initiate({ loginInput: { email: 'no@x.io', password: 'nope' } }),
    )
    expect(r.error).toMatchObject({ status: 401 })
  })
})
