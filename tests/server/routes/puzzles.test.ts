import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { insertMissingPuzzles, type PuzzleInput } from '../../../server/db/starterPuzzles'
import { expectContract, expectProblem } from '../../helpers/contract'
import { useTestServer, type TestUser } from '../../helpers/buildServer'

const server = useTestServer()
const inject = (opts: InjectOptions) => server.current.app.inject(opts)

// Scholar's mate from Black's side: Black plays a6, White mates on f7.
const FEN = 'r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR b KQkq - 3 3'
const puzzle = (id: string, rating: number, themes: string[] = ['mateIn1']): PuzzleInput => ({
  id,
  fen: FEN,
  moves: ['a7a6', 'f3f7'],
  rating,
  themes,
})
const add = (...puzzles: PuzzleInput[]) => insertMissingPuzzles(server.current.db, puzzles)

const next = (query = '', user?: TestUser) =>
  inject({ method: 'GET', url: `/api/puzzles/next${query}`, headers: user?.auth })
const attempt = (user: TestUser, id: string, solved: boolean) =>
  inject({ method: 'POST', url: `/api/puzzles/${id}/attempts`, headers: user.auth, payload: { solved } })

describe('puzzles', () => {
  it('answers a puzzle by id, as the contract says, and 404 for an unknown one', async () => {
    await add(puzzle('abc12', 1612.4, ['mateIn1', 'short', 'opening']))
    const got = expectContract('getPuzzle', await inject({ method: 'GET', url: '/api/puzzles/abc12' }))
    expect(got).toEqual({
      id: 'abc12',
      fen: FEN,
      moves: ['a7a6', 'f3f7'],
      rating: 1612,
      themes: ['mateIn1', 'short', 'opening'],
      plays: 0,
    })
    expectProblem('getPuzzle', await inject({ method: 'GET', url: '/api/puzzles/nope' }), 404)
  })

  it('gives a visitor a puzzle near 1500, and a player one near their own rating moved by the difficulty', async () => {
    await add(puzzle('p900', 900), puzzle('p1200', 1200), puzzle('p1500', 1500), puzzle('p1800', 1800))
    for (let i = 0; i < 5; i++) expect(expectContract('getNextPuzzle', await next()).id).toBe('p1500')
    expect(expectContract('getNextPuzzle', await next('?difficulty=easier')).id).toBe('p1200')
    expect(expectContract('getNextPuzzle', await next('?difficulty=harder')).id).toBe('p1800')

    const user = await server.current.createUser('student')
    await server.current.db.query(
      `INSERT INTO puzzle_ratings (user_id, rating, deviation, volatility, played) VALUES ($1, 1210, 80, 0.06, 40)`,
      [user.id],
    )
    expect(expectContract('getNextPuzzle', await next('', user)).id).toBe('p1200')
    expect(expectContract('getNextPuzzle', await next('?difficulty=easier', user)).id).toBe('p900')
    expect(expectContract('getNextPuzzle', await next('?difficulty=harder', user)).id).toBe('p1500')
  })

  it('widens the window until it finds one, filters by theme, and skips `after`', async () => {
    await add(
      puzzle('far', 2900, ['endgame']),
      puzzle('fork1', 1520, ['fork']),
      puzzle('fork2', 1490, ['fork']),
    )
    expect(expectContract('getNextPuzzle', await next('?theme=endgame')).id).toBe('far')
    const forks = new Set<string>()
    for (let i = 0; i < 10; i++) forks.add(expectContract('getNextPuzzle', await next('?theme=fork')).id)
    expect([...forks].every((id) => id.startsWith('fork'))).toBe(true)
    expect(expectContract('getNextPuzzle', await next('?theme=fork&after=fork1')).id).toBe('fork2')
    expectProblem('getNextPuzzle', await next('?theme=backRankMate'), 404)
  })

  it('never gives a player a puzzle they played, and 404 once every one was played', async () => {
    await add(puzzle('a1', 1500), puzzle('a2', 1510), puzzle('a3', 1490))
    const user = await server.current.createUser('student')
    const seen: string[] = []
    for (let i = 0; i < 3; i++) {
      const p = expectContract('getNextPuzzle', await next('', user))
      expect(seen).not.toContain(p.id)
      seen.push(p.id)
      expect((await attempt(user, p.id, i % 2 === 0)).statusCode).toBe(200)
    }
    expect(seen.sort()).toEqual(['a1', 'a2', 'a3'])
    const none = expectProblem('getNextPuzzle', await next('', user), 404)
    expect(none.detail).toMatch(/unplayed puzzle/)
    // a visitor still gets them
    expect((await next()).statusCode).toBe(200)
  })

  it('rates the first attempt (Glicko-2, player and puzzle) and not the later ones', async () => {
    await add(puzzle('r1', 1500))
    const user = await server.current.createUser('student')
    const before = expectContract(
      'getMyPuzzleRating',
      await inject({ method: 'GET', url: '/api/puzzles/rating', headers: user.auth }),
    )
    expect(before).toEqual({ rating: 1500, deviation: 350, played: 0 })

    const first = expectContract('recordPuzzleAttempt', await attempt(user, 'r1', true))
    expect(first.rated).toBe(true)
    expect(first.rating).toBeGreaterThan(1500)
    expect(first.change).toBe(first.rating - 1500)
    expect(first.puzzleRating).toBeLessThan(1500)

    const again = expectContract('recordPuzzleAttempt', await attempt(user, 'r1', false))
    expect(again).toEqual({ rated: false, rating: first.rating, change: 0, puzzleRating: first.puzzleRating })

    const after = expectContract(
      'getMyPuzzleRating',
      await inject({ method: 'GET', url: '/api/puzzles/rating', headers: user.auth }),
    )
    expect(after.rating).toBe(first.rating)
    expect(after.played).toBe(1)
    expect(after.deviation).toBeLessThan(350)
    const read = expectContract('getPuzzle', await inject({ method: 'GET', url: '/api/puzzles/r1' }))
    expect(read).toMatchObject({ plays: 1, rating: first.puzzleRating })
  })

  it('counts parallel first attempts of a player on a puzzle once', async () => {
    await add(puzzle('race', 1500))
    const user = await server.current.createUser('student')
    const answers = await Promise.all(Array.from({ length: 8 }, () => attempt(user, 'race', true)))
    const bodies = answers.map((res) => expectContract('recordPuzzleAttempt', res))
    expect(bodies.filter((b) => b.rated)).toHaveLength(1)
    const [{ n }] = await server.current.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM puzzle_attempts WHERE puzzle_id = 'race'`,
    )
    expect(n).toBe(1)
    const read = expectContract('getPuzzle', await inject({ method: 'GET', url: '/api/puzzles/race' }))
    expect(read.plays).toBe(1)
    const mine = expectContract(
      'getMyPuzzleRating',
      await inject({ method: 'GET', url: '/api/puzzles/rating', headers: user.auth }),
    )
    expect(mine.played).toBe(1)
  })

  it('refuses visitors the rating and the attempts (401), changing nothing', async () => {
    await add(puzzle('v1', 1500))
    expectProblem('getMyPuzzleRating', await inject({ method: 'GET', url: '/api/puzzles/rating' }), 401)
    const res = await inject({ method: 'POST', url: '/api/puzzles/v1/attempts', payload: { solved: true } })
    expectProblem('recordPuzzleAttempt', res, 401)
    const read = expectContract('getPuzzle', await inject({ method: 'GET', url: '/api/puzzles/v1' }))
    expect(read.plays).toBe(0)
  })

  it('answers 404 to an attempt at an unknown puzzle, and 400 to bad ids, enums and bodies, changing nothing', async () => {
    await add(puzzle('h1', 1500))
    const user = await server.current.createUser('student')
    expectProblem('recordPuzzleAttempt', await attempt(user, 'unknown', true), 404)
    for (const payload of [{}, { solved: 'yes' }, { solved: true, extra: 1 }, [], 'true', '{"solved": tru'])
      expectProblem(
        'recordPuzzleAttempt',
        await inject({
          method: 'POST',
          url: '/api/puzzles/h1/attempts',
          headers: { ...user.auth, 'content-type': 'application/json' },
          payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
        }),
        400,
      )
    expectProblem('recordPuzzleAttempt', await attempt(user, 'bad%20id', true), 400)
    for (const query of ['?theme=tactics', '?difficulty=hard', '?after=a%27b', `?after=${'x'.repeat(41)}`])
      expectProblem('getNextPuzzle', await next(query), 400)
    expectProblem('getPuzzle', await inject({ method: 'GET', url: "/api/puzzles/a'b" }), 400)
    const [{ n }] = await server.current.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM puzzle_attempts',
    )
    expect(n).toBe(0)
  })

  it('gives everyone the same daily puzzle within a UTC day, and 404 without puzzles', async () => {
    expectProblem('getDailyPuzzle', await inject({ method: 'GET', url: '/api/puzzles/daily' }), 404)
    await add(...Array.from({ length: 30 }, (_, i) => puzzle(`d${i}`, 1000 + i * 50)))
    const user = await server.current.createUser('student')
    const visitor = expectContract(
      'getDailyPuzzle',
      await inject({ method: 'GET', url: '/api/puzzles/daily' }),
    )
    const signedIn = expectContract(
      'getDailyPuzzle',
      await inject({ method: 'GET', url: '/api/puzzles/daily', headers: user.auth }),
    )
    expect(signedIn.id).toBe(visitor.id)
  })

  it('counts the puzzles in all and by theme, every theme listed', async () => {
    await add(
      puzzle('s1', 1500, ['fork', 'middlegame']),
      puzzle('s2', 1500, ['fork']),
      puzzle('s3', 1500, []),
    )
    const stats = expectContract('getPuzzleStats', await inject({ method: 'GET', url: '/api/puzzles/stats' }))
    expect(stats.total).toBe(3)
    expect(stats.byTheme).toMatchObject({ fork: 2, middlegame: 1, mateIn1: 0, backRankMate: 0 })
    expect(Object.keys(stats.byTheme)).toHaveLength(13)
  })
})
