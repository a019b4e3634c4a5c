// Lists that grow, read a page at a time: `limit` and `cursor` answer `{ items, nextCursor }`.
import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { expectContract, expectProblem } from '../../helpers/contract'
import { useTestServer } from '../../helpers/buildServer'

const server = useTestServer()
const inject = (opts: InjectOptions) => server.current.app.inject(opts)

interface Page {
  items: { _id: string }[]
  nextCursor: string | null
}

/** Every page of a list, calling `between` after each page (to change the list between requests). */
async function allPages(
  get: (query: string) => Promise<Page>,
  limit: number,
  between: (n: number, page: Page) => Promise<void> = async () => {},
) {
  const pages: Page[] = []
  let cursor: string | null = null
  do {
    const page = await get(cursor ? `limit=${limit}&cursor=${cursor}` : `limit=${limit}`)
    pages.push(page)
    cursor = page.nextCursor
    await between(pages.length, page)
  } while (cursor && pages.length < 50)
  return pages
}

const ids = (pages: Page[]) => pages.flatMap((p) => p.items.map((i) => i._id))

/** The refusals every paged list shares: 400 problem+json naming the parameter. */
const refused = (other: () => Promise<string>) =>
  [
    ['a limit of 0', async () => 'limit=0', 'limit'],
    ['a limit above 100', async () => 'limit=101', 'limit'],
    ['a limit that is not an integer', async () => 'limit=2.5', 'limit'],
    ['a cursor with characters outside base64url', async () => 'cursor=abc%2Bdef', 'cursor'],
    [
      'a cursor that is not one of ours',
      async () => `cursor=${Buffer.from('hello').toString('base64url')}`,
      'cursor',
    ],
    [
      'a forged cursor',
      async () =>
        `cursor=${Buffer.from(JSON.stringify(['users', '2020-01-01T00:00:00.000000Z', '00000000-0000-4000-8000-000000000000'])).toString('base64url')}`,
      'cursor',
    ],
    ['a cursor of another list', async () => `cursor=${await other()}`, 'cursor'],
  ] as const

describe('GET /api/users?limit=&cursor=', () => {
  const get = async (admin: { authorization: string }, query: string) =>
    expectContract(
      'getUsers',
      await inject({ method: 'GET', url: `/api/users?${query}`, headers: admin }),
    ) as Page

  it('answers the spec list without parameters and pages in the same order with them', async () => {
    const admin = await server.current.createUser('admin')
    for (let i = 0; i < 4; i++) await server.current.createUser('student')
    const whole = expectContract(
      'getUsers',
      await inject({ method: 'GET', url: '/api/users', headers: admin.auth }),
    ) as { _id: string }[]
    expect(Array.isArray(whole)).toBe(true)
    expect(whole).toHaveLength(5)
    const pages = await allPages((q) => get(admin.auth, q), 2)
    expect(pages.map((p) => p.items.length)).toEqual([2, 2, 1])
    expect(ids(pages)).toEqual(whole.map((u) => u._id))
    expect(pages.at(-1)!.nextCursor).toBeNull()
    expect((await get(admin.auth, 'limit=100')).nextCursor).toBeNull()
    expect((await get(admin.auth, 'cursor=' + pages[0].nextCursor)).items).toHaveLength(3)
  })

  it('skips and repeats no user while users are created and deleted between pages', async () => {
    const admin = await server.current.createUser('admin')
    for (let i = 0; i < 9; i++) await server.current.createUser('student')
    const before = (await get(admin.auth, 'limit=100')).items.map((u) => u._id)
    const made: string[] = []
    const pages = await allPages(
      (q) => get(admin.auth, q),
      3,
      async (n, page) => {
        made.push((await server.current.createUser('student')).id)
        // the user the next cursor was made from may go too
        if (n === 2) await server.current.db.query('DELETE FROM users WHERE id = $1', [page.items[2]._id])
      },
    )
    const seen = ids(pages)
    expect(new Set(seen).size, 'a user was repeated').toBe(seen.length)
    const deleted = pages[1].items[2]._id
    expect(seen.filter((id) => !made.includes(id))).toEqual(before)
    expect(before).toContain(deleted)
    // created while paging: newer than every cursor, so they come at the end, each once
    expect(seen.filter((id) => made.includes(id))).toEqual(made.slice(0, seen.length - before.length))
  })

  it('refuses students, instructors and visitors with parameters as without (403, 401)', async () => {
    const admin = await server.current.createUser('admin')
    await server.current.createUser('student')
    const { nextCursor } = await get(admin.auth, 'limit=1')
    for (const role of ['student', 'instructor'] as const) {
      const user = await server.current.createUser(role)
      const res = await inject({
        method: 'GET',
        url: `/api/users?limit=1&cursor=${nextCursor}`,
        headers: user.auth,
      })
      expectProblem('getUsers', res, 403)
    }
    expectProblem('getUsers', await inject({ method: 'GET', url: '/api/users?limit=1' }), 401)
  })

  it.each(
    refused(async () => {
      const teacher = await server.current.createUser('instructor')
      await server.current.createCourse(teacher, { title: 'A' })
      await server.current.createCourse(teacher, { title: 'B' })
      const res = await inject({ method: 'GET', url: '/api/courses?limit=1' })
      return (expectContract('getCourses', res) as Page).nextCursor!
    }),
  )('answers 400 for %s, and changes nothing', async (_label, query, field) => {
    const admin = await server.current.createUser('admin')
    const res = await inject({ method: 'GET', url: `/api/users?${await query()}`, headers: admin.auth })
    expect(expectProblem('getUsers', res, 400).detail).toContain(field)
  })
})

describe('GET /api/player/{username}/followers?limit=&cursor=&userId=', () => {
  const get = async (player: string, query: string) =>
    expectContract(
      'getPlayerFollowers',
      await inject({ method: 'GET', url: `/api/player/${player}/followers?${query}` }),
    ) as Page & { items: { _id: string; user: { _id: string; username: string } }[] }
  const follow = async (player: string) => {
    const fan = await server.current.createUser('student')
    await server.current.db.query('INSERT INTO follows (user_id, player) VALUES ($1, $2)', [fan.id, player])
    return fan
  }

  it('answers the spec list without parameters and pages in the same order with them', async () => {
    for (let i = 0; i < 5; i++) await follow(i % 2 ? 'Hikaru' : 'hikaru')
    await follow('magnuscarlsen')
    const whole = expectContract(
      'getPlayerFollowers',
      await inject({ method: 'GET', url: '/api/player/HIKARU/followers' }),
    ) as { _id: string }[]
    expect(whole).toHaveLength(5)
    const pages = await allPages((q) => get('hikaru', q), 2)
    expect(pages.map((p) => p.items.length)).toEqual([2, 2, 1])
    expect(ids(pages)).toEqual(whole.map((f) => f._id))
    expect((await get('nobody', 'limit=5')).items).toEqual([])
  })

  it("with userId answers that user's record only, or none", async () => {
    const fan = await follow('hikaru')
    await follow('hikaru')
    const other = await follow('magnuscarlsen')
    const mine = await get('hikaru', `userId=${fan.id}`)
    expect(mine).toEqual({
      items: [{ _id: expect.any(String), user: { _id: fan.id, username: fan.username } }],
      nextCursor: null,
    })
    expect(await get('hikaru', `userId=${other.id}`)).toEqual({ items: [], nextCursor: null })
    expectProblem(
      'getPlayerFollowers',
      await inject({ method: 'GET', url: '/api/player/hikaru/followers?userId=nope' }),
      400,
    )
  })

  it('skips and repeats no follower while users follow and unfollow between pages', async () => {
    for (let i = 0; i < 9; i++) await follow('hikaru')
    const before = (await get('hikaru', 'limit=100')).items.map((f) => f._id)
    const made: string[] = []
    const pages = await allPages(
      (q) => get('hikaru', q),
      3,
      async (n, page) => {
        const fan = await follow('hikaru')
        const [row] = await server.current.db.query<{ id: string }>(
          'SELECT id FROM follows WHERE user_id = $1',
          [fan.id],
        )
        made.push(row.id)
        // the follow the next cursor was made from may end too
        if (n === 2) await server.current.db.query('DELETE FROM follows WHERE id = $1', [page.items[2]._id])
      },
    )
    const seen = ids(pages)
    expect(new Set(seen).size, 'a follower was repeated').toBe(seen.length)
    expect(seen.filter((id) => !made.includes(id))).toEqual(before)
    expect(seen.filter((id) => made.includes(id))).toEqual(made.slice(0, seen.length - before.length))
  })

  it.each(
    refused(async () => {
      await follow('magnuscarlsen')
      await follow('magnuscarlsen')
      return (await get('magnuscarlsen', 'limit=1')).nextCursor!
    }),
  )('answers 400 for %s', async (_label, query, field) => {
    await follow('hikaru')
    const res = await inject({ method: 'GET', url: `/api/player/hikaru/followers?${await query()}` })
    expect(expectProblem('getPlayerFollowers', res, 400).detail).toContain(field)
  })

  it("refuses a cursor of the users' list, and the followers' cursor on the users' list", async () => {
    const admin = await server.current.createUser('admin')
    await follow('hikaru')
    await follow('hikaru')
    const users = expectContract(
      'getUsers',
      await inject({ method: 'GET', url: '/api/users?limit=1', headers: admin.auth }),
    ) as Page
    const res = await inject({
      method: 'GET',
      url: `/api/player/hikaru/followers?cursor=${users.nextCursor}`,
    })
    expect(expectProblem('getPlayerFollowers', res, 400).detail).toBe('cursor belongs to another list')
    const { nextCursor } = await get('hikaru', 'limit=1')
    const back = await inject({ method: 'GET', url: `/api/users?cursor=${nextCursor}`, headers: admin.auth })
    expect(expectProblem('getUsers', back, 400).detail).toBe('cursor belongs to another list')
  })
})

describe('GET /api/courses/{courseId}/enrolled-students?limit=&cursor=', () => {
  async function setup() {
    const teacher = await server.current.createUser('instructor')
    const courseId = await server.current.createCourse(teacher, { title: 'Paged', price: 0 })
    const reader = await server.current.createUser('student')
    return { courseId, reader }
  }
  const enroll = async (courseId: string) => {
    const s = await server.current.createUser('student')
    await server.current.db.query('INSERT INTO enrollments (course_id, student_id) VALUES ($1, $2)', [
      courseId,
      s.id,
    ])
    return s
  }
  const get = async (reader: { auth: { authorization: string } }, courseId: string, query: string) =>
    expectContract(
      'getEnrolledStudents',
      await inject({
        method: 'GET',
        url: `/api/courses/${courseId}/enrolled-students?${query}`,
        headers: reader.auth,
      }),
    ) as Page

  it('answers the spec list without parameters and pages in the same order with them', async () => {
    const { courseId, reader } = await setup()
    for (let i = 0; i < 5; i++) await enroll(courseId)
    const whole = expectContract(
      'getEnrolledStudents',
      await inject({
        method: 'GET',
        url: `/api/courses/${courseId}/enrolled-students`,
        headers: reader.auth,
      }),
    ) as { _id: string }[]
    expect(whole).toHaveLength(5)
    const pages = await allPages((q) => get(reader, courseId, q), 2)
    expect(pages.map((p) => p.items.length)).toEqual([2, 2, 1])
    expect(ids(pages)).toEqual(whole.map((s) => s._id))
  })

  it('skips and repeats no student while students enroll and leave between pages', async () => {
    const { courseId, reader } = await setup()
    for (let i = 0; i < 9; i++) await enroll(courseId)
    const before = (await get(reader, courseId, 'limit=100')).items.map((s) => s._id)
    const made: string[] = []
    const pages = await allPages(
      (q) => get(reader, courseId, q),
      3,
      async (n, page) => {
        made.push((await enroll(courseId)).id)
        if (n === 2)
          await server.current.db.query('DELETE FROM enrollments WHERE course_id = $1 AND student_id = $2', [
            courseId,
            page.items[2]._id,
          ])
      },
    )
    const seen = ids(pages)
    expect(new Set(seen).size, 'a student was repeated').toBe(seen.length)
    expect(seen.filter((id) => !made.includes(id))).toEqual(before)
    expect(seen.filter((id) => made.includes(id))).toEqual(made.slice(0, seen.length - before.length))
  })

  it('keeps its permissions: 401 without a login, 404 for an unknown course, with parameters as without', async () => {
    const { courseId } = await setup()
    expectProblem(
      'getEnrolledStudents',
      await inject({ method: 'GET', url: `/api/courses/${courseId}/enrolled-students?limit=1` }),
      401,
    )
    const reader = await server.current.createUser('student')
    expectProblem(
      'getEnrolledStudents',
      await inject({
        method: 'GET',
        url: '/api/courses/00000000-0000-4000-8000-000000000000/enrolled-students?limit=1',
        headers: reader.auth,
      }),
      404,
    )
  })

  it.each(
    refused(async () => {
      const { courseId } = await setup()
      await enroll(courseId)
      await enroll(courseId)
      const reader = await server.current.createUser('student')
      return (await get(reader, courseId, 'limit=1')).nextCursor!
    }),
  )("answers 400 for %s (another course's cursor included)", async (_label, query, field) => {
    const { courseId, reader } = await setup()
    await enroll(courseId)
    const res = await inject({
      method: 'GET',
      url: `/api/courses/${courseId}/enrolled-students?${await query()}`,
      headers: reader.auth,
    })
    expect(expectProblem('getEnrolledStudents', res, 400).detail).toContain(field)
  })
})

describe('paged lists and conditional GET', () => {
  it('answers the same page with the same cursor and ETag, and 304 to it', async () => {
    for (let i = 0; i < 3; i++) {
      const fan = await server.current.createUser('student')
      await server.current.db.query('INSERT INTO follows (user_id, player) VALUES ($1, $2)', [
        fan.id,
        'hikaru',
      ])
    }
    const url = '/api/player/hikaru/followers?limit=2'
    const first = await inject({ method: 'GET', url })
    const again = await inject({ method: 'GET', url })
    expect((JSON.parse(again.body) as Page).nextCursor).toBe((JSON.parse(first.body) as Page).nextCursor)
    expect(again.headers.etag).toBe(first.headers.etag)
    const cached = await inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(first.headers.etag) },
    })
    expect(cached.statusCode).toBe(304)
  })
})
