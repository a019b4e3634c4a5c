import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { expectContract, expectProblem } from '../../helpers/contract'
import { unknownId, useTestServer } from '../../helpers/buildServer'

const server = useTestServer()
const inject = (opts: InjectOptions) => server.current.app.inject(opts)

describe('GET /api/profile/me', () => {
  it('answers the own profile with email and enrolled courses for a student', async () => {
    const teacher = await server.current.createUser('instructor')
    const student = await server.current.createUser('student')
    const id = await server.current.createCourse(teacher, { title: 'Enrolled one' })
    await server.current.createCourse(teacher, { title: 'Not enrolled' })
    await server.current.db.query('INSERT INTO enrollments (course_id, student_id) VALUES ($1, $2)', [
      id,
      student.id,
    ])
    const body = expectContract(
      'getMyProfile',
      await inject({ method: 'GET', url: '/api/profile/me', headers: student.auth }),
    )
    expect(body).toMatchObject({
      _id: student.id,
      username: student.username,
      email: student.email,
      role: 'student',
      bio: '',
      phoneNumber: '',
    })
    expect(body.courses.map((c: { title: string }) => c.title)).toEqual(['Enrolled one'])
  })

  it('lists the teaching courses of an instructor', async () => {
    const teacher = await server.current.createUser('instructor')
    await server.current.createCourse(teacher, { title: 'Mine' })
    const other = await server.current.createUser('instructor')
    await server.current.createCourse(other, { title: 'Not mine' })
    const body = expectContract(
      'getMyProfile',
      await inject({ method: 'GET', url: '/api/profile/me', headers: teacher.auth }),
    )
    expect(body.courses.map((c: { title: string }) => c.title)).toEqual(['Mine'])
  })

  it('answers 401 without a token', async () => {
    expectProblem('getMyProfile', await inject({ method: 'GET', url: '/api/profile/me' }), 401)
  })
})

describe('PUT /api/profile/me', () => {
  it('saves bio and phone number and answers them', async () => {
    const user = await server.current.createUser('student')
    const payload = { bio: '<b>Loves</b> the King’s Gambit', phoneNumber: '+44 (0) 20 7946 0958' }
    const res = await inject({ method: 'PUT', url: '/api/profile/me', headers: user.auth, payload })
    expect(expectContract('updateMyProfile', res)).toEqual({ ...payload, showCoursesOnProfile: true })
    const me = (await inject({ method: 'GET', url: '/api/profile/me', headers: user.auth })).json()
    expect(me).toMatchObject(payload)
  })

  it("saves 'Show my courses on my profile' (on by default), and keeps it when a request leaves it out", async () => {
    const user = await server.current.createUser('student')
    const me = async () =>
      expectContract(
        'getMyProfile',
        await inject({ method: 'GET', url: '/api/profile/me', headers: user.auth }),
      )
    expect(await me()).toMatchObject({ showCoursesOnProfile: true })
    const put = (payload: object) =>
      inject({ method: 'PUT', url: '/api/profile/me', headers: user.auth, payload })
    const off = await put({ bio: 'Private', phoneNumber: '', showCoursesOnProfile: false })
    expect(expectContract('updateMyProfile', off)).toEqual({
      bio: 'Private',
      phoneNumber: '',
      showCoursesOnProfile: false,
    })
    expect(await me()).toMatchObject({ bio: 'Private', showCoursesOnProfile: false })
    // the spec's call sends bio and phone number only: the setting stays as it was
    const kept = expectContract('updateMyProfile', await put({ bio: 'Still private', phoneNumber: '' }))
    expect(kept).toMatchObject({ showCoursesOnProfile: false })
    expect(await me()).toMatchObject({ bio: 'Still private', showCoursesOnProfile: false })
    expectContract('updateMyProfile', await put({ bio: '', phoneNumber: '', showCoursesOnProfile: true }))
    expect(await me()).toMatchObject({ showCoursesOnProfile: true })
  })

  it('refuses a setting that is not a boolean (400) and changes nothing', async () => {
    const user = await server.current.createUser('student')
    for (const showCoursesOnProfile of ['false', 0, null, 'off', {}]) {
      const payload = { bio: 'Changed', phoneNumber: '', showCoursesOnProfile }
      expectProblem(
        'updateMyProfile',
        await inject({ method: 'PUT', url: '/api/profile/me', headers: user.auth, payload }),
        400,
      )
    }
    const [row] = await server.current.db.query(
      'SELECT bio, show_courses_on_profile FROM users WHERE id = $1',
      [user.id],
    )
    expect(row).toEqual({ bio: '', show_courses_on_profile: true })
  })

  it('refuses anonymous (401), invalid fields and attempts to change role or email (400)', async () => {
    const user = await server.current.createUser('student')
    expectProblem(
      'updateMyProfile',
      await inject({ method: 'PUT', url: '/api/profile/me', payload: { bio: '', phoneNumber: '' } }),
      401,
    )
    for (const payload of [
      { bio: 'x', phoneNumber: 'call me' },
      { bio: 'x'.repeat(2001), phoneNumber: '' },
      { bio: 'x', phoneNumber: '', role: 'admin' },
      { bio: 'x', phoneNumber: '', email: 'new@example.com' },
      { bio: 'x' },
    ]) {
      expectProblem(
        'updateMyProfile',
        await inject({ method: 'PUT', url: '/api/profile/me', headers: user.auth, payload }),
        400,
      )
    }
    const [row] = await server.current.db.query<{ role: string; bio: string }>(
      'SELECT role, bio FROM users WHERE id = $1',
      [user.id],
    )
    expect(row).toEqual({ role: 'student', bio: '' })
  })
})

describe('GET /api/profile/{id}', () => {
  it('shows a public profile to anyone, never with the email', async () => {
    const user = await server.current.createUser('instructor')
    await server.current.db.query("UPDATE users SET bio = 'Coach' WHERE id = $1", [user.id])
    await server.current.createCourse(user, { title: 'Taught' })
    const res = await inject({ method: 'GET', url: `/api/profile/${user.id}` })
    const body = expectContract('getProfile', res)
    expect(body).toMatchObject({ _id: user.id, username: user.username, role: 'instructor', bio: 'Coach' })
    expect(body.courses).toHaveLength(1)
    expect(body).not.toHaveProperty('email')
    expect(res.body).not.toContain(user.email)
  })

  it('shows the phone number to signed-in users only, never to a visitor', async () => {
    const owner = await server.current.createUser('student')
    const reader = await server.current.createUser('student')
    await server.current.db.query("UPDATE users SET phone_number = '+44 20 7946 0958' WHERE id = $1", [
      owner.id,
    ])
    const url = `/api/profile/${owner.id}`
    const visitor = await inject({ method: 'GET', url })
    const seen = expectContract('getProfile', visitor)
    expect(seen).toMatchObject({ _id: owner.id, username: owner.username, role: 'student', bio: '' })
    expect(seen).not.toHaveProperty('phoneNumber')
    expect(visitor.body).not.toContain('7946')
    expect(String(visitor.headers.vary)).toMatch(/authorization/i)
    for (const user of [reader, owner]) {
      const signedIn = expectContract('getProfile', await inject({ method: 'GET', url, headers: user.auth }))
      expect(signedIn).toMatchObject({ _id: owner.id, phoneNumber: '+44 20 7946 0958' })
      expect(signedIn).not.toHaveProperty('email')
    }
  })

  it('checks a token when one is sent: invalid, malformed or ended is 401, never a visitor view', async () => {
    const owner = await server.current.createUser('student')
    const ended = await server.current.createUser('student')
    await inject({ method: 'POST', url: '/api/auth/logout', headers: ended.auth })
    const url = `/api/profile/${owner.id}`
    for (const authorization of [
      'Bearer not-a-token',
      `Bearer ${owner.token.slice(0, -2)}xx`,
      ended.auth.authorization,
      'Basic YWRtaW46YWRtaW4=',
      '',
    ]) {
      const res = await inject({ method: 'GET', url, headers: { authorization } })
      expectProblem('getProfile', res, 401)
    }
    expectProblem('getProfile', await inject({ method: 'GET', url: `/api/profile/${unknownId()}` }), 404)
  })

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    expectProblem('getProfile', await inject({ method: 'GET', url: `/api/profile/${unknownId()}` }), 404)
    expectProblem('getProfile', await inject({ method: 'GET', url: '/api/profile/abc' }), 400)
  })
})

describe("GET /api/profile/{id}: a student's purchased courses are theirs", () => {
  async function studentWithPurchase() {
    const teacher = await server.current.createUser('instructor')
    const owner = await server.current.createUser('student')
    const courseId = await server.current.createCourse(teacher, { title: 'Bought secretly' })
    await server.current.db.query('INSERT INTO enrollments (course_id, student_id) VALUES ($1, $2)', [
      courseId,
      owner.id,
    ])
    return { teacher, owner, url: `/api/profile/${owner.id}` }
  }
  const hide = (owner: { auth: { authorization: string } }) =>
    inject({
      method: 'PUT',
      url: '/api/profile/me',
      headers: owner.auth,
      payload: { bio: '', phoneNumber: '', showCoursesOnProfile: false },
    })
  const titles = (body: { courses?: { title: string }[] }) => body.courses?.map((c) => c.title)

  it('leaves them out for a visitor: no list at all, not an empty one', async () => {
    const { url } = await studentWithPurchase()
    const res = await inject({ method: 'GET', url })
    const body = expectContract('getProfile', res)
    expect(body).not.toHaveProperty('courses')
    expect(res.body).not.toContain('Bought secretly')
  })

  it('shows them to another signed-in student, an instructor, an admin and the owner while the owner shows them', async () => {
    const { teacher, owner, url } = await studentWithPurchase()
    const other = await server.current.createUser('student')
    const admin = await server.current.createUser('admin')
    for (const reader of [other, teacher, admin, owner]) {
      const body = expectContract('getProfile', await inject({ method: 'GET', url, headers: reader.auth }))
      expect(titles(body), reader.username).toEqual(['Bought secretly'])
    }
  })

  it('with the setting off, leaves them out for everyone but the owner and admins', async () => {
    const { teacher, owner, url } = await studentWithPurchase()
    const other = await server.current.createUser('student')
    const admin = await server.current.createUser('admin')
    expectContract('updateMyProfile', await hide(owner))
    for (const reader of [undefined, other, teacher]) {
      const res = await inject({ method: 'GET', url, headers: reader?.auth })
      const body = expectContract('getProfile', res)
      expect(body, reader?.username ?? 'visitor').not.toHaveProperty('courses')
      expect(res.body).not.toContain('Bought secretly')
      // the setting itself is the owner's business too
      expect(body).not.toHaveProperty('showCoursesOnProfile')
    }
    for (const reader of [owner, admin]) {
      const body = expectContract('getProfile', await inject({ method: 'GET', url, headers: reader.auth }))
      expect(titles(body), reader.username).toEqual(['Bought secretly'])
    }
    const me = expectContract(
      'getMyProfile',
      await inject({ method: 'GET', url: '/api/profile/me', headers: owner.auth }),
    )
    expect(titles(me)).toEqual(['Bought secretly'])
  })

  it("keeps an instructor's teaching courses public, whatever the instructor's setting", async () => {
    const teacher = await server.current.createUser('instructor')
    await server.current.createCourse(teacher, { title: 'Taught openly' })
    expectContract('updateMyProfile', await hide(teacher))
    const student = await server.current.createUser('student')
    for (const reader of [undefined, student]) {
      const body = expectContract(
        'getProfile',
        await inject({ method: 'GET', url: `/api/profile/${teacher.id}`, headers: reader?.auth }),
      )
      expect(titles(body)).toEqual(['Taught openly'])
    }
  })
})
