// /courses loads the next page of the catalogue as the end of the list scrolls near (issue 14).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import CoursesPage from '@/features/courses/CoursesPage'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { seedCourse, seedUser, sessionOf } from '../../helpers/backend'

/** An IntersectionObserver whose targets (the end of the list, the cards' Coursemates) come into view on scrollToEnd. */
const observers = new Set<FakeObserver>()
class FakeObserver {
  targets: Element[] = []
  constructor(private readonly callback: IntersectionObserverCallback) {
    observers.add(this)
  }
  observe(target: Element) {
    this.targets.push(target)
  }
  unobserve() {}
  disconnect() {
    observers.delete(this)
  }
  takeRecords() {
    return []
  }
  reveal() {
    const entries = this.targets.map(
      (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
    )
    this.callback(entries, this as unknown as IntersectionObserver)
  }
}
const scrollToEnd = () => act(() => [...observers].forEach((o) => o.reveal()))

afterEach(() => {
  vi.unstubAllGlobals()
  observers.clear()
})

const cardCount = () => screen.queryAllByRole('article').length

describe('/courses: infinite scroll', () => {
  it('loads the next page when the end of the list comes into view, and stops after the last', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
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
