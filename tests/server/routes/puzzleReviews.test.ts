// Personal puzzles and the puzzles to review: a kept game's mistakes are checked against its moves before any is
// kept (a refusal names the item and keeps nothing), a failed rated puzzle joins the queue, and each review is
// scheduled with FSRS (solved Good, not solved Again).
import { randomUUID } from 'node:crypto'
import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { insertMissingPuzzles } from '../../../server/db/starterPuzzles'
import type { Schema } from '../../../server/services/types'
import { expectContract, expectProblem } from '../../helpers/contract'
import { unknownId, useTestServer, type TestUser } from '../../helpers/buildServer'

type ReviewPuzzle = Schema<'ReviewPuzzle'>

// TEST_CLOCK=1: a request's X-Test-Now is the schedule's "now"
const server = useTestServer({
  env: { TEST_CLOCK: '1', GAME_RATE_LIMIT_MAX: '1000', PUZZLE_RATE_LIMIT_MAX: '1000' },
})
const inject = (opts: InjectOptions) => server.current.app.inject(opts)
const count = async (sql: string, params: unknown[] = []) =>
  (await server.current.db.query<{ n: number }>(sql, params))[0].n

// The player has Black: 3... Nf6?? allows 4. Qxf7#. Plies: 0 e4, 1 e5, 2 Qh5, 3 Nc6, 4 Bc4, 5 Nf6, 6 Qxf7#.
const SCHOLARS_MATE = '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0'
const BEFORE_NF6 = 'r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3'
const BEFORE_NC6 = 'rnbqkbnr/pppp1ppp/8/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2'

const T0 = '2030-03-01T10:00:00.000Z'
const T1 = '2030-03-01T11:00:00.000Z'
const T2 = '2030-03-01T12:00:00.000Z'

async function keptGame(user: TestUser): Promise<string> {
  const res = await inject({
    method: 'POST',
    url: '/api/games',
    headers: user.auth,
    payload: {
      key: randomUUID(),
      pgn: SCHOLARS_MATE,
      result: '1-0',
      opponentLevel: 'random',
      colour: 'black',
    },
  })
  return expectContract('saveGame', res)._id
}

const keep = (user: TestUser, gameId: string, mistakes: unknown[], now = T0) =>
  inject({
    method: 'POST',
    url: `/api/games/${gameId}/mistakes`,
    headers: { ...user.auth, 'x-test-now': now },
    payload: { mistakes },
  })
const due = async (user: TestUser, now: string) =>
  expectContract(
    'getDuePuzzles',
    await inject({
      method: 'GET',
      url: '/api/reviews/puzzles',
      headers: { ...user.auth, 'x-test-now': now },
    }),
  ) as Schema<'DuePuzzles'>
const review = (user: TestUser, id: string, solved: unknown, now: string) =>
  inject({
    method: 'POST',
    url: `/api/reviews/puzzles/${id}`,
    headers: { ...user.auth, 'x-test-now': now },
    payload: { solved },
  })
const attempt = (user: TestUser, id: string, solved: boolean, now = T0) =>
  inject({
    method: 'POST',
    url: `/api/puzzles/${id}/attempts`,
    headers: { ...user.auth, 'x-test-now': now },
    payload: { solved },
  })

const NF6 = { ply: 5, better: 'g6', mark: '??' }
const NC6 = { ply: 3, better: 'Qe7', mark: '?' }

describe('personal puzzles from a kept game', () => {
  it("keeps the player's mistakes as puzzles: the position before, the opponent's move, the move played, the better one", async () => {
    const user = await server.current.createUser('student')
    const gameId = await keptGame(user)
    expect(expectContract('keepGameMistakes', await keep(user, gameId, [NF6, NC6]))).toEqual({
      added: 2,
      total: 2,
    })
    const { due: puzzles, nextDueAt } = await due(user, T0)
    expect(nextDueAt).toBeNull()
    // due together: in the game's order
    expect(puzzles).toEqual<ReviewPuzzle[]>([
      {
        id: expect.any(String),
        kind: 'mistake',
        fen: BEFORE_NC6,
        lastMove: 'd1h5',
        moves: ['d8e7'],
        played: 'Nc6',
        mark: '?',
        gameId,
        puzzleId: null,
        dueAt: T0,
      },
      {
        id: expect.any(String),
        kind: 'mistake',
        fen: BEFORE_NF6,
        lastMove: 'f1c4',
        moves: ['g7g6'],
        played: 'Nf6',
        mark: '??',
        gameId,
        puzzleId: null,
        dueAt: T0,
      },
    ])
  })

  it('is idempotent: a ply kept before adds nothing and stays as it was', async () => {
    const user = await server.current.createUser('student')
    const gameId = await keptGame(user)
    expect(expectContract('keepGameMistakes', await keep(user, gameId, [NF6]))).toEqual({
      added: 1,
      total: 1,
    })
    const again = await keep(user, gameId, [{ ply: 5, better: 'Qe7', mark: '?' }, NC6], T1)
    expect(expectContract('keepGameMistakes', again)).toEqual({ added: 1, total: 2 })
    expect(expectContract('keepGameMistakes', await keep(user, gameId, []))).toEqual({ added: 0, total: 2 })
    const nf6 = (await due(user, T2)).due.find((p) => p.played === 'Nf6')
    expect(nf6).toMatchObject({ moves: ['g7g6'], mark: '??', dueAt: T0 })
    expect(await count('SELECT count(*)::int AS n FROM puzzle_reviews WHERE user_id = $1', [user.id])).toBe(2)
  })

  it('refuses a ply of no move, a move of the opponent, an illegal or equal better move, a ply twice: 400 naming the item, keeping nothing', async () => {
    const user = await server.current.createUser('student')
    const gameId = await keptGame(user)
    const cases: [unknown[], string][] = [
      [[NF6, { ply: 7, better: 'g6', mark: '?' }], 'Mistake 2: the game has no move at ply 7'],
      [[NF6, NC6, { ply: 6, better: 'Qxf7#', mark: '?' }], 'Mistake 3: move 4. Qxf7# is not yours'],
      [[{ ply: 5, better: 'Nf3', mark: '??' }], 'Mistake 1: Nf3 is not a legal move before 3... Nf6'],
      [[NC6, { ply: 5, better: 'Nf6', mark: '??' }], 'Mistake 2: Nf6 is the move played (3... Nf6)'],
      [[NF6, NC6, { ...NF6, better: 'Qe7' }], 'Mistake 3: move 3... Nf6 is already mistake 1'],
    ]
    for (const [mistakes, detail] of cases) {
      const refused = expectProblem('keepGameMistakes', await keep(user, gameId, mistakes), 400)
      expect(refused.detail).toContain(detail)
    }
    // and what the schemas refuse
    for (const mistakes of [
      [{ ply: -1, better: 'g6', mark: '?' }],
      [{ ply: 1200, better: 'g6', mark: '?' }],
      [{ ply: 5, better: '', mark: '?' }],
      [{ ply: 5, better: 'g6', mark: '?!' }],
      [{ ply: 5, better: 'g6', mark: '?', extra: 1 }],
      Array.from({ length: 201 }, (_, ply) => ({ ply, better: 'g6', mark: '?' })),
    ])
      expectProblem('keepGameMistakes', await keep(user, gameId, mistakes), 400)
    expect(await count('SELECT count(*)::int AS n FROM puzzle_reviews')).toBe(0)
  })

  it("answers 404 for another player's game and an unknown one, and 401 to a visitor, keeping nothing", async () => {
    const owner = await server.current.createUser('student')
    const other = await server.current.createUser('student')
    const gameId = await keptGame(owner)
    expectProblem('keepGameMistakes', await keep(other, gameId, [NF6]), 404)
    expectProblem('keepGameMistakes', await keep(other, unknownId(), [NF6]), 404)
    const visitor = await inject({
      method: 'POST',
      url: `/api/games/${gameId}/mistakes`,
      payload: { mistakes: [NF6] },
    })
    expectProblem('keepGameMistakes', visitor, 401)
    expect(await count('SELECT count(*)::int AS n FROM puzzle_reviews')).toBe(0)
  })

  it('lets its puzzles go with the game', async () => {
    const user = await server.current.createUser('student')
    const gameId = await keptGame(user)
    expectContract('keepGameMistakes', await keep(user, gameId, [NF6, NC6]))
    const deleted = await inject({ method: 'DELETE', url: `/api/games/${gameId}`, headers: user.auth })
    expect(deleted.statusCode).toBe(204)
    expect((await due(user, T2)).due).toEqual([])
  })
})

describe('puzzles to review', () => {
  it("lists the caller's due puzzles most overdue first, and when the next one not yet due comes", async () => {
    const user = await server.current.createUser('student')
    const other = await server.current.createUser('student')
    const gameId = await keptGame(user)
    expectContract('keepGameMistakes', await keep(user, gameId, [NF6], T1))
    expectContract('keepGameMistakes', await keep(user, gameId, [NC6], T0))
    expectContract('keepGameMistakes', await keep(other, await keptGame(other), [NF6], T0))

    expect((await due(user, T2)).due.map((p) => [p.played, p.dueAt])).toEqual([
      ['Nc6', T0],
      ['Nf6', T1],
    ])
    // at T0 only the one kept then is due; the other comes at T1
    const early = await due(user, T0)
    expect(early.due.map((p) => p.played)).toEqual(['Nc6'])
    expect(early.nextDueAt).toBe(T1)
  })

  it('schedules a review: solved comes back later than not solved, both later than now, and leaves the due list', async () => {
    const user = await server.current.createUser('student')
    const gameId = await keptGame(user)
    expectContract('keepGameMistakes', await keep(user, gameId, [NF6, NC6]))
    const [nc6, nf6] = (await due(user, T0)).due
    const solved = expectContract('recordPuzzleReview', await review(user, nc6.id, true, T1))
    const failed = expectContract('recordPuzzleReview', await review(user, nf6.id, false, T1))
    expect(Date.parse(failed.dueAt)).toBeGreaterThan(Date.parse(T1))
    expect(Date.parse(solved.dueAt)).toBeGreaterThan(Date.parse(failed.dueAt))
    const after = await due(user, T1)
    expect(after.due).toEqual([])
    expect(after.nextDueAt).toBe(failed.dueAt)
    // once due again, it is back
    expect((await due(user, solved.dueAt)).due.map((p) => [p.id, p.dueAt])).toEqual([
      [nf6.id, failed.dueAt],
      [nc6.id, solved.dueAt],
    ])
  })

  it("refuses a review of another player's puzzle or an unknown one (404), bad ids and bodies (400), visitors (401)", async () => {
    const owner = await server.current.createUser('student')
    const other = await server.current.createUser('student')
    expectContract('keepGameMistakes', await keep(owner, await keptGame(owner), [NF6]))
    const [mine] = (await due(owner, T0)).due
    expectProblem('recordPuzzleReview', await review(other, mine.id, true, T1), 404)
    expectProblem('recordPuzzleReview', await review(other, unknownId(), true, T1), 404)
    expectProblem('recordPuzzleReview', await review(owner, 'not-a-uuid', true, T1), 400)
    expectProblem('recordPuzzleReview', await review(owner, mine.id, 'yes', T1), 400)
    const visitor = await inject({
      method: 'POST',
      url: `/api/reviews/puzzles/${mine.id}`,
      payload: { solved: true },
    })
    expectProblem('recordPuzzleReview', visitor, 401)
    expectProblem('getDuePuzzles', await inject({ method: 'GET', url: '/api/reviews/puzzles' }), 401)
    // unchanged: still due at once
    expect((await due(owner, T0)).due.map((p) => p.dueAt)).toEqual([T0])
  })

  it("adds a failed rated puzzle at once, after the opponent's first move; not a solved one, not a later attempt", async () => {
    // Black's a6 lets White mate on f7
    const fen = 'r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR b KQkq - 3 3'
    await insertMissingPuzzles(server.current.db, [
      { id: 'missed', fen, moves: ['a7a6', 'f3f7'], rating: 1500, themes: ['mateIn1'] },
      { id: 'found', fen, moves: ['a7a6', 'f3f7'], rating: 1500, themes: ['mateIn1'] },
    ])
    const user = await server.current.createUser('student')
    expect(expectContract('recordPuzzleAttempt', await attempt(user, 'missed', false, T0)).rated).toBe(true)
    expect(expectContract('recordPuzzleAttempt', await attempt(user, 'found', true, T0)).rated).toBe(true)
    // later attempts are not rated, and add nothing (a failed one again, or failing the one solved)
    expect(expectContract('recordPuzzleAttempt', await attempt(user, 'missed', false, T1)).rated).toBe(false)
    expect(expectContract('recordPuzzleAttempt', await attempt(user, 'found', false, T1)).rated).toBe(false)

    expect((await due(user, T2)).due).toEqual<ReviewPuzzle[]>([
      {
        id: expect.any(String),
        kind: 'puzzle',
        fen: 'r1bqkbnr/1ppp1ppp/p1n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 0 4',
        lastMove: 'a7a6',
        moves: ['f3f7'],
        played: null,
        mark: null,
        gameId: null,
        puzzleId: 'missed',
        dueAt: T0,
      },
    ])
    expect(await count('SELECT count(*)::int AS n FROM puzzle_reviews')).toBe(1)
  })
})

describe('the puzzle limit', () => {
  const limited = useTestServer({ env: { PUZZLE_RATE_LIMIT_MAX: '2' } })

  it('counts attempts, reviews and kept mistakes together: past PUZZLE_RATE_LIMIT_MAX a minute 429, recording nothing', async () => {
    const { app, db } = limited.current
    const user = await limited.current.createUser('student')
    const other = await limited.current.createUser('student')
    const post = (who: TestUser, url: string, payload: object) =>
      app.inject({ method: 'POST', url, headers: who.auth, payload })
    const saved = await post(user, '/api/games', {
      key: randomUUID(),
      pgn: SCHOLARS_MATE,
      result: '1-0',
      opponentLevel: 'random',
      colour: 'black',
    })
    const gameId = expectContract('saveGame', saved)._id
    expect(
      expectContract(
        'keepGameMistakes',
        await post(user, `/api/games/${gameId}/mistakes`, { mistakes: [NF6] }),
      ).added,
    ).toBe(1)
    const [{ id }] = await db.query<{ id: string }>('SELECT id FROM puzzle_reviews WHERE user_id = $1', [
      user.id,
    ])
    expectContract('recordPuzzleReview', await post(user, `/api/reviews/puzzles/${id}`, { solved: true }))

    const refused = await post(user, `/api/games/${gameId}/mistakes`, { mistakes: [NC6] })
    expect(expectProblem('keepGameMistakes', refused, 429).detail).toMatch(
      /puzzle attempts, reviews and kept mistakes: at most 2 per minute/,
    )
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expectProblem(
      'recordPuzzleReview',
      await post(user, `/api/reviews/puzzles/${id}`, { solved: false }),
      429,
    )
    expect(await db.query('SELECT ply, reps FROM puzzle_reviews WHERE user_id = $1', [user.id])).toEqual([
      { ply: 5, reps: 1 },
    ])
    // another player is not limited by it
    expect((await post(other, `/api/reviews/puzzles/${id}`, { solved: true })).statusCode).toBe(404)
  })
})
