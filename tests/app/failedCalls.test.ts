import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { api } from '@/api/api'
import { chessDataApi } from '@/api/chessDataApi'
import { config } from '@/app/config'
import { failedCallText } from '@/app/listeners'
import { makeStore } from '@/app/store'
import { loggedIn, loggedOut } from '@/features/auth/authSlice'
import { server } from '../helpers/mswServer'

const problem = (status: number, title: string) =>
  HttpResponse.json(
    { type: 'about:blank', title, status },
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  )

let consoleError: MockInstance<typeof console.error>
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('failed API calls are logged in one place (only logged to the console)', () => {
  it("logs a failed query once, with the endpoint's name and the server's answer", async () => {
    server.use(http.get(`${config.apiBaseUrl}/api/courses`, () => problem(500, 'Internal Server Error')))
    const store = makeStore()
    await store.dispatch(api.endpoints.getCourses.initiate({}, { subscribe: false }))
    expect(consoleError).toHaveBeenCalledTimes(1)
    expect(consoleError).toHaveBeenCalledWith(
      failedCallText('getCourses'),
      expect.objectContaining({
        status: 500,
        data: expect.objectContaining({ title: 'Internal Server Error' }),
      }),
    )
  })

  it('logs a refused mutation without its request (a password never reaches the console)', async () => {
    server.use(http.post(`${config.apiBaseUrl}/api/auth/login`, () => problem(401, 'Unauthorized')))
    const store = makeStore()
    const secret = 'my-secret-password-1'
    await store.dispatch(
      api.endpoints.login.initiate({ loginInput: { email: 'ann@example.com', password: secret } }),
    )
    expect(consoleError).toHaveBeenCalledWith(
      failedCallText('login'),
      expect.objectContaining({ status: 401 }),
    )
    expect(JSON.stringify(consoleError.mock.calls)).not.toContain(secret)
  })

  it('logs a network failure and a failed call to chess.com', async () => {
    server.use(
      http.get(`${config.apiBaseUrl}/api/courses`, () => HttpResponse.error()),
      http.get(`${config.chessDataUrl}/player/:username`, () => problem(404, 'Not Found')),
    )
    const store = makeStore()
    await store.dispatch(api.endpoints.getCourses.initiate({}, { subscribe: false }))
    await store.dispatch(chessDataApi.endpoints.getPlayer.initiate('nobody', { subscribe: false }))
    expect(consoleError).toHaveBeenCalledWith(
      failedCallText('getCourses'),
      expect.objectContaining({ status: 'FETCH_ERROR' }),
    )
    expect(consoleError).toHaveBeenCalledWith(
      failedCallText('getPlayer'),
      expect.objectContaining({ status: 404 }),
    )
    expect(consoleError).toHaveBeenCalledTimes(2)
  })

  it('logs nothing for calls that succeed, a query answered from the cache, or a request aborted by logging out', async () => {
    let answer: (() => void) | undefined
    server.use(
      http.get(
        `${config.apiBaseUrl}/api/profile/me`,
        () =>
          new Promise<Response>((resolve) => {
            answer = () => resolve(problem(500, 'Internal Server Error'))
          }),
      ),
    )
    const store = makeStore()
    await store.dispatch(api.endpoints.getCourses.initiate({}))
    await store.dispatch(api.endpoints.getCourses.initiate({})) // cached: skipped by its condition
    store.dispatch(loggedIn({ token: 't', user: { _id: 'u1', role: 'student', username: 'stu' } }))
    const pending = store.dispatch(api.endpoints.getMyProfile.initiate(undefined, { subscribe: false }))
    await vi.waitFor(() => expect(answer).toBeDefined())
    store.dispatch(loggedOut()) // the cache reset aborts the running request
    await pending
    answer!()
    expect(consoleError).not.toHaveBeenCalled()
  })
})
