// Data exposure: emails, module and video data, signed media URLs, the media folder's walls.
import { existsSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadOperations, undocumentedAnswers } from '../support/contract'
import { fakeMp4, isProblem, json, multipart } from '../support/http'
import { startApp, type AppHarness } from '../support/harness'
import { leaks } from '../support/leaks'
import { ACTORS } from '../support/matrix'
import { accountOf, buildWorld, createCourse, enroll, uploadVideo, type World } from '../support/world'

let h: AppHarness
let w: World

beforeAll(async () => {
  h = await startApp({ env: { MEDIA_URL_TTL: '2' } })
  w = await buildWorld(h)
})
afterAll(async () => {
  await h?.close()
})

function signed(filePath: string) {
  const u = new URL(filePath, 'http://x')
  return {
    id: u.pathname.split('/').pop()!,
    exp: u.searchParams.get('exp')!,
    sig: u.searchParams.get('sig')!,
    path: u.pathname,
  }
}

async function fresh() {
  const r = await h.send({ method: 'GET', url: `/api/videos/${w.video._id}`, token: w.enrolledStudent.token })
  expect(r.status).toBe(200)
  return r.body.filePath as string
}

describe('emails', () => {
  it("appear on one's own profile only", async () => {
    const me = await h.send({ method: 'GET', url: '/api/profile/me', token: w.student.token })
    expect(me.body.email).toBe(w.student.email)
    for (const viewer of [undefined, w.student.token, w.admin.token]) {
      const p = await h.send({ method: 'GET', url: `/api/profile/${w.student.id}`, token: viewer })
      expect(p.status).toBe(200)
      expect(p.text).not.toContain(w.student.email)
      expect(p.body).not.toHaveProperty('email')
    }
    const lists = [
      await h.send({ method: 'GET', url: '/api/users', token: w.admin.token }),
      await h.send({
        method: 'GET',
        url: `/api/courses/${w.course._id}/enrolled-students`,
        token: w.student.token,
      }),
      await h.send({ method: 'GET', url: '/api/courses' }),
    ]
    for (const l of lists) for (const e of w.emails) expect(l.text).not.toContain(e)
  })
})

describe('phone numbers', () => {
  it('appear on a profile for signed-in readers only: a visitor gets none, a bad token 401 and none', async () => {
    const phone = '+1 (555) 010-4242'
    expect(
      (
        await h.send({
          method: 'PUT',
          url: '/api/profile/me',
          token: w.otherStudent.token,
          ...json({ bio: 'Phone on file', phoneNumber: phone }),
        })
      ).status,
    ).toBe(200)
    const seen: string[] = []
    for (const actor of ACTORS) {
      const r = await h.send({
        method: 'GET',
        url: `/api/profile/${w.otherStudent.id}`,
        token: w.tokens[actor],
      })
      const signedIn = accountOf(w, actor) !== undefined
      expect(r.status, actor).toBe(actor === 'anonymous' || signedIn ? 200 : 401)
      if (signedIn) expect(r.body.phoneNumber, actor).toBe(phone)
      else expect(r.text, actor).not.toContain('010-4242')
      if (r.text.includes(phone)) seen.push(actor)
    }
    console.log(
      `profile phone number shown to: ${seen.join(', ')}; to ${ACTORS.length - seen.length} others not`,
    )
  })
})

describe('module and video data', () => {
  it('modules and video records go only to enrolled students, instructors and admins', async () => {
    for (const [who, token, status] of [
      ['anonymous', undefined, 401],
      ['student not enrolled', w.student.token, 403],
      ['enrolled student', w.enrolledStudent.token, 200],
    ] as const) {
      const m = await h.send({ method: 'GET', url: `/api/modules/course/${w.course._id}`, token })
      expect(m.status, who).toBe(status)
      const v = await h.send({ method: 'GET', url: `/api/videos/${w.video._id}`, token })
      expect(v.status, who).toBe(status)
      if (status !== 200) {
        expect(isProblem(m)).toBeNull()
        expect(m.text).not.toContain(w.module._id)
        expect(v.text).not.toContain('sig=')
      }
    }
  })

  it("the public curriculum carries module titles, descriptions, whether a line is there, its puzzles' count, whether it is a free preview and the video's length only, to every actor", async () => {
    const [row] = await h.query<{
      title: string
      description: string
      hasLine: boolean
      line: string | null
    }>(
      'select title, description, line_pgn is not null as "hasLine", line_pgn as line from modules where id = $1',
      [w.module._id],
    )
    for (const actor of ACTORS) {
      const r = await h.send({
        method: 'GET',
        url: `/api/courses/${w.course._id}/curriculum`,
        token: w.tokens[actor],
      })
      expect(r.status, actor).toBe(200)
      const body = r.body as Record<string, unknown>[]
      expect(
        body.map(({ _id, title, description, position, hasLine }) => ({
          _id,
          title,
          description,
          position,
          hasLine,
        })),
        actor,
      ).toEqual([
        {
          _id: w.module._id,
          title: row.title,
          description: row.description,
          position: 1,
          hasLine: row.hasLine,
        },
      ])
      for (const entry of body)
        for (const key of Object.keys(entry))
          expect(
            [
              '_id',
              'title',
              'description',
              'position',
              'hasLine',
              'puzzleCount',
              'freePreview',
              'durationSeconds',
            ],
            `${actor}: ${key}`,
          ).toContain(key)
      for (const hidden of ['videoUrl', 'videoId', 'filePath', 'youtube', 'http', 'sig=', w.video._id])
        expect(r.text, `${actor}: ${hidden}`).not.toContain(hidden)
      if (row.line) expect(r.text, `${actor}: the line`).not.toContain(row.line.slice(0, 12))
    }
  })

  it('the course list and a course carry no module or video data', async () => {
    const r = await h.send({ method: 'GET', url: `/api/courses/${w.course._id}` })
    expect(r.text).not.toContain(w.module._id)
    expect(r.text).not.toContain(w.video._id)
    expect(r.text).not.toContain('youtube')
  })
})

describe('signed media URLs', () => {
  it('stream the file with ranges when intact', async () => {
    const url = await fresh()
    const all = await h.send({ method: 'GET', url })
    expect(all.status).toBe(200)
    const part = await h.send({ method: 'GET', url, headers: { range: 'bytes=0-15' } })
    expect(part.status).toBe(206)
    expect(part.headers['content-range']).toBe('bytes 0-15/2048')
  })

  it('odd Range headers get 206, 200 or 416 problem+json, never a 5xx or bytes outside the file', async () => {
    const url = await fresh()
    for (const range of [
      'bytes=0-0,5-9',
      'bytes=-0',
      'bytes=2048-',
      'bytes=99999999999999999999-',
      'bytes=5-1',
      'bytes=--1',
      'items=0-1',
      'bytes=0-99999999',
      'bytes=-99999',
      'bytes= 0-1',
      'bytes=0x10-',
    ]) {
      const r = await h.send({ method: 'GET', url, headers: { range } })
      expect([200, 206, 416], range).toContain(r.status)
      if (r.status === 416) expect(isProblem(r), range).toBeNull()
      if (r.status === 206) expect(String(r.headers['content-range']), range).toMatch(/^bytes \d+-\d+\/2048$/)
      if (r.status !== 416) expect(Number(r.headers['content-length']), range).toBeLessThanOrEqual(2048)
    }
  })

  it("refuse an altered signature, an altered expiry, and another file's signature", async () => {
    const url = await fresh()
    const s = signed(url)
    const other = await uploadVideo(h.send, w.courseInstructor, w.course._id)
    const o = signed(other.filePath)
    const flip = (sig: string) => (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1)
    const attempts = [
      `${s.path}?exp=${s.exp}&sig=${flip(s.sig)}`,
      `${s.path}?exp=${Number(s.exp) + 1000}&sig=${s.sig}`,
      `${s.path}?exp=${o.exp}&sig=${o.sig}`,
      `${o.path}?exp=${s.exp}&sig=${s.sig}`,
      `${s.path}?exp=${s.exp}`,
      `${s.path}?sig=${s.sig}`,
      `${s.path}`,
    ]
    for (const a of attempts) {
      const r = await h.send({ method: 'GET', url: a })
      expect([400, 403], a).toContain(r.status)
      expect(isProblem(r), a).toBeNull()
      expect(r.headers['content-type']).not.toMatch(/^video\//)
    }
  })

  it('refuse an expired URL', async () => {
    const url = await fresh()
    const issued = Date.now()
    expect((await h.send({ method: 'GET', url })).status).toBe(200)
    // asked again until it is refused: it must be refused once its lifetime is over, and not long before
    let r = await h.send({ method: 'GET', url })
    while (r.status === 200 && Date.now() - issued < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      r = await h.send({ method: 'GET', url })
    }
    expect(r.status).toBe(403)
    expect(Date.now() - issued).toBeGreaterThanOrEqual(1000)
    expect(isProblem(r)).toBeNull()
  })

  it('a deleted course takes its video file with it: the old URL streams nothing', async () => {
    const c = await createCourse(h.send, w.courseInstructor)
    await enroll(h.send, w.enrolledStudent, c._id)
    const v = await uploadVideo(h.send, w.courseInstructor, c._id)
    expect((await h.send({ method: 'GET', url: v.filePath })).status).toBe(200)
    expect(
      (await h.send({ method: 'DELETE', url: `/api/courses/${c._id}`, token: w.courseInstructor.token }))
        .status,
    ).toBe(204)
    const r = await h.send({ method: 'GET', url: v.filePath })
    expect(r.status).toBe(404)
  })
})

describe('the media folder', () => {
  it('paths cannot escape it', async () => {
    const { exp, sig } = signed(await fresh())
    const tries = [
      '/api/media/..%2F..%2Fjwt-secret',
      '/api/media/%2e%2e%2f%2e%2e%2fjwt-secret',
      '/api/media/..%5C..%5Cjwt-secret',
      '/api/media/....//....//jwt-secret',
      '/api/media/%252e%252e%252fjwt-secret',
      `/api/media/${w.video._id}%2F..%2F..%2Fjwt-secret`,
      '/api/media/%00',
      '/media/../jwt-secret',
      '/api/../jwt-secret',
      '/assets/..%2F..%2Fpackage.json',
      '/..%2F..%2Fpackage.json',
      '/%2e%2e/%2e%2e/package.json',
    ]
    const secret = h.config.jwtSecret
    for (const t of tries) {
      const r = await h.send({ method: 'GET', url: `${t}?exp=${exp}&sig=${sig}` })
      expect(r.status, t).toBeLessThan(500)
      expect(r.text, t).not.toContain(secret)
      expect(r.text, t).not.toContain('"dependencies"')
      expect(r.headers['content-type'] ?? '', t).not.toMatch(/^video\//)
    }
  })

  it('an upload named with ../ is stored under a generated name inside the folder', async () => {
    const before = existsSync(h.config.mediaDir) ? readdirSync(h.config.mediaDir).length : 0
    const mp = multipart(
      { courseId: w.course._id },
      { name: 'file', filename: '../../../escape.mp4', type: 'video/mp4', data: fakeMp4() },
    )
    const r = await h.send({ method: 'POST', url: '/api/videos', token: w.courseInstructor.token, ...mp })
    expect(r.status).toBe(201)
    expect(r.body.filePath).not.toContain('..')
    expect(readdirSync(h.config.mediaDir).length).toBe(before + 1)
    for (const dir of [
      h.config.mediaDir,
      dirname(h.config.mediaDir),
      dirname(dirname(h.config.mediaDir)),
      h.config.dataDir,
    ])
      expect(existsSync(join(dir, 'escape.mp4')), dir).toBe(false)
    for (const f of readdirSync(h.config.mediaDir)) expect(f).toMatch(/^[0-9a-f-]{36}\.(mp4|webm|ogg)$/)
  })

  it('a file that is not a video is refused and leaves nothing behind', async () => {
    const before = readdirSync(h.config.mediaDir).length
    for (const [name, type, data] of [
      ['x.mp4', 'video/mp4', Buffer.from('<?php system($_GET["c"]); ?>')],
      ['x.html', 'text/html', Buffer.from('<script>alert(1)</script>')],
      ['x.mp4', 'video/mp4', Buffer.alloc(0)],
      ['x.svg', 'image/svg+xml', Buffer.from('<svg onload="alert(1)"/>')],
    ] as const) {
      const mp = multipart({ courseId: w.course._id }, { name: 'file', filename: name, type, data })
      const r = await h.send({ method: 'POST', url: '/api/videos', token: w.courseInstructor.token, ...mp })
      expect([400, 415], name).toContain(r.status)
      expect(isProblem(r)).toBeNull()
    }
    expect(readdirSync(h.config.mediaDir).length).toBe(before)
  })
})

describe('what the responses carried', () => {
  it("no response carried a password, a hash, or somebody else's email", async () => {
    expect(await leaks(h, w)).toEqual([])
  })

  it('every answer of this file (streams, ranges, refused signatures, uploads) is one the contract documents', async () => {
    expect(undocumentedAnswers(await loadOperations(), h.log)).toEqual([])
  })
})
