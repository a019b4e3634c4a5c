import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { expectContract, expectProblem } from '../../helpers/contract'
import { type TestUser, useTestServer } from '../../helpers/buildServer'

const server = useTestServer()
const inject = (opts: InjectOptions) => server.current.app.inject(opts)
const as = (user: TestUser | undefined) => user?.auth ?? {}

async function world() {
  const owner = await server.current.createUser('instructor', { username: 'draftsmith' })
  const otherTeacher = await server.current.createUser('instructor')
  const admin = await server.current.createUser('admin')
  const student = await server.current.createUser('student')
  const made = await inject({
    method: 'POST',
    url: '/api/courses',
    headers: owner.auth,
    payload: { title: 'Secret Gambit', description: 'Half finished', price: 0, published: false },
  })
  const draft = expectContract('createCourse', made)
  expect(draft.published).toBe(false)
  const moduleMade = await inject({
    method: 'POST',
    url: '/api/modules',
    headers: owner.auth,
    payload: {
      title: 'First idea',
      description: 'd',
      videoUrl: 'https://example.com/v.mp4',
      courseId: draft._id,
    },
  })
  expectContract('createModule', moduleMade)
  return { owner, otherTeacher, admin, student, courseId: draft._id }
}

const listTitles = async (user?: TestUser) =>
  expectContract('getCourses', await inject({ method: 'GET', url: '/api/courses', headers: as(user) })) as {
    title: string
  }[]

const pageTitles = async (query: string, user?: TestUser) => {
  const page = expectContract(
    'getCourses',
    await inject({ method: 'GET', url: `/api/courses?${query}`, headers: as(user) }),
  ) as { items: { title: string }[] }
  return page.items.map((c: { title: string }) => c.title)
}

describe('drafts', () => {
  it('a course created without the field is published, as the spec create call always was', async () => {
    const owner = await server.current.createUser('instructor')
    const made = await inject({
      method: 'POST',
      url: '/api/courses',
      headers: owner.auth,
      payload: { title: 'Open Files', description: 'Rooks', price: 5 },
    })
    expect(expectContract('createCourse', made).published).toBe(true)
    expect((await listTitles()).map((c: { title: string }) => c.title)).toEqual(['Open Files'])
  })

  it('is absent from the list, the catalogue and its search (by title and by instructor) for everyone', async () => {
    const { owner, admin, student } = await world()
    for (const user of [undefined, student, owner, admin]) {
      expect(await listTitles(user)).toEqual([])
      expect(await pageTitles('sort=newest', user)).toEqual([])
      expect(await pageTitles('q=secret', user)).toEqual([])
      expect(await pageTitles('q=draftsmith', user)).toEqual([])
    }
    // The prerendered catalogue page neither.
    const page = await inject({ method: 'GET', url: '/courses' })
    expect(page.body).not.toContain('Secret Gambit')
  })

  it('is seen by its instructor and admins only: the course, its curriculum and modules 404 to others', async () => {
    const { owner, otherTeacher, admin, student, courseId } = await world()
    for (const user of [undefined, student, otherTeacher]) {
      expectProblem(
        'getCourse',
        await inject({ method: 'GET', url: `/api/courses/${courseId}`, headers: as(user) }),
        404,
      )
      expectProblem(
        'getCourseCurriculum',
        await inject({ method: 'GET', url: `/api/courses/${courseId}/curriculum`, headers: as(user) }),
        404,
      )
    }
    for (const user of [student, otherTeacher]) {
      expectProblem(
        'getModulesByCourse',
        await inject({ method: 'GET', url: `/api/modules/course/${courseId}`, headers: as(user) }),
        404,
      )
    }
    for (const user of [owner, admin]) {
      const course = expectContract(
        'getCourse',
        await inject({ method: 'GET', url: `/api/courses/${courseId}`, headers: user.auth }),
      )
      expect(course).toMatchObject({ title: 'Secret Gambit', published: false })
      const modules = expectContract(
        'getModulesByCourse',
        await inject({ method: 'GET', url: `/api/modules/course/${courseId}`, headers: user.auth }),
      )
      expect(modules.map((m: { title: string }) => m.title)).toEqual(['First idea'])
    }
  })

  it('lists the drafts to their instructor (own only) and to admins (all); students 403, visitors 401', async () => {
    const { owner, otherTeacher, admin, student } = await world()
    const drafts = async (user?: TestUser) =>
      inject({ method: 'GET', url: '/api/courses/drafts', headers: as(user) })
    expect(
      expectContract('getDraftCourses', await drafts(owner)).map((c: { title: string }) => c.title),
    ).toEqual(['Secret Gambit'])
    expect(
      expectContract('getDraftCourses', await drafts(admin)).map((c: { title: string }) => c.title),
    ).toEqual(['Secret Gambit'])
    expect(expectContract('getDraftCourses', await drafts(otherTeacher))).toEqual([])
    expectProblem('getDraftCourses', await drafts(student), 403)
    expectProblem('getDraftCourses', await drafts(undefined), 401)
  })

  it('refuses enrolling and adding to the cart (404, as a course that is not there), changing nothing', async () => {
    const { student, courseId } = await world()
    expectProblem(
      'enrollInCourse',
      await inject({ method: 'POST', url: `/api/courses/${courseId}/enroll`, headers: student.auth }),
      404,
    )
    expectProblem(
      'addToCart',
      await inject({ method: 'POST', url: '/api/cart/items', headers: student.auth, payload: { courseId } }),
      404,
    )
    expect(await server.current.db.query('SELECT 1 FROM enrollments')).toHaveLength(0)
    expect(await server.current.db.query('SELECT 1 FROM cart_items')).toHaveLength(0)
  })

  it("'Publish' shows it to everyone; only its instructor or an admin may publish or unpublish", async () => {
    const { owner, otherTeacher, student, courseId } = await world()
    const publish = (user: TestUser, published: boolean) =>
      inject({ method: 'PATCH', url: `/api/courses/${courseId}`, headers: user.auth, payload: { published } })
    // others may not see the draft: 404, as for a course that is not there
    expectProblem('updateCourse', await publish(otherTeacher, true), 404)
    expectProblem('updateCourse', await publish(student, true), 404)
    expect(await listTitles()).toEqual([])
    expect(expectContract('updateCourse', await publish(owner, true)).published).toBe(true)
    expect((await listTitles()).map((c: { title: string }) => c.title)).toEqual(['Secret Gambit'])
    expect(await pageTitles('q=secret')).toEqual(['Secret Gambit'])
    const curriculum = await inject({ method: 'GET', url: `/api/courses/${courseId}/curriculum` })
    expect(expectContract('getCourseCurriculum', curriculum).map((m: { title: string }) => m.title)).toEqual([
      'First idea',
    ])
    expect(
      expectContract(
        'enrollInCourse',
        await inject({ method: 'POST', url: `/api/courses/${courseId}/enroll`, headers: student.auth }),
      ).courseId,
    ).toBe(courseId)
  })

  it('unpublishing a course with students keeps it readable to them, and gone from the catalogue for others', async () => {
    const { owner, admin, student, courseId } = await world()
    await inject({
      method: 'PATCH',
      url: `/api/courses/${courseId}`,
      headers: owner.auth,
      payload: { published: true },
    })
    await inject({ method: 'POST', url: `/api/courses/${courseId}/enroll`, headers: student.auth })
    const other = await server.current.createUser('student')
    const unpublished = await inject({
      method: 'PATCH',
      url: `/api/courses/${courseId}`,
      headers: admin.auth,
      payload: { published: false },
    })
    expect(expectContract('updateCourse', unpublished).published).toBe(false)

    expect(await listTitles(student)).toEqual([])
    expect(await pageTitles('q=secret', student)).toEqual([])
    const modules = await inject({
      method: 'GET',
      url: `/api/modules/course/${courseId}`,
      headers: student.auth,
    })
    expect(expectContract('getModulesByCourse', modules).map((m: { title: string }) => m.title)).toEqual([
      'First idea',
    ])
    const course = await inject({ method: 'GET', url: `/api/courses/${courseId}`, headers: student.auth })
    expect(expectContract('getCourse', course).published).toBe(false)
    const mine = await inject({
      method: 'GET',
      url: `/api/courses/user/${student.id}/enrolled`,
      headers: student.auth,
    })
    expect(expectContract('getEnrolledCourses', mine).map((c: { title: string }) => c.title)).toEqual([
      'Secret Gambit',
    ])

    expectProblem(
      'getCourse',
      await inject({ method: 'GET', url: `/api/courses/${courseId}`, headers: other.auth }),
      404,
    )
    expectProblem(
      'enrollInCourse',
      await inject({ method: 'POST', url: `/api/courses/${courseId}/enroll`, headers: other.auth }),
      404,
    )
  })

  it("leaves the draft out of its instructor's public teaching courses, but for them and admins", async () => {
    const { owner, admin, student } = await world()
    const teaching = async (user?: TestUser) =>
      (
        expectContract(
          'getProfile',
          await inject({ method: 'GET', url: `/api/profile/${owner.id}`, headers: as(user) }),
        ) as { courses?: { title: string }[] }
      ).courses?.map((c) => c.title)
    expect(await teaching()).toEqual([])
    expect(await teaching(student)).toEqual([])
    expect(await teaching(owner)).toEqual(['Secret Gambit'])
    expect(await teaching(admin)).toEqual(['Secret Gambit'])
  })
})
