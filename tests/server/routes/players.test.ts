import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../../../server/app'
import { expectContract, expectProblem } from '../../helpers/contract'
import { unknownId, useTestServer } from '../../helpers/buildServer'

const server = useTestServer()
const inject = (opts: InjectOptions) => server.current.app.inject(opts)

describe('follow, unfollow and followers', () => {
  it('follows once (201), again in another letter case without a duplicate (200), lists followers to anyone', async () => {
    const user = await server.current.createUser('student')
    const first = await inject({
      method: 'POST',
      url: '/api/follow-player',
      headers: user.auth,
      payload: { chessPlayerUsername: 'Hikaru' },
    })
    expect(first.statusCode).toBe(201)
    const record = expectContract('followPlayer', first)
    expect(record.user).toEqual({ _id: user.id, username: user.username })
    const again = await inject({
      method: 'POST',
      url: '/api/follow-player',
      headers: user.auth,
      payload: { chessPlayerUsername: 'hikaru' },
    })
    expect(again.statusCode).toBe(200)
    expect(expectContract('followPlayer', again)._id).toBe(record._id)
    const list = expectContract(
      'getPlayerFollowers',
      await inject({ method: 'GET', url: '/api/player/HIKARU/followers' }),
    )
    expect(list).toEqual([{ _id: record._id, user: { _id: user.id, username: user.username } }])
  })

  it('unfollows idempotently with 204, case-insensitively', async () => {
    const user = await server.current.createUser('student')
    await inject({
      method: 'POST',
      url: '/api/follow-player',
      headers: user.auth,
      payload: { chessPlayerUsername: 'MagnusCarlsen' },
    })
    for (let i = 0; i < 2; i++) {
      const res = await inject({
        method: 'DELETE',
        url: '/api/unfollow-player/magnuscarlsen',
        headers: user.auth,
      })
      expect(res.statusCode).toBe(204)
      expectContract('unfollowPlayer', res)
    }
    expect(
      expectContract(
        'getPlayerFollowers',
        await inject({ method: 'GET', url: '/api/player/magnuscarlsen/followers' }),
      ),
    ).toEqual([])
  })

  it('refuses anonymous follow and unfollow (401) and bad usernames (400)', async () => {
    const user = await server.current.createUser('student')
    expectProblem(
      'followPlayer',
      await inject({ method: 'POST', url: '/api/follow-player', payload: { chessPlayerUsername: 'hikaru' } }),
      401,
    )
    expectProblem(
      'unfollowPlayer',
      await inject({ method: 'DELETE', url: '/api/unfollow-player/hikaru' }),
      401,
    )
    expectProblem(
      'followPlayer',
      await inject({
        method: 'POST',
        url: '/api/follow-player',
        headers: user.auth,
        payload: { chessPlayerUsername: 'bad name!' },
      }),
      400,
    )
    expectProblem(
      'followPlayer',
      await inject({ method: 'POST', url: '/api/follow-player', headers: user.auth, payload: {} }),
      400,
    )
    expectProblem(
      'getPlayerFollowers',
      await inject({ method: 'GET', url: `/api/player/${'x'.repeat(51)}/followers` }),
      400,
    )
    expectProblem(
      'unfollowPlayer',
      await inject({ method: 'DELETE', url: '/api/unfollow-player/a%20b', headers: user.auth }),
      400,
    )
  })
})

describe('comments', () => {
  it('stores a comment verbatim (HTML stays text) and lists comments newest first to anyone', async () => {
    const a = await server.current.createUser('student')
    const b = await server.current.createUser('instructor')
    const html = '<script>alert("x")</script> & <b>bold</b>'
    const res = await inject({
      method: 'POST',
      url: '/api/comment-player',
      headers: a.auth,
      payload: { chessPlayerUsername: 'Hikaru', comment: html },
    })
    expect(res.statusCode).toBe(201)
    expect(expectContract('commentPlayer', res)).toMatchObject({
      comment: html,
      user: { _id: a.id, username: a.username },
    })
    await inject({
      method: 'POST',
      url: '/api/comment-player',
      headers: b.auth,
      payload: { chessPlayerUsername: 'hikaru', comment: 'Second' },
    })
    const list = expectContract(
      'getPlayerComments',
      await inject({ method: 'GET', url: '/api/comments/HiKaRu' }),
    )
    expect(list.map((c: { comment: string }) => c.comment)).toEqual(['Second', html])
  })

  it('accepts 2000 characters and refuses 2001, an empty comment (400) and anonymous callers (401)', async () => {
    const a = await server.current.createUser('student')
    const post = (comment: string, headers = a.auth) =>
      inject({
        method: 'POST',
        url: '/api/comment-player',
        headers,
        payload: { chessPlayerUsername: 'hikaru', comment },
      })
    expect((await post('é'.repeat(2000))).statusCode).toBe(201)
    expectProblem('commentPlayer', await post('x'.repeat(2001)), 400)
    expectProblem('commentPlayer', await post(''), 400)
    expectProblem('commentPlayer', await post('hi', {} as typeof a.auth), 401)
    expectProblem('getPlayerComments', await inject({ method: 'GET', url: '/api/comments/no%20spaces' }), 400)
    expect(await server.current.db.query('SELECT 1 FROM comments')).toHaveLength(1)
  })
})

type Comment = { _id: string; comment: string; createdAt: string; user: { _id: string; username: string } }
const cursorOf = (c: Comment) => `${c.createdAt}_${c._id}`

async function page(player: string, query = ''): Promise<Comment[]> {
  return expectContract(
    'getPlayerComments',
    await inject({ method: 'GET', url: `/api/comments/${player}${query}` }),
  )
}

/** Every page from the first, following the cursors; `between` runs before each further page. */
async function allPages(
  player: string,
  limit: number,
  between: (n: number) => Promise<void> = async () => {},
) {
  const pages: Comment[][] = [await page(player, `?limit=${limit}`)]
  while (pages.at(-1)!.length === limit) {
    await between(pages.length)
    pages.push(
      await page(player, `?limit=${limit}&before=${encodeURIComponent(cursorOf(pages.at(-1)!.at(-1)!))}`),
    )
  }
  return pages
}

/** Comments inserted straight into the database at chosen times (microseconds and ties included). */
async function insertAt(userId: string, player: string, times: string[]): Promise<string[]> {
  const ids: string[] = []
  for (const [i, at] of times.entries()) {
    const [row] = await server.current.db.query<{ id: string }>(
      'INSERT INTO comments (user_id, player, comment, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
      [userId, player, `c${i}`, at],
    )
    ids.push(row.id)
  }
  return ids
}

describe('comment pages', () => {
  it('answers the newest 20 without parameters and `limit` from the query string (a string there)', async () => {
    const a = await server.current.createUser('student')
    const times = Array.from({ length: 25 }, (_, i) => new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString())
    await insertAt(a.id, 'hikaru', times)
    const first = await page('hikaru')
    expect(first).toHaveLength(20)
    expect(first.map((c) => c.comment)).toEqual(Array.from({ length: 20 }, (_, i) => `c${24 - i}`))
    expect(first[0].createdAt).toBe('2025-01-01T00:00:24.000Z')
    expect((await page('hikaru', '?limit=3')).map((c) => c.comment)).toEqual(['c24', 'c23', 'c22'])
    expect((await page('hikaru', '?limit=100')).length).toBe(25)
    const after = await page('hikaru', `?limit=2&before=${encodeURIComponent(cursorOf(first[19]))}`)
    expect(after.map((c) => c.comment)).toEqual(['c4', 'c3'])
  })

  it('pages through ties and microseconds within one millisecond without skipping or repeating', async () => {
    const a = await server.current.createUser('student')
    // createdAt carries milliseconds only: these eight comments share two serialized instants
    const ids = await insertAt(a.id, 'hikaru', [
      '2025-03-01T10:00:00.123456Z',
      '2025-03-01T10:00:00.123001Z',
      '2025-03-01T10:00:00.123999Z',
      '2025-03-01T10:00:00.123000Z',
      '2025-03-01T10:00:00.123000Z',
      '2025-03-01T10:00:00.124000Z',
      '2025-03-01T10:00:00.124500Z',
      '2025-03-01T10:00:00.124500Z',
    ])
    for (const limit of [1, 2, 3]) {
      const seen = (await allPages('hikaru', limit)).flat()
      expect(seen.map((c) => c._id).sort()).toEqual([...ids].sort())
      expect(new Set(seen.map((c) => c._id)).size).toBe(ids.length)
      // newest first: (createdAt, _id) descending
      const keys = seen.map((c) => [c.createdAt, c._id].join(' '))
      expect(keys).toEqual([...keys].sort().reverse())
    }
  })

  it('neither skips nor repeats a comment while comments are added between page requests', async () => {
    const a = await server.current.createUser('student')
    const b = await server.current.createUser('student')
    const original: string[] = []
    for (let i = 0; i < 23; i++) {
      const [row] = await server.current.db.query<{ id: string }>(
        'INSERT INTO comments (user_id, player, comment) VALUES ($1, $2, $3) RETURNING id',
        [a.id, 'hikaru', `old ${i}`],
      )
      original.push(row.id)
    }
    const added: string[] = []
    const pages = await allPages('hikaru', 5, async (n) => {
      for (let k = 0; k < 2; k++) {
        const res = await inject({
          method: 'POST',
          url: '/api/comment-player',
          headers: b.auth,
          payload: { chessPlayerUsername: 'Hikaru', comment: `new ${n}.${k}` },
        })
        added.push(expectContract('commentPlayer', res)._id)
      }
    })
    expect(pages.map((p) => p.length)).toEqual([5, 5, 5, 5, 3])
    const seen = pages.flat()
    expect(new Set(seen.map((c) => c._id)).size).toBe(seen.length)
    expect(seen.map((c) => c._id).sort()).toEqual([...original].sort())
    const keys = seen.map((c) => `${c.createdAt} ${c._id}`)
    expect(keys).toEqual([...keys].sort().reverse())
    expect(added).toHaveLength(8)
    // a new first page holds what was added meanwhile
    expect((await page('hikaru', '?limit=8')).map((c) => c._id).sort()).toEqual([...added].sort())
  })

  it.each([
    ['?limit=0'],
    ['?limit=101'],
    ['?limit=abc'],
    ['?limit=2.5'],
    ['?limit='],
    ['?limit=1&limit=2'],
    ['?before=yesterday'],
    ['?before=2025-01-01T00:00:00.000Z'],
    ['?before=2025-01-01T00:00:00.000Z_not-a-uuid'],
    [`?before=${encodeURIComponent('2025-02-30T00:00:00.000Z_00000000-0000-4000-8000-000000000000')}`],
    [`?before=${encodeURIComponent('2025-01-01T24:00:00.000Z_00000000-0000-4000-8000-000000000000')}`],
  ])('refuses %s with 400', async (query) => {
    const res = await inject({ method: 'GET', url: `/api/comments/hikaru${query}` })
    expectProblem('getPlayerComments', res, 400)
  })

  it('accepts a cursor from another era and with microseconds', async () => {
    const a = await server.current.createUser('student')
    await insertAt(a.id, 'hikaru', ['2025-01-01T00:00:00.500Z'])
    const id = '00000000-0000-4000-8000-000000000000'
    expect(await page('hikaru', `?before=${encodeURIComponent(`0001-01-01T00:00:00Z_${id}`)}`)).toEqual([])
    expect(
      await page('hikaru', `?before=${encodeURIComponent(`9999-12-31T23:59:59.999999Z_${id}`)}`),
    ).toHaveLength(1)
    expect(
      await page('hikaru', `?before=${encodeURIComponent(`2025-01-01T00:00:00.500999Z_${id}`)}`),
    ).toHaveLength(0)
    expect(
      await page('hikaru', `?before=${encodeURIComponent(`2025-01-01T00:00:00.501Z_${id}`)}`),
    ).toHaveLength(1)
  })
})

describe('DELETE /api/comment-player/{commentId}', () => {
  async function comment(user: { auth: { authorization: string } }, text = 'to delete') {
    const res = await inject({
      method: 'POST',
      url: '/api/comment-player',
      headers: user.auth,
      payload: { chessPlayerUsername: 'hikaru', comment: text },
    })
    return expectContract('commentPlayer', res)._id as string
  }
  const del = (id: string, headers?: { authorization: string }) =>
    inject({ method: 'DELETE', url: `/api/comment-player/${id}`, headers })

  it('lets the author delete their comment (204), then it is gone (404)', async () => {
    const a = await server.current.createUser('student')
    const keep = await comment(a, 'kept')
    const id = await comment(a)
    const res = await del(id, a.auth)
    expect(res.statusCode).toBe(204)
    expectContract('deleteComment', res)
    expect((await page('hikaru')).map((c) => c._id)).toEqual([keep])
    expectProblem('deleteComment', await del(id, a.auth), 404)
  })

  it('lets an admin delete anyone’s comment', async () => {
    const a = await server.current.createUser('student')
    const admin = await server.current.createUser('admin')
    const id = await comment(a)
    expect((await del(id, admin.auth)).statusCode).toBe(204)
    expect(await page('hikaru')).toEqual([])
  })

  it('refuses other users, instructors included (403), anonymous (401), unknown (404) and bad ids (400), deleting nothing', async () => {
    const a = await server.current.createUser('student')
    const other = await server.current.createUser('student')
    const instructor = await server.current.createUser('instructor')
    const id = await comment(a)
    expectProblem('deleteComment', await del(id, other.auth), 403)
    expectProblem('deleteComment', await del(id, instructor.auth), 403)
    expectProblem('deleteComment', await del(id), 401)
    expectProblem('deleteComment', await del(unknownId(), other.auth), 404)
    expectProblem('deleteComment', await del('not-an-id', other.auth), 400)
    expect((await page('hikaru')).map((c) => c._id)).toEqual([id])
  })
})

describe('per-user limits (COMMENT_RATE_LIMIT_MAX=10, FOLLOW_RATE_LIMIT_MAX=30 per minute)', () => {
  const post = (headers: { authorization: string } | undefined, comment = 'hello') =>
    inject({
      method: 'POST',
      url: '/api/comment-player',
      headers,
      payload: { chessPlayerUsername: 'hikaru', comment },
    })

  it('answers the 11th comment of a user within a minute with 429 and Retry-After; another user is not affected', async () => {
    const a = await server.current.createUser('student')
    const b = await server.current.createUser('student')
    for (let i = 0; i < 10; i++) expect((await post(a.auth, `a${i}`)).statusCode).toBe(201)
    const refused = await post(a.auth, 'one too many')
    const problem = expectProblem('commentPlayer', refused, 429)
    expect(problem.detail).toMatch(/at most 10 per minute/)
    const retryAfter = Number(refused.headers['retry-after'])
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect((await post(b.auth, 'b is fine')).statusCode).toBe(201)
    const stored = await server.current.db.query<{ comment: string }>(
      'SELECT comment FROM comments WHERE user_id = $1',
      [a.id],
    )
    expect(stored).toHaveLength(10)
  })

  it('does not count anonymous requests (401) against anyone', async () => {
    const a = await server.current.createUser('student')
    for (let i = 0; i < 12; i++) expectProblem('commentPlayer', await post(undefined), 401)
    for (let i = 0; i < 10; i++) expect((await post(a.auth, `a${i}`)).statusCode).toBe(201)
  })

  it('counts follows and unfollows together: the 31st within a minute is 429', async () => {
    const a = await server.current.createUser('student')
    for (let i = 0; i < 15; i++) {
      expect(
        (
          await inject({
            method: 'POST',
            url: '/api/follow-player',
            headers: a.auth,
            payload: { chessPlayerUsername: `p${i}` },
          })
        ).statusCode,
      ).toBe(201)
      expect(
        (await inject({ method: 'DELETE', url: `/api/unfollow-player/p${i}`, headers: a.auth })).statusCode,
      ).toBe(204)
    }
    const follow = await inject({
      method: 'POST',
      url: '/api/follow-player',
      headers: a.auth,
      payload: { chessPlayerUsername: 'late' },
    })
    expectProblem('followPlayer', follow, 429)
    expect(Number(follow.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expectProblem(
      'unfollowPlayer',
      await inject({ method: 'DELETE', url: '/api/unfollow-player/late', headers: a.auth }),
      429,
    )
    expect(await server.current.db.query("SELECT 1 FROM follows WHERE player = 'late'")).toEqual([])
    // comments have their own counter
    expect((await post(a.auth)).statusCode).toBe(201)
  })

  it('shares the count between instances on one database', async () => {
    const a = await server.current.createUser('student')
    const second = await buildApp({ config: server.current.config, db: server.current.db, logger: false })
    try {
      await second.ready()
      for (let i = 0; i < 10; i++) {
        const app = i % 2 ? second : server.current.app
        const res = await app.inject({
          method: 'POST',
          url: '/api/comment-player',
          headers: a.auth,
          payload: { chessPlayerUsername: 'hikaru', comment: `x${i}` },
        })
        expect(res.statusCode).toBe(201)
      }
      expectProblem(
        'commentPlayer',
        await second.inject({
          method: 'POST',
          url: '/api/comment-player',
          headers: a.auth,
          payload: { chessPlayerUsername: 'hikaru', comment: 'no' },
        }),
        429,
      )
    } finally {
      await second.close()
    }
  })
})
