import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider } from 'react-redux'
import { http, HttpResponse } from 'msw'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { config } from '@/app/config'
import { makeStore } from '@/app/store'
import PlayerPage from '@/features/player/PlayerPage'
import { db, seedComment, seedFollower, seedUser, type FakeUser } from '../../helpers/fakeDb'
import { countRequests, server } from '../../helpers/mswServer'

// Rendering the board and long lists under jsdom is slow on a busy two-core machine.
vi.setConfig({ testTimeout: 20000 })

function loggedInAs(user: FakeUser & { token: string }) {
  return { auth: { token: user.token, user: { _id: user._id, role: user.role, username: user.username } } }
}

/** The player page, reached from /blog (so Back has somewhere to go), or opened directly. */
function renderPlayer(username: string, preloadedState?: ReturnType<typeof loggedInAs>, direct = false) {
  const store = makeStore(preloadedState)
  const user = userEvent.setup()
  const entries = direct ? [`/player/${username}`] : ['/blog', `/player/${username}`]
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <Routes>
          <Route path="/player/:username" element={<PlayerPage />} />
          <Route path="/home" element={<p>Home page</p>} />
          <Route path="/blog" element={<p>Blog page</p>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  )
  return { store, user }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('PlayerPage, chess.com data', () => {
  it("shows the player card with chess.com's fields and the country code", async () => {
    renderPlayer('hikaru')
    const card = await screen.findByRole('article', { name: 'Hikaru Nakamura' })
    expect(within(card).getByRole('img', { name: 'Avatar of hikaru' })).toHaveAttribute(
      'src',
      expect.stringContaining('15448422'),
    )
    const field = (label: string) => within(card).getByText(label).nextElementSibling
    expect(field('Name')).toHaveTextContent('Hikaru Nakamura')
    expect(field('Username')).toHaveTextContent('hikaru')
    expect(field('Title')).toHaveTextContent('GM')
    expect(field('Followers')).toHaveTextContent('1,225,729')
    expect(field('Country')).toHaveTextContent(/^US$/)
    expect(field('Location')).toHaveTextContent('Florida')
    expect(field('Status')).toHaveTextContent('premium')
  })

  it('shows N/A for fields chess.com leaves out', async () => {
    renderPlayer('club_player_42')
    const card = await screen.findByRole('article', { name: 'club_player_42' })
    const field = (label: string) => within(card).getByText(label).nextElementSibling
    expect(field('Name')).toHaveTextContent('N/A')
    expect(field('Title')).toHaveTextContent('N/A')
    expect(field('Location')).toHaveTextContent('N/A')
    expect(within(card).queryByRole('img')).not.toBeInTheDocument()
  })

  it('says "Player not found or an error occurred." for an unknown player', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderPlayer('no_such_player_x')
    expect(await screen.findByRole('alert')).toHaveTextContent('Player not found or an error occurred.')
    expect(screen.queryByRole('heading', { name: 'Followers' })).not.toBeInTheDocument()
  })

  it('says "Player not found or an error occurred." when chess.com fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(http.get(`${config.chessDataUrl}/player/:username`, () => HttpResponse.error()))
    renderPlayer('hikaru')
    expect(await screen.findByRole('alert')).toHaveTextContent('Player not found or an error occurred.')
  })

  it('goes back with the Back button', async () => {
    const { user } = renderPlayer('hikaru')
    await screen.findByRole('article', { name: 'Hikaru Nakamura' })
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(await screen.findByText('Blog page')).toBeInTheDocument()
  })

  it('goes home with the Back button when the page was opened directly', async () => {
    const { user } = renderPlayer('hikaru', undefined, true)
    await screen.findByRole('article', { name: 'Hikaru Nakamura' })
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(await screen.findByText('Home page')).toBeInTheDocument()
  })
})

describe('PlayerPage, followers and comments', () => {
  it('lists followers linking to their profiles and comments as plain text, for visitors too', async () => {
    const ann = seedUser({ username: 'ann' })
    const bob = seedUser({ username: 'bob' })
    seedFollower('hikaru', ann)
    seedComment('hikaru', bob, '<img src=x onerror=alert(1)><b>Great streamer</b>')
    renderPlayer('hikaru')
    const followers = await screen.findByRole('region', { name: 'Followers' })
    expect(await within(followers).findByRole('link', { name: 'ann' })).toHaveAttribute(
      'href',
      `/profile/${ann._id}`,
    )
    const comments = screen.getByRole('region', { name: 'Comments' })
    expect(
      await within(comments).findByText('<img src=x onerror=alert(1)><b>Great streamer</b>'),
    ).toBeInTheDocument()
    expect(within(comments).getByText('bob')).toBeInTheDocument()
    expect(comments.querySelector('img, b')).toBeNull()
  })

  it('hides Follow, Unfollow and the comment box when logged out', async () => {
    renderPlayer('hikaru')
    await screen.findByRole('article', { name: 'Hikaru Nakamura' })
    await screen.findByText('No followers yet.')
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Unfollow' })).not.toBeInTheDocument()
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Comment' })).not.toBeInTheDocument()
  })

  it('follows and unfollows, updating the followers list without a reload', async () => {
    const me = seedUser({ username: 'chess_fan' })
    const { user } = renderPlayer('hikaru', loggedInAs(me))
    const followers = await screen.findByRole('region', { name: 'Followers' })
    await within(followers).findByText('No followers yet.')
    await user.click(await screen.findByRole('button', { name: 'Follow' }))
    expect(await within(followers).findByRole('link', { name: 'chess_fan' })).toHaveAttribute(
      'href',
      `/profile/${me._id}`,
    )
    expect(db.followers.map((f) => f.user.username)).toEqual(['chess_fan'])
    await user.click(await screen.findByRole('button', { name: 'Unfollow' }))
    expect(await within(followers).findByText('No followers yet.')).toBeInTheDocument()
    expect(db.followers).toEqual([])
    expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument()
  })

  it('posts a comment, which appears in the list without a reload', async () => {
    const me = seedUser({ username: 'chess_fan' })
    const { user } = renderPlayer('hikaru', loggedInAs(me))
    await screen.findByText('No comments yet.')
    await user.type(screen.getByRole('textbox', { name: 'Your comment' }), 'Amazing blitz games!')
    await user.click(screen.getByRole('button', { name: 'Comment' }))
    const comments = screen.getByRole('region', { name: 'Comments' })
    expect(await within(comments).findByText('Amazing blitz games!')).toBeInTheDocument()
    expect(within(comments).getByText('chess_fan')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your comment' })).toHaveValue(''))
    expect(countRequests('/api/comment-player', 'POST')).toBe(1)
  })

  it('logs a refused comment to the console, shows no message and keeps the text', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(
      http.post(`${config.apiBaseUrl}/api/comment-player`, () =>
        HttpResponse.json({ type: 'about:blank', title: 'Internal', status: 500 }, { status: 500 }),
      ),
    )
    const me = seedUser({ username: 'chess_fan' })
    const { user } = renderPlayer('hikaru', loggedInAs(me))
    await screen.findByText('No comments yet.')
    await user.type(screen.getByRole('textbox', { name: 'Your comment' }), 'Will this post?')
    await user.click(screen.getByRole('button', { name: 'Comment' }))
    await waitFor(() =>
      expect(consoleError).toHaveBeenCalledWith('Could not post the comment', expect.anything()),
    )
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Your comment' })).toHaveValue('Will this post?')
    expect(screen.getByText('No comments yet.')).toBeInTheDocument()
  })

  it('does not post an empty comment', async () => {
    const me = seedUser({ username: 'chess_fan' })
    const { user } = renderPlayer('hikaru', loggedInAs(me))
    await screen.findByText('No comments yet.')
    await user.type(screen.getByRole('textbox', { name: 'Your comment' }), '   ')
    await user.click(screen.getByRole('button', { name: 'Comment' }))
    expect(countRequests('/api/comment-player', 'POST')).toBe(0)
  })
})
