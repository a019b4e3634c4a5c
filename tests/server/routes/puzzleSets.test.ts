// Modules' puzzle sets: a set added and replaced with a module (createModule, updateModule), each rule a 400 naming the
// puzzle, the results an enrolled student records (recordModulePuzzle: the first one kept), the module completed once
// every puzzle has one, and the course's progress table counting them.
import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { Schema } from '../../../server/services/types'
import { expectContract, expectProblem } from '../../helpers/contract'
import { type TestUser, unknownId, useTestServer } from '../../helpers/buildServer'

type Module = Schema<'Module'>
type StudentProgress = Schema<'StudentProgress'>

const server = useTestServer()
const inject = (opts: InjectOptions) => server.current.app.inject(opts)
const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  server.current.db.query<T>(sql, params)

/** After 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6: White mates with Qxf7. */
const SCHOLAR = 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4'
/** A mate in two for White: 1. Qd8+ Bxd8 2. Re8#. */
const MATE_IN_TWO = 'r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1'
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

const SET = [
  { fen: SCHOLAR, moves: ['h5f7'] },
  { fen: MATE_IN_TWO, moves: ['d5d8', 'e7d8', 'e1e8'] },
  { fen: START, moves: ['e2e4'] },
]

const world = () => server.current.courseWorld()

const create = (user: TestUser, payload: object) =>
  inject({ method: 'POST', url: '/api/modules', headers: user.auth, payload })
const patch = (user: TestUser, moduleId: string, payload: object) =>
  inject({ method: 'PATCH', url: `/api/modules/${moduleId}`, headers: user.auth, payload })
const record = (user: TestUser | undefined, moduleId: string, index: number | string, payload: unknown) =>
  inject({
    method: 'PUT',
    url: `/api/modules/${moduleId}/puzzles/${index}`,
    headers: { ...(user?.auth ?? {}), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  })
const listed = async (user: TestUser, courseId: string): Promise<Module[]> =>
  expectContract(
    'getModulesByCourse',
    await inject({ method: 'GET', url: `/api/modules/course/${courseId}`, headers: user.auth }),
  ) as Module[]

/** A module of the course carrying SET and no video. */
async function setModule(owner: TestUser, courseId: string, puzzles: object[] = SET): Promise<Module> {
  const res = await create(owner, { title: 'Mates', description: 'Find the mate.', courseId, puzzles })
  expect(res.statusCode, res.body).toBe(201)
  return expectContract('createModule', res) as Module
}

async function recorded(user: TestUser, moduleId: string, index: number, solved: boolean) {
  const res = await record(user, moduleId, index, { solved })
  expect(res.statusCode, res.body).toBe(200)
  return expectContract('recordModulePuzzle', res) as Schema<'ModulePuzzleResults'>
}

const results = () =>
  q(
    'SELECT user_id, module_id, puzzle, solved FROM module_puzzle_results ORDER BY user_id, module_id, puzzle',
  )

const completedFor = async (user: TestUser, moduleId: string) =>
  (
    await q<{ completed: boolean }>(
      'SELECT completed_at IS NOT NULL AS completed FROM module_progress WHERE user_id = $1 AND module_id = $2',
      [user.id, moduleId],
    )
  )[0]?.completed ?? false

describe('a module with a puzzle set (createModule, updateModule)', () => {
  it('adds a module that is a puzzle set alone, no video needed, and lists it with no results yet', async () => {
    const { owner, enrolled, courseId } = await world()
    const module = await setModule(owner, courseId, [{ ...SET[0], fen: `  ${SCHOLAR}  ` }, SET[1]])
    // the FEN as chess.js writes it
    expect(module).toMatchObject({ videoUrl: null, line: null, puzzles: SET.slice(0, 2) })
    expect(module.puzzleResults).toEqual([null, null])
    const [seen] = await listed(enrolled, courseId)
    expect(seen).toMatchObject({ puzzles: SET.slice(0, 2), puzzleResults: [null, null] })
    // a module without a set has none
    const plain = expectContract(
      'createModule',
      await create(owner, { title: 'Video', description: 'd', courseId, videoUrl: 'https://vimeo.com/1' }),
    ) as Module
    expect(plain).toMatchObject({ puzzles: null, puzzleResults: null })
  })

  it.each([
    [
      'an illegal move',
      [SET[0], { fen: START, moves: ['e2e4', 'e7e4', 'g1f3'] }],
      'Puzzle 2: move 2 (e7e4) is illegal',
    ],
    [
      'a position that is not legal',
      [{ fen: '8/8/8/8/8/8/8/8 w - - 0 1', moves: ['a1a2'] }],
      'Puzzle 1: the FEN is not a legal position',
    ],
    [
      "a solution ending with the opponent's move",
      [{ fen: START, moves: ['e2e4', 'e7e5'] }],
      "Puzzle 1: the last move is the opponent's",
    ],
    ['a move that is no UCI', [{ fen: START, moves: ['e4'] }], 'moves'],
    ['a puzzle without moves', [{ fen: START, moves: [] }], 'moves'],
    ['an empty set', [], 'puzzles'],
    ['more than 100 puzzles', Array.from({ length: 101 }, () => SET[0]), 'puzzles'],
    ['an unknown field in a puzzle', [{ ...SET[0], rating: 1500 }], 'rating'],
  ])('refuses %s with a 400 naming it, and stores nothing', async (_what, puzzles, named) => {
    const { owner, courseId } = await world()
    const res = await create(owner, { title: 'Mates', description: 'd', courseId, puzzles })
    expect(expectProblem('createModule', res, 400).detail).toContain(named)
    expect(await q('SELECT 1 FROM modules')).toHaveLength(0)
  })

  it('still asks for a video when a module has neither a line nor a set', async () => {
    const { owner, courseId } = await world()
    const res = await create(owner, { title: 'Mates', description: 'd', courseId, puzzles: null })
    expect(expectProblem('createModule', res, 400).detail).toContain('videoUrl is required')
    const module = await setModule(owner, courseId)
    const removed = await patch(owner, module._id, { puzzles: null })
    expect(expectProblem('updateModule', removed, 400).detail).toContain('videoUrl is required')
    expect((await listed(owner, courseId))[0].puzzles).toEqual(SET)
  })

  it('replaces a set, keeping the results of the puzzles still the same at the same place', async () => {
    const { owner, enrolled, courseId } = await world()
    const module = await setModule(owner, courseId)
    await recorded(enrolled, module._id, 0, true)
    await recorded(enrolled, module._id, 1, false)
    await recorded(enrolled, module._id, 2, true)
    // the second puzzle removed: the third moves to its place, so only the first keeps its result
    const res = await patch(owner, module._id, { puzzles: [SET[0], SET[2]] })
    expect(res.statusCode, res.body).toBe(200)
    expect(expectContract('updateModule', res)).toMatchObject({ puzzles: [SET[0], SET[2]] })
    expect((await listed(enrolled, courseId))[0].puzzleResults).toEqual([true, null])
    // an edit that leaves the set alone leaves its results alone
    expect((await patch(owner, module._id, { title: 'Mates again' })).statusCode).toBe(200)
    expect((await listed(enrolled, courseId))[0].puzzleResults).toEqual([true, null])
    // a set removed (the module keeps a video) takes its results with it
    expect(
      (await patch(owner, module._id, { puzzles: null, videoUrl: 'https://vimeo.com/1' })).statusCode,
    ).toBe(200)
    expect((await listed(enrolled, courseId))[0]).toMatchObject({ puzzles: null, puzzleResults: null })
    expect(await results()).toEqual([])
  })

  it('refuses a bad set in an edit (400, naming the puzzle) and keeps the set as it was', async () => {
    const { owner, courseId } = await world()
    const module = await setModule(owner, courseId)
    const res = await patch(owner, module._id, { puzzles: [SET[0], { fen: START, moves: ['e2e5'] }] })
    expect(expectProblem('updateModule', res, 400).detail).toBe('Puzzle 2: move 1 (e2e5) is illegal')
    expect((await listed(owner, courseId))[0].puzzles).toEqual(SET)
  })
})

describe('PUT /api/modules/{moduleId}/puzzles/{index} (recordModulePuzzle)', () => {
  it("keeps an enrolled student's first result of each puzzle; a retry changes nothing", async () => {
    const { owner, enrolled, courseId } = await world()
    const module = await setModule(owner, courseId)
    expect(await recorded(enrolled, module._id, 1, false)).toEqual({
      moduleId: module._id,
      puzzleResults: [null, false, null],
      completed: false,
    })
    expect((await recorded(enrolled, module._id, 1, true)).puzzleResults).toEqual([null, false, null])
    expect((await listed(enrolled, courseId))[0].puzzleResults).toEqual([null, false, null])
    // the instructor's list shows the instructor's own results: none
    expect((await listed(owner, courseId))[0].puzzleResults).toEqual([null, null, null])
  })

  it('completes the module once every puzzle has a result, solved or not', async () => {
    const { owner, enrolled, courseId } = await world()
    const module = await setModule(owner, courseId)
    await recorded(enrolled, module._id, 0, true)
    await recorded(enrolled, module._id, 2, false)
    expect(await completedFor(enrolled, module._id)).toBe(false)
    expect(await recorded(enrolled, module._id, 1, true)).toEqual({
      moduleId: module._id,
      puzzleResults: [true, true, false],
      completed: true,
    })
    expect(await completedFor(enrolled, module._id)).toBe(true)
    const mine = expectContract(
      'getMyProgress',
      await inject({ method: 'GET', url: '/api/progress', headers: enrolled.auth }),
    ) as Schema<'CourseProgress'>[]
    expect(mine.find((c) => c.courseId === courseId)).toMatchObject({ completedModules: 1, totalModules: 1 })
  })

  it('refuses who is not enrolled (403), no token (401), an unknown module or puzzle (404), bad input (400); nothing is stored', async () => {
    const { owner, otherTeacher, admin, outsider, enrolled, courseId } = await world()
    const module = await setModule(owner, courseId)
    expectProblem('recordModulePuzzle', await record(undefined, module._id, 0, { solved: true }), 401)
    for (const who of [owner, otherTeacher, admin, outsider])
      expectProblem('recordModulePuzzle', await record(who, module._id, 0, { solved: true }), 403)
    expectProblem('recordModulePuzzle', await record(enrolled, unknownId(), 0, { solved: true }), 404)
    expectProblem('recordModulePuzzle', await record(enrolled, module._id, 3, { solved: true }), 404)
    const plain = expectContract(
      'createModule',
      await create(owner, { title: 'Video', description: 'd', courseId, videoUrl: 'https://vimeo.com/1' }),
    ) as Module
    expectProblem('recordModulePuzzle', await record(enrolled, plain._id, 0, { solved: true }), 404)
    for (const [index, body] of [
      [100, { solved: true }],
      [-1, { solved: true }],
      ['01', { solved: true }],
      ['one', { solved: true }],
      [0, { solved: 'yes' }],
      [0, {}],
      [0, { solved: true, rating: 1 }],
    ] as const)
      expectProblem('recordModulePuzzle', await record(enrolled, module._id, index, body), 400)
    expectProblem('recordModulePuzzle', await record(enrolled, 'zzz', 0, { solved: true }), 400)
    expect(await results()).toEqual([])
    expect(await q('SELECT 1 FROM module_progress')).toEqual([])
  })

  it("answers a draft's module 404 to who may not see the draft, and records for its enrolled student", async () => {
    const { owner, otherTeacher, enrolled, outsider, courseId } = await world()
    const module = await setModule(owner, courseId)
    await q('UPDATE courses SET published = false WHERE id = $1', [courseId])
    for (const who of [otherTeacher, outsider])
      expectProblem('recordModulePuzzle', await record(who, module._id, 0, { solved: true }), 404)
    expectProblem('recordModulePuzzle', await record(owner, module._id, 0, { solved: true }), 403)
    expect((await recorded(enrolled, module._id, 0, true)).puzzleResults).toEqual([true, null, null])
  })
})

describe("the course's progress table (getCourseProgress)", () => {
  it("counts each student's puzzles solved and tried over the course's sets, of all the sets' puzzles", async () => {
    const { owner, enrolled, courseId } = await world()
    const other = await server.current.createUser('student', { username: 'zoe' })
    await q('INSERT INTO enrollments (course_id, student_id) VALUES ($1, $2)', [courseId, other.id])
    const first = await setModule(owner, courseId)
    const second = await setModule(owner, courseId, [SET[0], SET[1]])
    const table = async () =>
      expectContract(
        'getCourseProgress',
        await inject({ method: 'GET', url: `/api/courses/${courseId}/progress`, headers: owner.auth }),
      ) as StudentProgress[]
    expect((await table()).map((r) => [r.puzzlesSolved, r.puzzlesTried, r.puzzlesTotal])).toEqual([
      [0, 0, 5],
      [0, 0, 5],
    ])
    await recorded(enrolled, first._id, 0, true)
    await recorded(enrolled, first._id, 1, false)
    await recorded(enrolled, second._id, 1, true)
    const rows = await table()
    // a result is activity: the student who recorded comes first
    expect(rows[0]).toMatchObject({
      student: { _id: enrolled.id },
      puzzlesSolved: 2,
      puzzlesTried: 3,
      puzzlesTotal: 5,
    })
    expect(rows[0].lastActivityAt).not.toBeNull()
    expect(rows[1]).toMatchObject({ student: { _id: other.id }, puzzlesSolved: 0, puzzlesTried: 0 })
    // a course without sets: none
    const plainCourse = await server.current.createCourse(owner)
    await q('INSERT INTO enrollments (course_id, student_id) VALUES ($1, $2)', [plainCourse, enrolled.id])
    const [plain] = expectContract(
      'getCourseProgress',
      await inject({ method: 'GET', url: `/api/courses/${plainCourse}/progress`, headers: owner.auth }),
    ) as StudentProgress[]
    expect(plain).toMatchObject({ puzzlesSolved: 0, puzzlesTried: 0, puzzlesTotal: 0 })
  })
})
