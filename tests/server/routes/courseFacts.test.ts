// A course's facts: its level and 'What you'll learn' set with the course (createCourse, updateCourse), shown by every
// reading of it (the kept course list included, once changed), refused when malformed; the curriculum's puzzle counts.
import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { expectContract, expectProblem } from '../../helpers/contract'
import { type TestUser, useTestServer } from '../../helpers/buildServer'

const server = useTestServer()
const inject = (opts: InjectOptions) => server.current.app.inject(opts)

const POINTS = ['How every piece moves', 'Mate with a rook']
const create = (user: TestUser, payload: object) =>
  inject({ method: 'POST', url: '/api/courses', headers: user.auth, payload })
const patch = (user: TestUser, courseId: string, payload: object) =>
  inject({ method: 'PATCH', url: `/api/courses/${courseId}`, headers: user.auth, payload })
const listed = async (courseId: string) =>
  expectContract('getCourses', await inject({ method: 'GET', url: '/api/courses' })).find(
    (c: { _id: string }) => c._id === courseId,
  )

describe("a course's level and learning points", () => {
  it('are unset on a course made without them, set with it, changed and unset by a patch, the list following', async () => {
    const teacher = await server.current.createUser('instructor')
    const plainId = await server.current.createCourse(teacher)
    expect(await listed(plainId)).toMatchObject({ level: null, learningPoints: [] })

    const made = expectContract(
      'createCourse',
      await create(teacher, {
        title: 'Basics',
        description: 'd',
        price: 0,
        level: 'Beginner',
        learningPoints: POINTS,
      }),
    )
    expect(made).toMatchObject({ level: 'Beginner', learningPoints: POINTS })
    // The course list is kept between changes: a read before the change must not hide it after.
    expect(await listed(made._id)).toMatchObject({ level: 'Beginner', learningPoints: POINTS })

    const changed = expectContract('updateCourse', await patch(teacher, made._id, { level: 'Advanced' }))
    expect(changed).toMatchObject({ level: 'Advanced', learningPoints: POINTS, title: 'Basics' })
    expect(await listed(made._id)).toMatchObject({ level: 'Advanced', learningPoints: POINTS })

    const unset = expectContract(
      'updateCourse',
      await patch(teacher, made._id, { level: null, learningPoints: [] }),
    )
    expect(unset).toMatchObject({ level: null, learningPoints: [] })
    const one = expectContract('getCourse', await inject({ method: 'GET', url: `/api/courses/${made._id}` }))
    expect(one).toMatchObject({ level: null, learningPoints: [] })
  })

  it.each([
    ['an unknown level', { level: 'expert' }, 'level'],
    ['nine points', { learningPoints: Array.from({ length: 9 }, (_, i) => `Point ${i}`) }, 'learningPoints'],
    ['a point of 121 characters', { learningPoints: ['x'.repeat(121)] }, 'learningPoints'],
    ['an empty point', { learningPoints: [''] }, 'learningPoints'],
    ['a point of spaces only', { learningPoints: ['   '] }, 'learningPoints'],
    ['points given as text', { learningPoints: 'Forks' }, 'learningPoints'],
  ])('refuses %s with a 400 naming it, changing nothing', async (_what, payload, named) => {
    const teacher = await server.current.createUser('instructor')
    const courseId = expectContract(
      'createCourse',
      await create(teacher, {
        title: 'T',
        description: 'd',
        price: 1,
        level: 'Beginner',
        learningPoints: POINTS,
      }),
    )._id
    const refused = expectProblem('updateCourse', await patch(teacher, courseId, payload), 400)
    expect(refused.detail).toContain(named)
    const made = expectProblem(
      'createCourse',
      await create(teacher, { title: 'U', description: 'd', price: 1, ...payload }),
      400,
    )
    expect(made.detail).toContain(named)
    expect(await listed(courseId)).toMatchObject({ level: 'Beginner', learningPoints: POINTS })
    expect(await server.current.db.query('SELECT 1 FROM courses')).toHaveLength(1)
  })

  it("are changed only by the course's instructor or an admin", async () => {
    const owner = await server.current.createUser('instructor')
    const other = await server.current.createUser('instructor')
    const courseId = await server.current.createCourse(owner)
    expectProblem('updateCourse', await patch(other, courseId, { level: 'Advanced' }), 403)
    expect(await listed(courseId)).toMatchObject({ level: null })
  })
})

describe("the curriculum's puzzle counts", () => {
  it("say how many puzzles each module's set holds, 0 without a set", async () => {
    const owner = await server.current.createUser('instructor')
    const courseId = await server.current.createCourse(owner)
    const FEN = 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4'
    const modules = [
      {
        title: 'Mates',
        puzzles: [
          { fen: FEN, moves: ['h5f7'] },
          { fen: FEN, moves: ['h5f7'] },
        ],
      },
      { title: 'Watch', videoUrl: 'https://example.com/v.mp4' },
    ]
    for (const m of modules) {
      const res = await inject({
        method: 'POST',
        url: '/api/modules',
        headers: owner.auth,
        payload: { description: 'd', courseId, ...m },
      })
      expect(res.statusCode, res.body).toBe(201)
    }
    const entries = expectContract(
      'getCourseCurriculum',
      await inject({ method: 'GET', url: `/api/courses/${courseId}/curriculum` }),
    )
    expect(entries.map((e: { title: string; puzzleCount: number }) => [e.title, e.puzzleCount])).toEqual([
      ['Mates', 2],
      ['Watch', 0],
    ])
  })
})
