import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { expectContract, expectProblem } from '../../helpers/contract'
import { unknownId, useTestServer } from '../../helpers/buildServer'

const server = useTestServer()
const inject = (opts: InjectOptions) => server.current.app.inject(opts)

describe('POST /api/courses/{courseId}/enroll', () => {
  it('enrolls a student once: 201 the first time, 200 with the same enrollment after, never a duplicate', async () => {
    const teacher = await server.current.createUser('instructor')
    const student = await server.current.createUser('student')
    const id = await server.current.createCourse(teacher)
    await server.current.db.query('INSERT INTO cart_items (user_id, course_id) VALUES ($1, $2)', [
      student.id,
      id,
    ])
    const first = await inject({ method: 'POST', url: `/api/courses/${id}/enroll`, headers: student.auth })
    expect(first.statusCode).toBe(201)
    const enrollment = expectContract('enrollInCourse', first)
    expect(enrollment).toMatchObject({ courseId: id, studentId: student.id })
    // A client that sets a JSON content type with an empty body is fine too.
    const again = await inject({
      method: 'POST',
      url: `/api/courses/${id}/enroll`,
      headers: { ...student.auth, 'content-type': 'application/json' },
    })
    expect(again.statusCode).toBe(200)
    expect(expectContract('enrollInCourse', again)).toEqual(enrollment)
    expect(await server.current.db.query('SELECT 1 FROM enrollments')).toHaveLength(1)
    expect(
      await server.current.db.query('SELECT 1 FROM cart_items'),
      'the enrolled course left the cart',
    ).toHaveLength(0)
  })

  it('keeps one enrollment when the same student enrolls several times at once', async () => {
    const teacher = await server.current.createUser('instructor')
    const student = await server.current.createUser('student')
    const id = await server.current.createCourse(teacher)
    const results = await Promise.all(
      [1, 2, 3, 4].map(() =>
        inject({ method: 'POST', url: `/api/courses/${id}/enroll`, headers: student.auth }),
      ),
    )
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201])
    results.forEach((r) => expectContract('enrollInCourse', r))
    expect(await server.current.db.query('SELECT 1 FROM enrollments')).toHaveLength(1)
  })

  it('buys a paid course through the built-in provider (one paid order at its price); a free one enrolls with no order', async () => {
    const teacher = await server.current.createUser('instructor')
    const student = await server.current.createUser('student')
    const paid = await server.current.createCourse(teacher, { price: 49.99 })
    const free = await server.current.createCourse(teacher, { price: 0 })
    const key = 'attempt-0001'
    const first = await inject({
      method: 'POST',
      url: `/api/courses/${paid}/enroll`,
      headers: { ...student.auth, 'idempotency-key': key },
    })
    expect(first.statusCode).toBe(201)
    const retried = await inject({
      method: 'POST',
      url: `/api/courses/${paid}/enroll`,
      headers: { ...student.auth, 'idempotency-key': key },
    })
    expect(expectContract('enrollInCourse', retried)).toEqual(expectContract('enrollInCourse', first))
    const orders = await server.current.db.query<{
      status: string
      total: number
      kind: string
      payment_reference: string
    }>(
      'SELECT status, total_cents::float8 / 100 AS total, kind, payment_reference FROM orders WHERE user_id = $1',
      [student.id],
    )
    expect(orders).toEqual([
      { status: 'paid', total: 49.99, kind: 'enroll', payment_reference: expect.stringMatching(/^local-/) },
    ])
    expect(
      (await inject({ method: 'POST', url: `/api/courses/${free}/enroll`, headers: student.auth }))
        .statusCode,
    ).toBe(201)
    expect(
      await server.current.db.query('SELECT 1 FROM orders WHERE user_id = $1', [student.id]),
    ).toHaveLength(1)
    expect(
      await server.current.db.query('SELECT 1 FROM enrollments WHERE student_id = $1', [student.id]),
    ).toHaveLength(2)
  })

  it('refuses anonymous callers (401), instructors and admins (403), unknown courses (404), bad ids (400)', async () => {
    const teacher = await server.current.createUser('instructor')
    const admin = await server.current.createUser('admin')
    const student = await server.current.createUser('student')
    const id = await server.current.createCourse(teacher)
    expectProblem('enrollInCourse', await inject({ method: 'POST', url: `/api/courses/${id}/enroll` }), 401)
    expectProblem(
      'enrollInCourse',
      await inject({ method: 'POST', url: `/api/courses/${id}/enroll`, headers: teacher.auth }),
      403,
    )
    expectProblem(
      'enrollInCourse',
      await inject({ method: 'POST', url: `/api/courses/${id}/enroll`, headers: admin.auth }),
      403,
    )
    expectProblem(
      'enrollInCourse',
      await inject({ method: 'POST', url: `/api/courses/${unknownId()}/enroll`, headers: student.auth }),
      404,
    )
    expectProblem(
      'enrollInCourse',
      await inject({ method: 'POST', url: '/api/courses/123/enroll', headers: student.auth }),
      400,
    )
    expect(await server.current.db.query('SELECT 1 FROM enrollments')).toHaveLength(0)
  })
})

describe('GET /api/courses/{courseId}/enrolled-students', () => {
  it('lists _id and username of enrolled students to any logged-in user', async () => {
    const teacher = await server.current.createUser('instructor')
    const a = await server.current.createUser('student')
    const b = await server.current.createUser('student')
    const id = await server.current.createCourse(teacher)
    await inject({ method: 'POST', url: `/api/courses/${id}/enroll`, headers: a.auth })
    await inject({ method: 'POST', url: `/api/courses/${id}/enroll`, headers: b.auth })
    const res = await inject({
      method: 'GET',
      url: `/api/courses/${id}/enrolled-students`,
      headers: teacher.auth,
    })
    expect(expectContract('getEnrolledStudents', res)).toEqual([
      { _id: a.id, username: a.username },
      { _id: b.id, username: b.username },
    ])
    expect(JSON.stringify(res.json())).not.toContain('@')
    expect(
      (await inject({ method: 'GET', url: `/api/courses/${id}/enrolled-students`, headers: b.auth }))
        .statusCode,
    ).toBe(200)
  })

  it('leaves out, for other students, a student who hides their courses; the instructor, admins and they see them', async () => {
    const teacher = await server.current.createUser('instructor')
    const admin = await server.current.createUser('admin')
    const shown = await server.current.createUser('student')
    const hidden = await server.current.createUser('student')
    const id = await server.current.createCourse(teacher)
    await inject({ method: 'POST', url: `/api/courses/${id}/enroll`, headers: shown.auth })
    await inject({ method: 'POST', url: `/api/courses/${id}/enroll`, headers: hidden.auth })
    const hide = await inject({
      method: 'PUT',
      url: '/api/profile/me',
      headers: hidden.auth,
      payload: { bio: '', phoneNumber: '', showCoursesOnProfile: false },
    })
    expect(hide.statusCode).toBe(200)
    /** The usernames of the list, or of its first page, as `auth` gets them. */
    const names = async (auth: Record<string, string>, query = '') => {
      const res = await inject({
        method: 'GET',
        url: `/api/courses/${id}/enrolled-students${query}`,
        headers: auth,
      })
      const body = res.json<{ username: string }[] | { items: { username: string }[] }>()
      return (Array.isArray(body) ? body : body.items).map((s) => s.username)
    }
    for (const query of ['', '?limit=10']) {
      expect(await names(shown.auth, query), `another student ${query}`).toEqual([shown.username])
      expect(await names(hidden.auth, query), `themself ${query}`).toEqual([shown.username, hidden.username])
      expect(await names(teacher.auth, query), `the instructor ${query}`).toEqual([
        shown.username,
        hidden.username,
      ])
      expect(await names(admin.auth, query), `an admin ${query}`).toEqual([shown.username, hidden.username])
    }
  })

  it('answers 401 anonymously and 404 for an unknown course', async () => {
    const student = await server.current.createUser('student')
    const teacher = await server.current.createUser('instructor')
    const id = await server.current.createCourse(teacher)
    expectProblem(
      'getEnrolledStudents',
      await inject({ method: 'GET', url: `/api/courses/${id}/enrolled-students` }),
      401,
    )
    expectProblem(
      'getEnrolledStudents',
      await inject({
        method: 'GET',
        url: `/api/courses/${unknownId()}/enrolled-students`,
        headers: student.auth,
      }),
      404,
    )
    expectProblem(
      'getEnrolledStudents',
      await inject({ method: 'GET', url: '/api/courses/nope/enrolled-students', headers: student.auth }),
      400,
    )
  })
})

describe('GET /api/courses/user/{userId}/enrolled', () => {
  it('answers the user their enrolled courses and an admin anyone’s; others get 403', async () => {
    const teacher = await server.current.createUser('instructor')
    const student = await server.current.createUser('student')
    const other = await server.current.createUser('student')
    const admin = await server.current.createUser('admin')
    const c1 = await server.current.createCourse(teacher, { title: 'One' })
    await server.current.createCourse(teacher, { title: 'Two' })
    await inject({ method: 'POST', url: `/api/courses/${c1}/enroll`, headers: student.auth })
    const url = `/api/courses/user/${student.id}/enrolled`
    const own = expectContract(
      'getEnrolledCourses',
      await inject({ method: 'GET', url, headers: student.auth }),
    )
    expect(own.map((c: { _id: string }) => c._id)).toEqual([c1])
    expect(
      expectContract('getEnrolledCourses', await inject({ method: 'GET', url, headers: admin.auth })),
    ).toHaveLength(1)
    expectProblem('getEnrolledCourses', await inject({ method: 'GET', url, headers: other.auth }), 403)
    expectProblem('getEnrolledCourses', await inject({ method: 'GET', url, headers: teacher.auth }), 403)
    expectProblem('getEnrolledCourses', await inject({ method: 'GET', url }), 401)
  })

  it('answers 404 for an unknown user (admin) and 400 for a malformed id', async () => {
    const admin = await server.current.createUser('admin')
    expectProblem(
      'getEnrolledCourses',
      await inject({ method: 'GET', url: `/api/courses/user/${unknownId()}/enrolled`, headers: admin.auth }),
      404,
    )
    expectProblem(
      'getEnrolledCourses',
      await inject({ method: 'GET', url: '/api/courses/user/xyz/enrolled', headers: admin.auth }),
      400,
    )
  })
})
