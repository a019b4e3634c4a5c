import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { expectContract, expectProblem } from '../../helpers/contract'
import { unknownId, useTestServer } from '../../helpers/buildServer'

const server = useTestServer()
const inject = (opts: InjectOptions) => server.current.app.inject(opts)

describe('GET /api/users', () => {
  it('lists every user, oldest first, to an admin, without emails or hashes', async () => {
    const admin = await server.current.createUser('admin')
    const s = await server.current.createUser('student')
    await server.current.db.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [admin.id])
    const res = await inject({ method: 'GET', url: '/api/users', headers: admin.auth })
    // whether each email was verified through its mailed link, for admins to see
    expect(expectContract('getUsers', res)).toEqual([
      { _id: admin.id, username: admin.username, role: 'admin', emailVerified: true },
      { _id: s.id, username: s.username, role: 'student', emailVerified: false },
    ])
    expect(res.body).not.toMatch(/@|scrypt/)
  })

  it('refuses students and instructors (403) and anonymous callers (401)', async () => {
    for (const role of ['student', 'instructor'] as const) {
      const user = await server.current.createUser(role)
      expectProblem('getUsers', await inject({ method: 'GET', url: '/api/users', headers: user.auth }), 403)
    }
    expectProblem('getUsers', await inject({ method: 'GET', url: '/api/users' }), 401)
  })
})

describe('PATCH /api/user/{id}/role', () => {
  it('lets an admin change a role, effective at once for the user', async () => {
    const admin = await server.current.createUser('admin')
    const s = await server.current.createUser('student')
    const res = await inject({
      method: 'PATCH',
      url: `/api/user/${s.id}/role`,
      headers: admin.auth,
      payload: { newRole: 'instructor' },
    })
    expect(expectContract('updateUserRole', res)).toEqual({
      _id: s.id,
      username: s.username,
      role: 'instructor',
    })
    const course = await inject({
      method: 'POST',
      url: '/api/courses',
      headers: s.auth,
      payload: { title: 't', description: 'd', price: 0 },
    })
    expect(course.statusCode).toBe(201)
  })

  it('refuses to demote the last admin (409) but allows it when another admin exists', async () => {
    const admin = await server.current.createUser('admin')
    expectProblem(
      'updateUserRole',
      await inject({
        method: 'PATCH',
        url: `/api/user/${admin.id}/role`,
        headers: admin.auth,
        payload: { newRole: 'student' },
      }),
      409,
    )
    const second = await server.current.createUser('admin')
    const res = await inject({
      method: 'PATCH',
      url: `/api/user/${admin.id}/role`,
      headers: second.auth,
      payload: { newRole: 'student' },
    })
    expect(res.statusCode).toBe(200)
    expectProblem(
      'updateUserRole',
      await inject({
        method: 'PATCH',
        url: `/api/user/${second.id}/role`,
        headers: second.auth,
        payload: { newRole: 'instructor' },
      }),
      409,
    )
  })

  it('refuses non-admins (403), anonymous (401), unknown users (404) and bad roles (400)', async () => {
    const admin = await server.current.createUser('admin')
    const teacher = await server.current.createUser('instructor')
    const s = await server.current.createUser('student')
    const url = `/api/user/${s.id}/role`
    expectProblem(
      'updateUserRole',
      await inject({ method: 'PATCH', url, headers: teacher.auth, payload: { newRole: 'admin' } }),
      403,
    )
    expectProblem(
      'updateUserRole',
      await inject({ method: 'PATCH', url, headers: s.auth, payload: { newRole: 'admin' } }),
      403,
    )
    expectProblem(
      'updateUserRole',
      await inject({ method: 'PATCH', url, payload: { newRole: 'admin' } }),
      401,
    )
    expectProblem(
      'updateUserRole',
      await inject({
        method: 'PATCH',
        url: `/api/user/${unknownId()}/role`,
        headers: admin.auth,
        payload: { newRole: 'admin' },
      }),
      404,
    )
    expectProblem(
      'updateUserRole',
      await inject({ method: 'PATCH', url, headers: admin.auth, payload: { newRole: 'superuser' } }),
      400,
    )
    expectProblem(
      'updateUserRole',
      await inject({ method: 'PATCH', url, headers: admin.auth, payload: { role: 'admin' } }),
      400,
    )
    const [row] = await server.current.db.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [
      s.id,
    ])
    expect(row.role).toBe('student')
  })
})

describe('GET /api/user/rank/{userId}', () => {
  it('answers the 1-based position by registration time', async () => {
    const first = await server.current.createUser('student')
    const second = await server.current.createUser('admin')
    const third = await server.current.createUser('student')
    const rank = async (id: string) =>
      expectContract('getUserRank', await inject({ method: 'GET', url: `/api/user/rank/${id}` })).rank
    expect([await rank(first.id), await rank(second.id), await rank(third.id)]).toEqual([1, 2, 3])
  })

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    expectProblem('getUserRank', await inject({ method: 'GET', url: `/api/user/rank/${unknownId()}` }), 404)
    expectProblem('getUserRank', await inject({ method: 'GET', url: '/api/user/rank/1' }), 400)
  })
})
