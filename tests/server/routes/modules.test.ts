import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { expectContract, expectProblem } from '../../helpers/contract'
import { type TestUser, unknownId, useTestServer } from '../../helpers/buildServer'

const server = useTestServer()
const inject = (opts: InjectOptions) => server.current.app.inject(opts)
const moduleInput = (courseId: string) => ({
  title: 'The Lucena position',
  description: 'Building a bridge',
  videoUrl: 'https://www.youtube.com/watch?v=abc123',
  courseId,
})

async function world() {
  const owner = await server.current.createUser('instructor')
  const otherTeacher = await server.current.createUser('instructor')
  const admin = await server.current.createUser('admin')
  const enrolled = await server.current.createUser('student')
  const outsider = await server.current.createUser('student')
  const courseId = await server.current.createCourse(owner)
  await server.current.db.query('INSERT INTO enrollments (course_id, student_id) VALUES ($1, $2)', [courseId, enrolled.id])
  return { owner, otherTeacher, admin, enrolled, outsider, courseId }
}

const create = (user: TestUser | undefined, payload: object) =>
  inject({ method: 'POST', url: '/api/modules', headers: user?.auth ?? {}, payload })

describe('POST /api/modules', () => {
  it('lets the course instructor and an admin add modules, in order', async () => {
    const { owner, admin, courseId } = await world()
    const first = await create(owner, moduleInput(courseId))
    expect(first.statusCode).toBe(201)
    expect(expectContract('createModule', first)).toMatchObject({ ...moduleInput(courseId), videoId: null, position: 1 })
    const second = expectContract('createModule', await create(admin, { ...moduleInput(courseId), title: 'Philidor' }))
    expect(second.position).toBe(2)
  })

  it('refuses anonymous (401), students and other instructors (403), unknown courses (404)', async () => {
    const { otherTeacher, enrolled, owner, courseId } = await world()
    expectProblem('createModule', await create(undefined, moduleInput(courseId)), 401)
    expectProblem('createModule', await create(enrolled, moduleInput(courseId)), 403)
    expectProblem('createModule', await create(otherTeacher, moduleInput(courseId)), 403)
    expectProblem('createModule', await create(owner, moduleInput(unknownId())), 404)
    expect(await server.current.db.query('SELECT 1 FROM modules')).toHaveLength(0)
  })

  it.each([
    ['a missing videoUrl', { title: 't', description: 'd' }, 'videoUrl'],
    ['a javascript: videoUrl', { videoUrl: 'javascript:alert(1)' }, 'videoUrl'],
    ['an empty title', { title: '' }, 'title'],
    ['an unknown field', { extra: 1 }, 'extra'],
  ])('answers 400 for %s', async (_l, change, field) => {
    const { owner, courseId } = await world()
    const payload: Record<string, unknown> = { ...moduleInput(courseId), ...change }
    if (!('videoUrl' in change) && field === 'videoUrl') delete payload.videoUrl
    const problem = expectProblem('createModule', await create(owner, payload), 400)
    expect(problem.detail).toContain(field)
  })

  it('refuses a videoId of another course (400) and an unknown videoId (404)', async () => {
    const { owner, courseId } = await world()
    const otherCourse = await server.current.createCourse(owner)
    const videoId = unknownId()
    await server.current.db.query(
      "INSERT INTO videos (id, course_id, stored_name, original_name, mime_type, size) VALUES ($1, $2, $3, 'v.webm', 'video/webm', 1)",
      [videoId, otherCourse, `${videoId}.webm`],
    )
    expectProblem('createModule', await create(owner, { ...moduleInput(courseId), videoId }), 400)
    expectProblem('createModule', await create(owner, { ...moduleInput(courseId), videoId: unknownId() }), 404)
  })
})

describe('GET /api/modules/course/{courseId}', () => {
  it('shows modules to enrolled students, any instructor and admins', async () => {
    const { owner, otherTeacher, admin, enrolled, courseId } = await world()
    await create(owner, moduleInput(courseId))
    for (const user of [owner, otherTeacher, admin, enrolled]) {
      const res = await inject({ method: 'GET', url: `/api/modules/course/${courseId}`, headers: user.auth })
      expect(expectContract('getModulesByCourse', res), user.role).toHaveLength(1)
    }
  })

  it('refuses students who are not enrolled (403) and anonymous callers (401); unknown course 404', async () => {
    const { outsider, admin, courseId } = await world()
    expectProblem('getModulesByCourse', await inject({ method: 'GET', url: `/api/modules/course/${courseId}`, headers: outsider.auth }), 403)
    expectProblem('getModulesByCourse', await inject({ method: 'GET', url: `/api/modules/course/${courseId}` }), 401)
    expectProblem('getModulesByCourse', await inject({ method: 'GET', url: `/api/modules/course/${unknownId()}`, headers: admin.auth }), 404)
    expectProblem('getModulesByCourse', await inject({ method: 'GET', url: '/api/modules/course/zzz', headers: admin.auth }), 400)
  })
})

describe('PATCH and DELETE /api/modules/{moduleId}', () => {
  it('lets the course instructor update and delete a module', async () => {
    const { owner, courseId } = await world()
    const m = (await create(owner, moduleInput(courseId))).json()
    const res = await inject({ method: 'PATCH', url: `/api/modules/${m._id}`, headers: owner.auth, payload: { title: 'Renamed', videoUrl: '/media/local.mp4' } })
    expect(expectContract('updateModule', res)).toMatchObject({ _id: m._id, title: 'Renamed', videoUrl: '/media/local.mp4', description: 'Building a bridge' })
    const del = await inject({ method: 'DELETE', url: `/api/modules/${m._id}`, headers: owner.auth })
    expect(del.statusCode).toBe(204)
    expectContract('deleteModule', del)
    expectProblem('deleteModule', await inject({ method: 'DELETE', url: `/api/modules/${m._id}`, headers: owner.auth }), 404)
  })

  it('refuses other instructors and students (403), anonymous (401), bad input (400), unknown ids (404)', async () => {
    const { owner, otherTeacher, enrolled, admin, courseId } = await world()
    const m = (await create(owner, moduleInput(courseId))).json()
    const url = `/api/modules/${m._id}`
    expectProblem('updateModule', await inject({ method: 'PATCH', url, headers: otherTeacher.auth, payload: { title: 'x' } }), 403)
    expectProblem('updateModule', await inject({ method: 'PATCH', url, headers: enrolled.auth, payload: { title: 'x' } }), 403)
    expectProblem('updateModule', await inject({ method: 'PATCH', url, payload: { title: 'x' } }), 401)
    expectProblem('updateModule', await inject({ method: 'PATCH', url, headers: owner.auth, payload: {} }), 400)
    expectProblem('updateModule', await inject({ method: 'PATCH', url, headers: owner.auth, payload: { courseId } }), 400)
    expectProblem('updateModule', await inject({ method: 'PATCH', url: `/api/modules/${unknownId()}`, headers: owner.auth, payload: { title: 'x' } }), 404)
    expectProblem('deleteModule', await inject({ method: 'DELETE', url, headers: otherTeacher.auth }), 403)
    expectProblem('deleteModule', await inject({ method: 'DELETE', url, headers: enrolled.auth }), 403)
    expectProblem('deleteModule', await inject({ method: 'DELETE', url }), 401)
    expectProblem('deleteModule', await inject({ method: 'DELETE', url: '/api/modules/1', headers: owner.auth }), 400)
    const [row] = await server.current.db.query<{ title: string }>('SELECT title FROM modules WHERE id = $1', [m._id])
    expect(row!.title).toBe('The Lucena position')
    expect((await inject({ method: 'DELETE', url, headers: admin.auth })).statusCode).toBe(204)
  })
})
