import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import { api } from '@/api/api'
import CoursesPage from '@/features/courses/CoursesPage'
import { NEAR_VIEWPORT_MARGIN } from '@/components/LoadMore'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { seedCourse, seedEnrollment, seedUser, sessionOf } from '../../helpers/backend'
import { countRequests } from '../../helpers/mswServer'

/** A stand-in IntersectionObserver: the test says when an element comes near the viewport. */
class FakeObserver {
  static all: FakeObserver[] = []
  readonly targets = new Set<Element>()
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.all.push(this)
  }
  observe(target: Element) {
    this.targets.add(target)
  }
  unobserve(target: Element) {
    this.targets.delete(target)
  }
  disconnect() {
    this.targets.clear()
  }
  takeRecords() {
    return []
  }
  static reveal(element: Element) {
    for (const observer of FakeObserver.all.filter((o) => o.targets.has(element))) {
      const entry = { target: element, isIntersecting: true } as unknown as IntersectionObserverEntry
      observer.callback([entry], observer as unknown as IntersectionObserver)
    }
  }
}

beforeEach(() => {
  FakeObserver.all = []
  vi.stubGlobal('IntersectionObserver', FakeObserver)
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('/courses: Coursemates load when the card comes near the viewport', () => {
  it('sends no enrolled-students request for an off-screen card until it intersects', async () => {
    const near = seedCourse({ title: 'Openings' })
    const far = seedCourse({ title: 'Endgames' })
    const mate = seedUser({ username: 'mate' })
    seedEnrollment(far._id, mate._id)
    const { store } = renderWithProviders(<CoursesPage />, {
      route: '/courses',
      path: '/courses',
      preloadedState: { auth: sessionOf(seedUser({ username: 'viewer', role: 'instructor' })) },
    })
    const farCard = within(await screen.findByRole('article', { name: 'Endgames' }))
    const nearCard = within(screen.getByRole('article', { name: 'Openings' }))
    expect(farCard.getByRole('heading', { name: 'Coursemates' })).toBeInTheDocument()

    // Each card watches its Coursemates with a margin, so it loads just before it scrolls in.
    const coursemates = (c: typeof farCard) => c.getByRole('heading', { name: 'Coursemates' }).parentElement!
    expect(FakeObserver.all.some((o) => o.targets.has(coursemates(farCard)))).toBe(true)
    expect(FakeObserver.all.every((o) => o.options?.rootMargin === NEAR_VIEWPORT_MARGIN)).toBe(true)

    // every request the page has started is answered: none of them asked for coursemates
    await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()))
    expect(countRequests(`/api/courses/${far._id}/enrolled-students`)).toBe(0)
    expect(countRequests(`/api/courses/${near._id}/enrolled-students`)).toBe(0)
    expect(farCard.queryByRole('link', { name: 'mate' })).not.toBeInTheDocument()

    act(() => FakeObserver.reveal(coursemates(farCard)))
    expect(await farCard.findByRole('link', { name: 'mate' })).toHaveAttribute('href', `/profile/${mate._id}`)
    expect(countRequests(`/api/courses/${far._id}/enrolled-students`)).toBe(1)
    expect(countRequests(`/api/courses/${near._id}/enrolled-students`)).toBe(0)

    act(() => FakeObserver.reveal(coursemates(nearCard)))
    expect(await nearCard.findByText('No coursemates yet.')).toBeInTheDocument()
    expect(countRequests(`/api/courses/${near._id}/enrolled-students`)).toBe(1)
    expect(countRequests(`/api/courses/${far._id}/enrolled-students`)).toBe(1)
  })
})
