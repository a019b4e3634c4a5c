import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { documentTitle } from '@/app/DocumentTitle'
import { renderApp } from '../helpers/renderWithProviders'

describe('document title of each route', () => {
  it.each([
    ['/home', 'Home · Chess Online Education'],
    ['/courses', 'Courses · Chess Online Education'],
    ['/courses/0b7f/modules', 'Course modules · Chess Online Education'],
    ['/courses/0b7f/modules/9a2c', 'Lesson · Chess Online Education'],
    ['/player/hikaru', 'hikaru · Chess Online Education'],
    ['/title/GM', 'GM players · Chess Online Education'],
    ['/admin', 'Admin · Chess Online Education'],
    ['/blog', 'Blog · Chess Online Education'],
    ['/login', 'Login · Chess Online Education'],
    ['/register', 'Register · Chess Online Education'],
    ['/forgot-password', 'Forgot password · Chess Online Education'],
    ['/reset-password', 'New password · Chess Online Education'],
    ['/verify-email', 'Verify email · Chess Online Education'],
    ['/unsubscribe', 'Review reminders · Chess Online Education'],
    ['/cart', 'Cart · Chess Online Education'],
    ['/profile', 'Profile · Chess Online Education'],
    ['/profile/42', 'Profile · Chess Online Education'],
    ['/orders/4f1c0a', 'Receipt · Chess Online Education'],
    ['/no/such/page', 'Page not found · Chess Online Education'],
    ['/player/%E0%A4%A', '%E0%A4%A · Chess Online Education'],
  ])('%s is titled %j', (path, title) => {
    expect(documentTitle(path)).toBe(title)
  })

  it('follows navigation in the app', async () => {
    renderApp('/blog')
    await waitFor(() => expect(document.title).toBe('Blog · Chess Online Education'))
  })

  it("shows the navigation bar around 'Unexpected Application Error!' for an unknown address", async () => {
    renderApp('/no/such/page')
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument()
    expect(screen.getByText('404 Not Found')).toBeInTheDocument()
    expect(screen.getByRole('navigation')).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Page not found · Chess Online Education'))
  })
})
