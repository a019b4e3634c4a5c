import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { LOGIN_PROMPTS_KEY } from '@/features/auth/LoginRequiredModal'
import { renderApp } from '../helpers/renderWithProviders'
import { seedCourse, seedUser } from '../helpers/backend'

const dialog = () => screen.findByRole('dialog', { name: 'Login Required' })
const nav = () => within(screen.getByRole('navigation', { name: 'Main' }))

async function signIn(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  await user.type(await screen.findByLabelText('Email'), email)
  await user.type(screen.getByLabelText('Password'), password)
  await user.click(screen.getByRole('button', { name: 'Login' }))
}

describe('the Login Required modal for visitors', () => {
  it('opens once per visit of /courses, not on every return; the cards then offer "Log in to enroll"', async () => {
    seedCourse({ title: 'Tactics' })
    const { user, router } = renderApp('/courses')
    await user.click(within(await dialog()).getByRole('button', { name: 'Close' }))
    expect(JSON.parse(sessionStorage.getItem(LOGIN_PROMPTS_KEY) ?? '[]')).toEqual(['/courses'])

    await user.click(nav().getByRole('link', { name: 'Home' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
    await user.click(nav().getByRole('link', { name: 'Courses' }))
    const card = within(await screen.findByRole('article', { name: 'Tactics' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(card.getByRole('link', { name: 'Log in to enroll' })).toHaveAttribute('href', '/login')
  })

  it('opens once on /cart too, which then offers its own way in', async () => {
    const { user, router } = renderApp('/cart')
    await user.click(within(await dialog()).getByRole('button', { name: 'Close' }))
    await user.click(nav().getByRole('link', { name: 'Blog' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog'))
    await user.click(nav().getByRole('link', { name: 'Cart' }))
    expect(await screen.findByRole('link', { name: 'Log in to see your cart' })).toHaveAttribute(
      'href',
      '/login',
    )
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it("signing in from the modal on /courses returns to /courses, with the student's controls", async () => {
    seedCourse({ title: 'Tactics' })
    seedUser({ username: 'ann', email: 'ann@example.com', password: 'right-password' })
    const { user, router } = renderApp('/courses')
    await user.click(within(await dialog()).getByRole('button', { name: 'Login' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    await signIn(user, 'ann@example.com', 'right-password')
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'))
    const card = within(await screen.findByRole('article', { name: 'Tactics' }))
    expect(await card.findByRole('button', { name: 'Enroll Now' })).toBeInTheDocument()
    expect(card.queryByRole('link', { name: 'Log in to enroll' })).not.toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it("'Log in to enroll' on a card returns to /courses after signing in", async () => {
    seedCourse({ title: 'Tactics' })
    seedUser({ username: 'ann', email: 'ann@example.com', password: 'right-password' })
    const { user, router } = renderApp('/courses')
    await user.click(within(await dialog()).getByRole('button', { name: 'Close' }))
    const card = within(await screen.findByRole('article', { name: 'Tactics' }))
    await user.click(card.getByRole('link', { name: 'Log in to enroll' }))
    await signIn(user, 'ann@example.com', 'right-password')
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'))
  })

  it('registering from the modal on /cart leads to the login, which returns to /cart', async () => {
    const { user, router } = renderApp('/cart')
    await user.click(within(await dialog()).getByRole('button', { name: 'Register' }))
    await user.type(await screen.findByLabelText('Username'), 'newbie')
    await user.type(screen.getByLabelText('Email'), 'newbie@example.com')
    await user.type(screen.getByLabelText('Password'), 'a-long-password')
    await user.click(screen.getByRole('button', { name: 'Register' }))
    expect(await screen.findByText('Account created. Please log in.')).toBeInTheDocument()
    await signIn(user, 'newbie@example.com', 'a-long-password')
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'))
    expect(await screen.findByRole('heading', { name: 'Shopping Cart' })).toBeInTheDocument()
  })

  it('a plain login (the navigation bar) still goes to /', async () => {
    seedUser({ username: 'ann', email: 'ann@example.com', password: 'right-password' })
    const { user, router } = renderApp('/blog')
    await screen.findByRole('navigation', { name: 'Main' })
    await user.click(nav().getByRole('link', { name: 'Login' }))
    await signIn(user, 'ann@example.com', 'right-password')
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
  })

  it('on /profile without a session, signing in from the modal returns to /profile', async () => {
    seedUser({ username: 'ann', email: 'ann@example.com', password: 'right-password' })
    const { user, router } = renderApp('/profile')
    const modal = await dialog()
    expect(within(modal).getByText('No authentication token found')).toBeInTheDocument()
    await user.click(within(modal).getByRole('button', { name: 'Login' }))
    await signIn(user, 'ann@example.com', 'right-password')
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'))
    expect(await screen.findByRole('heading', { name: 'ann' })).toBeInTheDocument()
  })
})
