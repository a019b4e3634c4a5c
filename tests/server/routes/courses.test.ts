import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { expectContract, expectProblem } from '../../helpers/contract'
import { unknownId, useTestServer } from '../../helpers/buildServer'

const server = useTestServer()
const inject = (opts: InjectOptions) => server.current.app.inject(opts)
const input = { title: 'Sicilian Najdorf', description: 'Sharp lines for Black', price: 19.99 }

describe('GET /api/courses and GET /api/courses/{courseId}', () => {
  it('lists every course, newest first, with name equal to title and the instructor, to anyone', async () => {
    const teacher = await server.current.createUser('instructor')
    const older = await server.current.createCourse(teacher, { title: 'Older' })
    const newer = await server.current.createCourse(teacher, { title: 'Newer', price: 0 })
    const res = await inject({ method: 'GET', url: '/api/courses' })
    const body = expectContract('getCourses', res)
    expect(body.map((c: { _id: string }) => c._id)).toEqual([newer, older])
    expect(body[0]).toMatchObject({
      title: 'Newer',
      name: 'Newer',
      price: 0,
      instructor: { _id: teacher.id, username: teacher.username },
    })
  })

  it('answers one course by id, 404 for an unknown id and 400 for a malformed id', async () => {
    const teacher = await server.current.createUser('instructor')
    const id = await server.current.createCourse(teacher, { title: 'Endgames', price: 12.5 })
    const body = expectContract('getCourse', await inject({ method: 'GET', url: `/api/courses/${id}` }))
    expect(body).toMatchObject({ _id: id, name: 'Endgames', price: 12.5 })
    expectProblem('getCourse', await inject({ method: 'GET', url: `/api/courses/${unknownId()}` }), 404)
    expectProblem('getCourse', await inject({ method: 'GET', url: '/api/courses/not-a-uuid' }), 400)
  })
})

describe('POST /api/courses', () => {
  it.each(['instructor', 'admin'] as const)(
    'lets an %s create a course and become its instructor',
    async (role) => {
      const user = await server.current.createUser(role)
      const res = await inject({ method: 'POST', url: '/api/courses', headers: user.auth, payload: input })
      const body = expectContract('createCourse', res)
      expect(res.statusCode).toBe(201)
      expect(body).toMatchObject({ ...input, name: input.title, instructor: { _id: user.id } })
    },
  )

  it('refuses anonymous callers (401) and students (403)', async () => {
    expectProblem('createCourse', await inject({ method: 'POST', url: '/api/courses', payload: input }), 401)
    const student = await server.current.createUser('student')
    expectProblem(
      'createCourse',
      await inject({ method: 'POST', url: '/api/courses', headers: student.auth, payload: input }),
      403,
    )
    expect(await server.current.db.query('SELECT 1 FROM courses')).toHaveLength(0)
  })

  it.each([
    ['a negative price', { ...input, price: -1 }, 'price'],
    ['a price given as a string', { ...input, price: '10' }, 'price'],
    ['an empty title', { ...input, title: '' }, 'title'],
    ['a missing description', { title: 'x', price: 1 }, 'description'],
    ['an extra field', { ...input, instructorId: 'x' }, 'instructorId'],
  ])('answers 400 for %s', async (_l, payload, field) => {
    const teacher = await server.current.createUser('instructor')
    const problem = expectProblem(
      'createCourse',
      await inject({ method: 'POST', url: '/api/courses', headers: teacher.auth, payload }),
      400,
    )
    expect(problem.detail).toContain(field)
  })
})

describe('PATCH /api/courses/{courseId}', () => {
  it('lets the course instructor and an admin edit; another instructor and a student get 403', async () => {
    const owner = await server.current.createUser('instructor')
    const other = await server.current.createUser('instructor')
    const student = await server.current.createUser('student')
    const admin = await server.current.createUser('admin')
    const id = await server.current.createCourse(owner)
    const patch = (headers: Record<string, string>, payload: object) =>
      inject({ method: 'PATCH', url: `/api/courses/${id}`, headers, payload })
    const res = await patch(owner.auth, { title: 'Renamed', price: 5 })
    expect(expectContract('updateCourse', res)).toMatchObject({
      title: 'Renamed',
      name: 'Renamed',
      price: 5,
      description: 'A course for tests',
    })
    expect(
      expectContract('updateCourse', await patch(admin.auth, { description: 'By admin' })),
    ).toMatchObject({ description: 'By admin' })
    expectProblem('updateCourse', await patch(other.auth, { title: 'Hijack' }), 403)
    expectProblem('updateCourse', await patch(student.auth, { title: 'Hijack' }), 403)
    expectProblem('updateCourse', await patch({}, { title: 'Hijack' }), 401)
    const [row] = await server.current.db.query<{ title: string }>(
      'SELECT title FROM courses WHERE id = $1',
      [id],
    )
    expect(row.title).toBe('Renamed')
  })

  it('answers 404 for an unknown course and 400 for an empty or invalid patch', async () => {
    const owner = await server.current.createUser('instructor')
    const id = await server.current.createCourse(owner)
    expectProblem(
      'updateCourse',
      await inject({
        method: 'PATCH',
        url: `/api/courses/${unknownId()}`,
        headers: owner.auth,
        payload: { title: 'x' },
      }),
      404,
    )
    expectProblem(
      'updateCourse',
      await inject({ method: 'PATCH', url: `/api/courses/${id}`, headers: owner.auth, payload: {} }),
      400,
    )
    expectProblem(
      'updateCourse',
      await inject({
        method: 'PATCH',
        url: `/api/courses/${id}`,
        headers: owner.auth,
        payload: { price: -3 },
      }),
      400,
    )
  })
})

describe('DELETE /api/courses/{courseId}', () => {
  it('deletes the course with its modules, enrollments and cart items (owner); others are refused', async () => {
    const owner = await server.current.createUser('instructor')
    const other = await server.current.createUser('instructor')
    const student = await server.current.createUser('student')
    const id = await server.current.createCourse(owner)
    const db = server.current.db
    await db.query(
      "INSERT INTO modules (course_id, title, description, video_url, position) VALUES ($1, 'm', 'd', 'https://x.test/v.mp4', 1)",
      [id],
    )
    await db.query('INSERT INTO enrollments (course_id, student_id) VALUES ($1, $2)', [id, student.id])
    await db.query('INSERT INTO cart_items (course_id, user_id) VALUES ($1, $2)', [id, student.id])
    expectProblem('deleteCourse', await inject({ method: 'DELETE', url: `/api/courses/${id}` }), 401)
    expectProblem(
      'deleteCourse',
      await inject({ method: 'DELETE', url: `/api/courses/${id}`, headers: student.auth }),
      403,
    )
    expectProblem(
      'deleteCourse',
      await inject({ method: 'DELETE', url: `/api/courses/${id}`, headers: other.auth }),
      403,
    )
    const res = await inject({ method: 'DELETE', url: `/api/courses/${id}`, headers: owner.auth })
    expect(res.statusCode).toBe(204)
    expectContract('deleteCourse', res)
    for (const table of ['courses', 'modules', 'enrollments', 'cart_items']) {
      expect(await db.query(`SELECT 1 FROM ${table}`), table).toHaveLength(0)
    }
    expectProblem(
      'deleteCourse',
      await inject({ method: 'DELETE', url: `/api/courses/${id}`, headers: owner.auth }),
      404,
    )
  })

  it('lets an admin delete any course', async () => {
    const owner = await server.current.createUser('instructor')
    const admin = await server.current.createUser('admin')
    const id = await server.current.createCourse(owner)
    expect(
      (await inject({ method: 'DELETE', url: `/api/courses/${id}`, headers: admin.auth })).statusCode,
    ).toBe(204)
  })
})
