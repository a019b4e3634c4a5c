import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import {
  LOGIN_PROMPTS_KEY,
  LOGIN_REQUIRED_TEXT,
  LoginRequiredModal,
  returnPath,
} from '@/features/auth/LoginRequiredModal'
import { renderWithProviders } from '../../helpers/renderWithProviders'

describe('returnPath: where a sign-in started elsewhere returns to', () => {
  it('is the page the sign-in was asked for on, with its query and hash', () => {
    expect(returnPath({ from: { pathname: '/courses', search: '?page=2', hash: '#top' } })).toBe(
      '/courses?page=2#top',
    )
    expect(returnPath({ from: { pathname: '/cart' } })).toBe('/cart')
    expect(returnPath({ from: '/courses/abc/modules' })).toBe('/courses/abc/modules')
  })

  it('is nothing for a plain login, another site, or the sign-in forms themselves', () => {
    expect(returnPath(null)).toBeNull()
    expect(returnPath({ registered: true })).toBeNull()
    expect(returnPath({ from: 'https://evil.example/' })).toBeNull()
    expect(returnPath({ from: '//evil.example/courses' })).toBeNull()
    expect(returnPath({ from: '/\\evil.example' })).toBeNull()
    expect(returnPath({ from: { pathname: '/login' } })).toBeNull()
    expect(returnPath({ from: '/register?x=1' })).toBeNull()
    expect(returnPath({ from: { pathname: 42 } })).toBeNull()
  })
})

describe('LoginRequiredModal', () => {
  it("shows the spec's text and remembers, for this visit, that it was shown on this page", () => {
    renderWithProviders(<LoginRequiredModal />, { route: '/courses' })
    expect(screen.getByRole('dialog', { name: 'Login Required' })).toHaveTextContent(LOGIN_REQUIRED_TEXT)
    expect(JSON.parse(sessionStorage.getItem(LOGIN_PROMPTS_KEY) ?? 'null')).toEqual(['/courses'])
  })

  it('stays closed on a page where it was shown this visit, and still opens on another', () => {
    sessionStorage.setItem(LOGIN_PROMPTS_KEY, JSON.stringify(['/courses']))
    const { unmount } = renderWithProviders(<LoginRequiredModal />, { route: '/courses/' })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    unmount()
    renderWithProviders(<LoginRequiredModal />, { route: '/cart' })
    expect(screen.getByRole('dialog', { name: 'Login Required' })).toBeInTheDocument()
  })

  it('opens every time when not once per visit, and when the stored list is unreadable', () => {
    sessionStorage.setItem(LOGIN_PROMPTS_KEY, JSON.stringify(['/profile']))
    const { unmount } = renderWithProviders(
      <LoginRequiredModal message="No authentication token found" oncePerVisit={false} />,
      { route: '/profile' },
    )
    expect(screen.getByRole('dialog', { name: 'Login Required' })).toHaveTextContent(
      'No authentication token found',
    )
    unmount()
    sessionStorage.setItem(LOGIN_PROMPTS_KEY, '{not json')
    renderWithProviders(<LoginRequiredModal />, { route: '/cart' })
    expect(screen.getByRole('dialog', { name: 'Login Required' })).toBeInTheDocument()
  })
})
