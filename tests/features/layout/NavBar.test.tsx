import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { NavBar } from '@/features/layout/NavBar'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { seedUser, sessionOf } from '../../helpers/fakeDb'

const nav = () => within(screen.getByRole('navigation', { name: 'Main' }))
const hrefOf = (name: string) => nav().getByRole('link', { name }).getAttribute('href')

describe('navigation bar (spec §2, §6)', () => {
  it('shows Home, Courses, Blog, Cart, Login and Register when logged out', () => {
    renderWithProviders(<NavBar />)
    expect(hrefOf('Home')).toBe('/home')
    expect(hrefOf('Courses')).toBe('/courses')
    expect(hrefOf('Blog')).toBe('/blog')
    expect(hrefOf('Cart')).toBe('/cart')
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
