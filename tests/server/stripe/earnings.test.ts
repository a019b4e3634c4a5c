// 'Earnings': per course, its paid enrollments and revenue net of refunds; an instructor's own, every one's for admins.
import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { expectContract, expectProblem } from '../../helpers/contract'
import { type TestUser, useTestServer } from '../../helpers/buildServer'

const server = useTestServer()
const inject = (opts: InjectOptions) => server.current.app.inject(opts)
const earnings = (who: TestUser) => inject({ method: 'GET', url: '/api/earnings', headers: who.auth })
const buy = (who: TestUser, courseId: string) =>
  inject({ method: 'POST', url: `/api/courses/${courseId}/enroll`, headers: who.auth })

describe('earnings', () => {
  it('counts paid enrollments and revenue per course, net of refunds, with the totals', async () => {
    const judit = await server.current.createUser('instructor', { username: 'judit' })
    const vishy = await server.current.createUser('instructor', { username: 'vishy' })
    const admin = await server.current.createUser('admin')
    const [s1, s2, s3] = [
      await server.current.createUser('student'),
      await server.current.createUser('student'),
      await server.current.createUser('student'),
    ]
    const endgames = await server.current.createCourse(judit, { title: 'Endgames', price: 49.5 })
    const openings = await server.current.createCourse(judit, { title: 'Openings', price: 10.1 })
    const free = await server.current.createCourse(judit, { title: 'Free', price: 0 })
    const tactics = await server.current.createCourse(vishy, { title: 'Tactics', price: 20 })
    for (const s of [s1, s2, s3]) expect((await buy(s, endgames)).statusCode).toBe(201)
    expect((await buy(s1, openings)).statusCode).toBe(201)
    expect((await buy(s1, free)).statusCode).toBe(201)
    expect((await buy(s2, tactics)).statusCode).toBe(201)
    // s3's order of Endgames is refunded by an admin.
    const [order] = await server.current.db.query<{ id: string }>(
      'SELECT id FROM orders WHERE user_id = $1',
      [s3.id],
    )
    expect(
      (await inject({ method: 'POST', url: `/api/orders/${order.id}/refund`, headers: admin.auth }))
        .statusCode,
    ).toBe(200)

    const own = expectContract('getEarnings', await earnings(judit))
    expect(own).toEqual([
      {
        instructor: { _id: judit.id, username: 'judit' },
        courses: [
          { courseId: endgames, title: 'Endgames', paidEnrollments: 2, revenue: 99 },
          { courseId: free, title: 'Free', paidEnrollments: 0, revenue: 0 },
          { courseId: openings, title: 'Openings', paidEnrollments: 1, revenue: 10.1 },
        ],
        paidEnrollments: 3,
        revenue: 109.1,
      },
    ])
    const all = expectContract('getEarnings', await earnings(admin))
    expect(
      all.map((e: { instructor: { username: string }; revenue: number }) => [
        e.instructor.username,
        e.revenue,
      ]),
    ).toEqual([
      ['judit', 109.1],
      ['vishy', 20],
    ])
    expect(expectContract('getEarnings', await earnings(vishy))).toHaveLength(1)
    expectProblem('getEarnings', await earnings(s1), 403)
  })
})
