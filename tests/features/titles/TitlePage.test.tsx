import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { Route, Routes, useLocation } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { config } from '@/app/config'
import TitlePage from '@/features/titles/TitlePage'
import { manyGrandmasters } from '../../helpers/chessComFixtures'
import { countRequests, server } from '../../helpers/mswServer'
import { renderWithProviders } from '../../helpers/renderWithProviders'

// Rendering the board and long lists under jsdom is slow on a busy two-core machine.
vi.setConfig({ testTimeout: 20000 })

function Location() {
  return <p data-testid="location">{useLocation().pathname}</p>
}

function renderTitle(title: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/title/:title" element={<TitlePage />} />
        <Route path="*" element={<p>Other page</p>} />
      </Routes>
      <Location />
    </>,
    { route: `/title/${title}` },
  )
}

afterEach(() => {
  vi.restoreAllMocks()
})

// The GM fixture is a real-size list (1500 names); rendering it under jsdom takes seconds.
describe('TitlePage', () => {
  it('lists every GM username from chess.com, each linking to its player page', async () => {
    renderTitle('GM')
    expect(screen.getByRole('heading', { level: 1, name: 'GM players' })).toBeInTheDocument()
    // Text and selector queries: role queries over 1500 links are slow under jsdom.
    const heading = await screen.findByText('1,500 players')
    const links = heading.closest('section')!.querySelectorAll('a')
    expect(links).toHaveLength(1500)
    expect(links[0]).toHaveTextContent('hikaru')
    expect(links[0]).toHaveAttribute('href', '/player/hikaru')
    expect(links[1499]).toHaveAttribute('href', '/player/gm_player_1498')
  }, 20000)

  it('writes the list to sessionStorage under players-{title} after fetching', async () => {
    renderTitle('GM')
    await screen.findByText('1,500 players')
    expect(JSON.parse(sessionStorage.getItem('players-GM') ?? 'null')).toEqual(manyGrandmasters)
  }, 20000)

  it('reads a cached list from sessionStorage without asking chess.com', async () => {
    sessionStorage.setItem('players-IM', JSON.stringify(['cached_master']))
    renderTitle('IM')
    const list = await screen.findByRole('region', { name: '1 player' })
    expect(within(list).getByRole('link', { name: 'cached_master' })).toHaveAttribute(
      'href',
      '/player/cached_master',
    )
    expect(countRequests('/pub/titled/IM')).toBe(0)
  })

  it('fetches again when the cached entry is unreadable, and replaces it', async () => {
    sessionStorage.setItem('players-WFM', '{not json')
    renderTitle('WFM')
    expect(await screen.findByRole('link', { name: 'anna_cramling' })).toBeInTheDocument()
    expect(countRequests('/pub/titled/WFM')).toBe(1)
    expect(JSON.parse(sessionStorage.getItem('players-WFM') ?? 'null')).toEqual(['anna_cramling'])
  })

  it('a second visit in the same tab is served from the cache (one request in all)', async () => {
    const first = renderTitle('WFM')
    await screen.findByRole('link', { name: 'anna_cramling' })
    first.unmount()
    renderTitle('WFM') // a fresh store: only sessionStorage remembers the list
    await screen.findByRole('link', { name: 'anna_cramling' })
    expect(countRequests('/pub/titled/WFM')).toBe(1)
  })

  it('the title selector shows the current title and navigates to /title/{newTitle}', async () => {
    const { user } = renderTitle('GM')
    const select = screen.getByRole('combobox', { name: 'Title' })
    expect(select).toHaveDisplayValue('GM')
    await screen.findByText('1,500 players')
    await user.selectOptions(select, 'WFM')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(screen.getByTestId('location')).toHaveTextContent('/title/WFM')
    expect(await screen.findByRole('heading', { level: 1, name: 'WFM players' })).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'anna_cramling' })).toBeInTheDocument()
  }, 20000)

  it('does nothing when Search is pressed without a title', async () => {
    const { user } = renderTitle('NOPE')
    expect(screen.getByText(/is not a chess title/)).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Title' })).toHaveDisplayValue('Select a title')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(screen.getByTestId('location')).toHaveTextContent('/title/NOPE')
    expect(countRequests('/pub/titled/NOPE')).toBe(0)
  })

  it('filters the usernames', async () => {
    renderTitle('GM')
    await screen.findByText('1,500 players')
    fireEvent.change(screen.getByLabelText('Filter usernames'), { target: { value: 'Carlsen' } })
    await waitFor(() => expect(document.querySelectorAll('section a')).toHaveLength(1))
    expect(screen.getByRole('link', { name: 'magnuscarlsen' })).toBeInTheDocument()
  }, 20000)

  it('shows an empty list for a title nobody holds in the data', async () => {
    renderTitle('WCM')
    expect(await screen.findByRole('region', { name: '0 players' })).toBeInTheDocument()
    expect(screen.queryAllByRole('link')).toHaveLength(0)
  })

  it('logs a failed fetch, says the list could not be loaded with a Retry, and does not cache it', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    let fail = true
    server.use(
      http.get(`${config.chessDataUrl}/titled/:title`, () =>
        fail ? HttpResponse.json({}, { status: 500 }) : HttpResponse.json({ players: ['fm_one', 'fm_two'] }),
      ),
    )
    const { user } = renderTitle('FM')
    await waitFor(() => expect(consoleError).toHaveBeenCalled())
    expect(await screen.findByRole('alert')).toHaveTextContent('The FM players could not be loaded.')
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
    expect(sessionStorage.getItem('players-FM')).toBeNull()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('link', { name: 'fm_two' })).toHaveAttribute('href', '/player/fm_two')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
