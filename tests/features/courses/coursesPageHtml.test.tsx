// /courses with its first page in its HTML: the server draws the cards with the SPA's own card component
// (server/web/courseCards.ts, server/web/coursesPage.ts) and the SPA starts from the page it carries
// (src/features/courses/firstPage.ts).
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router-dom'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Course } from '@/api/generated/api'
import { makeStore } from '@/app/store'
import { renderShell } from '@/app/shell/Shell'
import { FIRST_PAGE_ELEMENT_ID } from '@domain/catalogue'
import CoursesPage from '@/features/courses/CoursesPage'
import { CourseCard } from '@/features/courses/CourseCard'
import { firstPageAction } from '@/features/courses/firstPage'
import { courseCardHtml } from '../../../server/web/courseCards'
import { coursesPageHtml, type FirstPage } from '../../../server/web/coursesPage'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { requestLog } from '../../helpers/mswServer'

const course = (over: Partial<Course> = {}): Course => ({
  _id: '3f1c2a9e-8b7d-4c6e-9a5f-1d2e3c4b5a69',
  title: 'The Sicilian Najdorf',
  name: 'The Sicilian Najdorf',
  description: 'Sharp lines for Black.',
  price: 49.5,
  instructor: { _id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', username: 'judit' },
  createdAt: '2026-11-20T10:00:00.000Z',
  published: true,
  level: null,
  learningPoints: [],
  ...over,
})

/** CourseCard as React renders it for a visitor not signed in, without the markers between adjacent texts. */
const reactCard = (c: Course) =>
  renderToString(
    <MemoryRouter>
      <CourseCard
        course={c}
        user={null}
        enrolled={false}
        inCart={false}
        onEdit={() => {}}
        onDelete={() => {}}
      />
    </MemoryRouter>,
  ).replaceAll('<!-- -->', '')

const hostile = '</p><script>alert(1)</script><img src=x onerror="alert(2)"> & \'quoted\' \u2028'

describe("the server's course card", () => {
  it.each([
    ['a course', course()],
    ['a course without instructor', course({ instructor: null })],
    [
      'free, with markup and quotes in every text',
      course({ title: hostile, description: hostile, price: 0, instructor: { _id: 'x', username: hostile } }),
    ],
  ])('is the markup CourseCard renders: %s', (_name, c) => {
    expect(courseCardHtml(c, { reserved: false })).toBe(reactCard(c))
  })

  it("shows a course's level where set, and 'Free' beside a price of 0 only", () => {
    // The card's HTML read in an element of its own, out of the document the other tests render into.
    const card = (c: Course) => {
      const element = document.createElement('div')
      element.innerHTML = courseCardHtml(c, { reserved: false })
      return within(element)
    }
    const free = card(course({ price: 0, level: 'Advanced' }))
    expect(free.getByText('Advanced').className).toBe('tag')
    expect(free.getByText('$0.00', { exact: false }).textContent).toBe('$0.00Free')
    expect(free.getByText('Free').className).toBe('tag tag--free')
    const paid = card(course({ price: 12 }))
    expect(paid.getByText('$12.00').textContent).toBe('$12.00')
    expect(paid.queryByText('Free')).toBeNull()
    for (const level of ['Beginner', 'Intermediate', 'Advanced']) expect(paid.queryByText(level)).toBeNull()
  })

  it("keeps 'Log in to enroll' unseen where the visitor is not known yet, and changes nothing else", () => {
    const c = course()
    const reserved = courseCardHtml(c, { reserved: true })
    // Unseen through the stylesheet's class: the pages' Content-Security-Policy refuses style attributes.
    expect(reserved).toContain(
      '<a class="btn btn--primary reserved" aria-hidden="true" tabindex="-1" href="/login" data-discover="true">Log in to enroll</a>',
    )
    expect(reserved).not.toContain('style=')
    expect(reserved.replace(' reserved"', '"').replace(' aria-hidden="true" tabindex="-1"', '')).toBe(
      reactCard(c),
    )
  })
})

/** dist/courses.html's body as the build writes it (scripts/vite-prerender.mjs): the shell in #root, the app's script. */
const coursesShell = `<!doctype html><html><head><title>Courses</title></head><body><div id="root">${
  renderShell('/courses').html
}</div><script type="module" src="/assets/app.js"></script></body></html>`

/** The page the server sends, parsed as the browser would. */
function parsed(first: FirstPage): Document {
  const html = coursesPageHtml(coursesShell, first)
  expect(html).toBeDefined()
  return new DOMParser().parseFromString(html!, 'text/html')
}

describe('/courses with its first page', () => {
  it('shows the cards, the search and the order of the view, and nothing of a hostile text is markup', () => {
    const items = [course({ title: hostile }), course({ _id: 'b'.repeat(8), title: 'Rook Endgames' })]
    const doc = parsed({ q: 'endgames "x"', sort: 'title', page: { items, nextCursor: 'abc' } })
    const cards = [...doc.querySelectorAll('#root article')]
    expect(cards.map((a) => a.querySelector('h3')?.textContent)).toEqual([hostile, 'Rook Endgames'])
    expect(doc.querySelectorAll('script:not([type]), script[type="module"], img')).toHaveLength(1) // the app's own
    expect(doc.querySelector<HTMLInputElement>('input[name="q"]')?.getAttribute('value')).toBe('endgames "x"')
    expect(doc.querySelector<HTMLOptionElement>('option[selected]')?.value).toBe('title')
    expect(doc.querySelectorAll('option[selected]')).toHaveLength(1)
    expect(doc.querySelector('#root .spinner')).toBeNull()
    expect(doc.querySelector('#root main button.btn:not([type="submit"])')?.textContent).toBe(
      'Load more courses',
    )
    // The data, whole, in one JSON element that no text of a course could end early.
    const data = doc.getElementById(FIRST_PAGE_ELEMENT_ID)
    expect(JSON.parse(data!.textContent)).toEqual({
      q: 'endgames "x"',
      sort: 'title',
      page: { items, nextCursor: 'abc' },
    })
  })

  it('says when the search found nothing, as the page does', () => {
    const doc = parsed({ q: 'zz', sort: 'newest', page: { items: [], nextCursor: null } })
    expect(doc.querySelector('#root section p.muted')?.textContent).toBe('No courses match "zz".')
    expect(doc.querySelector('#root main button.btn:not([type="submit"])')).toBeNull()
  })

  it('is left as the shell when the shell is not the one it was written for', () => {
    const first = { q: '', sort: 'newest' as const, page: { items: [], nextCursor: null } }
    expect(coursesPageHtml(coursesShell.replace('class="spinner"', 'class="loading"'), first)).toBeUndefined()
  })
})

describe('the SPA starting from the page in the HTML', () => {
  const items = [course(), course({ _id: 'c'.repeat(8), title: 'Rook Endgames' })]

  /** A document holding the page's JSON element, at an address. */
  function pageAt(search: string, first: FirstPage) {
    const doc = parsed(first)
    return { doc, at: { pathname: '/courses', search } }
  }

  it('draws the cards the HTML carries without asking the server for them, and removes the element', async () => {
    const { doc, at } = pageAt('?q=rook', { q: 'rook', sort: 'newest', page: { items, nextCursor: null } })
    const store = makeStore()
    const action = firstPageAction(doc, at)
    expect(doc.getElementById(FIRST_PAGE_ELEMENT_ID)).toBeNull()
    await store.dispatch(action!)
    requestLog.length = 0
    renderWithProviders(<CoursesPage />, { store, route: '/courses?q=rook', path: '/courses' })
    expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual([
      'The Sicilian Najdorf',
      'Rook Endgames',
    ])
    expect(requestLog.filter((r) => new URL(r.url).pathname === '/api/courses')).toEqual([])
  })

  it('leaves out a page of another view than the address shows', async () => {
    const { doc, at } = pageAt('?q=rook&sort=price', {
      q: 'rook',
      sort: 'newest',
      page: { items, nextCursor: null },
    })
    expect(firstPageAction(doc, at)).toBeUndefined()
    // Nor at another address than /courses (the page's view matching the search).
    const other = pageAt('?q=rook', { q: 'rook', sort: 'newest', page: { items, nextCursor: null } })
    expect(firstPageAction(other.doc, { pathname: '/home', search: '?q=rook' })).toBeUndefined()
    expect(
      firstPageAction(
        pageAt('?q=rook', { q: 'rook', sort: 'newest', page: { items, nextCursor: null } }).doc,
        other.at,
      ),
    ).toBeDefined()
    const store = makeStore()
    renderWithProviders(<CoursesPage />, { store, route: '/courses?q=rook&sort=price', path: '/courses' })
    expect(screen.queryAllByRole('article')).toEqual([])
    expect(screen.getByRole('status')).toHaveTextContent('Loading...')
  })
})
