// /courses as a catalogue: search box, sort choice, both kept in the address, further pages.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { useLocation, useNavigate } from 'react-router-dom'
import CoursesPage from '@/features/courses/CoursesPage'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { seedCourse, seedUser, sessionOf, type SeededUser } from '../../helpers/backend'
import { requestLog } from '../../helpers/mswServer'

function Page() {
  const location = useLocation()
  const navigate = useNavigate()
  return (
    <>
      <p data-testid="address">{location.pathname + location.search}</p>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
      <CoursesPage />
    </>
  )
}

function render(route = '/courses', who: SeededUser = seedUser({ username: 'stu' })) {
  return renderWithProviders(<Page />, { route, path: '/courses', preloadedState: { auth: sessionOf(who) } })
}

const cardTitles = () =>
  screen.queryAllByRole('article').map((a) => within(a).getByRole('heading', { level: 3 }).textContent)
const address = () => screen.getByTestId('address').textContent
const courseCalls = () =>
  requestLog.filter((r) => new URL(r.url).pathname === '/api/courses').map((r) => new URL(r.url).searchParams)

describe('/courses: search', () => {
  it('shows only the courses matching the search, keeps it in the address, and Back returns to all', async () => {
    seedCourse({ title: 'The Sicilian Najdorf', description: 'Sharp lines' })
    seedCourse({ title: 'Rook Endgames', description: 'Technique' })
    seedCourse({ title: 'Sicilian Dragon', description: 'The Yugoslav attack' })
    const { user } = render()
    await screen.findByRole('article', { name: 'Rook Endgames' })
    expect(cardTitles()).toHaveLength(3)

    await user.type(screen.getByRole('searchbox', { name: 'Search courses' }), 'sicilian')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(cardTitles()).toEqual(['Sicilian Dragon', 'The Sicilian Najdorf']))
    expect(address()).toBe('/courses?q=sicilian')
    expect(courseCalls().at(-1)?.get('q')).toBe('sicilian')

    await user.click(screen.getByRole('button', { name: 'Browser back' }))
    await waitFor(() => expect(cardTitles()).toHaveLength(3))
    expect(address()).toBe('/courses')
    expect(screen.getByRole('searchbox', { name: 'Search courses' })).toHaveValue('')
  })

  it('opens a search from its address, with the box and the sort showing it', async () => {
    seedCourse({ title: 'Sicilian for club players', price: 30 })
    seedCourse({ title: 'Sicilian Dragon', price: 12 })
    seedCourse({ title: 'French Defence', price: 5 })
    render('/courses?q=sicil&sort=price')
    await waitFor(() => expect(cardTitles()).toEqual(['Sicilian Dragon', 'Sicilian for club players']))
    expect(screen.getByRole('searchbox', { name: 'Search courses' })).toHaveValue('sicil')
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price')
  })

  it('says when nothing matches, instead of "No courses yet."', async () => {
    seedCourse({ title: 'Rook Endgames' })
    const { user } = render()
    await screen.findByRole('article', { name: 'Rook Endgames' })
    await user.type(screen.getByRole('searchbox', { name: 'Search courses' }), 'grunfeld{Enter}')
    expect(await screen.findByText('No courses match "grunfeld".')).toBeInTheDocument()
    expect(screen.queryByText('No courses yet.')).not.toBeInTheDocument()
  })
})

describe('/courses: sort', () => {
  it('orders the cards by the chosen sort, newest first by default, and keeps it in the address', async () => {
    seedCourse({ title: 'Bravo', price: 30 })
    seedCourse({ title: 'alpha', price: 20 })
    seedCourse({ title: 'Charlie', price: 10 })
    const { user } = render()
    await waitFor(() => expect(cardTitles()).toEqual(['Charlie', 'alpha', 'Bravo']))
    const sortBy = screen.getByRole('combobox', { name: 'Sort by' })

    await user.selectOptions(sortBy, 'Title')
    await waitFor(() => expect(cardTitles()).toEqual(['alpha', 'Bravo', 'Charlie']))
    expect(address()).toBe('/courses?sort=title')

    await user.selectOptions(sortBy, 'Price: lowest first')
    await waitFor(() => expect(cardTitles()).toEqual(['Charlie', 'alpha', 'Bravo']))
    expect(address()).toBe('/courses?sort=price')

    await user.click(screen.getByRole('button', { name: 'Browser back' }))
    await waitFor(() => expect(cardTitles()).toEqual(['alpha', 'Bravo', 'Charlie']))
    expect(sortBy).toHaveValue('title')
  })
})

describe('/courses: pages', () => {
  it('shows the first 20 courses, then the next page under them with "Load more courses"', async () => {
    for (let i = 1; i <= 23; i++) seedCourse({ title: `Course ${String(i).padStart(2, '0')}` })
    const { user } = render('/courses?sort=title')
    await waitFor(() => expect(cardTitles()).toHaveLength(20))
    expect(cardTitles().at(-1)).toBe('Course 20')
    await user.click(screen.getByRole('button', { name: 'Load more courses' }))
    await waitFor(() => expect(cardTitles()).toHaveLength(23))
    expect(cardTitles().slice(19)).toEqual(['Course 20', 'Course 21', 'Course 22', 'Course 23'])
    expect(screen.queryByRole('button', { name: 'Load more courses' })).not.toBeInTheDocument()
    const calls = courseCalls()
    expect(calls.map((p) => p.get('limit'))).toEqual(['20', '20'])
    expect(calls[1].get('cursor')).toBeTruthy()
  })

  it('refetches the loaded pages when an instructor creates a course, which then shows', async () => {
    const teacher = seedUser({ username: 'teach', role: 'instructor' })
    for (let i = 1; i <= 21; i++)
      seedCourse({ title: `Course ${String(i).padStart(2, '0')}`, instructor: teacher })
    const { user } = render('/courses', teacher)
    await waitFor(() => expect(cardTitles()).toHaveLength(20))
    await user.click(screen.getByRole('button', { name: 'Load more courses' }))
    await waitFor(() => expect(cardTitles()).toHaveLength(21))
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Brand new')
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Fresh')
    await user.type(screen.getByRole('spinbutton', { name: 'Price' }), '5')
    await user.click(screen.getByRole('button', { name: /create/i }))
    await waitFor(() => expect(cardTitles()).toHaveLength(22))
    expect(cardTitles()[0]).toBe('Brand new')
  })
})
