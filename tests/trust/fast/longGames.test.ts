// Long games: a kept game is read without holding the event loop (eight of the longest at once leave /api/health
// answering within 250 ms), and a game over the ply bound is refused, keeping nothing; so is a module's longest line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isProblem, json, type Res } from '../support/http'
import { startApp, type AppHarness } from '../support/harness'
import { GAME_MAX_PLIES, GAME_PGN_MAX_BYTES, keptGamePgn } from '../support/hostile'
import { MAX_LINE_MOVES } from '../../../domain/chess/pgn'
import { account, createCourse, type Account } from '../support/world'

/** The bound /api/health keeps while the games are read: generous, a blocked event loop took seconds. */
const HEALTH_MS = 250
const SAVES = 8
/** A health check is due every PROBE_MS while the games are saved. */
const PROBE_MS = 10

describe('long games', () => {
  let h: AppHarness
  let players: Account[]
  beforeAll(async () => {
    h = await startApp()
    players = await Promise.all(Array.from({ length: SAVES }, () => account(h, 'student', 'long')))
  })
  afterAll(async () => {
    await h?.close()
  })

  const save = (player: Account, pgn: string) =>
    h.send({
      method: 'POST',
      url: '/api/games',
      token: player.token,
      ...json({ key: crypto.randomUUID(), pgn, result: '1/2-1/2', opponentLevel: '8', colour: 'white' }),
    })

  /** /api/health asked every PROBE_MS while `work` runs: each answer, and how long after it was due it came. */
  async function healthWhile<T>(work: Promise<T>) {
    let working = true
    const done = work.finally(() => (working = false))
    // The client shares the server's event loop here: a check's time counts from when it was due, not from when
    // the loop let it leave, so a loop held by a save shows as the wait an outside client would see.
    const health: { ms: number; res: Res }[] = []
    const start = performance.now()
    for (let k = 0; working; k++) {
      const due = start + k * PROBE_MS
      if (due > performance.now())
        await new Promise((resolve) => setTimeout(resolve, due - performance.now()))
      const res = await h.send({ method: 'GET', url: '/api/health' })
      health.push({ ms: performance.now() - due, res })
    }
    return { answers: await done, health, slowest: Math.max(...health.map((c) => c.ms)) }
  }

  const kept = async (player: Account) =>
    (await h.send({ method: 'GET', url: '/api/games', token: player.token })).body.items as {
      moves: number
    }[]

  it(`${SAVES} saves at once of a game at the bounds (${GAME_MAX_PLIES} plies, 20 KB), from ${SAVES} accounts: /api/health answers within ${HEALTH_MS} ms meanwhile`, async () => {
    const pgn = keptGamePgn.maximal()
    expect(Buffer.byteLength(pgn)).toBe(GAME_PGN_MAX_BYTES)
    const { answers, health, slowest } = await healthWhile(Promise.all(players.map((p) => save(p, pgn))))
    console.log(
      `long games: ${SAVES} saves of ${GAME_MAX_PLIES} plies, ${health.length} health checks meanwhile, slowest ${slowest.toFixed(0)} ms`,
    )
    expect(answers.map((r) => r.status)).toEqual(Array(SAVES).fill(201))
    for (const r of answers) expect(r.body.moves).toBe(GAME_MAX_PLIES)
    expect(health.map((c) => c.res.status)).toEqual(Array(health.length).fill(200))
    expect(slowest).toBeLessThan(HEALTH_MS)
    for (const p of players) expect((await kept(p)).map((g) => g.moves)).toEqual([GAME_MAX_PLIES])
  })

  it(`a game of ${GAME_MAX_PLIES + 1} plies (legal and over) is 400 problem+json naming the bound, and is not kept`, async () => {
    const player = await account(h, 'student', 'long')
    const res = await save(player, keptGamePgn.overCap())
    expect(res.status).toBe(400)
    expect(isProblem(res)).toBeNull()
    expect(res.body.detail).toContain(`more than ${GAME_MAX_PLIES} moves`)
    expect(await kept(player)).toEqual([])
  })

  it(`${SAVES} modules saved at once, each with a line of ${MAX_LINE_MOVES} moves: /api/health answers within ${HEALTH_MS} ms meanwhile`, async () => {
    const teacher = await account(h, 'instructor', 'long')
    const course = await createCourse(h.send, teacher)
    // knights out and back: legal for as long as it goes on
    const shuffle = ['Nf3', 'Nf6', 'Ng1', 'Ng8']
    const moves = Array.from({ length: MAX_LINE_MOVES }, (_, i) => shuffle[i % 4])
    const pgn = moves.map((m, i) => (i % 2 ? m : `${i / 2 + 1}. ${m}`)).join(' ') + ' *'
    const add = () =>
      h.send({
        method: 'POST',
        url: '/api/modules',
        token: teacher.token,
        ...json({
          title: 'Knights',
          description: 'Out and back.',
          courseId: course._id,
          line: { pgn, side: 'white' },
        }),
      })
    const { answers, slowest } = await healthWhile(Promise.all(Array.from({ length: SAVES }, add)))
    console.log(
      `long lines: ${SAVES} modules of ${MAX_LINE_MOVES} moves, slowest health check ${slowest.toFixed(0)} ms`,
    )
    expect(answers.map((r) => r.status)).toEqual(Array(SAVES).fill(201))
    expect(slowest).toBeLessThan(HEALTH_MS)
  })
})
