// Certificates of completion (getCertificate, getMyCertificates, setCertificatePrivacy): issued by the completion that
// finishes a course, once; what they show kept as issued; public by their link unless their holder keeps them
// private; revoked by a refund and earned again by buying the course back.
import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { Schema } from '../../../server/services/types'
import { expectContract, expectProblem } from '../../helpers/contract'
import { type TestUser, unknownId, useTestServer } from '../../helpers/buildServer'

type MyCertificates = Schema<'MyCertificates'>

const server = useTestServer()
const inject = (opts: InjectOptions) => server.current.app.inject(opts)
const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  server.current.db.query<T>(sql, params)

async function addModule(courseId: string, position: number): Promise<string> {
  const [row] = await q<{ id: string }>(
    `INSERT INTO modules (course_id, title, description, video_url, position)
     VALUES ($1, 'Module ' || $2::int, 'A lesson', 'https://www.youtube.com/watch?v=abc', $2::int) RETURNING id`,
    [courseId, position],
  )
  return row.id
}

/** A course of two modules by `teacher` ('Rook endings', at `price`), with `learner` enrolled through the API. */
async function course(price = 0) {
  const teacher = await server.current.createUser('instructor')
  const learner = await server.current.createUser('student')
  const courseId = await server.current.createCourse(teacher, { title: 'Rook endings', price })
  const modules = [await addModule(courseId, 1), await addModule(courseId, 2)]
  const enrolled = await inject({
    method: 'POST',
    url: `/api/courses/${courseId}/enroll`,
    headers: learner.auth,
  })
  expect(enrolled.statusCode, enrolled.body).toBe(201)
  return { teacher, learner, courseId, modules }
}

const mark = async (who: TestUser, moduleId: string, completed = true) => {
  const res = await inject({
    method: 'PUT',
    url: `/api/progress/modules/${moduleId}/completion`,
    headers: who.auth,
    payload: { completed },
  })
  expect(res.statusCode, res.body).toBe(200)
}

async function mine(who: TestUser): Promise<MyCertificates> {
  return expectContract(
    'getMyCertificates',
    await inject({ method: 'GET', url: '/api/profile/me/certificates', headers: who.auth }),
  ) as MyCertificates
}

const read = (id: string, who?: TestUser) =>
  inject({ method: 'GET', url: `/api/certificates/${id}`, headers: who?.auth })

const setPrivate = (who: TestUser, payload: unknown) =>
  inject({
    method: 'PUT',
    url: '/api/profile/me/certificate-privacy',
    headers: who.auth,
    payload: payload as object,
  })

describe('certificates of completion', () => {
  it('are issued by the completion of the last module, once, and show the learner, the course, its instructor and the date', async () => {
    const { teacher, learner, courseId, modules } = await course()
    await mark(learner, modules[0])
    expect((await mine(learner)).items).toEqual([])

    const before = Date.now()
    await mark(learner, modules[1])
    const { items, private: hidden } = await mine(learner)
    expect(hidden).toBe(false)
    expect(items).toHaveLength(1)
    const [held] = items
    expect(held).toMatchObject({
      learner: learner.username,
      courseId,
      courseTitle: 'Rook endings',
      instructor: teacher.username,
      private: false,
    })
    expect(Math.abs(Date.parse(held.issuedAt) - before)).toBeLessThan(60_000)
    // unguessable: a random (version 4) UUID
    expect(held._id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)

    // anyone holding the link reads it, a visitor included
    expect(expectContract('getCertificate', await read(held._id))).toEqual(held)

    // idempotent: undone and done again, the same certificate; a module added later takes nothing away
    await mark(learner, modules[1], false)
    await mark(learner, modules[1])
    await addModule(courseId, 3)
    await mark(learner, modules[0])
    expect((await mine(learner)).items).toEqual([held])

    // the course's instructor who completes every module is no learner of it: nothing is issued
    for (const m of modules) await mark(teacher, m)
    expect((await mine(teacher)).items).toEqual([])
  })

  it("are issued when the video's end completes the last module, and keep what they showed when the course changes", async () => {
    const { teacher, learner, courseId, modules } = await course()
    await mark(learner, modules[0])
    const save = (positionSeconds: number) =>
      inject({
        method: 'PUT',
        url: `/api/progress/modules/${modules[1]}`,
        headers: learner.auth,
        payload: { positionSeconds, durationSeconds: 100 },
      })
    expect((await save(50)).statusCode).toBe(200)
    expect((await mine(learner)).items).toEqual([])
    expect((await save(95)).statusCode).toBe(200)
    const [held] = (await mine(learner)).items
    expect(held.courseTitle).toBe('Rook endings')

    const renamed = await inject({
      method: 'PATCH',
      url: `/api/courses/${courseId}`,
      headers: teacher.auth,
      payload: { title: 'Rook endings, revised' },
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(expectContract('getCertificate', await read(held._id))).toEqual(held)

    const deleted = await inject({ method: 'DELETE', url: `/api/courses/${courseId}`, headers: teacher.auth })
    expect(deleted.statusCode, deleted.body).toBe(204)
    expect(expectContract('getCertificate', await read(held._id))).toEqual({ ...held, courseId: null })
  })

  it('are issued when the result of the last puzzle of a set completes the last module', async () => {
    const { teacher, learner, courseId, modules } = await course()
    for (const m of modules) await mark(learner, m)
    const [held] = (await mine(learner)).items
    // a puzzle set added afterwards: the certificate held stays; a new learner needs it too
    const created = await inject({
      method: 'POST',
      url: '/api/modules',
      headers: teacher.auth,
      payload: {
        title: 'Mate in one',
        description: 'Find it.',
        courseId,
        // after 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6: Qxf7 mates
        puzzles: [
          { fen: 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4', moves: ['h5f7'] },
        ],
      },
    })
    expect(created.statusCode, created.body).toBe(201)
    expect((await mine(learner)).items).toEqual([held])

    const other = await server.current.createUser('student')
    const enrolled = await inject({
      method: 'POST',
      url: `/api/courses/${courseId}/enroll`,
      headers: other.auth,
    })
    expect(enrolled.statusCode).toBe(201)
    for (const m of modules) await mark(other, m)
    expect((await mine(other)).items).toEqual([])
    const solved = await inject({
      method: 'PUT',
      url: `/api/modules/${created.json<{ _id: string }>()._id}/puzzles/0`,
      headers: other.auth,
      payload: { solved: false },
    })
    expect(solved.statusCode, solved.body).toBe(200)
    expect((await mine(other)).items).toEqual([
      expect.objectContaining({ courseId, learner: other.username }),
    ])
  })

  it("'Keep my certificates private': 404 to anyone but their holder, admins included; a bad setting changes nothing", async () => {
    const { learner, modules } = await course()
    for (const m of modules) await mark(learner, m)
    const [held] = (await mine(learner)).items
    const other = await server.current.createUser('student')
    const admin = await server.current.createUser('admin')

    expect(expectContract('setCertificatePrivacy', await setPrivate(learner, { private: true }))).toEqual({
      private: true,
    })
    for (const who of [undefined, other, admin])
      expectProblem('getCertificate', await read(held._id, who), 404)
    expect(expectContract('getCertificate', await read(held._id, learner))).toEqual({
      ...held,
      private: true,
    })
    expect((await mine(learner)).private).toBe(true)

    for (const bad of [{ private: 'yes' }, {}, { private: false, extra: 1 }])
      expectProblem('setCertificatePrivacy', await setPrivate(learner, bad), 400)
    expect((await mine(learner)).private).toBe(true)

    expect((await setPrivate(learner, { private: false })).statusCode).toBe(200)
    expect(expectContract('getCertificate', await read(held._id, other))).toEqual(held)
  })

  it('a refund revokes the certificate (404 to its holder too, gone from their list); buying the course back earns a new one', async () => {
    const { learner, modules } = await course(25)
    for (const m of modules) await mark(learner, m)
    const [held] = (await mine(learner)).items
    const admin = await server.current.createUser('admin')
    const [order] = await q<{ id: string }>("SELECT id FROM orders WHERE user_id = $1 AND status = 'paid'", [
      learner.id,
    ])
    const refund = await inject({
      method: 'POST',
      url: `/api/orders/${order.id}/refund`,
      headers: admin.auth,
    })
    expect(refund.statusCode, refund.body).toBe(200)

    for (const who of [undefined, learner]) expectProblem('getCertificate', await read(held._id, who), 404)
    expect((await mine(learner)).items).toEqual([])

    // every module is still completed: the purchase itself issues a new certificate, under a new link
    const bought = await inject({
      method: 'POST',
      url: `/api/courses/${held.courseId}/enroll`,
      headers: learner.auth,
    })
    expect(bought.statusCode, bought.body).toBe(201)
    const [again] = (await mine(learner)).items
    expect(again._id).not.toBe(held._id)
    expectProblem('getCertificate', await read(held._id, learner), 404)
  })

  it('an id that names nothing is 404, one that is no id 400', async () => {
    expectProblem('getCertificate', await read(unknownId()), 404)
    expectProblem('getCertificate', await read('not-a-uuid'), 400)
    const res = await inject({ method: 'GET', url: '/api/profile/me/certificates' })
    expectProblem('getMyCertificates', res, 401)
  })
})
