// Practising a module's line: the moves the student plays are counted once, when the module is saved, and kept with
// it (a practice is checked against that count, never by reading the PGN again; a line saved before the count was
// kept is counted at its first practice); and each user may record at most PRACTICE_RATE_LIMIT_MAX practices a minute.
import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { expectProblem } from '../../helpers/contract'
import { type TestServer, type TestUser, useTestServer } from '../../helpers/buildServer'
import { enrolledLineModule } from '../../helpers/lineModule'

/** 4 moves for White in its main line (e4, Nf3, Bc4, c3), 3 for Black. */
const ITALIAN = '1. e4 e5 2. Nf3 {Attacks e5.} Nc6 3. Bc4 Bc5 (3... Nf6 4. Ng5) 4. c3 *'
/** 3 moves for White (Rd1+, Kc7, Kb6), 2 for Black. */
const LUCENA = '[SetUp "1"]\n[FEN "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1"]\n\n1. Rd1+ Ke7 2. Kc7 Rc2+ 3. Kb6 *'

const world = (server: TestServer) => enrolledLineModule(server, ITALIAN)

const practice = (server: TestServer, who: TestUser, moduleId: string, mistakes: number) =>
  server.app.inject({
    method: 'POST',
    url: `/api/lines/${moduleId}/practice`,
    headers: who.auth,
    payload: { mistakes },
  })

describe("a line's moves, kept with its module", () => {
  const server = useTestServer()
  const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    server.current.db.query<T>(sql, params)
  const kept = async (moduleId: string) =>
    (
      await q<{ n: number | null }>('SELECT line_student_moves AS n FROM modules WHERE id = $1', [moduleId])
    )[0].n
  const inject = (opts: InjectOptions) => server.current.app.inject(opts)

  it('are counted when the module is saved, and a practice is checked against that count, not the PGN', async () => {
    const w = await world(server.current)
    expect(await kept(w.moduleId)).toBe(4)
    // the practice trusts what was counted when the line was saved: it does not read the PGN again
    await q('UPDATE modules SET line_student_moves = 2 WHERE id = $1', [w.moduleId])
    const refused = await practice(server.current, w.student, w.moduleId, 3)
    expect(expectProblem('recordLinePractice', refused, 400).detail).toBe(
      'mistakes (3) exceeds the 2 moves the student plays in this line',
    )
    expect(await q('SELECT 1 FROM line_reviews')).toHaveLength(0)
  })

  it('are counted again when the line or its side changes, and go with the line', async () => {
    const w = await world(server.current)
    const patch = (body: object) =>
      inject({ method: 'PATCH', url: `/api/modules/${w.moduleId}`, headers: w.owner.auth, payload: body })
    expect((await patch({ line: { pgn: LUCENA, side: 'white' } })).statusCode).toBe(200)
    expect(await kept(w.moduleId)).toBe(3)
    expectProblem('recordLinePractice', await practice(server.current, w.student, w.moduleId, 4), 400)
    expect((await patch({ line: { pgn: LUCENA, side: 'black' } })).statusCode).toBe(200)
    expect(await kept(w.moduleId)).toBe(2)
    expect((await practice(server.current, w.student, w.moduleId, 2)).statusCode).toBe(200)
    // an edit that leaves the line alone keeps its count
    expect((await patch({ title: 'The Lucena position' })).statusCode).toBe(200)
    expect(await kept(w.moduleId)).toBe(2)
    expect((await patch({ line: null })).statusCode).toBe(200)
    expect(await kept(w.moduleId)).toBeNull()
    expectProblem('recordLinePractice', await practice(server.current, w.student, w.moduleId, 0), 404)
  })

  it('of a line saved before they were kept are counted at its first practice, and kept', async () => {
    const w = await world(server.current)
    await q('UPDATE modules SET line_student_moves = NULL WHERE id = $1', [w.moduleId])
    const refused = await practice(server.current, w.student, w.moduleId, 5)
    expect(expectProblem('recordLinePractice', refused, 400).detail).toBe(
      'mistakes (5) exceeds the 4 moves the student plays in this line',
    )
    expect(await kept(w.moduleId)).toBe(4)
    expect((await practice(server.current, w.student, w.moduleId, 4)).statusCode).toBe(200)
  })

  it('may not be kept without a line', async () => {
    const w = await world(server.current)
    await expect(
      q('UPDATE modules SET line_pgn = NULL, line_side = NULL WHERE id = $1', [w.moduleId]),
    ).rejects.toMatchObject({ code: '23514' })
  })
})

describe('the practice limit', () => {
  const limited = useTestServer({ env: { PRACTICE_RATE_LIMIT_MAX: '3' } })

  it('refuses a user past PRACTICE_RATE_LIMIT_MAX practices a minute (429 with Retry-After), recording nothing', async () => {
    const w = await world(limited.current)
    for (let i = 0; i < 3; i++)
      expect((await practice(limited.current, w.student, w.moduleId, 0)).statusCode).toBe(200)
    const refused = await practice(limited.current, w.student, w.moduleId, 0)
    expect(expectProblem('recordLinePractice', refused, 429).detail).toMatch(/at most 3 per minute/)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    const [card] = await limited.current.db.query<{ reps: number }>(
      'SELECT reps FROM line_reviews WHERE user_id = $1',
      [w.student.id],
    )
    expect(card.reps).toBe(3)
    // another learner is not limited by it
    expect((await practice(limited.current, w.owner, w.moduleId, 0)).statusCode).toBe(200)
  })
})
