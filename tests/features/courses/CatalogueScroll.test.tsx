// /courses loads the next page of the catalogue as the end of the list scrolls near.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import CoursesPage from '@/features/courses/CoursesPage'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import {
  FakeIntersectionObserver,
  forgetObservers,
  scrollToEnd,
} from '../../helpers/fakeIntersectionObserver'
import { seedCourse, seedUser, sessionOf } from '../../helpers/backend'

afterEach(() => {
  vi.unstubAllGlobals()
  forgetObservers()
})

const cardCount = () => screen.queryAllByRole('article').length

describe('/courses: infinite scroll', () => {
  it('loads the next page when the end of the list comes into view, and stops after the last', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
    for (let i = 1; i <= 45; i++) seedCourse({ title: `Course ${String(i).padStart(2, '0')}` })
    renderWithProviders(<CoursesPage />, {
      route: '/courses?sort=title',
      path: '/courses',
      preloadedState: { auth: sessionOf(seedUser({ username: 'stu' })) },
    })
    await waitFor(() => expect(cardCount()).toBe(20))
    scrollToEnd()
    await waitFor(() => expect(cardCount()).toBe(40))
    scrollToEnd()
    await waitFor(() => expect(cardCount()).toBe(45))
    const last = screen.getAllByRole('article').at(-1)!
    expect(within(last).getByRole('heading', { level: 3 })).toHaveTextContent('Course 45')
    expect(screen.queryByRole('button', { name: 'Load more courses' })).not.toBeInTheDocument()
  })
})
