import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import BlogPage from '@/features/blog/BlogPage'
import { renderWithProviders } from '../../helpers/renderWithProviders'

describe('BlogPage', () => {
  it("shows the 'Exhibition' heading and four articles", () => {
    renderWithProviders(<BlogPage />, { route: '/blog' })
    expect(screen.getByRole('heading', { level: 1, name: 'Exhibition' })).toBeInTheDocument()
    expect(screen.getAllByRole('article')).toHaveLength(4)
  })

  it('gives every article a title, an image of the project, the exhibition dates and an organizer', () => {
    renderWithProviders(<BlogPage />, { route: '/blog' })
    for (const article of screen.getAllByRole('article')) {
      expect(within(article).getByRole('heading', { level: 2 }).textContent).not.toBe('')
      const image = within(article).getByRole('img')
      expect(image).toHaveAccessibleName()
      expect(image.getAttribute('src')).not.toMatch(/^https?:/) // a bundled asset, no external host
      expect(within(article).getByText('September 18-19, 2024')).toBeInTheDocument()
      expect(within(article).getByText(/Organizer: \S+/)).toBeInTheDocument()
    }
  })

  it("speaks of the instructor's awards, media features and memorabilia", () => {
    renderWithProviders(<BlogPage />, { route: '/blog' })
    expect(screen.getByRole('article', { name: 'Three Decades of Awards' })).toHaveTextContent(
      /trophies and medals/,
    )
    expect(screen.getByRole('article', { name: 'In the Press: Media Features' })).toHaveTextContent(
      /interviews/,
    )
    expect(screen.getByRole('article', { name: 'Memorabilia from Memorable Games' })).toHaveTextContent(
      /memorabilia collection/,
    )
  })
})
