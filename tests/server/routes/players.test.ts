import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { expectContract, expectProblem } from '../../helpers/contract'
import { useTestServer } from '../../helpers/buildServer'

const server = useTestServer()
const inject = (opts: InjectOptions) => server.current.app.inject(opts)

describe('follow, unfollow and followers', () => {
  it('follows once (201), again in another letter case without a duplicate (200), lists followers to anyone', async () => {
    const user = await server.current.createUser('student')
    const first = await inject({ method: 'POST', url: '/api/follow-player', headers: user.auth, payload: { chessPlayerUsername: 'Hikaru' } })
    expect(first.statusCode).toBe(201)
    const record = expectContract('followPlayer', first)
    expect(record.user).toEqual({ _id: user.id, username: user.username })
    const again = await inject({ method: 'POST', url: '/api/follow-player', headers: user.auth, payload: { chessPlayerUsername: 'hikaru' } })
    expect(again.statusCode).toBe(200)
    expect(expectContract('followPlayer', again)._id).toBe(record._id)
    const list = expectContract('getPlayerFollowers', await inject({ method: 'GET', url: '/api/player/HIKARU/followers' }))
    expect(list).toEqual([{ _id: record._id, user: { _id: user.id, username: user.username } }])
  })

  it('unfollows idempotently with 204, case-insensitively', async () => {
    const user = await server.current.createUser('student')
    await inject({ method: 'POST', url: '/api/follow-player', headers: user.auth, payload: { chessPlayerUsername: 'MagnusCarlsen' } })
    for (let i = 0; i < 2; i++) {
      const res = await inject({ method: 'DELETE', url: '/api/unfollow-player/magnuscarlsen', headers: user.auth })
      expect(res.statusCode).toBe(204)
      expectContract('unfollowPlayer', res)
    }
    expect(expectContract('getPlayerFollowers', await inject({ method: 'GET', url: '/api/player/magnuscarlsen/followers' }))).toEqual([])
  })

  it('refuses anonymous follow and unfollow (401) and bad usernames (400)', async () => {
    const user = await server.current.createUser('student')
    expectProblem('followPlayer', await inject({ method: 'POST', url: '/api/follow-player', payload: { chessPlayerUsername: 'hikaru' } }), 401)
    expectProblem('unfollowPlayer', await inject({ method: 'DELETE', url: '/api/unfollow-player/hikaru' }), 401)
    expectProblem('followPlayer', await inject({ method: 'POST', url: '/api/follow-player', headers: user.auth, payload: { chessPlayerUsername: 'bad name!' } }), 400)
    expectProblem('followPlayer', await inject({ method: 'POST', url: '/api/follow-player', headers: user.auth, payload: {} }), 400)
    expectProblem('getPlayerFollowers', await inject({ method: 'GET', url: `/api/player/${'x'.repeat(51)}/followers` }), 400)
    expectProblem('unfollowPlayer', await inject({ method: 'DELETE', url: '/api/unfollow-player/a%20b', headers: user.auth }), 400)
  })
})

describe('comments', () => {
  it('stores a comment verbatim (HTML stays text) and lists comments oldest first to anyone', async () => {
    const a = await server.current.createUser('student')
    const b = await server.current.createUser('instructor')
    const html = '<script>alert("x")</script> & <b>bold</b>'
    const res = await inject({ method: 'POST', url: '/api/comment-player', headers: a.auth, payload: { chessPlayerUsername: 'Hikaru', comment: html } })
    expect(res.statusCode).toBe(201)
    expect(expectContract('commentPlayer', res)).toMatchObject({ comment: html, user: { _id: a.id, username: a.username } })
    await inject({ method: 'POST', url: '/api/comment-player', headers: b.auth, payload: { chessPlayerUsername: 'hikaru', comment: 'Second' } })
    const list = expectContract('getPlayerComments', await inject({ method: 'GET', url: '/api/comments/HiKaRu' }))
    expect(list.map((c: { comment: string }) => c.comment)).toEqual([html, 'Second'])
  })

  it('accepts 2000 characters and refuses 2001, an empty comment (400) and anonymous callers (401)', async () => {
    const a = await server.current.createUser('student')
    const post = (comment: string, headers = a.auth) =>
      inject({ method: 'POST', url: '/api/comment-player', headers, payload: { chessPlayerUsername: 'hikaru', comment } })
    expect((await post('é'.repeat(2000))).statusCode).toBe(201)
    expectProblem('commentPlayer', await post('x'.repeat(2001)), 400)
    expectProblem('commentPlayer', await post(''), 400)
    expectProblem('commentPlayer', await post('hi', {} as typeof a.auth), 401)
    expectProblem('getPlayerComments', await inject({ method: 'GET', url: '/api/comments/no%20spaces' }), 400)
    expect(await server.current.db.query('SELECT 1 FROM comments')).toHaveLength(1)
  })
})
