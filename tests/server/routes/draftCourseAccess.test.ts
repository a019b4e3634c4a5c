// A draft course, or one unpublished after students enrolled, is seen only by its instructor, admins and the students
// enrolled in it. Every operation reached through one of its modules, videos or its id answers anyone else 404, word
// for word as for an id that names nothing, before any other check (so a refusal tells nothing, not even the
// length of a line), and changes nothing; the review queue and progress leave out what the reader may no longer see.
import { randomUUID } from 'node:crypto'
import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { expectContract, expectProblem } from '../../helpers/contract'
import { type TestUser, unknownId, useTestServer } from '../../helpers/buildServer'

const server = useTestServer({ env: { TEST_CLOCK: '1' } })
const inject = (opts: InjectOptions) => server.current.app.inject(opts)
const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  server.current.db.query<T>(sql, params)

/** 4 moves for White in its main line. */
const ITALIAN = '1. e4 e5 2. Nf3 {Attacks e5.} Nc6 3. Bc4 Bc5 (3... Nf6 4. Ng5) 4. c3 *'
const LATER = '2100-01-01T00:00:00.000Z'

function multipart(fields: Record<string, string>, file: { filename: string; type: string; data: Buffer }) {
  const boundary = '----coeDraftBoundary'
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  )
  return {
    payload: Buffer.concat([
      Buffer.from(parts.join('')),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

const VTT = 'WEBVTT\n\n00:00.000 --> 00:01.000\nThe king steps forward.\n'
const MP4_HEAD = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(64)])

/**
 * A published course with a line module and a video, `enrolled` enrolled in it; then its instructor unpublishes it
 * (a draft again). `otherTeacher` and `outsider` may no longer see it.
 */
async function world() {
  const owner = await server.current.createUser('instructor')
  const otherTeacher = await server.current.createUser('instructor')
  const admin = await server.current.createUser('admin')
  const enrolled = await server.current.createUser('student')
  const outsider = await server.current.createUser('student')
  const courseId = await server.current.createCourse(owner, { title: 'Hidden Gambit' })
  await q('INSERT INTO enrollments (course_id, student_id) VALUES ($1, $2)', [courseId, enrolled.id])
  const made = await inject({
    method: 'POST',
    url: '/api/modules',
    headers: owner.auth,
    payload: {
      title: 'Secret Line',
      description: 'd',
      videoUrl: 'https://vimeo.com/1',
      courseId,
      line: { pgn: ITALIAN, side: 'white' },
    },
  })
  const moduleId = (expectContract('createModule', made) as { _id: string })._id
  const [video] = await q<{ id: string }>(
    `INSERT INTO videos (course_id, stored_name, original_name, mime_type, size, uploaded_by, captions_name)
     VALUES ($1, $3, 'lesson.mp4', 'video/mp4', 10, $2, 'captions.vtt') RETURNING id`,
    [courseId, owner.id, `${randomUUID()}.mp4`],
  )
  const unpublish = await inject({
    method: 'PATCH',
    url: `/api/courses/${courseId}`,
    headers: owner.auth,
    payload: { published: false },
  })
  expect(unpublish.statusCode, unpublish.body).toBe(200)
  return { owner, otherTeacher, admin, enrolled, outsider, courseId, moduleId, videoId: video.id }
}

type World = Awaited<ReturnType<typeof world>>

interface Probe {
  operationId: string
  /** Students are refused by role (403) before any course is looked at: only instructors are probed. */
  instructorsOnly?: boolean
  req: (ids: { courseId: string; moduleId: string; videoId: string }) => InjectOptions
}

/** Each operation reached through the course, one of its modules or its video, with a body valid in every respect. */
const PROBES: Probe[] = [
  {
    operationId: 'saveModuleProgress',
    req: ({ moduleId }) => ({
      method: 'PUT',
      url: `/api/progress/modules/${moduleId}`,
      payload: { positionSeconds: 590, durationSeconds: 600 },
    }),
  },
  {
    operationId: 'setModuleCompletion',
    req: ({ moduleId }) => ({
      method: 'PUT',
      url: `/api/progress/modules/${moduleId}/completion`,
      payload: { completed: true },
    }),
  },
  // more mistakes than the line has moves: a reader is told the line's length (400), anyone else nothing
  {
    operationId: 'recordLinePractice',
    req: ({ moduleId }) => ({
      method: 'POST',
      url: `/api/lines/${moduleId}/practice`,
      payload: { mistakes: 99 },
    }),
  },
  { operationId: 'getVideo', req: ({ videoId }) => ({ method: 'GET', url: `/api/videos/${videoId}` }) },
  {
    operationId: 'getEnrolledStudents',
    req: ({ courseId }) => ({ method: 'GET', url: `/api/courses/${courseId}/enrolled-students` }),
  },
  {
    operationId: 'getEnrolledStudents',
    req: ({ courseId }) => ({ method: 'GET', url: `/api/courses/${courseId}/enrolled-students?limit=5` }),
  },
  {
    operationId: 'getCourseProgress',
    req: ({ courseId }) => ({ method: 'GET', url: `/api/courses/${courseId}/progress` }),
  },
  {
    operationId: 'getModulesByCourse',
    req: ({ courseId }) => ({ method: 'GET', url: `/api/modules/course/${courseId}` }),
  },
  {
    operationId: 'updateModule',
    instructorsOnly: true,
    req: ({ moduleId }) => ({
      method: 'PATCH',
      url: `/api/modules/${moduleId}`,
      payload: { title: 'Taken' },
    }),
  },
  {
    operationId: 'deleteModule',
    instructorsOnly: true,
    req: ({ moduleId }) => ({ method: 'DELETE', url: `/api/modules/${moduleId}` }),
  },
  {
    operationId: 'createModule',
    instructorsOnly: true,
    req: ({ courseId }) => ({
      method: 'POST',
      url: '/api/modules',
      payload: { title: 'Planted', description: 'd', videoUrl: 'https://vimeo.com/2', courseId },
    }),
  },
  {
    operationId: 'reorderModules',
    instructorsOnly: true,
    req: ({ courseId, moduleId }) => ({
      method: 'PUT',
      url: `/api/courses/${courseId}/modules/order`,
      payload: { moduleIds: [moduleId] },
    }),
  },
  {
    operationId: 'uploadVideo',
    instructorsOnly: true,
    req: ({ courseId }) => {
      const body = multipart({ courseId }, { filename: 'clip.mp4', type: 'video/mp4', data: MP4_HEAD })
      return { method: 'POST', url: '/api/videos', headers: body.headers, payload: body.payload }
    },
  },
  {
    operationId: 'uploadCaptions',
    instructorsOnly: true,
    req: ({ videoId }) => {
      const body = multipart({}, { filename: 'lesson.vtt', type: 'text/vtt', data: Buffer.from(VTT) })
      return {
        method: 'PUT',
        url: `/api/videos/${videoId}/captions`,
        headers: body.headers,
        payload: body.payload,
      }
    },
  },
  {
    operationId: 'deleteCaptions',
    instructorsOnly: true,
    req: ({ videoId }) => ({ method: 'DELETE', url: `/api/videos/${videoId}/captions` }),
  },
]

/** A problem's fields but `instance` (the request's own address). */
const answer = (res: { json: () => unknown; statusCode: number }) => ({
  ...(res.json() as object),
  instance: undefined,
  status: res.statusCode,
})

const send = (who: TestUser, opts: InjectOptions) =>
  inject({ ...opts, headers: { ...(opts.headers as object), ...who.auth } })

/** What the database holds of the course: a refusal must leave every part of it as it was. */
const snapshot = (w: World) =>
  Promise.all([
    q('SELECT id, title, position, line_pgn FROM modules WHERE course_id = $1 ORDER BY id', [w.courseId]),
    q('SELECT id, captions_name FROM videos WHERE course_id = $1 ORDER BY id', [w.courseId]),
    q('SELECT user_id, module_id, completed_at FROM module_progress ORDER BY user_id'),
    q('SELECT user_id, module_id, reps FROM line_reviews ORDER BY user_id'),
  ])

describe('a draft course (unpublished after a student enrolled), reached through its modules, video or id', () => {
  it('answers 404 to those who may not see it, as to an id naming nothing, and changes nothing', async () => {
    const w = await world()
    const before = await snapshot(w)
    const unknown = { courseId: unknownId(), moduleId: unknownId(), videoId: unknownId() }
    const problems: string[] = []
    for (const who of [w.otherTeacher, w.outsider]) {
      for (const probe of PROBES) {
        if (probe.instructorsOnly && who.role !== 'instructor') continue
        const res = await send(who, probe.req(w))
        const none = await send(who, probe.req(unknown))
        const label = `${who.role} ${probe.operationId} ${JSON.stringify(probe.req(w).url)}`
        if (res.statusCode !== 404) {
          problems.push(`${label}: ${res.statusCode} ${res.body.slice(0, 160)}`)
          continue
        }
        expectProblem(probe.operationId, res, 404)
        // word for word the answer to an unknown id (but the address it names)
        if (JSON.stringify(answer(res)) !== JSON.stringify(answer(none)))
          problems.push(`${label}: ${res.body} differs from ${none.body}`)
      }
    }
    expect(problems).toEqual([])
    expect(await snapshot(w)).toEqual(before)
  })

  it('still serves its instructor, admins and the student enrolled before it was unpublished', async () => {
    const w = await world()
    for (const who of [w.owner, w.admin, w.enrolled]) {
      const saved = await send(who, PROBES[0].req(w))
      expect(saved.statusCode, saved.body).toBe(200)
      const practised = await send(who, {
        method: 'POST',
        url: `/api/lines/${w.moduleId}/practice`,
        payload: { mistakes: 1 },
      })
      expect(practised.statusCode, practised.body).toBe(200)
      // a reader is told how long the line is
      const tooMany = await send(who, PROBES[2].req(w))
      expect(expectProblem('recordLinePractice', tooMany, 400).detail).toMatch(/exceeds the 4 moves/)
      const mates = await send(who, PROBES[4].req(w))
      expect(mates.statusCode, mates.body).toBe(200)
      expect(expectContract('getEnrolledStudents', mates)).toEqual([
        { _id: w.enrolled.id, username: w.enrolled.username },
      ])
      const page = await send(who, PROBES[5].req(w))
      expect(expectContract('getEnrolledStudents', page).items).toEqual([
        { _id: w.enrolled.id, username: w.enrolled.username },
      ])
    }
  })

  it('a course never published: its coursemates list is 404 to others, as an unknown id, not an empty 200', async () => {
    const owner = await server.current.createUser('instructor')
    const outsider = await server.current.createUser('student')
    const made = await inject({
      method: 'POST',
      url: '/api/courses',
      headers: owner.auth,
      payload: { title: 'Draft', description: 'd', price: 0, published: false },
    })
    const courseId = (expectContract('createCourse', made) as { _id: string })._id
    const url = (id: string) => `/api/courses/${id}/enrolled-students`
    const res = await send(outsider, { method: 'GET', url: url(courseId) })
    expectProblem('getEnrolledStudents', res, 404)
    expect(answer(res)).toEqual(answer(await send(outsider, { method: 'GET', url: url(unknownId()) })))
    expect(
      expectContract('getEnrolledStudents', await send(owner, { method: 'GET', url: url(courseId) })),
    ).toEqual([])
  })
})

describe('the review queue and progress of a course that went back to draft', () => {
  it('leave it out for a reader who may no longer see it, keep it for its enrolled student, and bring it back once published', async () => {
    const owner = await server.current.createUser('instructor')
    const otherTeacher = await server.current.createUser('instructor')
    const enrolled = await server.current.createUser('student')
    const courseId = await server.current.createCourse(owner, { title: 'Hidden Gambit' })
    await q('INSERT INTO enrollments (course_id, student_id) VALUES ($1, $2)', [courseId, enrolled.id])
    const made = await inject({
      method: 'POST',
      url: '/api/modules',
      headers: owner.auth,
      payload: {
        title: 'Secret Line',
        description: 'd',
        videoUrl: 'https://vimeo.com/1',
        courseId,
        line: { pgn: ITALIAN, side: 'white' },
      },
    })
    const moduleId = (expectContract('createModule', made) as { _id: string })._id
    // while published, the other instructor and the student watch and practise it
    for (const who of [otherTeacher, enrolled]) {
      expect((await send(who, PROBES[0].req({ courseId, moduleId, videoId: '' }))).statusCode).toBe(200)
      const practised = await send(who, {
        method: 'POST',
        url: `/api/lines/${moduleId}/practice`,
        payload: { mistakes: 0 },
      })
      expect(practised.statusCode, practised.body).toBe(200)
    }
    const seen = async (who: TestUser) => {
      const at = { 'x-test-now': LATER }
      const queue = expectContract(
        'getDueReviews',
        await inject({ method: 'GET', url: '/api/reviews', headers: { ...who.auth, ...at } }),
      )
      const summary = expectContract(
        'getReviewSummary',
        await inject({ method: 'GET', url: '/api/reviews/summary', headers: { ...who.auth, ...at } }),
      )
      const progressRes = await inject({ method: 'GET', url: '/api/progress', headers: who.auth })
      const progress = expectContract('getMyProgress', progressRes) as { courseId: string }[]
      const told = [queue, summary, progress].map((x) => JSON.stringify(x)).join()
      return {
        due: (queue as { due: unknown[] }).due.length,
        dueCount: (summary as { dueCount: number }).dueCount,
        courses: progress.map((c) => c.courseId),
        named: ['Hidden Gambit', 'Secret Line', 'Attacks e5', courseId, moduleId].filter((s) =>
          told.includes(s),
        ),
      }
    }
    const everything = { due: 1, dueCount: 1, courses: [courseId], named: expect.arrayContaining([courseId]) }
    expect(await seen(otherTeacher)).toEqual(everything)
    await inject({
      method: 'PATCH',
      url: `/api/courses/${courseId}`,
      headers: owner.auth,
      payload: { published: false },
    })
    expect(await seen(otherTeacher)).toEqual({ due: 0, dueCount: 0, courses: [], named: [] })
    // the student enrolled before it was unpublished keeps it, as they keep its modules
    expect(await seen(enrolled)).toEqual(everything)
    await inject({
      method: 'PATCH',
      url: `/api/courses/${courseId}`,
      headers: owner.auth,
      payload: { published: true },
    })
    expect(await seen(otherTeacher)).toEqual(everything)
  })
})
