import { afterEach, describe, expect, it, vi } from 'vitest'
import { waitFor } from '@testing-library/react'
import { http } from 'msw'
import { api } from '@/api/api'
import { config } from '@/app/config'
import { makeStore } from '@/app/store'
import { LOGOUT_GRACE_MS } from '@/features/auth/authListeners'
import { loggedIn, loggedOut } from '@/features/auth/authSlice'
import { seedUser, sessionOf } from '../helpers/backend'
import { requestLog, server } from '../helpers/mswServer'

const logoutUrl = `${config.apiBaseUrl}/api/auth/logout`
const logoutRequests = () =>
  requestLog.filter((r) => r.method === 'POST' && r.url.pathname === '/api/auth/logout')

async function loggedInStoreWithProfile() {
  const stu = seedUser({ username: 'stu' })
  const store = makeStore({ auth: sessionOf(stu) })
  await store.dispatch(api.endpoints.getMyProfile.initiate(undefined, { subscribe: false }))
  const profile = () => api.endpoints.getMyProfile.select()(store.getState()).data
  expect(profile()?.username).toBe('stu')
  return { stu, store, profile }
}

/** The grace period's timer is a fake one that also runs in real time (the requests need real time). */
function fakeTimersForTheGrace() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
}

afterEach(() => {
  vi.useRealTimers()
})

describe('logout and the cache of the previous session', () => {
  it("lets the logout request go out with the old token, then clears the previous session's data", async () => {
    const { stu, store, profile } = await loggedInStoreWithProfile()
    const request = store.dispatch(api.endpoints.logout.initiate())
    store.dispatch(loggedOut())
    expect(await request).toEqual({ data: null })
    expect(logoutRequests()[0].headers.get('Authorization')).toBe(`Bearer ${sessionOf(stu).token}`)
    await waitFor(() => expect(profile()).toBeUndefined())
  })

  it('clears the data after a grace period when the server does not answer', async () => {
    server.use(http.post(logoutUrl, () => new Promise<Response>(() => undefined)))
    const { store, profile } = await loggedInStoreWithProfile()
    fakeTimersForTheGrace()
    void store.dispatch(api.endpoints.logout.initiate())
    store.dispatch(loggedOut())
    await waitFor(() => expect(logoutRequests()).toHaveLength(1))
    await vi.advanceTimersByTimeAsync(LOGOUT_GRACE_MS - 100)
    expect(profile()?.username).toBe('stu')
    await vi.advanceTimersByTimeAsync(100)
    await waitFor(() => expect(profile()).toBeUndefined())
  })

  it('clears at once on a logout without a server call', async () => {
    const { store, profile } = await loggedInStoreWithProfile()
    store.dispatch(loggedOut())
    expect(profile()).toBeUndefined()
  })

  it("a login during the wait is not wiped when the old logout's wait ends", async () => {
    server.use(http.post(logoutUrl, () => new Promise<Response>(() => undefined)))
    const { store, profile, stu } = await loggedInStoreWithProfile()
    fakeTimersForTheGrace()
    void store.dispatch(api.endpoints.logout.initiate())
    store.dispatch(loggedOut())
    store.dispatch(loggedIn(sessionOf(stu)))
    await store.dispatch(api.endpoints.getMyProfile.initiate(undefined, { subscribe: false }))
    await vi.advanceTimersByTimeAsync(LOGOUT_GRACE_MS + 500) // past the end of the old logout's wait
    expect(profile()?.username).toBe('stu')
  })
})
