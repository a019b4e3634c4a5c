import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { Route, Routes } from 'react-router-dom'
import { config } from '@/app/config'
import { failedCallText } from '@/app/listeners'
import { NavBar } from '@/features/layout/NavBar'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import {
  seedCourse,
  seedEnrollment,
  seedModule,
  seedReview,
  seedUser,
  sessionOf,
} from '../../helpers/backend'
import { requestLog, server } from '../../helpers/mswServer'

const logoutUrl = `${config.apiBaseUrl}/api/auth/logout`
const logoutRequests = () =>
  requestLog.filter((r) => r.method === 'POST' && r.url.pathname === '/api/auth/logout')

const nav = () => within(screen.getByRole('navigation', { name: 'Main' }))
const hrefOf = (name: string) => nav().getByRole('link', { name }).getAttribute('href')

describe('navigation bar', () => {
  it("shows a signed-in user 'Review', with the count of lines due when there are some", async () => {
    const stu = seedUser({ username: 'stu' })
    const course = seedCourse({ title: 'Openings' })
    seedEnrollment(course._id, stu._id)
    const line = { pgn: '1. e4 e5 2. Nf3', side: 'white' as const }
    const past = new Date(Date.now() - 3_600_000).toISOString()
    const later = new Date(Date.now() + 86_400_000).toISOString()
    for (const [i, due] of [past, past, past, later].entries())
      seedReview(stu, seedModule({ courseId: course._id, title: `Line ${i}`, line }), due)
    renderWithProviders(<NavBar />, { preloadedState: { auth: sessionOf(stu) } })
    await waitFor(() => expect(hrefOf('Review (3)')).toBe('/review'))

    const other = seedUser({ username: 'nothing-due' })
    renderWithProviders(<NavBar />, { preloadedState: { auth: sessionOf(other) } })
    const navs = screen.getAllByRole('navigation', { name: 'Main' })
    await waitFor(() => expect(within(navs[1]).getByRole('link', { name: 'Review' })).toBeInTheDocument())
  })

  it("shows no 'Review' to a visitor", () => {
    renderWithProviders(<NavBar />)
    expect(nav().queryByRole('link', { name: /^Review/ })).not.toBeInTheDocument()
  })

  it('shows Home, Courses, Blog, Cart, Analysis, Puzzles, Login and Register when logged out', () => {
    renderWithProviders(<NavBar />)
    expect(hrefOf('Home')).toBe('/home')
    expect(hrefOf('Courses')).toBe('/courses')
    expect(hrefOf('Blog')).toBe('/blog')
    expect(hrefOf('Cart')).toBe('/cart')
    expect(hrefOf('Analysis')).toBe('/analysis')
    expect(hrefOf('Puzzles')).toBe('/puzzles')
    expect(hrefOf('Login')).toBe('/login')
    expect(hrefOf('Register')).toBe('/register')
    expect(nav().queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument()
    expect(nav().queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument()
    expect(nav().queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument()
  })

  it.each(['student', 'instructor'] as const)(
    'shows Profile and Logout but no Admin link for a %s',
    (role) => {
      const u = seedUser({ username: 'someone', role })
      renderWithProviders(<NavBar />, { preloadedState: { auth: sessionOf(u) } })
      expect(hrefOf('Profile')).toBe(`/profile/${u._id}`)
      expect(nav().getByRole('button', { name: 'Logout' })).toBeInTheDocument()
      expect(nav().queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument()
      expect(nav().queryByRole('link', { name: 'Login' })).not.toBeInTheDocument()
      expect(nav().queryByRole('link', { name: 'Register' })).not.toBeInTheDocument()
      expect(hrefOf('Cart')).toBe('/cart')
    },
  )

  it('shows the Admin link only for an admin', () => {
    const a = seedUser({ username: 'root', role: 'admin' })
    renderWithProviders(<NavBar />, { preloadedState: { auth: sessionOf(a) } })
    expect(hrefOf('Admin')).toBe('/admin')
  })

  it('logs out with the Logout button', async () => {
    const u = seedUser({ username: 'leaving' })
    const { user, store } = renderWithProviders(<NavBar />, { preloadedState: { auth: sessionOf(u) } })
    await user.click(screen.getByRole('button', { name: 'Logout' }))
    expect(store.getState().auth.token).toBeNull()
    expect(hrefOf('Login')).toBe('/login')
  })
})

describe("the navigation's menu (a phone's: the stylesheet shows its button up to 640 px wide)", () => {
  const menuButton = () => screen.getByRole('button', { name: 'Menu' })
  const expanded = () => menuButton().getAttribute('aria-expanded')

  it('opens and closes the navigation it controls, and Escape closes it with the focus back on the button', async () => {
    const u = seedUser({ username: 'phone' })
    const { user } = renderWithProviders(<NavBar />, { preloadedState: { auth: sessionOf(u) } })
    expect(expanded()).toBe('false')
    expect(menuButton().getAttribute('aria-controls')).toBe(
      screen.getByRole('navigation', { name: 'Main' }).id,
    )
    await user.click(menuButton())
    expect(expanded()).toBe('true')
    await user.click(menuButton())
    expect(expanded()).toBe('false')

    await user.click(menuButton())
    await user.tab()
    expect(nav().getByRole('link', { name: 'Home' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(expanded()).toBe('false')
    expect(menuButton()).toHaveFocus()
  })

  it('closes when a link is followed, the page shown now too, and when Logout leaves the page', async () => {
    const u = seedUser({ username: 'phone' })
    const { user } = renderWithProviders(
      <>
        <NavBar />
        <Routes>
          <Route path="*" element={<p>Page</p>} />
        </Routes>
      </>,
      { preloadedState: { auth: sessionOf(u) }, route: '/home' },
    )
    await user.click(menuButton())
    await user.click(nav().getByRole('link', { name: 'Courses' }))
    expect(expanded()).toBe('false')

    await user.click(menuButton())
    await user.click(nav().getByRole('link', { name: 'Courses' }))
    expect(expanded()).toBe('false')

    await user.click(menuButton())
    await user.click(nav().getByRole('button', { name: 'Logout' }))
    expect(hrefOf('Login')).toBe('/login')
    expect(expanded()).toBe('false')
  })

  it('closes when something outside the bar is touched, not when the bar is', async () => {
    const { user } = renderWithProviders(
      <>
        <NavBar />
        <p>Outside</p>
      </>,
    )
    await user.click(menuButton())
    await user.click(screen.getByRole('banner'))
    expect(expanded()).toBe('true')
    await user.click(screen.getByText('Outside'))
    expect(expanded()).toBe('false')
  })
})

describe('Logout ends the session on the server too', () => {
  it("sends POST /api/auth/logout with the session's token", async () => {
    const u = seedUser({ username: 'leaving' })
    const { user } = renderWithProviders(<NavBar />, { preloadedState: { auth: sessionOf(u) } })
    await user.click(screen.getByRole('button', { name: 'Logout' }))
    await waitFor(() => expect(logoutRequests()).toHaveLength(1))
    expect(logoutRequests()[0].headers.get('Authorization')).toBe(`Bearer ${sessionOf(u).token}`)
  })

  it('logs out locally at once, before the server answers', async () => {
    let answer: () => void = () => undefined
    server.use(
      http.post(
        logoutUrl,
        () =>
          new Promise<Response>((resolve) => {
            answer = () => resolve(new HttpResponse(null, { status: 204 }))
          }),
      ),
    )
    const u = seedUser({ username: 'leaving' })
    localStorage.setItem('token', sessionOf(u).token)
    const { user, store } = renderWithProviders(<NavBar />, { preloadedState: { auth: sessionOf(u) } })
    await user.click(screen.getByRole('button', { name: 'Logout' }))
    await waitFor(() => expect(logoutRequests()).toHaveLength(1))
    expect(store.getState().auth.token).toBeNull()
    expect(hrefOf('Login')).toBe('/login')
    answer()
  })

  it('stays logged out when the server fails, and only logs the failure', async () => {
    server.use(http.post(logoutUrl, () => HttpResponse.json({ status: 500 }, { status: 500 })))
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const u = seedUser({ username: 'leaving' })
    const { user, store } = renderWithProviders(<NavBar />, { preloadedState: { auth: sessionOf(u) } })
    await user.click(screen.getByRole('button', { name: 'Logout' }))
    await waitFor(() =>
      expect(spy).toHaveBeenCalledWith(failedCallText('logout'), expect.objectContaining({ status: 500 })),
    )
    expect(store.getState().auth.token).toBeNull()
    expect(hrefOf('Login')).toBe('/login')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    spy.mockRestore()
  })
})
