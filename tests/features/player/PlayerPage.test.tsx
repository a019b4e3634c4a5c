import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Provider } from 'react-redux'
import { http, HttpResponse } from 'msw'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { config } from '@/app/config'
import { failedCallText } from '@/app/listeners'
import { makeStore } from '@/app/store'
import PlayerPage from '@/features/player/PlayerPage'
import { stored, seedComment, seedFollower, seedUser, type SeededUser } from '../../helpers/backend'
import { countRequests, server } from '../../helpers/mswServer'

// Rendering the board and long lists under jsdom is slow on a busy two-core machine.
vi.setConfig({ testTimeout: 20000 })

/** The Follow button, once enabled: it waits for the followers (it could only guess before). */
async function followButton() {
  const button = await screen.findByRole('button', { name: 'Follow' })
  await waitFor(() => expect(button).toBeEnabled())
  return button
}

function loggedInAs(user: SeededUser & { token: string }) {
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
    expect(field('Followers on chess.com')).toHaveTextContent('1,225,729')
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

  it("keeps our followers, comments and Follow when chess.com cannot be reached, with 'Retry' for chess.com's part", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    let down = true
    server.use(
      http.get(`${config.chessDataUrl}/player/:username`, () => (down ? HttpResponse.error() : undefined)),
    )
    const me = seedUser({ username: 'chess_fan' })
    seedFollower('hikaru', me)
    seedComment('hikaru', seedUser({ username: 'bob' }), 'Great endgames')
    const { user } = renderPlayer('Hikaru', loggedInAs(me))
    const failed = await screen.findByText('Player not found or an error occurred.')
    const followers = await screen.findByRole('region', { name: 'Followers' })
    expect(await within(followers).findByRole('link', { name: 'chess_fan' })).toBeInTheDocument()
    const comments = screen.getByRole('region', { name: 'Comments' })
    expect(await within(comments).findByText('Great endgames')).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Comment' })).toBeInTheDocument()
    expect(screen.queryByRole('article')).not.toBeInTheDocument()

    down = false
    await user.click(
      within(failed.closest<HTMLElement>('[role="alert"]')!).getByRole('button', { name: 'Retry' }),
    )
    expect(await screen.findByRole('article', { name: 'Hikaru Nakamura' })).toBeInTheDocument()
    expect(screen.queryByText('Player not found or an error occurred.')).not.toBeInTheDocument()
    expect(within(followers).getByRole('link', { name: 'chess_fan' })).toBeInTheDocument()
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
    await user.click(await followButton())
    expect(await within(followers).findByRole('link', { name: 'chess_fan' })).toHaveAttribute(
      'href',
      `/profile/${me._id}`,
    )
    expect((await stored.follows()).map((f) => f.username)).toEqual(['chess_fan'])
    await user.click(await screen.findByRole('button', { name: 'Unfollow' }))
    expect(await within(followers).findByText('No followers yet.')).toBeInTheDocument()
    expect(await stored.follows()).toEqual([])
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

  it('logs a refused comment to the console, says it was not posted and keeps the text', async () => {
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
      expect(consoleError).toHaveBeenCalledWith(failedCallText('commentPlayer'), expect.anything()),
    )
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your comment could not be posted. Please try again.',
    )
    expect(screen.getByRole('textbox', { name: 'Your comment' })).toHaveValue('Will this post?')
    expect(screen.getByText('No comments yet.')).toBeInTheDocument()
  })

  it("shows a refused follow's reason next to the button, which keeps its state", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(
      http.post(`${config.apiBaseUrl}/api/follow-player`, () =>
        HttpResponse.json(
          { type: 'about:blank', title: 'Too Many Requests', status: 429, detail: 'Try again in a minute.' },
          { status: 429, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    )
    const me = seedUser({ username: 'chess_fan' })
    const { user } = renderPlayer('hikaru', loggedInAs(me))
    await user.click(await followButton())
    // a busy machine can take more than findBy's default second to answer
    expect(await screen.findByRole('alert', undefined, { timeout: 5000 })).toHaveTextContent(
      'Following failed: Try again in a minute.',
    )
    expect(screen.getByRole('button', { name: 'Follow' })).toBeEnabled()
    expect(await stored.follows()).toEqual([])
  })

  it("shows 'The followers could not be loaded.' with a Retry, and no Follow button that could be wrong", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    let fail = true
    server.use(
      http.get(`${config.apiBaseUrl}/api/player/:username/followers`, () =>
        fail ? HttpResponse.json({ status: 500, title: 'Server error' }, { status: 500 }) : undefined,
      ),
    )
    const me = seedUser({ username: 'chess_fan' })
    seedFollower('hikaru', me)
    const { user } = renderPlayer('hikaru', loggedInAs(me))
    const followers = await screen.findByRole('region', { name: 'Followers' })
    expect(await within(followers).findByRole('alert')).toHaveTextContent(
      'The followers could not be loaded.',
    )
    expect(within(followers).queryByText('No followers yet.')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument()
    fail = false
    await user.click(within(followers).getByRole('button', { name: 'Retry' }))
    expect(await within(followers).findByRole('link', { name: 'chess_fan' })).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeInTheDocument()
  })

  it("shows 'The comments could not be loaded.' with a Retry instead of 'No comments yet.'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    let fail = true
    server.use(
      http.get(`${config.apiBaseUrl}/api/comments/:username`, () =>
        fail ? HttpResponse.json({ status: 500, title: 'Server error' }, { status: 500 }) : undefined,
      ),
    )
    seedComment('hikaru', seedUser({ username: 'bob' }), 'Great endgames')
    const { user } = renderPlayer('hikaru')
    const comments = await screen.findByRole('region', { name: 'Comments' })
    expect(await within(comments).findByRole('alert')).toHaveTextContent('The comments could not be loaded.')
    expect(within(comments).queryByText('No comments yet.')).not.toBeInTheDocument()
    fail = false
    await user.click(within(comments).getByRole('button', { name: 'Retry' }))
    expect(await within(comments).findByText('Great endgames')).toBeInTheDocument()
    expect(within(comments).queryByRole('alert')).not.toBeInTheDocument()
  })

  it("turns a validator's refusal of a comment into a sentence, never the raw message", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(
      http.post(`${config.apiBaseUrl}/api/comment-player`, () =>
        HttpResponse.json(
          {
            type: 'about:blank',
            title: 'Bad Request',
            status: 400,
            detail: 'body/comment must NOT have more than 2000 characters',
          },
          { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    )
    const { user } = renderPlayer('hikaru', loggedInAs(seedUser({ username: 'chess_fan' })))
    await screen.findByText('No comments yet.')
    await user.type(screen.getByRole('textbox', { name: 'Your comment' }), 'Long story')
    await user.click(screen.getByRole('button', { name: 'Comment' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(/^Your comment could not be posted: A comment is 1 to 2000 characters\.$/)
    expect(screen.getByRole('textbox', { name: 'Your comment' })).toHaveValue('Long story')
  })

  it("turns a validator's refusal of a follow into a sentence, never the raw message", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(
      http.post(`${config.apiBaseUrl}/api/follow-player`, () =>
        HttpResponse.json(
          {
            type: 'about:blank',
            title: 'Bad Request',
            status: 400,
            detail: 'body/chessPlayerUsername must match pattern "^[A-Za-z0-9_-]{1,50}$"',
          },
          { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    )
    const { user } = renderPlayer('hikaru', loggedInAs(seedUser({ username: 'chess_fan' })))
    await user.click(await followButton())
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 })
    expect(alert).toHaveTextContent(/^Following failed: Please check what you entered\.$/)
    expect(alert).not.toHaveTextContent(/body\/|must/)
  })

  it("shows a refused comment's reason (429) and keeps the text", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(
      http.post(`${config.apiBaseUrl}/api/comment-player`, () =>
        HttpResponse.json(
          { type: 'about:blank', title: 'Too Many Requests', status: 429, detail: 'Try again in a minute.' },
          { status: 429, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    )
    const { user } = renderPlayer('hikaru', loggedInAs(seedUser({ username: 'chess_fan' })))
    await screen.findByText('No comments yet.')
    await user.type(screen.getByRole('textbox', { name: 'Your comment' }), 'Too fast?')
    await user.click(screen.getByRole('button', { name: 'Comment' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your comment could not be posted: Try again in a minute.',
    )
    expect(screen.getByRole('textbox', { name: 'Your comment' })).toHaveValue('Too fast?')
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

describe('PlayerPage, comment pages and deletion', () => {
  const texts = (region: HTMLElement) =>
    within(region)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('p')?.textContent)

  it('lists comments newest first, 20 at a time, with Load more while the last page was full', async () => {
    const bob = seedUser({ username: 'bob' })
    for (let i = 1; i <= 45; i++) seedComment('hikaru', bob, `comment ${i}`)
    const { user } = renderPlayer('hikaru')
    const comments = await screen.findByRole('region', { name: 'Comments' })
    await within(comments).findByText('comment 45')
    expect(texts(comments)).toEqual(Array.from({ length: 20 }, (_, i) => `comment ${45 - i}`))
    await user.click(await within(comments).findByRole('button', { name: 'Load more' }))
    await within(comments).findByText('comment 6')
    expect(texts(comments)).toHaveLength(40)
    await user.click(await within(comments).findByRole('button', { name: 'Load more' }))
    await within(comments).findByText('comment 1')
    expect(texts(comments)).toEqual(Array.from({ length: 45 }, (_, i) => `comment ${45 - i}`))
    expect(within(comments).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
    expect(countRequests('/api/comments/hikaru', 'GET')).toBe(3)
  })

  it('shows no Load more when the first page is not full', async () => {
    const bob = seedUser({ username: 'bob' })
    for (let i = 1; i <= 19; i++) seedComment('hikaru', bob, `comment ${i}`)
    renderPlayer('hikaru')
    const comments = await screen.findByRole('region', { name: 'Comments' })
    await within(comments).findByText('comment 19')
    expect(texts(comments)).toHaveLength(19)
    expect(within(comments).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })

  it('loads a last page of one comment, then offers no more', async () => {
    const bob = seedUser({ username: 'bob' })
    for (let i = 1; i <= 21; i++) seedComment('hikaru', bob, `comment ${i}`)
    const { user } = renderPlayer('hikaru')
    const comments = await screen.findByRole('region', { name: 'Comments' })
    await within(comments).findByText('comment 21')
    expect(texts(comments)).toHaveLength(20)
    await user.click(await within(comments).findByRole('button', { name: 'Load more' }))
    await within(comments).findByText('comment 1')
    expect(texts(comments)).toHaveLength(21)
    expect(within(comments).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })

  it('offers Delete on the viewer’s own comments only, asks first, then removes the comment', async () => {
    const me = seedUser({ username: 'chess_fan' })
    const bob = seedUser({ username: 'bob' })
    seedComment('hikaru', bob, 'Bob says hi')
    seedComment('hikaru', me, 'My hasty comment')
    const { user } = renderPlayer('hikaru', loggedInAs(me))
    const comments = await screen.findByRole('region', { name: 'Comments' })
    const mine = (await within(comments).findByText('My hasty comment')).closest('li')!
    const bobs = within(comments).getByText('Bob says hi').closest('li')!
    expect(within(bobs).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument()
    await user.click(within(mine).getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('Delete this comment by chess_fan?')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(countRequests('/api/comment-player', 'DELETE')).toBe(0)
    await user.click(within(mine).getByRole('button', { name: 'Delete' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }))
    await waitFor(() => expect(within(comments).queryByText('My hasty comment')).not.toBeInTheDocument())
    expect(within(comments).getByText('Bob says hi')).toBeInTheDocument()
    expect((await stored.comments()).map((c) => c.comment)).toEqual(['Bob says hi'])
  })

  it('lets an admin delete anyone’s comment', async () => {
    const admin = seedUser({ username: 'moderator', role: 'admin' })
    const bob = seedUser({ username: 'bob' })
    seedComment('hikaru', bob, 'Spam spam spam')
    seedComment('hikaru', bob, 'A fair point')
    const { user } = renderPlayer('hikaru', loggedInAs(admin))
    const comments = await screen.findByRole('region', { name: 'Comments' })
    await within(comments).findByText('Spam spam spam')
    expect(within(comments).getAllByRole('button', { name: 'Delete' })).toHaveLength(2)
    const spam = within(comments).getByText('Spam spam spam').closest('li')!
    await user.click(within(spam).getByRole('button', { name: 'Delete' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }))
    await waitFor(() => expect(within(comments).queryByText('Spam spam spam')).not.toBeInTheDocument())
    expect(texts(comments)).toEqual(['A fair point'])
  })

  it('hides Delete from visitors', async () => {
    const bob = seedUser({ username: 'bob' })
    seedComment('hikaru', bob, 'Visible to all')
    renderPlayer('hikaru')
    const comments = await screen.findByRole('region', { name: 'Comments' })
    await within(comments).findByText('Visible to all')
    expect(within(comments).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument()
  })

  it('keeps loaded pages whole after a delete: the next comment moves up, nothing repeats or goes missing', async () => {
    const me = seedUser({ username: 'chess_fan' })
    for (let i = 1; i <= 30; i++) seedComment('hikaru', me, `comment ${i}`)
    const { user } = renderPlayer('hikaru', loggedInAs(me))
    const comments = await screen.findByRole('region', { name: 'Comments' })
    await within(comments).findByText('comment 30')
    await user.click(await within(comments).findByRole('button', { name: 'Load more' }))
    await within(comments).findByText('comment 1')
    const first = within(comments).getByText('comment 29').closest('li')!
    await user.click(within(first).getByRole('button', { name: 'Delete' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }))
    const expected = Array.from({ length: 30 }, (_, i) => `comment ${30 - i}`).filter(
      (t) => t !== 'comment 29',
    )
    await waitFor(() => expect(texts(comments)).toEqual(expected))
  })

  it('says so when a comment cannot be deleted, and keeps it', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(
      http.delete(`${config.apiBaseUrl}/api/comment-player/:id`, () =>
        HttpResponse.json({ type: 'about:blank', title: 'Forbidden', status: 403 }, { status: 403 }),
      ),
    )
    const me = seedUser({ username: 'chess_fan' })
    seedComment('hikaru', me, 'Stays here')
    const { user } = renderPlayer('hikaru', loggedInAs(me))
    const comments = await screen.findByRole('region', { name: 'Comments' })
    const li = (await within(comments).findByText('Stays here')).closest('li')!
    await user.click(within(li).getByRole('button', { name: 'Delete' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }))
    expect(await within(comments).findByRole('alert')).toHaveTextContent('The comment could not be deleted.')
    expect(within(comments).getByText('Stays here')).toBeInTheDocument()
    expect(consoleError).toHaveBeenCalledWith(failedCallText('deleteComment'), expect.anything())
  })
})

describe('PlayerPage: pages of followers', () => {
  it("shows 50 followers at a time and 'Load more followers' the next; the Follow button reads only its own record", async () => {
    const me = seedUser({ username: 'chess_fan' })
    for (let i = 1; i <= 52; i++)
      seedFollower('hikaru', seedUser({ username: `fan${String(i).padStart(2, '0')}` }))
    const { user } = renderPlayer('hikaru', loggedInAs(me))
    const followers = await screen.findByRole('region', { name: 'Followers' })
    expect(await within(followers).findByRole('link', { name: 'fan50' })).toBeInTheDocument()
    expect(within(followers).queryByRole('link', { name: 'fan51' })).not.toBeInTheDocument()
    await user.click(within(followers).getByRole('button', { name: 'Load more followers' }))
    expect(await within(followers).findByRole('link', { name: 'fan52' })).toBeInTheDocument()
    expect(within(followers).getAllByRole('link')).toHaveLength(52)
    expect(within(followers).queryByRole('button', { name: 'Load more followers' })).not.toBeInTheDocument()

    await user.click(await followButton())
    expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeInTheDocument()
    expect(await within(followers).findByRole('link', { name: 'chess_fan' })).toBeInTheDocument()
    expect(within(followers).getAllByRole('link')).toHaveLength(53)
    expect(countRequests('/api/player/hikaru/followers')).toBe(6)
  })
})
