import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { expectContract, expectProblem } from '../../helpers/contract'
import { type TestUser, unknownId, useTestServer } from '../../helpers/buildServer'

const server = useTestServer()
const inject = (opts: InjectOptions) => server.current.app.inject(opts)
const moduleInput = (courseId: string) => ({
  title: 'The Lucena position',
  description: 'Building a bridge',
  videoUrl: 'https://www.youtube.com/watch?v=abc123',
  courseId,
})

const world = () => server.current.courseWorld()

const create = (user: TestUser | undefined, payload: object) =>
  inject({ method: 'POST', url: '/api/modules', headers: user?.auth ?? {}, payload })

describe('POST /api/modules', () => {
  it('lets the course instructor and an admin add modules, in order', async () => {
    const { owner, admin, courseId } = await world()
    const first = await create(owner, moduleInput(courseId))
    expect(first.statusCode).toBe(201)
    expect(expectContract('createModule', first)).toMatchObject({
      ...moduleInput(courseId),
      videoId: null,
      position: 1,
    })
    const second = expectContract(
      'createModule',
      await create(admin, { ...moduleInput(courseId), title: 'Philidor' }),
    )
    expect(second.position).toBe(2)
  })

  it('refuses anonymous (401), students and other instructors (403), unknown courses (404)', async () => {
    const { otherTeacher, enrolled, owner, courseId } = await world()
    expectProblem('createModule', await create(undefined, moduleInput(courseId)), 401)
    expectProblem('createModule', await create(enrolled, moduleInput(courseId)), 403)
    expectProblem('createModule', await create(otherTeacher, moduleInput(courseId)), 403)
    expectProblem('createModule', await create(owner, moduleInput(unknownId())), 404)
    expect(await server.current.db.query('SELECT 1 FROM modules')).toHaveLength(0)
  })

  it.each([
    ['a missing videoUrl', { title: 't', description: 'd' }, 'videoUrl'],
    ['a javascript: videoUrl', { videoUrl: 'javascript:alert(1)' }, 'videoUrl'],
    ['an empty title', { title: '' }, 'title'],
    ['an unknown field', { extra: 1 }, 'extra'],
  ])('answers 400 for %s', async (_l, change, field) => {
    const { owner, courseId } = await world()
    const payload: Record<string, unknown> = { ...moduleInput(courseId), ...change }
    if (!('videoUrl' in change) && field === 'videoUrl') delete payload.videoUrl
    const problem = expectProblem('createModule', await create(owner, payload), 400)
    expect(problem.detail).toContain(field)
  })

  it('refuses a videoId of another course (400) and an unknown videoId (404)', async () => {
    const { owner, courseId } = await world()
    const otherCourse = await server.current.createCourse(owner)
    const videoId = unknownId()
    await server.current.db.query(
      "INSERT INTO videos (id, course_id, stored_name, original_name, mime_type, size) VALUES ($1, $2, $3, 'v.webm', 'video/webm', 1)",
      [videoId, otherCourse, `${videoId}.webm`],
    )
    expectProblem('createModule', await create(owner, { ...moduleInput(courseId), videoId }), 400)
    expectProblem(
      'createModule',
      await create(owner, { ...moduleInput(courseId), videoId: unknownId() }),
      404,
    )
  })
})

describe('GET /api/modules/course/{courseId}', () => {
  it('shows modules to enrolled students, any instructor and admins', async () => {
    const { owner, otherTeacher, admin, enrolled, courseId } = await world()
    await create(owner, moduleInput(courseId))
    for (const user of [owner, otherTeacher, admin, enrolled]) {
      const res = await inject({ method: 'GET', url: `/api/modules/course/${courseId}`, headers: user.auth })
      expect(expectContract('getModulesByCourse', res), user.role).toHaveLength(1)
    }
  })

  it('refuses students who are not enrolled (403) and anonymous callers (401); unknown course 404', async () => {
    const { outsider, admin, courseId } = await world()
    expectProblem(
      'getModulesByCourse',
      await inject({ method: 'GET', url: `/api/modules/course/${courseId}`, headers: outsider.auth }),
      403,
    )
    expectProblem(
      'getModulesByCourse',
      await inject({ method: 'GET', url: `/api/modules/course/${courseId}` }),
      401,
    )
    expectProblem(
      'getModulesByCourse',
      await inject({ method: 'GET', url: `/api/modules/course/${unknownId()}`, headers: admin.auth }),
      404,
    )
    expectProblem(
      'getModulesByCourse',
      await inject({ method: 'GET', url: '/api/modules/course/zzz', headers: admin.auth }),
      400,
    )
  })
})

describe('GET /api/courses/{courseId}/curriculum', () => {
  /** Three modules, one with an uploaded video, stored so that their positions run against insertion order. */
  async function curriculumWorld() {
    const w = await world()
    const videoId = unknownId()
    await server.current.db.query(
      "INSERT INTO videos (id, course_id, stored_name, original_name, mime_type, size) VALUES ($1, $2, $3, 'v.webm', 'video/webm', 1)",
      [videoId, w.courseId, `${videoId}.webm`],
    )
    const titles = ['Opposition', 'Triangulation', 'The Lucena position']
    for (const [i, title] of titles.entries())
      expect(
        (
          await create(w.owner, {
            ...moduleInput(w.courseId),
            title,
            description: `Lesson ${i + 1}`,
            videoUrl: i === 0 ? '/api/media/lesson.webm' : 'https://www.youtube.com/watch?v=abc123',
            ...(i === 1 ? { videoId } : {}),
          })
        ).statusCode,
      ).toBe(201)
    await server.current.db.query('UPDATE modules SET position = 4 - position WHERE course_id = $1', [
      w.courseId,
    ])
    return { ...w, videoId }
  }

  it('answers titles and descriptions in order to a visitor, a student not enrolled, an enrolled one and the instructor', async () => {
    const { owner, enrolled, outsider, courseId, videoId } = await curriculumWorld()
    for (const [who, headers] of [
      ['visitor', {}],
      ['student not enrolled', outsider.auth],
      ['enrolled student', enrolled.auth],
      ['instructor', owner.auth],
    ] as const) {
      const res = await inject({ method: 'GET', url: `/api/courses/${courseId}/curriculum`, headers })
      const body = expectContract('getCourseCurriculum', res)
      expect(
        body.map((e: { title: string; description: string; position: number }) => [
          e.title,
          e.description,
          e.position,
        ]),
        who,
      ).toEqual([
        ['The Lucena position', 'Lesson 3', 1],
        ['Triangulation', 'Lesson 2', 2],
        ['Opposition', 'Lesson 1', 3],
      ])
      for (const entry of body)
        expect(Object.keys(entry).sort(), who).toEqual([
          '_id',
          'description',
          'freePreview',
          'hasLine',
          'position',
          'puzzleCount',
          'title',
        ])
      for (const hidden of [
        'videoUrl',
        'videoId',
        'filePath',
        videoId,
        'youtube',
        'http',
        '/api/media',
        'webm',
      ])
        expect(res.body, `${who}: ${hidden}`).not.toContain(hidden)
    }
  })

  it("says which modules carry a line, and a video's length as the median of what learners' players measured", async () => {
    const { owner, enrolled, outsider, admin, courseId } = await curriculumWorld()
    const lined = await create(owner, {
      ...moduleInput(courseId),
      title: 'The Italian',
      line: { pgn: '1. e4 e5 2. Nf3 Nc6 3. Bc4', side: 'white' },
    })
    expect(lined.statusCode, lined.body).toBe(201)
    const [first] = await server.current.db.query<{ id: string }>(
      'SELECT id FROM modules WHERE course_id = $1 AND position = 1',
      [courseId],
    )
    // Three players measured the first module's video; one of them oddly. The others never reported a length.
    for (const [user, seconds] of [
      [enrolled, 600],
      [outsider, 610],
      [admin, 86_000],
    ] as const)
      await server.current.db.query(
        'INSERT INTO module_progress (user_id, module_id, course_id, duration_seconds) VALUES ($1, $2, $3, $4)',
        [user.id, first.id, courseId, seconds],
      )
    const res = await inject({ method: 'GET', url: `/api/courses/${courseId}/curriculum` })
    const body = expectContract('getCourseCurriculum', res) as {
      title: string
      hasLine: boolean
      durationSeconds?: number
    }[]
    expect(body.map((e) => [e.title, e.hasLine, e.durationSeconds])).toEqual([
      ['The Lucena position', false, 610],
      ['Triangulation', false, undefined],
      ['Opposition', false, undefined],
      ['The Italian', true, undefined],
    ])
    expect(res.body).not.toContain('Nc6')
  })

  it('answers [] for a course without modules, 404 problem+json for an unknown course and 400 for a bad id', async () => {
    const { owner } = await world()
    const empty = await server.current.createCourse(owner)
    expect(
      expectContract(
        'getCourseCurriculum',
        await inject({ method: 'GET', url: `/api/courses/${empty}/curriculum` }),
      ),
    ).toEqual([])
    const unknown = await inject({ method: 'GET', url: `/api/courses/${unknownId()}/curriculum` })
    expectProblem('getCourseCurriculum', unknown, 404)
    expect(unknown.headers['content-type']).toContain('application/problem+json')
    expectProblem(
      'getCourseCurriculum',
      await inject({ method: 'GET', url: '/api/courses/zzz/curriculum' }),
      400,
    )
  })

  it('leaves getModulesByCourse refusing visitors (401) and students not enrolled (403)', async () => {
    const { outsider, courseId } = await curriculumWorld()
    const url = `/api/modules/course/${courseId}`
    const visitor = await inject({ method: 'GET', url })
    expectProblem('getModulesByCourse', visitor, 401)
    const notEnrolled = await inject({ method: 'GET', url, headers: outsider.auth })
    expectProblem('getModulesByCourse', notEnrolled, 403)
    for (const res of [visitor, notEnrolled]) {
      expect(res.body).not.toContain('Opposition')
      expect(res.body).not.toContain('youtube')
    }
  })
})

describe('PATCH and DELETE /api/modules/{moduleId}', () => {
  it('lets the course instructor update and delete a module', async () => {
    const { owner, courseId } = await world()
    const m = (await create(owner, moduleInput(courseId))).json()
    const res = await inject({
      method: 'PATCH',
      url: `/api/modules/${m._id}`,
      headers: owner.auth,
      payload: { title: 'Renamed', videoUrl: '/media/local.mp4' },
    })
    expect(expectContract('updateModule', res)).toMatchObject({
      _id: m._id,
      title: 'Renamed',
      videoUrl: '/media/local.mp4',
      description: 'Building a bridge',
    })
    const del = await inject({ method: 'DELETE', url: `/api/modules/${m._id}`, headers: owner.auth })
    expect(del.statusCode).toBe(204)
    expectContract('deleteModule', del)
    expectProblem(
      'deleteModule',
      await inject({ method: 'DELETE', url: `/api/modules/${m._id}`, headers: owner.auth }),
      404,
    )
  })

  it('refuses other instructors and students (403), anonymous (401), bad input (400), unknown ids (404)', async () => {
    const { owner, otherTeacher, enrolled, admin, courseId } = await world()
    const m = (await create(owner, moduleInput(courseId))).json()
    const url = `/api/modules/${m._id}`
    expectProblem(
      'updateModule',
      await inject({ method: 'PATCH', url, headers: otherTeacher.auth, payload: { title: 'x' } }),
      403,
    )
    expectProblem(
      'updateModule',
      await inject({ method: 'PATCH', url, headers: enrolled.auth, payload: { title: 'x' } }),
      403,
    )
    expectProblem('updateModule', await inject({ method: 'PATCH', url, payload: { title: 'x' } }), 401)
    expectProblem(
      'updateModule',
      await inject({ method: 'PATCH', url, headers: owner.auth, payload: {} }),
      400,
    )
    expectProblem(
      'updateModule',
      await inject({ method: 'PATCH', url, headers: owner.auth, payload: { courseId } }),
      400,
    )
    expectProblem(
      'updateModule',
      await inject({
        method: 'PATCH',
        url: `/api/modules/${unknownId()}`,
        headers: owner.auth,
        payload: { title: 'x' },
      }),
      404,
    )
    expectProblem('deleteModule', await inject({ method: 'DELETE', url, headers: otherTeacher.auth }), 403)
    expectProblem('deleteModule', await inject({ method: 'DELETE', url, headers: enrolled.auth }), 403)
    expectProblem('deleteModule', await inject({ method: 'DELETE', url }), 401)
    expectProblem(
      'deleteModule',
      await inject({ method: 'DELETE', url: '/api/modules/1', headers: owner.auth }),
      400,
    )
    const [row] = await server.current.db.query<{ title: string }>(
      'SELECT title FROM modules WHERE id = $1',
      [m._id],
    )
    expect(row.title).toBe('The Lucena position')
    expect((await inject({ method: 'DELETE', url, headers: admin.auth })).statusCode).toBe(204)
  })
})

const webm = readFileSync(fileURLToPath(new URL('../../../assets/demo-video.webm', import.meta.url)))

/** Uploads the demo WebM for the course through the API; answers the video id and its file in MEDIA_DIR. */
async function uploadVideo(owner: TestUser, courseId: string): Promise<{ videoId: string; file: string }> {
  const boundary = '----coeModuleBoundary'
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="courseId"\r\n\r\n${courseId}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lesson.webm"\r\nContent-Type: video/webm\r\n\r\n`,
    ),
    webm,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const res = await inject({
    method: 'POST',
    url: '/api/videos',
    headers: { ...owner.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  })
  expect(res.statusCode, res.body).toBe(201)
  const videoId = res.json()._id as string
  const file = join(server.current.config.mediaDir, `${videoId}.webm`)
  expect(existsSync(file)).toBe(true)
  return { videoId, file }
}

describe('uploaded video files follow their modules and courses', () => {
  const del = (user: TestUser, url: string) => inject({ method: 'DELETE', url, headers: user.auth })

  it('deletes the video file and record with the last module that uses it', async () => {
    const { owner, enrolled, courseId } = await world()
    const { videoId, file } = await uploadVideo(owner, courseId)
    const m = expectContract('createModule', await create(owner, { ...moduleInput(courseId), videoId }))
    expect((await del(owner, `/api/modules/${m._id}`)).statusCode).toBe(204)
    expect(existsSync(file)).toBe(false)
    expect(readdirSync(server.current.config.mediaDir)).toEqual([])
    expect(await server.current.db.query('SELECT 1 FROM videos WHERE id = $1', [videoId])).toEqual([])
    expectProblem(
      'getVideo',
      await inject({ method: 'GET', url: `/api/videos/${videoId}`, headers: enrolled.auth }),
      404,
    )
  })

  it('keeps the file while a second module still uses the video, and deletes it with that one', async () => {
    const { owner, admin, enrolled, courseId } = await world()
    const { videoId, file } = await uploadVideo(owner, courseId)
    const first = expectContract('createModule', await create(owner, { ...moduleInput(courseId), videoId }))
    const second = expectContract(
      'createModule',
      await create(owner, { ...moduleInput(courseId), title: 'Philidor', videoId }),
    )
    expect((await del(owner, `/api/modules/${first._id}`)).statusCode).toBe(204)
    expect(existsSync(file)).toBe(true)
    const { filePath } = expectContract(
      'getVideo',
      await inject({ method: 'GET', url: `/api/videos/${videoId}`, headers: enrolled.auth }),
    )
    expect((await inject({ method: 'GET', url: filePath })).rawPayload.equals(webm)).toBe(true)
    expect((await del(admin, `/api/modules/${second._id}`)).statusCode).toBe(204)
    expect(existsSync(file)).toBe(false)
  })

  it('leaves videos alone when a module without one, or with a URL only, is deleted', async () => {
    const { owner, courseId } = await world()
    const { file } = await uploadVideo(owner, courseId)
    const m = expectContract('createModule', await create(owner, moduleInput(courseId)))
    expect((await del(owner, `/api/modules/${m._id}`)).statusCode).toBe(204)
    expect(existsSync(file)).toBe(true)
  })

  it('does not delete the file when the module delete is refused', async () => {
    const { owner, otherTeacher, courseId } = await world()
    const { videoId, file } = await uploadVideo(owner, courseId)
    const m = expectContract('createModule', await create(owner, { ...moduleInput(courseId), videoId }))
    expectProblem('deleteModule', await del(otherTeacher, `/api/modules/${m._id}`), 403)
    expect(existsSync(file)).toBe(true)
  })

  it('deletes every video file of a deleted course, and only those', async () => {
    const { owner, courseId } = await world()
    const otherCourse = await server.current.createCourse(owner)
    const used = await uploadVideo(owner, courseId)
    const unused = await uploadVideo(owner, courseId)
    const kept = await uploadVideo(owner, otherCourse)
    await create(owner, { ...moduleInput(courseId), videoId: used.videoId })
    expect((await del(owner, `/api/courses/${courseId}`)).statusCode).toBe(204)
    expect(existsSync(used.file)).toBe(false)
    expect(existsSync(unused.file)).toBe(false)
    expect(existsSync(kept.file)).toBe(true)
    expect(readdirSync(server.current.config.mediaDir)).toEqual([`${kept.videoId}.webm`])
  })
})
