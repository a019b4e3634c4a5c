// Lines of modules: a module's PGN is checked move by move before it is stored (a refusal names the
// move and stores nothing), only readers of the module get it, and a finished practice is graded and scheduled
// for review (ts-fsrs) per student and line; /home's count and /review's queue read that schedule.
import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { Schema } from '../../../server/services/types'
import { expectContract, expectProblem } from '../../helpers/contract'
import { type TestUser, unknownId, useTestServer } from '../../helpers/buildServer'
import { enrolledLineModule } from '../../helpers/lineModule'

type Module = Schema<'Module'>
type LineReview = Schema<'LineReview'>
type ReviewQueue = Schema<'ReviewQueue'>
type ReviewSummary = Schema<'ReviewSummary'>

// TEST_CLOCK=1: a request's X-Test-Now is the schedule's "now" (the last describe checks it is ignored without)
const server = useTestServer({ env: { TEST_CLOCK: '1' } })
const inject = (opts: InjectOptions) => server.current.app.inject(opts)
const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  server.current.db.query<T>(sql, params)

export const ITALIAN =
  '1. e4 e5 2. Nf3 {Attacks e5.} Nc6 3. Bc4 {The Italian Game.} Bc5 (3... Nf6 {Two Knights.} 4. Ng5) 4. c3 Nf6 *'
const LUCENA = '[SetUp "1"]\n[FEN "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1"]\n\n1. Rd1+ Ke7 2. Kc7 Rc2+ 3. Kb6 *'
/** Twelve moves of the Italian, then 12... Nf6 where no knight can reach f6. */
const ILLEGAL_12 =
  '1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d4 exd4 6. cxd4 Bb4+ 7. Nc3 Nxe4 8. O-O Bxc3 9. d5 Bf6 10. Re1 Ne7 11. Rxe4 d6 12. Bg5 Nf6'

const auth = (who?: TestUser) => (who ? { authorization: `Bearer ${who.token}` } : {})
const at = (iso: string) => ({ 'x-test-now': iso })

const world = () => server.current.courseWorld()

const create = (who: TestUser, courseId: string, line?: unknown) =>
  inject({
    method: 'POST',
    url: '/api/modules',
    headers: auth(who),
    payload: {
      title: 'The Italian Game',
      description: 'Open games.',
      videoUrl: 'https://vimeo.com/1',
      courseId,
      ...(line === undefined ? {} : { line }),
    },
  })

const patch = (who: TestUser, moduleId: string, body: object) =>
  inject({ method: 'PATCH', url: `/api/modules/${moduleId}`, headers: auth(who), payload: body })

const list = async (who: TestUser, courseId: string) => {
  const res = await inject({ method: 'GET', url: `/api/modules/course/${courseId}`, headers: auth(who) })
  return {
    res,
    modules: res.statusCode === 200 ? (expectContract('getModulesByCourse', res) as Module[]) : [],
  }
}

const practise = (who: TestUser | undefined, moduleId: string, body: object, now?: string) =>
  inject({
    method: 'POST',
    url: `/api/lines/${moduleId}/practice`,
    headers: { ...auth(who), ...(now ? at(now) : {}) },
    payload: body,
  })

const queue = async (who: TestUser, now: string) => {
  const res = await inject({ method: 'GET', url: '/api/reviews', headers: { ...auth(who), ...at(now) } })
  expect(res.statusCode, res.body).toBe(200)
  return expectContract('getDueReviews', res) as ReviewQueue
}

const summary = async (who: TestUser, now?: string) => {
  const res = await inject({
    method: 'GET',
    url: '/api/reviews/summary',
    headers: { ...auth(who), ...(now ? at(now) : {}) },
  })
  expect(res.statusCode, res.body).toBe(200)
  return expectContract('getReviewSummary', res) as ReviewSummary
}

const moduleCount = async () => (await q<{ n: number }>('SELECT count(*)::int AS n FROM modules'))[0].n

describe('a module with a line', () => {
  it('is stored with its PGN and side, and every reader of the module gets it', async () => {
    const w = await world()
    const res = await create(w.owner, w.courseId, { pgn: ITALIAN, side: 'white' })
    expect(res.statusCode, res.body).toBe(201)
    const made = expectContract('createModule', res) as Module
    expect(made.line).toEqual({ pgn: ITALIAN, side: 'white' })
    for (const reader of [w.owner, w.otherTeacher, w.admin, w.enrolled]) {
      const { modules } = await list(reader, w.courseId)
      expect(modules.find((m) => m._id === made._id)?.line).toEqual({ pgn: ITALIAN, side: 'white' })
    }
  })

  it('starts from the position of the SetUp and FEN tags (the Lucena position)', async () => {
    const w = await world()
    const res = await create(w.owner, w.courseId, { pgn: LUCENA, side: 'white' })
    expect(res.statusCode, res.body).toBe(201)
    expect((expectContract('createModule', res) as Module).line?.pgn).toBe(LUCENA)
  })

  it('a module without a line reads line: null', async () => {
    const w = await world()
    const made = expectContract('createModule', await create(w.owner, w.courseId)) as Module
    expect(made.line).toBeNull()
  })

  it('is withheld from those who may not read the module: a student not enrolled, a visitor, the curriculum', async () => {
    const w = await world()
    await create(w.owner, w.courseId, { pgn: ITALIAN, side: 'black' })
    expectProblem('getModulesByCourse', (await list(w.outsider, w.courseId)).res, 403)
    const anonymous = await inject({ method: 'GET', url: `/api/modules/course/${w.courseId}` })
    expectProblem('getModulesByCourse', anonymous, 401)
    const curriculum = await inject({ method: 'GET', url: `/api/courses/${w.courseId}/curriculum` })
    expect(curriculum.statusCode).toBe(200)
    expect(curriculum.body).not.toContain('Nf3')
    expect(curriculum.body).not.toContain('line')
  })

  it('is changed, and removed with line: null, by an update', async () => {
    const w = await world()
    const made = expectContract('createModule', await create(w.owner, w.courseId)) as Module
    const added = await patch(w.owner, made._id, { line: { pgn: LUCENA, side: 'black' } })
    expect(added.statusCode, added.body).toBe(200)
    expect((expectContract('updateModule', added) as Module).line).toEqual({ pgn: LUCENA, side: 'black' })
    // an update that does not name the line keeps it
    const renamed = expectContract(
      'updateModule',
      await patch(w.owner, made._id, { title: 'Lucena' }),
    ) as Module
    expect(renamed.line).toEqual({ pgn: LUCENA, side: 'black' })
    const removed = await patch(w.owner, made._id, { line: null })
    expect((expectContract('updateModule', removed) as Module).line).toBeNull()
  })
})

describe('a PGN the server refuses: 400 problem+json naming the move, nothing stored', () => {
  const refused: [string, string, string | RegExp][] = [
    ['an illegal move, by number and move', ILLEGAL_12, 'Illegal move 12... Nf6'],
    ["an illegal move of White's", '1. e4 e5 2. Ke3', 'Illegal move 2. Ke3'],
    ['an illegal move inside a variation', '1. e4 e5 (1... Nf3) 2. Nf3', 'Illegal move 1... Nf3'],
    ['a variation never closed', '1. e4 e5 (1... c5 2. Nf3', /never closed/],
    ['a variation closed that was never opened', '1. e4 ) e5', /never opened/],
    ['a comment never closed', '1. e4 {unfinished', /comment that is never closed/],
    ['a NUL byte', '1. e4\u0000 e5', /control character/],
    ['a token that is no move', '1. e4 @@ e5', /could not be read/],
    ['a FEN tag that is no position', '[SetUp "1"]\n[FEN "not a position"]\n1. e4', /FEN tag/],
    ['variations nested 40 deep', `1. e4 ${'(1. d4 '.repeat(40)}${')'.repeat(40)}`, /deeper than 32/],
    ['two games in one line', '1. e4 e5 1-0 1. d4 d5 0-1', /one game/],
    ['more than 65,536 characters (the contract)', `1. e4 {${'x'.repeat(66_000)}} e5`, /65536 characters/],
    ['more than 64 KB of UTF-8 in fewer characters', `1. e4 {${'é'.repeat(40_000)}} e5`, /larger than 64 KB/],
  ]
  for (const [what, pgn, detail] of refused) {
    it(`${what}: on add and on update`, async () => {
      const w = await world()
      const before = await moduleCount()
      const res = await create(w.owner, w.courseId, { pgn, side: 'white' })
      const problem = expectProblem('createModule', res, 400)
      if (typeof detail === 'string') expect(problem.detail).toBe(detail)
      else expect(problem.detail).toMatch(detail)
      expect(await moduleCount()).toBe(before)

      const made = expectContract('createModule', await create(w.owner, w.courseId)) as Module
      const again = await patch(w.owner, made._id, { title: 'Changed', line: { pgn, side: 'black' } })
      expectProblem('updateModule', again, 400)
      const { modules } = await list(w.owner, w.courseId)
      expect(modules.find((m) => m._id === made._id)).toMatchObject({ title: 'The Italian Game', line: null })
    })
  }

  it('a side other than white or black, and an empty PGN, are refused by the contract', async () => {
    const w = await world()
    expectProblem('createModule', await create(w.owner, w.courseId, { pgn: ITALIAN, side: 'red' }), 400)
    expectProblem('createModule', await create(w.owner, w.courseId, { pgn: '', side: 'white' }), 400)
    expect(await moduleCount()).toBe(0)
  })

  it('a student may not add or change a line (403), whatever the PGN', async () => {
    const w = await world()
    expectProblem('createModule', await create(w.enrolled, w.courseId, { pgn: ITALIAN, side: 'white' }), 403)
    const made = expectContract('createModule', await create(w.owner, w.courseId)) as Module
    const res = await patch(w.otherTeacher, made._id, { line: { pgn: ITALIAN, side: 'white' } })
    expectProblem('updateModule', res, 403)
  })
})

describe('practice and review', () => {
  async function withLine(side: 'white' | 'black' = 'white') {
    const w = await world()
    const made = expectContract(
      'createModule',
      await create(w.owner, w.courseId, { pgn: ITALIAN, side }),
    ) as Module
    return { ...w, moduleId: made._id }
  }
  const T0 = '2030-01-10T12:00:00.000Z'
  const later = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString()

  it('grades a practice by its mistakes (none Good, one Hard, more Again) and schedules the next review', async () => {
    const w = await withLine()
    const grades: Record<number, LineReview> = {}
    for (const mistakes of [0, 1, 3]) {
      const other = await server.current.createUser('student')
      await q('INSERT INTO enrollments (course_id, student_id) VALUES ($1, $2)', [w.courseId, other.id])
      const res = await practise(other, w.moduleId, { mistakes }, T0)
      expect(res.statusCode, res.body).toBe(200)
      grades[mistakes] = expectContract('recordLinePractice', res) as LineReview
    }
    expect(grades[0]).toMatchObject({
      grade: 'good',
      reps: 1,
      lastReviewedAt: T0,
      moduleId: w.moduleId,
      variation: '',
    })
    expect(grades[1].grade).toBe('hard')
    expect(grades[3].grade).toBe('again')
    // the better the practice, the later the next review; all of them after the practice
    const due = (m: number) => Date.parse(grades[m].due)
    expect(due(3)).toBeGreaterThan(Date.parse(T0))
    expect(due(1)).toBeGreaterThan(due(3))
    expect(due(0)).toBeGreaterThan(due(1))
  })

  it('a line is due once its time comes: the summary counts it, the queue carries its moves, then it is rescheduled', async () => {
    const w = await withLine('black')
    const first = expectContract(
      'recordLinePractice',
      await practise(w.enrolled, w.moduleId, { mistakes: 1 }, T0),
    )
    // not yet due: nothing to review, the next review named
    expect(await summary(w.enrolled, T0)).toEqual({ dueCount: 0, nextDueAt: first.due })
    expect(await queue(w.enrolled, T0)).toEqual({ due: [], nextDueAt: first.due })
    // the clock moves past the due time (Hard: days out, not minutes)
    const dueAt = later(60 * 24 * 3)
    expect(await summary(w.enrolled, dueAt)).toEqual({ dueCount: 1, nextDueAt: null })
    const { due } = await queue(w.enrolled, dueAt)
    expect(due).toEqual([
      {
        moduleId: w.moduleId,
        courseId: w.courseId,
        moduleTitle: 'The Italian Game',
        courseTitle: expect.any(String),
        line: { pgn: ITALIAN, side: 'black' },
        variation: '',
        due: first.due,
      },
    ])
    // reviewed again: the card goes on (reps 2) and the line leaves the queue until its new date
    const second = expectContract(
      'recordLinePractice',
      await practise(w.enrolled, w.moduleId, { mistakes: 0 }, dueAt),
    )
    expect(second.reps).toBe(2)
    expect(Date.parse(second.due)).toBeGreaterThan(Date.parse(dueAt))
    expect(await summary(w.enrolled, dueAt)).toEqual({ dueCount: 0, nextDueAt: second.due })
  })

  it('counts only the student moves of the main line: more mistakes than that is 400, nothing stored', async () => {
    const w = await withLine('white')
    // the main line has 4 white moves (e4, Nf3, Bc4, c3)
    expectProblem('recordLinePractice', await practise(w.enrolled, w.moduleId, { mistakes: 5 }, T0), 400)
    expect((await q('SELECT 1 FROM line_reviews')).length).toBe(0)
    expect((await practise(w.enrolled, w.moduleId, { mistakes: 4 }, T0)).statusCode).toBe(200)
    for (const body of [{ mistakes: -1 }, { mistakes: 1.5 }, {}, { mistakes: 0, extra: 1 }])
      expectProblem('recordLinePractice', await practise(w.enrolled, w.moduleId, body, T0), 400)
  })

  it('only readers of the module may practise it, each for themselves; an unknown module or one without a line is 404', async () => {
    const w = await withLine()
    expectProblem('recordLinePractice', await practise(undefined, w.moduleId, { mistakes: 0 }), 401)
    expectProblem('recordLinePractice', await practise(w.outsider, w.moduleId, { mistakes: 0 }), 403)
    for (const reader of [w.owner, w.otherTeacher, w.admin, w.enrolled])
      expect((await practise(reader, w.moduleId, { mistakes: 0 })).statusCode).toBe(200)
    expectProblem('recordLinePractice', await practise(w.enrolled, unknownId(), { mistakes: 0 }), 404)
    const plain = expectContract('createModule', await create(w.owner, w.courseId)) as Module
    expectProblem('recordLinePractice', await practise(w.enrolled, plain._id, { mistakes: 0 }), 404)
    // each schedule is its own: the outsider has none, the enrolled student one line
    expect((await queue(w.outsider, later(60 * 24 * 365))).due).toEqual([])
    expect((await queue(w.enrolled, later(60 * 24 * 365))).due).toHaveLength(1)
  })

  it('a line no longer readable (enrollment gone) or removed from its module leaves the queue', async () => {
    const w = await withLine()
    await practise(w.enrolled, w.moduleId, { mistakes: 2 }, T0)
    const dueAt = later(60 * 24 * 2)
    expect((await summary(w.enrolled, dueAt)).dueCount).toBe(1)
    await q('DELETE FROM enrollments WHERE student_id = $1', [w.enrolled.id])
    expect(await summary(w.enrolled, dueAt)).toEqual({ dueCount: 0, nextDueAt: null })
    await q('INSERT INTO enrollments (course_id, student_id) VALUES ($1, $2)', [w.courseId, w.enrolled.id])
    expect((await summary(w.enrolled, dueAt)).dueCount).toBe(1)
    await patch(w.owner, w.moduleId, { line: null })
    expect((await queue(w.enrolled, dueAt)).due).toEqual([])
  })

  it('anonymous callers get 401 from the review reads', async () => {
    for (const url of ['/api/reviews', '/api/reviews/summary'])
      expectProblem(
        url.endsWith('summary') ? 'getReviewSummary' : 'getDueReviews',
        await inject({ method: 'GET', url }),
        401,
      )
  })
})

describe('the test clock', () => {
  it('without TEST_CLOCK the X-Test-Now header changes nothing: now is the real time', async () => {
    const { buildServer } = await import('../../helpers/buildServer')
    const plain = await buildServer()
    try {
      const { student, moduleId } = await enrolledLineModule(plain, ITALIAN)
      const review = await plain.app.inject({
        method: 'POST',
        url: `/api/lines/${moduleId}/practice`,
        headers: { ...auth(student), ...at('2000-01-01T00:00:00.000Z') },
        payload: { mistakes: 0 },
      })
      const { lastReviewedAt } = JSON.parse(review.body) as LineReview
      expect(Math.abs(Date.parse(lastReviewedAt) - Date.now())).toBeLessThan(60_000)
      const s = await plain.app.inject({
        method: 'GET',
        url: '/api/reviews/summary',
        headers: { ...auth(student), ...at('2100-01-01T00:00:00.000Z') },
      })
      expect((JSON.parse(s.body) as ReviewSummary).dueCount).toBe(0)
    } finally {
      await plain.close()
    }
  })
})
