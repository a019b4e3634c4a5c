// Free previews: a module its instructor marks 'Free preview' is read by everyone while its course is published (its
// video, captions, poster and line through getPreviewModule), never in a draft; the others stay locked. A preview is
// watched and played, not recorded: progress and line practice stay with the course's readers.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { expectContract, expectProblem } from '../../helpers/contract'
import { type TestUser, unknownId, useTestServer } from '../../helpers/buildServer'
import { multipart } from '../../trust/support/http'

const server = useTestServer()
const inject = (opts: InjectOptions) => server.current.app.inject(opts)
const webm = readFileSync(fileURLToPath(new URL('../../../assets/demo-video.webm', import.meta.url)))
const LINE = { pgn: '1. e4 e5 2. Nf3 Nc6 *', side: 'white' }

const preview = (moduleId: string, user?: TestUser) =>
  inject({ method: 'GET', url: `/api/modules/${moduleId}/preview`, headers: user?.auth ?? {} })

async function world() {
  const { owner, enrolled: buyer, outsider, courseId } = await server.current.courseWorld()
  const upload = multipart({ courseId }, { name: 'file', filename: 'a.webm', type: 'video/webm', data: webm })
  const video = expectContract(
    'uploadVideo',
    await inject({
      method: 'POST',
      url: '/api/videos',
      headers: { ...upload.headers, ...owner.auth },
      payload: upload.payload,
    }),
  )
  const create = async (title: string, freePreview?: boolean) =>
    expectContract(
      'createModule',
      await inject({
        method: 'POST',
        url: '/api/modules',
        headers: owner.auth,
        payload: {
          title,
          description: 'The centre first.',
          courseId,
          videoUrl: video.filePath.split('?')[0],
          videoId: video._id,
          line: LINE,
          ...(freePreview === undefined ? {} : { freePreview }),
        },
      }),
    )
  const free = await create('Opening principles', true)
  const locked = await create('Rook endings')
  return { owner, buyer, outsider, courseId, free, locked }
}

describe('free preview modules', () => {
  it("are marked by the course's instructor and told in the curriculum", async () => {
    const { owner, courseId, free, locked } = await world()
    expect(free.freePreview).toBe(true)
    expect(locked.freePreview).toBe(false)
    const curriculum = expectContract(
      'getCourseCurriculum',
      await inject({ method: 'GET', url: `/api/courses/${courseId}/curriculum` }),
    )
    expect(curriculum.map((e: { title: string; freePreview: boolean }) => [e.title, e.freePreview])).toEqual([
      ['Opening principles', true],
      ['Rook endings', false],
    ])
    const patched = expectContract(
      'updateModule',
      await inject({
        method: 'PATCH',
        url: `/api/modules/${locked._id}`,
        headers: owner.auth,
        payload: { freePreview: true },
      }),
    )
    expect(patched.freePreview).toBe(true)
    // a flag of another type is a 400 that changes nothing
    expectProblem(
      'updateModule',
      await inject({
        method: 'PATCH',
        url: `/api/modules/${free._id}`,
        headers: owner.auth,
        payload: { freePreview: 'yes' },
      }),
      400,
    )
    expect((await preview(free._id)).json().module.freePreview).toBe(true)
  })

  it('open to a visitor with their video and line; a locked module is refused; nothing of a preview is recorded', async () => {
    const { buyer, outsider, free, locked } = await world()
    for (const user of [undefined, outsider]) {
      const res = await preview(free._id, user)
      const body = expectContract('getPreviewModule', res)
      expect(res.headers['cache-control']).toBe('private, no-store')
      expect(body.module.title).toBe('Opening principles')
      expect(body.module.line).toEqual(LINE)
      const stream = await inject({ method: 'GET', url: body.video.filePath })
      expect(stream.statusCode).toBe(200)
      expect(stream.headers['cache-control']).toBe('private, max-age=300')
      expect(stream.rawPayload.equals(webm)).toBe(true)
      const refused = expectProblem('getPreviewModule', await preview(locked._id, user), 403)
      expect(refused.detail).toBe('Enroll in this course to see this module')
    }
    // the buyer reads every module
    expect(expectContract('getPreviewModule', await preview(locked._id, buyer)).module.title).toBe(
      'Rook endings',
    )
    // a non-buyer's practice and progress of a preview are not recorded
    expectProblem(
      'recordLinePractice',
      await inject({
        method: 'POST',
        url: `/api/lines/${free._id}/practice`,
        headers: outsider.auth,
        payload: { mistakes: 0 },
      }),
      403,
    )
    expectProblem(
      'saveModuleProgress',
      await inject({
        method: 'PUT',
        url: `/api/progress/modules/${free._id}`,
        headers: outsider.auth,
        payload: { positionSeconds: 10, durationSeconds: 100 },
      }),
      403,
    )
    // a bad token is refused, not read as a visitor's; an unknown module is 404
    expectProblem(
      'getPreviewModule',
      await preview(free._id, { ...outsider, auth: { authorization: 'Bearer x' } }),
      401,
    )
    expectProblem('getPreviewModule', await preview(unknownId()), 404)
  })

  it('are locked again when the flag is removed, and never open in a draft', async () => {
    const { owner, courseId, free } = await world()
    await inject({
      method: 'PATCH',
      url: `/api/courses/${courseId}`,
      headers: owner.auth,
      payload: { published: false },
    })
    expectProblem('getPreviewModule', await preview(free._id), 404)
    await inject({
      method: 'PATCH',
      url: `/api/courses/${courseId}`,
      headers: owner.auth,
      payload: { published: true },
    })
    expectContract('getPreviewModule', await preview(free._id))
    await inject({
      method: 'PATCH',
      url: `/api/modules/${free._id}`,
      headers: owner.auth,
      payload: { freePreview: false },
    })
    expectProblem('getPreviewModule', await preview(free._id), 403)
  })
})
