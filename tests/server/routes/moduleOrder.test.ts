import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { expectContract, expectProblem } from '../../helpers/contract'
import { type TestUser, unknownId, useTestServer } from '../../helpers/buildServer'

const server = useTestServer()
const inject = (opts: InjectOptions) => server.current.app.inject(opts)

async function world() {
  const owner = await server.current.createUser('instructor')
  const otherTeacher = await server.current.createUser('instructor')
  const admin = await server.current.createUser('admin')
  const student = await server.current.createUser('student')
  const courseId = await server.current.createCourse(owner)
  await server.current.db.query('INSERT INTO enrollments (course_id, student_id) VALUES ($1, $2)', [
    courseId,
    student.id,
  ])
  const ids: string[] = []
  for (const title of ['Openings', 'Middlegames', 'Endgames']) {
    const made = await inject({
      method: 'POST',
      url: '/api/modules',
      headers: owner.auth,
      payload: { title, description: `${title} in short`, videoUrl: 'https://example.com/v.mp4', courseId },
    })
    ids.push(expectContract('createModule', made)._id)
  }
  return { owner, otherTeacher, admin, student, courseId, ids }
}

const reorder = (user: TestUser | undefined, courseId: string, moduleIds: string[]) =>
  inject({
    method: 'PUT',
    url: `/api/courses/${courseId}/modules/order`,
    headers: user?.auth ?? {},
    payload: { moduleIds },
  })

const titles = (list: { title: string }[]) => list.map((m: { title: string }) => m.title)

describe('PUT /api/courses/{courseId}/modules/order', () => {
  it('puts the modules in the new order for the instructor, and the order holds in the modules list and the curriculum', async () => {
    const { owner, student, courseId, ids } = await world()
    const answer = expectContract('reorderModules', await reorder(owner, courseId, [ids[2], ids[0], ids[1]]))
    expect(titles(answer)).toEqual(['Endgames', 'Openings', 'Middlegames'])
    expect(answer.map((m: { position: number }) => m.position)).toEqual([1, 2, 3])

    const modules = await inject({
      method: 'GET',
      url: `/api/modules/course/${courseId}`,
      headers: student.auth,
    })
    expect(titles(expectContract('getModulesByCourse', modules))).toEqual([
      'Endgames',
      'Openings',
      'Middlegames',
    ])
    const curriculum = await inject({ method: 'GET', url: `/api/courses/${courseId}/curriculum` })
    expect(titles(expectContract('getCourseCurriculum', curriculum))).toEqual([
      'Endgames',
      'Openings',
      'Middlegames',
    ])
    // A module added later goes last.
    const added = await inject({
      method: 'POST',
      url: '/api/modules',
      headers: owner.auth,
      payload: { title: 'Tactics', description: 'Forks', videoUrl: 'https://example.com/t.mp4', courseId },
    })
    expect(expectContract('createModule', added).position).toBe(4)
  })

  it("drives the progress's next module ('Continue'): the first not completed in the new order", async () => {
    const { owner, student, courseId, ids } = await world()
    await inject({
      method: 'PUT',
      url: `/api/progress/modules/${ids[0]}/completion`,
      headers: student.auth,
      payload: { completed: true },
    })
    const next = async () => {
      const mine = expectContract(
        'getMyProgress',
        await inject({ method: 'GET', url: '/api/progress', headers: student.auth }),
      )
      return mine.find((c: { courseId: string }) => c.courseId === courseId)?.nextModuleId
    }
    expect(await next()).toBe(ids[1])
    expectContract('reorderModules', await reorder(owner, courseId, [ids[0], ids[2], ids[1]]))
    expect(await next()).toBe(ids[2])
  })

  it('lets an admin reorder', async () => {
    const { admin, courseId, ids } = await world()
    const answer = expectContract('reorderModules', await reorder(admin, courseId, [...ids].reverse()))
    expect(titles(answer)).toEqual(['Endgames', 'Middlegames', 'Openings'])
  })

  it('refuses anonymous (401), a student and another instructor (403), an unknown course (404), changing nothing', async () => {
    const { student, otherTeacher, owner, courseId, ids } = await world()
    const order = [ids[1], ids[0], ids[2]]
    expectProblem('reorderModules', await reorder(undefined, courseId, order), 401)
    expectProblem('reorderModules', await reorder(student, courseId, order), 403)
    expectProblem('reorderModules', await reorder(otherTeacher, courseId, order), 403)
    expectProblem('reorderModules', await reorder(owner, unknownId(), order), 404)
    const rows = await server.current.db.query<{ title: string }>(
      'SELECT title FROM modules WHERE course_id = $1 ORDER BY position',
      [courseId],
    )
    expect(titles(rows)).toEqual(['Openings', 'Middlegames', 'Endgames'])
  })

  it.each([
    ['a module missing (one added since the list was read)', (ids: string[]) => [ids[1], ids[0]]],
    ['a module of another course or deleted', (ids: string[]) => [ids[1], ids[0], ids[2], unknownId()]],
    ['an id swapped for another', (ids: string[]) => [ids[1], ids[0], unknownId()]],
  ])('answers 409 for a stale order: %s, changing nothing', async (_label, make) => {
    const { owner, courseId, ids } = await world()
    const problem = expectProblem('reorderModules', await reorder(owner, courseId, make(ids)), 409)
    expect(problem.detail).toContain('modules')
    const rows = await server.current.db.query<{ title: string }>(
      'SELECT title FROM modules WHERE course_id = $1 ORDER BY position',
      [courseId],
    )
    expect(titles(rows)).toEqual(['Openings', 'Middlegames', 'Endgames'])
  })

  it('answers 400 for a repeated id, a malformed id or a missing list', async () => {
    const { owner, courseId, ids } = await world()
    expectProblem('reorderModules', await reorder(owner, courseId, [ids[0], ids[0], ids[1]]), 400)
    expectProblem('reorderModules', await reorder(owner, courseId, ['not-an-id']), 400)
    expectProblem(
      'reorderModules',
      await inject({
        method: 'PUT',
        url: `/api/courses/${courseId}/modules/order`,
        headers: owner.auth,
        payload: {},
      }),
      400,
    )
  })
})

describe('a module without a video', () => {
  const line = { pgn: '1. e4 e5 2. Nf3 Nc6', side: 'white' }

  it('may be a line alone: videoUrl absent or null on create, null on read; the video may be removed later', async () => {
    const { owner, student, courseId } = await world()
    const made = await inject({
      method: 'POST',
      url: '/api/modules',
      headers: owner.auth,
      payload: { title: 'A study', description: 'Moves only', courseId, line },
    })
    expect(expectContract('createModule', made)).toMatchObject({ videoUrl: null, line })
    const nulled = await inject({
      method: 'POST',
      url: '/api/modules',
      headers: owner.auth,
      payload: { title: 'Exercises', description: 'Moves only', courseId, line, videoUrl: null },
    })
    expect(expectContract('createModule', nulled).videoUrl).toBeNull()
    const list = expectContract(
      'getModulesByCourse',
      await inject({ method: 'GET', url: `/api/modules/course/${courseId}`, headers: student.auth }),
    )
    expect(
      list
        .filter((m: { videoUrl: string | null }) => m.videoUrl === null)
        .map((m: { title: string }) => m.title),
    ).toEqual(['A study', 'Exercises'])
  })

  it('still needs a video without a line (400 naming videoUrl), on create and on update', async () => {
    const { owner, courseId, ids } = await world()
    const made = await inject({
      method: 'POST',
      url: '/api/modules',
      headers: owner.auth,
      payload: { title: 'Nothing', description: 'Neither', courseId, videoUrl: null },
    })
    expect(expectProblem('createModule', made, 400).detail).toContain('videoUrl')
    const removed = await inject({
      method: 'PATCH',
      url: `/api/modules/${ids[0]}`,
      headers: owner.auth,
      payload: { videoUrl: null },
    })
    expect(expectProblem('updateModule', removed, 400).detail).toContain('videoUrl')
    // With a line given in the same request, the video may go.
    const swapped = await inject({
      method: 'PATCH',
      url: `/api/modules/${ids[0]}`,
      headers: owner.auth,
      payload: { videoUrl: null, line },
    })
    expect(expectContract('updateModule', swapped)).toMatchObject({ videoUrl: null, line })
    // And then the line may not go without a video coming back.
    const bare = await inject({
      method: 'PATCH',
      url: `/api/modules/${ids[0]}`,
      headers: owner.auth,
      payload: { line: null },
    })
    expect(expectProblem('updateModule', bare, 400).detail).toContain('videoUrl')
  })
})
