import { screen, waitFor, within } from '@testing-library/react'
import { Route, Routes, useLocation } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import HomePage from '@/features/home/HomePage'
import { seedCourse, seedEnrollment, seedUser, type SeededUser } from '../../helpers/backend'
import { countRequests, requestLog } from '../../helpers/mswServer'
import { renderWithProviders } from '../../helpers/renderWithProviders'
import { stubBoardLayout } from '../game/boardLayout'

// Rendering the board and long lists under jsdom is slow on a busy two-core machine.
vi.setConfig({ testTimeout: 20000 })

function loggedInAs(user: SeededUser & { token: string }) {
  return { auth: { token: user.token, user: { _id: user._id, role: user.role, username: user.username } } }
}

function Elsewhere() {
  return <p>Now at {useLocation().pathname}</p>
}

function renderHome(preloadedState?: ReturnType<typeof loggedInAs>) {
  return renderWithProviders(
    <Routes>
      <Route path="/home" element={<HomePage />} />
      <Route path="*" element={<Elsewhere />} />
    </Routes>,
    { route: '/home', preloadedState },
  )
}

beforeEach(() => {
  stubBoardLayout()
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('HomePage, logged out', () => {
  it('greets a guest and shows the board, three tips and the searches, but no events, rank or study list', async () => {
    renderHome()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Hello Guest, Welcome to Chess Online Education',
    )
    expect(await screen.findByRole('button', { name: 'New game' }, { timeout: 10000 })).toBeInTheDocument()
    const tips = screen.getByRole('region', { name: 'Expert Tips' })
    expect(within(tips).getAllByRole('listitem')).toHaveLength(3)
    expect(screen.getByRole('heading', { name: 'Search Players' })).toBeInTheDocument()
    expect(screen.getByPlaceholderText('Enter a chess.com username')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Title' })).toHaveDisplayValue('Select a title')
    expect(screen.queryByText(/December 15, 2023/)).not.toBeInTheDocument()
    expect(screen.queryByText(/December 28, 2023/)).not.toBeInTheDocument()
    expect(screen.queryByText(/You are the No\./)).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Continue Study' })).not.toBeInTheDocument()
    expect(requestLog.filter((r) => r.url.pathname.startsWith('/api/'))).toEqual([])
  }, 20000) // the first test loads the board's lazy chunk (react-chessboard) under jsdom

  it('lists the ten chess titles after the prompt', () => {
    renderHome()
    const options = within(screen.getByRole('combobox', { name: 'Title' })).getAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual([
      'Select a title',
      'GM',
      'WGM',
      'IM',
      'WIM',
      'FM',
      'WFM',
      'NM',
      'WNM',
      'CM',
      'WCM',
    ])
  })
})

describe('HomePage, logged in', () => {
  it('greets the user by name and states their rank', async () => {
    seedUser({ username: 'first_user' })
    seedUser({ username: 'second_user' })
    const me = seedUser({ username: 'magnus_fan' })
    renderHome(loggedInAs(me))
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Hello magnus_fan, Welcome to Chess Online Education',
    )
    expect(await screen.findByText('You are the No.3 registered user on this platform.')).toBeInTheDocument()
  })

  it('shows the two static events', async () => {
    const me = seedUser({ username: 'student1' })
    renderHome(loggedInAs(me))
    const events = screen.getByRole('region', { name: 'Upcoming Online Events' })
    const items = within(events).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[0]).toHaveTextContent('December 15, 2023, 13:00-14:30 EST')
    expect(items[1]).toHaveTextContent('December 28, 2023, 13:00-14:30 EST')
  })

  it('lists enrolled courses under "Continue Study", each linking to its modules', async () => {
    const me = seedUser({ username: 'student1' })
    const openings = seedCourse({ title: 'Opening Repertoire' })
    const endgames = seedCourse({ title: 'Endgame Essentials' })
    seedCourse({ title: 'Not Enrolled Course' })
    seedEnrollment(openings._id, me._id)
    seedEnrollment(endgames._id, me._id)
    renderHome(loggedInAs(me))
    const study = await screen.findByRole('region', { name: 'Continue Study' })
    expect(within(study).getByRole('link', { name: 'Opening Repertoire' })).toHaveAttribute(
      'href',
      `/courses/${openings._id}/modules`,
    )
    expect(within(study).getByRole('link', { name: 'Endgame Essentials' })).toHaveAttribute(
      'href',
      `/courses/${endgames._id}/modules`,
    )
    expect(within(study).queryByText('Not Enrolled Course')).not.toBeInTheDocument()
  })

  it('hides "Continue Study" when the user has no enrolled course', async () => {
    const me = seedUser({ username: 'student1' })
    renderHome(loggedInAs(me))
    await waitFor(() => expect(countRequests(`/api/courses/user/${me._id}/enrolled`)).toBe(1))
    await screen.findByText('You are the No.1 registered user on this platform.')
    expect(screen.queryByRole('heading', { name: 'Continue Study' })).not.toBeInTheDocument()
  })
})

describe('HomePage searches', () => {
  it('the username search navigates to /player/{username}', async () => {
    const { user } = renderHome()
    await user.type(screen.getByPlaceholderText('Enter a chess.com username'), 'hikaru')
    await user.click(
      within(screen.getByRole('search', { name: /username/ })).getByRole('button', { name: 'Search' }),
    )
    expect(await screen.findByText('Now at /player/hikaru')).toBeInTheDocument()
  })

  it('the title search navigates to /title/{title} once a title is chosen', async () => {
    const { user } = renderHome()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Title' }), 'IM')
    await user.click(
      within(screen.getByRole('search', { name: /title/ })).getByRole('button', { name: 'Search' }),
    )
    expect(await screen.findByText('Now at /title/IM')).toBeInTheDocument()
  })

  it('the username search does nothing while the field is empty', async () => {
    const { user } = renderHome()
    await user.click(
      within(screen.getByRole('search', { name: /username/ })).getByRole('button', { name: 'Search' }),
    )
    expect(screen.queryByText(/Now at/)).not.toBeInTheDocument()
  })

  it('the title search does nothing without a title', async () => {
    const { user } = renderHome()
    await user.click(
      within(screen.getByRole('search', { name: /title/ })).getByRole('button', { name: 'Search' }),
    )
    expect(screen.queryByText(/Now at/)).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument()
  })
})
