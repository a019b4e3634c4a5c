// Learning progress (getMyProgress, saveModuleProgress, setModuleCompletion, getCourseProgress): who may record
// and read it, what a refused call leaves behind (nothing), the 90 % completion rule and its re-completion, the
// percent following the course's modules, and one query for all of a learner's courses.
import type { InjectOptions } from 'fastify'
import { describe, expect, it, vi } from 'vitest'
import type { Schema } from '../../../server/services/types'
import { expectContract, expectProblem } from '../../helpers/contract'
import { type TestUser, TEST_PASSWORD, unknownId, useTestServer } from '../../helpers/buildServer'

type ModuleProgress = Schema<'ModuleProgress'>
type CourseProgress = Schema<'CourseProgress'>
type StudentProgress = Schema<'StudentProgress'>

const server = useTestServer()
const inject = (opts: InjectOptions) => server.current.app.inject(opts)
const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  server.current.db.query<T>(sql, params)

/** `count` modules appended to a course straight in the database; their ids in course order. */
async function addModules(courseId: string, count: number): Promise<string[]> {
  const rows = await q<{ id: string; position: number }>(
    `INSERT INTO modules (course_id, title, description, video_url, position)
     SELECT $1, 'Module ' || n, 'Lesson ' || n, 'https://www.youtube.com/watch?v=abc',
       n + (SELECT coalesce(max(position), 0) FROM modules WHERE course_id = $1)
     FROM generate_series(1, $2::int) AS n
     RETURNING id, position`,
    [courseId, count],
  )
  return rows.sort((a, b) => a.position - b.position).map((r) => r.id)
}

const enroll = (courseId: string, student: TestUser) =>
  q('INSERT INTO enrollments (course_id, student_id) VALUES ($1, $2)', [courseId, student.id])

/** A course of `owner` with three modules and one enrolled student, and everyone else who matters. */
async function world() {
  const people = await server.current.courseWorld()
  return { ...people, modules: await addModules(people.courseId, 3) }
}

const auth = (who: TestUser | string | undefined) =>
  who === undefined ? {} : { authorization: `Bearer ${typeof who === 'string' ? who : who.token}` }

/** saveModuleProgress; a string body is sent as it is (JSON a client could write, such as `1e999`). */
const save = (who: TestUser | string | undefined, moduleId: string, body: object | string) =>
  inject({
    method: 'PUT',
    url: `/api/progress/modules/${moduleId}`,
    headers: { ...auth(who), 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  })

const complete = (who: TestUser | undefined, moduleId: string, body: object | string) =>
  inject({
    method: 'PUT',
    url: `/api/progress/modules/${moduleId}/completion`,
    headers: { ...auth(who), 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  })

/** A save that must succeed: the contract's ModuleProgress. */
async function saved(
  who: TestUser | string,
  moduleId: string,
  positionSeconds: number,
  durationSeconds = 600,
) {
  const res = await save(who, moduleId, { positionSeconds, durationSeconds })
  expect(res.statusCode, res.body).toBe(200)
  return expectContract('saveModuleProgress', res) as ModuleProgress
}

async function marked(who: TestUser, moduleId: string, completed: boolean) {
  const res = await complete(who, moduleId, { completed })
  expect(res.statusCode, res.body).toBe(200)
  return expectContract('setModuleCompletion', res) as ModuleProgress
}

async function mine(who: TestUser | string): Promise<CourseProgress[]> {
  const res = await inject({ method: 'GET', url: '/api/progress', headers: auth(who) })
  expect(res.statusCode, res.body).toBe(200)
  return expectContract('getMyProgress', res) as CourseProgress[]
}

const courseIn = async (who: TestUser | string, courseId: string) =>
  (await mine(who)).find((c) => c.courseId === courseId)

const courseProgress = (who: TestUser | undefined, courseId: string) =>
  inject({ method: 'GET', url: `/api/courses/${courseId}/progress`, headers: auth(who) })

/** Every stored progress row, to prove that a refused call changed nothing. */
const table = () =>
  q(
    `SELECT user_id, module_id, course_id, position_seconds, duration_seconds, completed_at, updated_at
     FROM module_progress ORDER BY user_id, module_id`,
  )

const rowOf = async (user: TestUser, moduleId: string) => {
  const [row] = await q<{ position_seconds: number; duration_seconds: number | null; completed: boolean }>(
    `SELECT position_seconds, duration_seconds, completed_at IS NOT NULL AS completed
     FROM module_progress WHERE user_id = $1 AND module_id = $2`,
    [user.id, moduleId],
  )
  return row
}

describe('PUT /api/progress/modules/{moduleId} (saveModuleProgress)', () => {
  it('records the position of an enrolled student, any instructor and an admin, each as their own row', async () => {
    const { owner, otherTeacher, admin, enrolled, courseId, modules } = await world()
    const callers = [enrolled, owner, otherTeacher, admin]
    for (const [i, who] of callers.entries()) {
      const body = await saved(who, modules[0], 100 + i, 600)
      expect(body, who.role).toMatchObject({
        moduleId: modules[0],
        courseId,
        positionSeconds: 100 + i,
        durationSeconds: 600,
        completed: false,
      })
      expect(Date.parse(body.updatedAt)).toBeGreaterThan(Date.now() - 60_000)
    }
    // a later save moves the caller's own row; nobody else's
    expect((await saved(enrolled, modules[0], 250.5, 600)).positionSeconds).toBe(250.5)
    const rows = await q<{ user_id: string; position_seconds: number }>(
      'SELECT user_id, position_seconds FROM module_progress ORDER BY position_seconds',
    )
    expect(rows).toEqual([
      { user_id: owner.id, position_seconds: 101 },
      { user_id: otherTeacher.id, position_seconds: 102 },
      { user_id: admin.id, position_seconds: 103 },
      { user_id: enrolled.id, position_seconds: 250.5 },
    ])
  })

  it('refuses no token or a bad one (401), a student not enrolled (403), an unknown module (404) and a malformed id (400); nothing changes', async () => {
    const { enrolled, outsider, admin, modules } = await world()
    await saved(enrolled, modules[0], 120)
    const before = await table()
    const body = { positionSeconds: 30, durationSeconds: 600 }
    expectProblem('saveModuleProgress', await save(undefined, modules[0], body), 401)
    expectProblem('saveModuleProgress', await save('not.a.token', modules[0], body), 401)
    const refused = expectProblem('saveModuleProgress', await save(outsider, modules[0], body), 403)
    expect(refused.detail).toMatch(/enroll/i)
    expectProblem('saveModuleProgress', await save(outsider, modules[1], body), 403)
    expectProblem('saveModuleProgress', await save(admin, unknownId(), body), 404)
    expectProblem('saveModuleProgress', await save(admin, 'zzz', body), 400)
    expect(await table()).toEqual(before)
    expect(await rowOf(outsider, modules[0])).toBeUndefined()
  })

  it.each([
    ['a negative position', { positionSeconds: -1, durationSeconds: 600 }, 'positionSeconds'],
    ['a negative duration', { positionSeconds: 10, durationSeconds: -600 }, 'durationSeconds'],
    ['a zero duration', { positionSeconds: 0, durationSeconds: 0 }, 'durationSeconds'],
    ['an infinite position (1e999)', '{"positionSeconds":1e999,"durationSeconds":600}', 'positionSeconds'],
    ['an infinite duration (1e999)', '{"positionSeconds":10,"durationSeconds":1e999}', 'durationSeconds'],
    ['a position of -1e999', '{"positionSeconds":-1e999,"durationSeconds":600}', 'positionSeconds'],
    ['a position over 24 hours', { positionSeconds: 86400.5, durationSeconds: 86400 }, 'positionSeconds'],
    ['a duration over 24 hours', { positionSeconds: 10, durationSeconds: 86401 }, 'durationSeconds'],
    ['a position 5.01 s past the duration', { positionSeconds: 605.01, durationSeconds: 600 }, 'position'],
    ['a missing duration', { positionSeconds: 10 }, 'durationSeconds'],
    ['a null duration', { positionSeconds: 10, durationSeconds: null }, 'durationSeconds'],
    ['a position as text', { positionSeconds: '10', durationSeconds: 600 }, 'positionSeconds'],
    [
      'somebody else named as the learner',
      { positionSeconds: 10, durationSeconds: 600, userId: unknownId() },
      'userId',
    ],
    ['an array', '[10, 600]', ''],
    ['no body', '', ''],
  ])('answers 400 problem+json for %s and changes nothing', async (_label, body, field) => {
    const { enrolled, outsider, modules } = await world()
    await saved(enrolled, modules[0], 120)
    const before = await table()
    for (const moduleId of [modules[0], modules[1]]) {
      const problem = expectProblem('saveModuleProgress', await save(enrolled, moduleId, body), 400)
      expect(problem.detail).toContain(field)
    }
    // nor does a student who may not record anything, whichever refusal comes first
    const refused = await save(outsider, modules[0], body)
    expect([400, 403]).toContain(refused.statusCode)
    expectContract('saveModuleProgress', refused)
    expect(await table()).toEqual(before)
    expect(await rowOf(enrolled, modules[0])).toEqual({
      position_seconds: 120,
      duration_seconds: 600,
      completed: false,
    })
  })

  it('accepts a position up to 5 s past the duration (a player reporting the end late) and stores it as the end', async () => {
    const { enrolled, modules } = await world()
    expect(await saved(enrolled, modules[0], 605, 600)).toMatchObject({
      positionSeconds: 600,
      durationSeconds: 600,
      completed: true,
    })
    expect(await saved(enrolled, modules[1], 86400, 86400)).toMatchObject({ positionSeconds: 86400 })
    expect(await saved(enrolled, modules[2], 0, 0.5)).toMatchObject({ positionSeconds: 0, completed: false })
  })

  it('completes the module at 90 % of the video (540 of 600 s), not before, and keeps it completed when rewatched', async () => {
    const { enrolled, courseId, modules } = await world()
    expect((await saved(enrolled, modules[0], 539.9)).completed).toBe(false)
    expect((await courseIn(enrolled, courseId))?.completedModules).toBe(0)
    expect((await saved(enrolled, modules[0], 540)).completed).toBe(true)
    const [{ completed_at: completedAt }] = await q<{ completed_at: Date }>(
      'SELECT completed_at FROM module_progress WHERE module_id = $1',
      [modules[0]],
    )
    // starting the video again does not take the completion away, nor move its time
    expect(await saved(enrolled, modules[0], 12)).toMatchObject({ positionSeconds: 12, completed: true })
    expect(await q('SELECT completed_at FROM module_progress WHERE module_id = $1', [modules[0]])).toEqual([
      { completed_at: completedAt },
    ])
    expect(await courseIn(enrolled, courseId)).toMatchObject({
      completedModules: 1,
      totalModules: 3,
      percent: 33,
      nextModuleId: modules[1],
    })
    // a first save already past the mark completes at once
    expect((await saved(enrolled, modules[1], 599, 600)).completed).toBe(true)
  })

  it('once marked not complete by hand, a module is completed again only by crossing 90 % anew', async () => {
    const { enrolled, courseId, modules } = await world()
    expect((await saved(enrolled, modules[0], 560)).completed).toBe(true)
    expect(await marked(enrolled, modules[0], false)).toMatchObject({
      completed: false,
      positionSeconds: 560,
    })
    // the player keeps reporting positions past the mark: the learner's choice stands
    expect((await saved(enrolled, modules[0], 570)).completed).toBe(false)
    expect((await saved(enrolled, modules[0], 600)).completed).toBe(false)
    expect((await courseIn(enrolled, courseId))?.completedModules).toBe(0)
    // watched again from the start, below the mark, then past it: completed again
    expect((await saved(enrolled, modules[0], 30)).completed).toBe(false)
    expect((await saved(enrolled, modules[0], 539)).completed).toBe(false)
    expect((await saved(enrolled, modules[0], 545)).completed).toBe(true)
    expect((await courseIn(enrolled, courseId))?.completedModules).toBe(1)
    // marked not complete while below the mark: the next crossing completes it
    expect(await marked(enrolled, modules[1], false)).toMatchObject({ completed: false })
    expect((await saved(enrolled, modules[1], 100)).completed).toBe(false)
    expect((await saved(enrolled, modules[1], 590)).completed).toBe(true)
  })

  it('answers 404 for a module deleted before the save, and writes nothing', async () => {
    const { owner, enrolled, modules } = await world()
    const del = await inject({ method: 'DELETE', url: `/api/modules/${modules[2]}`, headers: owner.auth })
    expect(del.statusCode).toBe(204)
    expectProblem(
      'saveModuleProgress',
      await save(enrolled, modules[2], { positionSeconds: 1, durationSeconds: 9 }),
      404,
    )
    expectProblem('setModuleCompletion', await complete(enrolled, modules[2], { completed: true }), 404)
    expect(await table()).toEqual([])
  })
})

describe('PUT /api/progress/modules/{moduleId}/completion (setModuleCompletion)', () => {
  it('marks a module complete and not complete for the caller only, keeping the saved position', async () => {
    const { owner, otherTeacher, admin, enrolled, courseId, modules } = await world()
    await saved(enrolled, modules[0], 100)
    await saved(otherTeacher, modules[0], 200)
    expect(await marked(enrolled, modules[0], true)).toMatchObject({
      moduleId: modules[0],
      courseId,
      positionSeconds: 100,
      durationSeconds: 600,
      completed: true,
    })
    expect(await rowOf(otherTeacher, modules[0])).toEqual({
      position_seconds: 200,
      duration_seconds: 600,
      completed: false,
    })
    // marking again changes nothing but the time of the last activity
    expect((await marked(enrolled, modules[0], true)).completed).toBe(true)
    expect(await marked(enrolled, modules[0], false)).toMatchObject({
      positionSeconds: 100,
      completed: false,
    })
    // a module never played: completed with no position and an unknown duration
    expect(await marked(enrolled, modules[1], true)).toMatchObject({
      moduleId: modules[1],
      positionSeconds: 0,
      durationSeconds: null,
      completed: true,
    })
    for (const who of [owner, otherTeacher, admin])
      expect((await marked(who, modules[2], true)).completed, who.role).toBe(true)
    expect(await courseIn(enrolled, courseId)).toMatchObject({
      completedModules: 1,
      percent: 33,
      nextModuleId: modules[0],
    })
  })

  it('refuses like saveModuleProgress (401, 403, 404, 400) and changes nothing', async () => {
    const { enrolled, outsider, admin, modules } = await world()
    await saved(enrolled, modules[0], 120)
    const before = await table()
    expectProblem('setModuleCompletion', await complete(undefined, modules[0], { completed: true }), 401)
    expectProblem('setModuleCompletion', await complete(outsider, modules[0], { completed: true }), 403)
    expectProblem('setModuleCompletion', await complete(admin, unknownId(), { completed: true }), 404)
    expectProblem('setModuleCompletion', await complete(admin, 'zzz', { completed: true }), 400)
    for (const body of [
      {},
      { completed: 'true' },
      { completed: 1 },
      { completed: null },
      { completed: true, userId: outsider.id },
      '[true]',
      '',
    ])
      expectProblem('setModuleCompletion', await complete(enrolled, modules[0], body), 400)
    expect(await table()).toEqual(before)
  })
})

describe('GET /api/progress (getMyProgress)', () => {
  it('refuses a caller without a token (401)', async () => {
    expectProblem('getMyProgress', await inject({ method: 'GET', url: '/api/progress' }), 401)
  })

  it('lists the enrolled courses and those with saved progress, in counts, percent, next module and course order', async () => {
    const { owner, otherTeacher, enrolled, outsider, courseId, modules } = await world()
    const second = await server.current.createCourse(owner, { title: 'Second' })
    const secondModules = await addModules(second, 2)
    await enroll(second, enrolled)
    const empty = await server.current.createCourse(owner, { title: 'No modules yet' })
    await enroll(empty, enrolled)
    await server.current.createCourse(owner, { title: 'Not enrolled' })
    const newcomer = await server.current.createUser('student')
    expect(await mine(newcomer)).toEqual([])

    // saved out of course order: listed in course order
    const third = await saved(enrolled, modules[2], 30)
    const first = await saved(enrolled, modules[0], 595)
    await saved(otherTeacher, modules[1], 10) // someone else's progress stays theirs
    const list = await mine(enrolled)
    expect(list.map((c) => c.courseId).sort()).toEqual([courseId, second, empty].sort())
    const course = list.find((c) => c.courseId === courseId)!
    expect(course).toEqual({
      courseId,
      completedModules: 1,
      totalModules: 3,
      percent: 33,
      nextModuleId: modules[1],
      lastActivityAt: first.updatedAt,
      modules: [first, third],
    })
    expect(list.find((c) => c.courseId === second)).toEqual({
      courseId: second,
      completedModules: 0,
      totalModules: 2,
      percent: 0,
      nextModuleId: secondModules[0],
      lastActivityAt: null,
      modules: [],
    })
    expect(list.find((c) => c.courseId === empty)).toEqual({
      courseId: empty,
      completedModules: 0,
      totalModules: 0,
      percent: 0,
      nextModuleId: null,
      lastActivityAt: null,
      modules: [],
    })
    // every module done: 100 % and no next module
    await marked(enrolled, modules[1], true)
    await saved(enrolled, modules[2], 600)
    expect(await courseIn(enrolled, courseId)).toMatchObject({
      completedModules: 3,
      percent: 100,
      nextModuleId: null,
    })
    // an instructor who watched a module of a course they do not own sees that course, with their own row only
    expect(await mine(otherTeacher)).toEqual([
      expect.objectContaining({
        courseId,
        completedModules: 0,
        modules: [expect.objectContaining({ moduleId: modules[1], positionSeconds: 10 })],
      }),
    ])
    expect(await mine(outsider)).toEqual([])
  })

  it("keeps a student's progress across two sessions, as on two devices", async () => {
    const { enrolled, courseId, modules } = await world()
    const login = async () => {
      const res = await inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: enrolled.email, password: TEST_PASSWORD },
      })
      expect(res.statusCode, res.body).toBe(200)
      return res.json<{ token: string }>().token
    }
    const laptop = await login()
    const phone = await login()
    expect(phone).not.toBe(laptop)
    await saved(laptop, modules[0], 120)
    expect((await courseIn(phone, courseId))?.modules).toEqual([
      expect.objectContaining({ moduleId: modules[0], positionSeconds: 120 }),
    ])
    // carried on on the phone, past the mark: the laptop sees where the phone stopped
    await saved(phone, modules[0], 580)
    expect(await courseIn(laptop, courseId)).toMatchObject({
      completedModules: 1,
      modules: [expect.objectContaining({ positionSeconds: 580, completed: true })],
    })
    // the laptop logs out: nothing of the progress goes with its session
    const out = await inject({ method: 'POST', url: '/api/auth/logout', headers: auth(laptop) })
    expect(out.statusCode).toBe(204)
    expectProblem(
      'getMyProgress',
      await inject({ method: 'GET', url: '/api/progress', headers: auth(laptop) }),
      401,
    )
    expect((await courseIn(await login(), courseId))?.modules[0]).toMatchObject({
      positionSeconds: 580,
      completed: true,
    })
  })

  it('follows the course: a new module lowers the percent, a deleted module takes its progress with it', async () => {
    const { owner, enrolled, otherTeacher } = await world()
    const courseId = await server.current.createCourse(owner)
    await enroll(courseId, enrolled)
    const [kept, toDelete] = await addModules(courseId, 2)
    await saved(enrolled, kept, 600)
    await saved(enrolled, toDelete, 600)
    await saved(otherTeacher, toDelete, 30)
    expect(await courseIn(enrolled, courseId)).toMatchObject({
      completedModules: 2,
      totalModules: 2,
      percent: 100,
      nextModuleId: null,
    })
    const created = await inject({
      method: 'POST',
      url: '/api/modules',
      headers: owner.auth,
      payload: { title: 'Zugzwang', description: 'New', videoUrl: 'https://vimeo.com/1', courseId },
    })
    expect(created.statusCode, created.body).toBe(201)
    const added = created.json<{ _id: string }>()._id
    expect(await courseIn(enrolled, courseId)).toMatchObject({
      completedModules: 2,
      totalModules: 3,
      percent: 66,
      nextModuleId: added,
    })
    const del = await inject({ method: 'DELETE', url: `/api/modules/${toDelete}`, headers: owner.auth })
    expect(del.statusCode).toBe(204)
    expect(await q('SELECT user_id FROM module_progress WHERE module_id = $1', [toDelete])).toEqual([])
    const after = await courseIn(enrolled, courseId)
    expect(after).toMatchObject({ completedModules: 1, totalModules: 2, percent: 50, nextModuleId: added })
    expect(after?.modules.map((m) => m.moduleId)).toEqual([kept])
    // the instructor had progress only in the deleted module: the course is no longer theirs to follow
    expect(await mine(otherTeacher)).toEqual([])
  })

  it('answers 20 courses × 20 modules with progress in one database query (plus the session check)', async () => {
    const owner = await server.current.createUser('instructor')
    const student = await server.current.createUser('student')
    const expected = new Map<string, { modules: string[]; completed: number }>()
    for (let c = 0; c < 20; c++) {
      const courseId = await server.current.createCourse(owner, { title: `Course ${c}` })
      await enroll(courseId, student)
      const modules = await addModules(courseId, 20)
      expected.set(courseId, { modules, completed: c })
    }
    // course c: its first c modules completed, the others part-way
    await q(
      `INSERT INTO module_progress (user_id, module_id, course_id, position_seconds, duration_seconds, completed_at)
       SELECT $1, m.id, m.course_id, 100, 600,
         CASE WHEN m.position <= substring(c.title FROM 'Course (\\d+)')::int THEN clock_timestamp() END
       FROM modules m JOIN courses c ON c.id = m.course_id WHERE c.instructor_id = $2`,
      [student.id, owner.id],
    )
    expect(await q('SELECT count(*)::int AS n FROM module_progress')).toEqual([{ n: 400 }])

    const db = server.current.db
    const spy = vi.spyOn(db, 'query')
    let res
    let calls: Parameters<typeof db.query>[]
    try {
      res = await inject({ method: 'GET', url: '/api/progress', headers: student.auth })
    } finally {
      calls = [...spy.mock.calls]
      spy.mockRestore()
    }
    const sql = calls.map(([text]) => text.replace(/\s+/g, ' '))
    // The auth plugin checks the token's session through the same database (one query, sessionActor); the
    // progress service answers everything else in one more.
    expect(sql).toHaveLength(2)
    expect(sql[0]).toMatch(/FROM sessions s JOIN users u ON u.id = s.user_id/)
    const byService = sql.filter((text) => !/FROM sessions s JOIN users u/.test(text))
    expect(byService).toHaveLength(1)
    expect(byService[0]).toMatch(/FROM mine LEFT JOIN modules m .* LEFT JOIN module_progress p/)

    expect(res.statusCode).toBe(200)
    const list = expectContract('getMyProgress', res) as CourseProgress[]
    expect(list).toHaveLength(20)
    for (const course of list) {
      const { modules, completed } = expected.get(course.courseId)!
      expect(course).toMatchObject({
        totalModules: 20,
        completedModules: completed,
        percent: completed * 5,
        nextModuleId: modules[completed],
      })
      expect(course.modules.map((m) => m.moduleId)).toEqual(modules)
      expect(course.modules.filter((m) => m.completed)).toHaveLength(completed)
    }
  })
})

describe('GET /api/courses/{courseId}/progress (getCourseProgress)', () => {
  it('answers one row per enrolled student, newest activity first, students without any last', async () => {
    const { owner, admin, otherTeacher, courseId, modules } = await world()
    await q('DELETE FROM enrollments WHERE course_id = $1', [courseId])
    const names = ['carla', 'Bruno', 'anna', 'dave', 'Emil']
    const s: Record<string, TestUser> = {}
    for (const name of names) {
      s[name] = await server.current.createUser('student', { username: name })
      await enroll(courseId, s[name])
    }
    // anna: two modules done, an hour ago; carla: one part-way, just now; Bruno: one done, yesterday
    await saved(s.anna, modules[0], 600)
    await marked(s.anna, modules[1], true)
    await saved(s.carla, modules[2], 100)
    await saved(s.Bruno, modules[0], 580)
    // an instructor's own viewing is not a student's row
    await saved(otherTeacher, modules[0], 600)
    const at = (iso: string, user: TestUser) =>
      q('UPDATE module_progress SET updated_at = $1 WHERE user_id = $2', [iso, user.id])
    await at('2026-03-01T10:00:00.000Z', s.anna)
    await at('2026-03-01T11:30:00.250Z', s.carla)
    await at('2026-02-28T09:00:00.000Z', s.Bruno)
    await at('2026-03-02T09:00:00.000Z', otherTeacher)
    const row = (user: TestUser, completedModules: number, lastActivityAt: string | null) => ({
      student: { _id: user.id, username: user.username },
      completedModules,
      totalModules: 3,
      puzzlesSolved: 0,
      puzzlesTried: 0,
      puzzlesTotal: 0,
      lastActivityAt,
    })
    const expected = [
      row(s.carla, 0, '2026-03-01T11:30:00.250Z'),
      row(s.anna, 2, '2026-03-01T10:00:00.000Z'),
      row(s.Bruno, 1, '2026-02-28T09:00:00.000Z'),
      // no activity yet: by name, whatever its case
      row(s.dave, 0, null),
      row(s.Emil, 0, null),
    ]
    for (const who of [owner, admin]) {
      const res = await courseProgress(who, courseId)
      expect(res.statusCode, res.body).toBe(200)
      expect(expectContract('getCourseProgress', res) as StudentProgress[], who.role).toEqual(expected)
      for (const hidden of ['email', 'password', 'hash', s.anna.email]) expect(res.body).not.toContain(hidden)
    }
    // totalModules is the course's modules now
    await addModules(courseId, 1)
    const [first] = expectContract(
      'getCourseProgress',
      await courseProgress(owner, courseId),
    ) as StudentProgress[]
    expect(first).toMatchObject({ completedModules: 0, totalModules: 4 })
    // a course nobody is enrolled in
    const lonely = await server.current.createCourse(owner)
    expect(expectContract('getCourseProgress', await courseProgress(owner, lonely))).toEqual([])
  })

  it("refuses everyone but the course's instructor and admins: 401, 403 (other instructors, students), 404, 400", async () => {
    const { owner, otherTeacher, enrolled, outsider, admin, courseId } = await world()
    expectProblem('getCourseProgress', await courseProgress(undefined, courseId), 401)
    for (const who of [otherTeacher, enrolled, outsider]) {
      const res = await courseProgress(who, courseId)
      expectProblem('getCourseProgress', res, 403)
      expect(res.body, who.role).not.toContain(enrolled.username)
    }
    expectProblem('getCourseProgress', await courseProgress(owner, unknownId()), 404)
    expectProblem('getCourseProgress', await courseProgress(admin, 'zzz'), 400)
    // a course whose instructor account is gone is the admins' only
    await q('UPDATE courses SET instructor_id = NULL WHERE id = $1', [courseId])
    expectProblem('getCourseProgress', await courseProgress(owner, courseId), 403)
    expect((await courseProgress(admin, courseId)).statusCode).toBe(200)
  })
})
