import { randomUUID } from 'node:crypto'
import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { expectContract, expectProblem } from '../../helpers/contract'
import { unknownId, useTestServer, type TestUser } from '../../helpers/buildServer'

const server = useTestServer({ env: { GAME_RATE_LIMIT_MAX: '1000' } })
const inject = (opts: InjectOptions) => server.current.app.inject(opts)

const SCHOLARS_MATE = '1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0'
// Black mates: 1. f3 e5 2. g4 Qh4#
const FOOLS_MATE = '[Event "Practice game"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n'
// Stalemate: Black to move, no legal move, not in check
const STALEMATE = '[SetUp "1"]\n[FEN "7k/8/6Q1/8/8/8/8/K7 w - - 0 1"]\n\n1. Qf7 1/2-1/2'

const gameInput = (fields: Record<string, unknown> = {}) => ({
  key: randomUUID(),
  pgn: SCHOLARS_MATE,
  result: '1-0',
  opponentLevel: 'random',
  colour: 'white',
  ...fields,
})

const save = (user: TestUser, payload: unknown) =>
  inject({ method: 'POST', url: '/api/games', headers: user.auth, payload: payload as object })

describe('kept practice games', () => {
  it('keeps a finished game (201), once per key (200 on a retry), and reads it back with its PGN', async () => {
    const user = await server.current.createUser('student')
    const input = gameInput()
    const first = await save(user, input)
    expect(first.statusCode).toBe(201)
    const game = expectContract('saveGame', first)
    expect(game).toMatchObject({ result: '1-0', opponentLevel: 'random', colour: 'white', moves: 7 })
    expect(game.pgn).toBe(SCHOLARS_MATE)

    const again = await save(user, input)
    expect(again.statusCode).toBe(200)
    expect(expectContract('saveGame', again)._id).toBe(game._id)

    const read = await inject({ method: 'GET', url: `/api/games/${game._id}`, headers: user.auth })
    expect(read.statusCode).toBe(200)
    expect(expectContract('getGame', read)).toEqual(game)
    const list = expectContract(
      'listMyGames',
      await inject({ method: 'GET', url: '/api/games', headers: user.auth }),
    )
    expect(list.items).toHaveLength(1)
    expect(list.items[0]).not.toHaveProperty('pgn')
  })

  it('takes draws and Black wins, with the level and colour given', async () => {
    const user = await server.current.createUser('student')
    const black = await save(
      user,
      gameInput({ pgn: FOOLS_MATE, result: '0-1', colour: 'black', opponentLevel: '5' }),
    )
    expect(black.statusCode).toBe(201)
    expect(expectContract('saveGame', black)).toMatchObject({
      result: '0-1',
      colour: 'black',
      opponentLevel: '5',
    })
    const draw = await save(user, gameInput({ pgn: STALEMATE, result: '1/2-1/2' }))
    expect(draw.statusCode).toBe(201)
    expect(expectContract('saveGame', draw).moves).toBe(1)
  })

  it('refuses a PGN that does not read, a game not over, a wrong result, extra fields and a PGN over 20 KB', async () => {
    const user = await server.current.createUser('student')
    const cases: [unknown, RegExp][] = [
      [gameInput({ pgn: '1. e4 e5 2. Ke3 Nf6' }), /Illegal move 2\. Ke3/],
      [gameInput({ pgn: '1. e4 e5 2. Nf3' }), /not over/],
      [gameInput({ result: '0-1' }), /does not match.*White won/],
      [gameInput({ result: '1/2-1/2' }), /does not match/],
      [gameInput({ result: '*' }), /result/],
      [gameInput({ opponentLevel: '9' }), /opponentLevel/],
      [gameInput({ colour: 'red' }), /colour/],
      [gameInput({ playedAt: '2020-01-01T00:00:00Z' }), /additional|playedAt/i],
      [gameInput({ key: 'not-a-uuid' }), /key|uuid/],
      [gameInput({ pgn: `[Annotator "${'x'.repeat(20_500)}"]\n\n${SCHOLARS_MATE}` }), /20480|long|20 KB/],
      // 20 KB of characters but more of UTF-8: refused by the service's byte count
      [gameInput({ pgn: `{${'é'.repeat(10_300)}} ${SCHOLARS_MATE}` }), /larger than 20 KB/],
    ]
    for (const [payload, detail] of cases) {
      const res = await save(user, payload)
      expectProblem('saveGame', res, 400)
      expect(res.json().detail).toMatch(detail)
    }
    expect(
      expectContract('listMyGames', await inject({ method: 'GET', url: '/api/games', headers: user.auth }))
        .items,
    ).toEqual([])
  })

  it('lists newest first, a page at a time, without repeating or skipping', async () => {
    const user = await server.current.createUser('student')
    const ids: string[] = []
    for (let i = 0; i < 5; i++) ids.push(expectContract('saveGame', await save(user, gameInput()))._id)
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const url: string = `/api/games?limit=2${cursor ? `&cursor=${cursor}` : ''}`
      const res = await inject({ method: 'GET', url, headers: user.auth })
      const page = expectContract('listMyGames', res)
      expect(page.items.length).toBeLessThanOrEqual(2)
      seen.push(...page.items.map((g: { _id: string }) => g._id))
      cursor = page.nextCursor
    } while (cursor)
    expect(seen).toEqual([...ids].reverse())
  })

  it("answers another user's game as unknown (404) and keeps it; lists only one's own", async () => {
    const owner = await server.current.createUser('student')
    const other = await server.current.createUser('student')
    const game = expectContract('saveGame', await save(owner, gameInput()))
    for (const method of ['GET', 'DELETE'] as const) {
      const op = method === 'GET' ? 'getGame' : 'deleteGame'
      const res = await inject({ method, url: `/api/games/${game._id}`, headers: other.auth })
      expectProblem(op, res, 404)
      expectProblem(op, await inject({ method, url: `/api/games/${unknownId()}`, headers: other.auth }), 404)
    }
    expect(
      expectContract('listMyGames', await inject({ method: 'GET', url: '/api/games', headers: other.auth }))
        .items,
    ).toEqual([])
    // The same key from another player is another game.
    const input = gameInput()
    const a = expectContract('saveGame', await save(owner, input))
    const b = await save(other, input)
    expect(b.statusCode).toBe(201)
    expect(expectContract('saveGame', b)._id).not.toBe(a._id)
    expect(
      (await inject({ method: 'GET', url: `/api/games/${game._id}`, headers: owner.auth })).statusCode,
    ).toBe(200)
  })

  it('deletes one of one’s games (204), then it is gone (404)', async () => {
    const user = await server.current.createUser('student')
    const game = expectContract('saveGame', await save(user, gameInput()))
    const res = await inject({ method: 'DELETE', url: `/api/games/${game._id}`, headers: user.auth })
    expect(res.statusCode).toBe(204)
    expectProblem(
      'getGame',
      await inject({ method: 'GET', url: `/api/games/${game._id}`, headers: user.auth }),
      404,
    )
    expectProblem(
      'deleteGame',
      await inject({ method: 'DELETE', url: `/api/games/${game._id}`, headers: user.auth }),
      404,
    )
  })

  it('asks for a session (401)', async () => {
    expectProblem('listMyGames', await inject({ method: 'GET', url: '/api/games' }), 401)
    expectProblem('saveGame', await inject({ method: 'POST', url: '/api/games', payload: gameInput() }), 401)
    expectProblem('getGame', await inject({ method: 'GET', url: `/api/games/${unknownId()}` }), 401)
  })
})

describe('the limits of kept games', () => {
  const limited = useTestServer({ env: { GAME_RATE_LIMIT_MAX: '3' } })

  it('limits saves and deletions per user per minute (429 with Retry-After)', async () => {
    const user = await limited.current.createUser('student')
    const post = () =>
      limited.current.app.inject({
        method: 'POST',
        url: '/api/games',
        headers: user.auth,
        payload: gameInput(),
      })
    for (let i = 0; i < 3; i++) expect((await post()).statusCode).toBe(201)
    const refused = await post()
    expectProblem('saveGame', refused, 429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    // another player is not limited by it
    const other = await limited.current.createUser('student')
    expect(
      (
        await limited.current.app.inject({
          method: 'POST',
          url: '/api/games',
          headers: other.auth,
          payload: gameInput(),
        })
      ).statusCode,
    ).toBe(201)
  })

  it('keeps the newest 200 games of a player, dropping the oldest', async () => {
    const user = await limited.current.createUser('student')
    const db = limited.current.db
    await db.query(
      `INSERT INTO games (user_id, key, pgn, result, opponent_level, colour, moves, played_at)
       SELECT $1, gen_random_uuid(), $2, '1-0', 'random', 'white', 7, now() - make_interval(mins => n)
       FROM generate_series(1, 200) AS n`,
      [user.id, SCHOLARS_MATE],
    )
    const oldest = await db.query<{ id: string }>(
      'SELECT id FROM games WHERE user_id = $1 ORDER BY played_at LIMIT 1',
      [user.id],
    )
    const res = await limited.current.app.inject({
      method: 'POST',
      url: '/api/games',
      headers: user.auth,
      payload: gameInput(),
    })
    expect(res.statusCode).toBe(201)
    const [{ count }] = await db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM games WHERE user_id = $1',
      [user.id],
    )
    expect(count).toBe(200)
    expectProblem(
      'getGame',
      await limited.current.app.inject({
        method: 'GET',
        url: `/api/games/${oldest[0].id}`,
        headers: user.auth,
      }),
      404,
    )
  })
})
