import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { ChunkLoadError, CHUNK_LOAD_TIMEOUT_MS, loadChunk } from '@/app/lazyPage'
import { RouteError } from '@/app/RouteError'
import { renderApp } from '../helpers/renderWithProviders'
import { seedUser, sessionOf } from '../helpers/backend'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('router', () => {
  it('redirects / to /home', async () => {
    const { router } = renderApp('/')
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
  })

  it("shows 'Unexpected Application Error!' for a route that does not exist", async () => {
    renderApp('/does/not/exist')
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument()
  })

  it.each(['student', 'instructor'] as const)('sends a %s away from /admin to /', async (role) => {
    const u = seedUser({ username: `u-${role}`, role })
    const { router } = renderApp('/admin', { preloadedState: { auth: sessionOf(u) } })
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
    expect(screen.queryByRole('heading', { name: 'User Management' })).not.toBeInTheDocument()
  })

  it('sends a visitor away from /admin to /', async () => {
    const { router } = renderApp('/admin')
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
  })

  it('lets an admin use /admin', async () => {
    const a = seedUser({ username: 'boss', role: 'admin' })
    renderApp('/admin', { preloadedState: { auth: sessionOf(a) } })
    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeInTheDocument()
  })
})

describe('chunk loading', () => {
  it('reports a ChunkLoadError after the 120000 ms timeout', async () => {
    vi.useFakeTimers()
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120000)
    const pending = loadChunk(() => new Promise(() => undefined))
    const outcome = pending.catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(119_999)
    let settled = false
    void outcome.then(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    const error = await outcome
    expect(error).toBeInstanceOf(ChunkLoadError)
    expect((error as Error).name).toBe('ChunkLoadError')
  })

  it('turns a failed dynamic import into a ChunkLoadError', async () => {
    const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /x.js'))
    await expect(loadChunk(failing)).rejects.toMatchObject({ name: 'ChunkLoadError' })
    await expect(loadChunk(() => Promise.reject(new Error('boom')))).rejects.toBeInstanceOf(ChunkLoadError)
  })

  it('shows a Retry button that reloads the page when a page chunk fails', async () => {
    const reload = vi.fn()
    vi.stubGlobal('location', { ...window.location, reload, origin: window.location.origin })
    const router = createMemoryRouter(
      [
        {
          path: '/',
          errorElement: <RouteError />,
          Component: () => {
            throw new ChunkLoadError('Loading chunk timed out')
          },
        },
      ],
      { initialEntries: ['/'] },
    )
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    render(<RouterProvider router={router} />)
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }))
    expect(reload).toHaveBeenCalledOnce()
    expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument()
  })
})
