import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { expectContract, expectProblem } from '../../helpers/contract'
import { useTestServer, type TestUser } from '../../helpers/buildServer'

const server = useTestServer()
const inject = (opts: InjectOptions) => server.current.app.inject(opts)
const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  server.current.db.query<T>(sql, params)

/** A course of a new instructor with one module, and a student enrolled in it who completed that module. */
async function courseWithLearner(fields: { published?: boolean } = {}) {
  const instructor = await server.current.createUser('instructor')
  const courseId = await server.current.createCourse(instructor)
  if (fields.published === false) await q('UPDATE courses SET published = false WHERE id = $1', [courseId])
  const [mod] = await q<{ id: string }>(
    `INSERT INTO modules (course_id, title, description, video_url, position)
     VALUES ($1, 'Opposition', 'King and pawn.', 'https://vimeo.com/1', 1) RETURNING id`,
    [courseId],
  )
  const student = await learner(courseId, mod.id)
  return { instructor, courseId, moduleId: mod.id, student }
}

/** A new student enrolled in the course, with the module completed unless `completed` is false. */
async function learner(courseId: string, moduleId: string, completed = true): Promise<TestUser> {
  const student = await server.current.createUser('student')
  await q('INSERT INTO enrollments (course_id, student_id) VALUES ($1, $2)', [courseId, student.id])
  await q(
    `INSERT INTO module_progress (user_id, module_id, course_id, completed_at)
     VALUES ($1, $2, $3, CASE WHEN $4::boolean THEN clock_timestamp() END)`,
    [student.id, moduleId, courseId, completed],
  )
  return student
}

const save = (user: TestUser | undefined, courseId: string, payload: unknown) =>
  inject({
    method: 'PUT',
    url: `/api/courses/${courseId}/reviews/mine`,
    headers: user?.auth,
    payload: payload as object,
  })
const page = (courseId: string, query = '', user?: TestUser) =>
  inject({ method: 'GET', url: `/api/courses/${courseId}/reviews${query}`, headers: user?.auth })
const mine = (user: TestUser, courseId: string) =>
  inject({ method: 'GET', url: `/api/courses/${courseId}/reviews/mine`, headers: user.auth })
const reply = (user: TestUser, reviewId: string, text: string) =>
  inject({
    method: 'POST',
    url: `/api/course-reviews/${reviewId}/reply`,
    headers: user.auth,
    payload: { text },
  })
const remove = (user: TestUser, reviewId: string, reason: string) =>
  inject({
    method: 'POST',
    url: `/api/course-reviews/${reviewId}/removal`,
    headers: user.auth,
    payload: { reason },
  })
/** The course as the whole list shows it (kept until the 'courses' data version moves), and as one course. */
async function listed(courseId: string) {
  const list = expectContract('getCourses', await inject({ method: 'GET', url: '/api/courses' }))
  const one = expectContract('getCourse', await inject({ method: 'GET', url: `/api/courses/${courseId}` }))
  const pageOfCatalogue = expectContract(
    'getCourses',
    await inject({ method: 'GET', url: '/api/courses?limit=50' }),
  )
  const find = (courses: { _id: string; rating?: unknown }[]) => courses.find((c) => c._id === courseId)
  return { list: find(list)?.rating, one: one.rating, catalogue: find(pageOfCatalogue.items)?.rating }
}

describe('course reviews', () => {
  it('a student who completed a module rates and reviews, then edits; the rating, its stars and the course list follow', async () => {
    const { courseId, moduleId, student } = await courseWithLearner()
    // the list is read (and kept) before any rating: no rating on the course
    expect(await listed(courseId)).toEqual({ list: undefined, one: undefined, catalogue: undefined })

    const created = expectContract(
      'saveMyCourseReview',
      await save(student, courseId, { rating: 4, text: 'Clear.' }),
    )
    expect(created).toMatchObject({
      courseId,
      author: { _id: student.id, username: student.username },
      rating: 4,
      text: 'Clear.',
      reply: null,
    })
    const second = await learner(courseId, moduleId)
    expect((await save(second, courseId, { rating: 5, text: '' })).statusCode).toBe(201)
    const third = await learner(courseId, moduleId)
    expect((await save(third, courseId, { rating: 5, text: 'Superb endgames.' })).statusCode).toBe(201)
    // 14 / 3 = 4.67, shown with one decimal
    expect(await listed(courseId)).toEqual({
      list: { average: 4.7, count: 3 },
      one: { average: 4.7, count: 3 },
      catalogue: { average: 4.7, count: 3 },
    })

    // an edit replaces the rating and text of the same review: still three ratings
    const edited = expectContract(
      'saveMyCourseReview',
      await save(student, courseId, { rating: 1, text: 'Too slow.' }),
    )
    expect(edited).toMatchObject({
      _id: created._id,
      rating: 1,
      text: 'Too slow.',
      createdAt: created.createdAt,
    })
    expect(Date.parse(edited.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt))
    expect(await listed(courseId)).toEqual({
      list: { average: 3.7, count: 3 },
      one: { average: 3.7, count: 3 },
      catalogue: { average: 3.7, count: 3 },
    })

    const got = expectContract('getCourseReviews', await page(courseId))
    expect(got.rating).toEqual({ average: 3.7, count: 3, stars: [1, 0, 0, 0, 2] })
    // newest first
    expect(got.items.map((r: { author: { _id: string } }) => r.author._id)).toEqual([
      third.id,
      second.id,
      student.id,
    ])
    expect(got.nextCursor).toBeNull()
    expect(expectContract('getMyCourseReview', await mine(student, courseId))).toEqual({
      review: edited,
      mayReview: true,
    })
  })

  it('refuses those who may not review, and bad input, changing nothing', async () => {
    const { instructor, courseId, moduleId, student } = await courseWithLearner()
    const outsider = await server.current.createUser('student')
    const notYet = await learner(courseId, moduleId, false)
    const admin = await server.current.createUser('admin')
    const valid = { rating: 5, text: 'Great.' }
    expectProblem('saveMyCourseReview', await save(undefined, courseId, valid), 401)
    for (const user of [outsider, notYet, instructor, admin])
      expectProblem('saveMyCourseReview', await save(user, courseId, valid), 403)
    expect(expectContract('getMyCourseReview', await mine(notYet, courseId))).toEqual({
      review: null,
      mayReview: false,
    })
    for (const payload of [
      { rating: 0, text: '' },
      { rating: 6, text: '' },
      { rating: 4.5, text: '' },
      { rating: 5 },
      { rating: 5, text: 'x'.repeat(2001) },
      { rating: 5, text: 'nul \u0000 inside' },
      { rating: 5, text: '', extra: 1 },
    ])
      expectProblem('saveMyCourseReview', await save(student, courseId, payload), 400)
    expectProblem(
      'saveMyCourseReview',
      await save(student, '00000000-0000-4000-8000-000000000000', valid),
      404,
    )
    expect(await q('SELECT 1 FROM course_reviews')).toEqual([])
    expect((await listed(courseId)).one).toBeUndefined()
    // 2,000 characters are taken (astral characters count one each, as the contract counts them)
    const longest = '♞'.repeat(1000) + '𝔘'.repeat(1000)
    expect(
      expectContract('saveMyCourseReview', await save(student, courseId, { rating: 5, text: longest })).text,
    ).toBe(longest)
  })

  it("the course's instructor replies once; nobody else may, and the reply is listed with the review", async () => {
    const { instructor, courseId, student } = await courseWithLearner()
    const review = expectContract(
      'saveMyCourseReview',
      await save(student, courseId, { rating: 3, text: 'Hm.' }),
    )
    const other = await server.current.createUser('instructor')
    const admin = await server.current.createUser('admin')
    for (const user of [student, other, admin])
      expectProblem('replyToCourseReview', await reply(user, review._id, 'Thanks!'), 403)
    expectProblem('replyToCourseReview', await reply(instructor, review._id, ''), 400)
    expectProblem(
      'replyToCourseReview',
      await reply(instructor, '00000000-0000-4000-8000-000000000000', 'Thanks!'),
      404,
    )
    const replied = expectContract('replyToCourseReview', await reply(instructor, review._id, 'Thanks, Bob!'))
    expect(replied.reply).toMatchObject({
      text: 'Thanks, Bob!',
      author: { _id: instructor.id, username: instructor.username },
    })
    expectProblem('replyToCourseReview', await reply(instructor, review._id, 'Again'), 409)
    // the author's edit keeps the reply
    await save(student, courseId, { rating: 4, text: 'Better on a second look.' })
    const [listedReview] = expectContract('getCourseReviews', await page(courseId)).items
    expect(listedReview).toMatchObject({ rating: 4, reply: { text: 'Thanks, Bob!' } })
  })

  it('an admin removes a review with a reason: no longer listed nor counted, its author told why and unable to edit it', async () => {
    const { instructor, courseId, moduleId, student } = await courseWithLearner()
    const other = await learner(courseId, moduleId)
    const admin = await server.current.createUser('admin')
    const review = expectContract(
      'saveMyCourseReview',
      await save(student, courseId, { rating: 1, text: 'Spam link' }),
    )
    await save(other, courseId, { rating: 5, text: 'Good.' })
    expect((await listed(courseId)).list).toEqual({ average: 3, count: 2 })

    for (const user of [student, instructor])
      expectProblem('removeCourseReview', await remove(user, review._id, 'Spam'), 403)
    expectProblem('removeCourseReview', await remove(admin, review._id, ''), 400)
    expectContract('removeCourseReview', await remove(admin, review._id, 'Advertising'))
    expectProblem('removeCourseReview', await remove(admin, review._id, 'Advertising'), 409)
    expectProblem(
      'removeCourseReview',
      await remove(admin, '00000000-0000-4000-8000-000000000000', 'Advertising'),
      404,
    )

    const got = expectContract('getCourseReviews', await page(courseId))
    expect(got.rating).toEqual({ average: 5, count: 1, stars: [0, 0, 0, 0, 1] })
    expect(got.items.map((r: { _id: string }) => r._id)).not.toContain(review._id)
    expect(await listed(courseId)).toEqual({
      list: { average: 5, count: 1 },
      one: { average: 5, count: 1 },
      catalogue: { average: 5, count: 1 },
    })
    const own = expectContract('getMyCourseReview', await mine(student, courseId))
    expect(own).toMatchObject({
      mayReview: false,
      review: { _id: review._id, removal: { reason: 'Advertising' } },
    })
    expectProblem('saveMyCourseReview', await save(student, courseId, { rating: 5, text: 'Sorry' }), 403)
    expectProblem('replyToCourseReview', await reply(instructor, review._id, 'Thanks'), 404)
    const [kept] = await q<{ removal_reason: string; removed_by: string }>(
      'SELECT removal_reason, removed_by FROM course_reviews WHERE id = $1',
      [review._id],
    )
    expect(kept).toEqual({ removal_reason: 'Advertising', removed_by: admin.id })
  })

  it('pages newest first through cursors that belong to the course, and counts a student gone no more', async () => {
    const { courseId, moduleId } = await courseWithLearner()
    const students: TestUser[] = []
    for (let i = 0; i < 12; i++) {
      const s = await learner(courseId, moduleId)
      await save(s, courseId, { rating: (i % 5) + 1, text: `Review ${i}` })
      students.push(s)
    }
    const first = expectContract('getCourseReviews', await page(courseId, '?limit=5'))
    const texts = first.items.map((r: { text: string }) => r.text)
    let cursor = first.nextCursor
    while (cursor) {
      const next = expectContract('getCourseReviews', await page(courseId, `?limit=5&cursor=${cursor}`))
      texts.push(...next.items.map((r: { text: string }) => r.text))
      cursor = next.nextCursor
    }
    expect(texts).toEqual(Array.from({ length: 12 }, (_, i) => `Review ${11 - i}`))
    expect(first.rating).toMatchObject({ count: 12, stars: [3, 3, 2, 2, 2] })

    const other = await courseWithLearner()
    expectProblem('getCourseReviews', await page(other.courseId, `?limit=5&cursor=${first.nextCursor}`), 400)
    expectProblem('getCourseReviews', await page(courseId, '?limit=0'), 400)

    // an account deleted takes its review and its rating with it
    await q('DELETE FROM users WHERE id = $1', [students[0].id])
    expect((await listed(courseId)).one).toEqual({ average: 2.9, count: 11 })
    // a course deleted takes its reviews with it
    await q('DELETE FROM courses WHERE id = $1', [courseId])
    expect(await q('SELECT 1 FROM course_reviews WHERE course_id = $1', [courseId])).toEqual([])
  })

  it("a draft's reviews are read only by those who may see the draft", async () => {
    const { instructor, courseId, student } = await courseWithLearner({ published: false })
    expect((await save(student, courseId, { rating: 5, text: 'Early access.' })).statusCode).toBe(201)
    expectProblem('getCourseReviews', await page(courseId), 404)
    expectProblem(
      'getCourseReviews',
      await page(courseId, '', await server.current.createUser('student')),
      404,
    )
    expect(expectContract('getCourseReviews', await page(courseId, '', instructor)).items).toHaveLength(1)
    expect(expectContract('getCourseReviews', await page(courseId, '', student)).items).toHaveLength(1)
  })
})
