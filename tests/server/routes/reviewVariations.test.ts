// Review that teaches: each variation of a line (its main line and each sideline) has a review card of its own, so a
// missed sideline brings back that sideline only; the badge counts what is due now; the forecast counts the reviews of
// the next 7 days in the learner's days; 'Difficult moves' ranks the moves missed most.
import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { Schema } from '../../../server/services/types'
import { expectContract, expectProblem } from '../../helpers/contract'
import { type TestUser, useTestServer } from '../../helpers/buildServer'
import { enrolledLineModule } from '../../helpers/lineModule'

type LineReview = Schema<'LineReview'>

const server = useTestServer({ env: { TEST_CLOCK: '1' } })
const inject = (opts: InjectOptions) => server.current.app.inject(opts)
const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  server.current.db.query<T>(sql, params)

/**
 * White's moves: the main line e4 Nf3 Bc4 c3 (plies 0, 2, 4, 6); the sideline '3...Nf6' e4 Nf3 Bc4 Ng5 (plies 0, 2, 4,
 * 6 of its own path: e4 e5 Nf3 Nc6 Bc4 Nf6 Ng5).
 */
const ITALIAN = '1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 (3... Nf6 4. Ng5) 4. c3 Nf6 *'
const SIDELINE = '3...Nf6'
/** The position before 2. Nf3, where White has to find it. */
const BEFORE_NF3 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2'

const T0 = '2030-01-10T12:00:00.000Z'
const DAY = 24 * 3600 * 1000
const later = (days: number) => new Date(Date.parse(T0) + days * DAY).toISOString()
const headers = (who: TestUser, now: string) => ({ ...who.auth, 'x-test-now': now })

async function world() {
  const outsider = await server.current.createUser('student')
  return { ...(await enrolledLineModule(server.current, ITALIAN)), outsider }
}

type World = Awaited<ReturnType<typeof world>>

const practise = (w: World, body: object, now: string, who: TestUser = w.student) =>
  inject({
    method: 'POST',
    url: `/api/lines/${w.moduleId}/practice`,
    headers: headers(who, now),
    payload: body,
  })

const recorded = async (w: World, body: object, now: string) => {
  const res = await practise(w, body, now)
  expect(res.statusCode, res.body).toBe(200)
  return expectContract('recordLinePractice', res) as LineReview
}

const read = async (operationId: string, url: string, who: TestUser, now: string) => {
  const res = await inject({ method: 'GET', url, headers: headers(who, now) })
  expect(res.statusCode, res.body).toBe(200)
  return expectContract(operationId, res)
}
const summary = (who: TestUser, now: string) =>
  read('getReviewSummary', '/api/reviews/summary', who, now) as Promise<Schema<'ReviewSummary'>>
const queue = (who: TestUser, now: string) =>
  read('getDueReviews', '/api/reviews', who, now) as Promise<Schema<'ReviewQueue'>>
const forecast = (who: TestUser, now: string, tzOffset: number) =>
  read('getReviewForecast', `/api/reviews/forecast?tzOffset=${tzOffset}`, who, now) as Promise<
    Schema<'ReviewForecast'>
  >
const difficult = (who: TestUser, now: string) =>
  read('getDifficultMoves', '/api/reviews/difficult-moves', who, now) as Promise<Schema<'DifficultMoves'>>

describe('a first Good', () => {
  it('is not due again within a day: the next review is days out, and the badge does not count it', async () => {
    const w = await world()
    const good = await recorded(w, { mistakes: 0 }, T0)
    expect(good.grade).toBe('good')
    expect(Date.parse(good.due) - Date.parse(T0)).toBeGreaterThan(DAY)
    for (const minutes of [10, 60, 23 * 60])
      expect(await summary(w.student, new Date(Date.parse(T0) + minutes * 60_000).toISOString())).toEqual({
        dueCount: 0,
        nextDueAt: good.due,
      })
  })
})

describe('each variation of a line', () => {
  it('is scheduled on its own: a missed sideline brings back that sideline only', async () => {
    const w = await world()
    const main = await recorded(w, { mistakes: 0 }, T0)
    const side = await recorded(w, { mistakes: 2, variation: SIDELINE, missed: [2, 6] }, T0)
    expect(main).toMatchObject({ variation: '', grade: 'good', reps: 1 })
    expect(side).toMatchObject({ variation: SIDELINE, grade: 'again', reps: 1 })
    expect(Date.parse(side.due)).toBeLessThan(Date.parse(main.due))

    // a day and a half later only the sideline is due: the queue carries the line with the sideline's key
    const at = later(1.5)
    expect(await summary(w.student, at)).toEqual({ dueCount: 1, nextDueAt: main.due })
    const { due } = await queue(w.student, at)
    expect(due).toEqual([
      expect.objectContaining({
        moduleId: w.moduleId,
        variation: SIDELINE,
        line: { pgn: ITALIAN, side: 'white' },
        due: side.due,
      }),
    ])
    // reviewed right: the sideline's card goes on, the main line's is untouched
    const again = await recorded(w, { mistakes: 0, variation: SIDELINE, missed: [] }, at)
    expect(again).toMatchObject({ variation: SIDELINE, reps: 2, grade: 'good' })
    const cards = await q<{ variation: string; reps: number }>(
      'SELECT variation, reps FROM line_reviews WHERE user_id = $1 ORDER BY variation',
      [w.student.id],
    )
    expect(cards).toEqual([
      { variation: '', reps: 1 },
      { variation: SIDELINE, reps: 2 },
    ])
  })

  it("is refused when the line has no such variation, or the moves named as missed are not the student's: 400, nothing stored", async () => {
    const w = await world()
    for (const body of [
      { mistakes: 0, variation: '9.Qh5' },
      { mistakes: 1, variation: SIDELINE, missed: [1] }, // 3... e5 is Black's
      { mistakes: 1, variation: SIDELINE, missed: [7] }, // past the sideline's end
      { mistakes: 2, variation: SIDELINE, missed: [2, 2] },
      { mistakes: 2, variation: SIDELINE, missed: [2] }, // fewer than the mistakes
      { mistakes: 5, variation: SIDELINE }, // the sideline has 4 moves for White
      { mistakes: 0, variation: '<script>' },
      { mistakes: 0, variation: 'x'.repeat(2001) },
    ])
      expectProblem('recordLinePractice', await practise(w, body, T0), 400)
    expect(await q('SELECT 1 FROM line_reviews')).toEqual([])
    expect(await q('SELECT 1 FROM line_mistakes')).toEqual([])
  })

  it('keeps its card when its line is replaced by one that still has it; a sideline gone takes its card along', async () => {
    const w = await world()
    await recorded(w, { mistakes: 0 }, T0)
    await recorded(w, { mistakes: 0, variation: SIDELINE }, T0)
    const replace = (pgn: string) =>
      inject({
        method: 'PATCH',
        url: `/api/modules/${w.moduleId}`,
        headers: w.owner.auth,
        payload: { line: { pgn, side: 'white' } },
      })
    // moves added at the end and another sideline beside it leave the sideline's key as it was
    expect(
      (await replace('1. e4 e5 2. Nf3 Nc6 (2... d6) 3. Bc4 Bc5 (3... Nf6 4. Ng5 d5) 4. c3 *')).statusCode,
    ).toBe(200)
    const variations = async () =>
      (await q<{ variation: string }>('SELECT variation FROM line_reviews ORDER BY variation')).map(
        (r) => r.variation,
      )
    expect(await variations()).toEqual(['', SIDELINE])
    expect((await replace('1. e4 e5 2. Nf3 *')).statusCode).toBe(200)
    expect(await variations()).toEqual([''])
  })

  it("a card kept before variations were scheduled is the main line's: its next practice goes on from it", async () => {
    const w = await world()
    // a row as the schedule wrote it before (no variation named)
    await q(
      `INSERT INTO line_reviews (user_id, module_id, course_id, due, stability, difficulty, elapsed_days,
         scheduled_days, learning_steps, reps, lapses, state, last_review, last_grade)
       VALUES ($1, $2, $3, $4, 2.3, 5.1, 0, 2, 0, 1, 0, 2, $5, 'hard')`,
      [w.student.id, w.moduleId, w.courseId, later(2), T0],
    )
    expect((await queue(w.student, later(2))).due.map((d) => d.variation)).toEqual([''])
    const next = await recorded(w, { mistakes: 0 }, later(2))
    expect(next).toMatchObject({ variation: '', reps: 2 })
    expect(await q('SELECT variation FROM line_reviews')).toEqual([{ variation: '' }])
  })
})

describe('the forecast', () => {
  it("counts the reviews falling due on each of the next 7 days, in the learner's days, today holding those due already", async () => {
    const w = await world()
    await recorded(w, { mistakes: 0 }, T0) // due in 3 days: 2030-01-13 12:00 UTC
    await recorded(w, { mistakes: 2, variation: SIDELINE, missed: [0, 2] }, T0) // in 1 day: 2030-01-11 12:00 UTC
    const days = (counts: number[], first: string) =>
      counts.map((count, i) => ({
        date: new Date(Date.parse(`${first}T00:00:00Z`) + i * DAY).toISOString().slice(0, 10),
        count,
      }))
    expect((await forecast(w.student, T0, 0)).days).toEqual(days([0, 1, 0, 1, 0, 0, 0], '2030-01-10'))
    // twelve hours east of UTC it is already the 11th, and each review falls on the next local day
    expect((await forecast(w.student, T0, 720)).days).toEqual(days([0, 1, 0, 1, 0, 0, 0], '2030-01-11'))
    // five days on, both are due: today counts them
    expect((await forecast(w.student, later(5), 0)).days).toEqual(days([2, 0, 0, 0, 0, 0, 0], '2030-01-15'))
    // someone else's schedule is not counted
    expect((await forecast(w.outsider, T0, 0)).days.every((d) => d.count === 0)).toBe(true)
    for (const bad of ['841', '-721', '1.5', 'x'])
      expectProblem(
        'getReviewForecast',
        await inject({
          method: 'GET',
          url: `/api/reviews/forecast?tzOffset=${bad}`,
          headers: headers(w.student, T0),
        }),
        400,
      )
    expectProblem('getReviewForecast', await inject({ method: 'GET', url: '/api/reviews/forecast' }), 401)
  })
})

describe("'Difficult moves'", () => {
  it('ranks the moves missed most first, the latest missed first among equals, each with the position before it', async () => {
    const w = await world()
    await recorded(w, { mistakes: 2, missed: [0, 2] }, T0) // e4 and Nf3
    await recorded(w, { mistakes: 1, missed: [2] }, later(1)) // Nf3 again
    await recorded(w, { mistakes: 1, variation: SIDELINE, missed: [6] }, later(2)) // Ng5
    // the sideline's Nf3 is the same move in the same position: it counts with the main line's
    await recorded(w, { mistakes: 1, variation: SIDELINE, missed: [2] }, later(3))
    const { moves } = await difficult(w.student, later(3))
    expect(
      moves.map((m) => `${m.moveNumber}${m.side === 'white' ? '.' : '...'} ${m.san} x${m.misses}`),
    ).toEqual(['2. Nf3 x3', '4. Ng5 x1', '1. e4 x1'])
    expect(moves[0]).toEqual({
      moduleId: w.moduleId,
      courseId: w.courseId,
      moduleTitle: 'The Italian Game',
      fen: BEFORE_NF3,
      san: 'Nf3',
      moveNumber: 2,
      side: 'white',
      misses: 3,
      lastMissedAt: later(3),
    })
    // a practice without the moves named counts none
    await recorded(w, { mistakes: 1 }, later(4))
    expect((await difficult(w.student, later(4))).moves).toHaveLength(3)
    // each learner's own, of lines they may still read
    expect((await difficult(w.outsider, later(3))).moves).toEqual([])
    await q('DELETE FROM enrollments WHERE student_id = $1', [w.student.id])
    expect((await difficult(w.student, later(3))).moves).toEqual([])
    expectProblem(
      'getDifficultMoves',
      await inject({ method: 'GET', url: '/api/reviews/difficult-moves' }),
      401,
    )
  })
})
