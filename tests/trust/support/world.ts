// A populated world for the trust tests: one account per actor, a course with an enrolled student,
// a module (part-watched by that student) and an uploaded video, plus factories for fresh resources, all made
// through the API.
import { randomBytes, randomUUID } from 'node:crypto'
import { SignJWT, decodeJwt } from 'jose'
import { fakeMp4, json, multipart, type Res, type Send } from './http'
import type { Actor } from './matrix'

export interface Harness {
  send: Send
  /** SQL on the server's own database (to make the first admin and to delete a user). */
  query<T = any>(sql: string, params?: unknown[]): Promise<T[]>
  jwtSecret: string
}

export interface Account {
  id: string
  username: string
  email: string
  password: string
  token: string
  role: 'student' | 'instructor' | 'admin'
}

export function uniq(prefix = 'u'): string {
  return `${prefix}${randomBytes(5).toString('hex')}`
}

export function expectOk(res: Res, what: string, statuses = [200, 201, 204]): Res {
  if (!statuses.includes(res.status)) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 400)}`)
  return res
}

export async function register(
  send: Send,
  username = uniq(),
  password = `pw-${randomBytes(6).toString('hex')}`,
) {
  const email = `${username}@trust.example`
  expectOk(
    await send({ method: 'POST', url: '/api/auth/register', ...json({ username, email, password }) }),
    `register ${username}`,
  )
  return login(send, email, password, username)
}

export async function login(send: Send, email: string, password: string, username: string): Promise<Account> {
  const r = expectOk(
    await send({ method: 'POST', url: '/api/auth/login', ...json({ email, password }) }),
    `login ${email}`,
  )
  return { id: r.body.result._id, username, email, password, token: r.body.token, role: r.body.result.role }
}

export async function account(
  h: Harness,
  role: Account['role'],
  prefix = role.slice(0, 3),
): Promise<Account> {
  const a = await register(h.send, uniq(prefix))
  if (role !== 'student') {
    await h.query('update users set role = $1 where id = $2', [role, a.id])
    a.role = role
  }
  return a
}

export async function createCourse(
  send: Send,
  owner: Account,
  fields: Partial<{ title: string; description: string; price: number; published: boolean }> = {},
) {
  const body = { title: uniq('Course '), description: 'A course about the endgame.', price: 19.99, ...fields }
  const r = expectOk(
    await send({ method: 'POST', url: '/api/courses', token: owner.token, ...json(body) }),
    'create course',
  )
  return r.body as { _id: string; title: string; price: number }
}

export async function enroll(send: Send, student: Account, courseId: string) {
  expectOk(
    await send({ method: 'POST', url: `/api/courses/${courseId}/enroll`, token: student.token }),
    'enroll',
  )
}

/** A line every module of the world carries, so its readers can practise it (4 moves for White). */
export const WORLD_LINE = {
  pgn: '1. e4 e5 2. Nf3 {Attacks e5.} Nc6 3. Bc4 Bc5 (3... Nf6 4. Ng5) 4. c3 *',
  side: 'white',
} as const

/** A puzzle set every module of the world carries, so its enrolled students can record results (two mates). */
export const WORLD_PUZZLES = [
  { fen: 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4', moves: ['h5f7'] },
  { fen: 'r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1', moves: ['d5d8', 'e7d8', 'e1e8'] },
]

export async function createModule(send: Send, owner: Account, courseId: string) {
  const body = {
    title: uniq('Module '),
    description: 'Rook endings.',
    videoUrl: 'https://www.youtube.com/watch?v=abc',
    courseId,
    line: WORLD_LINE,
    puzzles: WORLD_PUZZLES,
  }
  const r = expectOk(
    await send({ method: 'POST', url: '/api/modules', token: owner.token, ...json(body) }),
    'create module',
  )
  return r.body as { _id: string }
}

export async function uploadVideo(send: Send, owner: Account, courseId: string, data = fakeMp4()) {
  const mp = multipart({ courseId }, { name: 'file', filename: 'lesson.mp4', type: 'video/mp4', data })
  const r = expectOk(
    await send({ method: 'POST', url: '/api/videos', token: owner.token, ...mp }),
    'upload video',
  )
  return r.body as { _id: string; filePath: string }
}

export interface World {
  h: Harness
  student: Account
  enrolledStudent: Account
  otherStudent: Account
  courseInstructor: Account
  otherInstructor: Account
  admin: Account
  deleted: Account
  course: { _id: string }
  module: { _id: string }
  video: { _id: string; filePath: string }
  /** A course gone back to draft with its module and video (buildDraft): only the matrix makes one. */
  draft?: Draft
  /** A 'Free preview' module and a locked one of the world's course (buildPreviews): only the matrix makes them. */
  previews?: Previews
  tokens: Record<Actor, string | undefined>
  /** Every account's email, to prove none leaks. */
  emails: string[]
  passwords: string[]
}

export async function buildWorld(h: Harness): Promise<World> {
  const admin = await account(h, 'admin')
  const courseInstructor = await account(h, 'instructor')
  const otherInstructor = await account(h, 'instructor')
  const student = await account(h, 'student')
  const enrolledStudent = await account(h, 'student')
  const otherStudent = await account(h, 'student')
  const deleted = await account(h, 'student', 'del')
  // its token worked until the account was deleted: only the deletion makes it a bad token
  expectOk(
    await h.send({ method: 'GET', url: '/api/profile/me', token: deleted.token }),
    'deleted user before deletion',
  )
  await h.query('delete from users where id = $1', [deleted.id])

  const course = await createCourse(h.send, courseInstructor)
  await enroll(h.send, enrolledStudent, course._id)
  const module = await createModule(h.send, courseInstructor, course._id)
  const video = await uploadVideo(h.send, courseInstructor, course._id)
  // progress to read: the course's table (getCourseProgress) and the student's own list are not empty
  expectOk(
    await h.send({
      method: 'PUT',
      url: `/api/progress/modules/${module._id}`,
      token: enrolledStudent.token,
      ...json({ positionSeconds: 95, durationSeconds: 600 }),
    }),
    'save progress',
  )

  const tokens = await forgedTokens(h.jwtSecret, admin, student)
  const all = [admin, courseInstructor, otherInstructor, student, enrolledStudent, otherStudent, deleted]
  return {
    h,
    student,
    enrolledStudent,
    otherStudent,
    courseInstructor,
    otherInstructor,
    admin,
    deleted,
    course,
    module,
    video,
    tokens: {
      anonymous: undefined,
      student: student.token,
      enrolledStudent: enrolledStudent.token,
      otherStudent: otherStudent.token,
      courseInstructor: courseInstructor.token,
      otherInstructor: otherInstructor.token,
      admin: admin.token,
      deletedUserToken: deleted.token,
      ...tokens,
    },
    emails: all.map((a) => a.email),
    passwords: all.map((a) => a.password),
  }
}

export interface Draft {
  course: { _id: string }
  module: { _id: string }
  video: { _id: string }
}

/**
 * A course of `courseInstructor` with a module (carrying the world's line) and an uploaded video, bought by
 * `enrolledStudent` while published, then unpublished by its instructor: a draft again, seen only by its instructor,
 * admins and `enrolledStudent`.
 */
export async function buildDraft(w: World): Promise<Draft> {
  const course = await createCourse(w.h.send, w.courseInstructor)
  await enroll(w.h.send, w.enrolledStudent, course._id)
  const module = await createModule(w.h.send, w.courseInstructor, course._id)
  const video = await uploadVideo(w.h.send, w.courseInstructor, course._id)
  expectOk(
    await w.h.send({
      method: 'PATCH',
      url: `/api/courses/${course._id}`,
      token: w.courseInstructor.token,
      ...json({ published: false }),
    }),
    'unpublish the draft',
  )
  return { course, module, video }
}

export interface Previews {
  preview: { _id: string }
  locked: { _id: string }
}

/**
 * Two modules of the world's course carrying the world's line, each with an uploaded video of its own with captions and
 * a poster: one marked 'Free preview' by the course's instructor, the other locked.
 */
export async function buildPreviews(w: World): Promise<Previews> {
  const made = async (freePreview: boolean) => {
    const video = await uploadVideo(w.h.send, w.courseInstructor, w.course._id)
    expectOk(
      await w.h.send({
        method: 'PUT',
        url: `/api/videos/${video._id}/captions`,
        token: w.courseInstructor.token,
        ...multipart(
          {},
          {
            name: 'file',
            filename: 'lesson.vtt',
            type: 'text/vtt',
            data: Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nCentre first.\n'),
          },
        ),
      }),
      'upload captions',
    )
    // as the background job records a poster (the test video is no real film for ffmpeg): a stored file of the video
    await w.h.query('UPDATE videos SET poster_name = stored_name WHERE id = $1', [video._id])
    const r = expectOk(
      await w.h.send({
        method: 'POST',
        url: '/api/modules',
        token: w.courseInstructor.token,
        ...json({
          title: uniq('Module '),
          description: 'The centre first.',
          videoUrl: video.filePath.split('?')[0],
          videoId: video._id,
          courseId: w.course._id,
          line: WORLD_LINE,
          freePreview,
        }),
      }),
      'create module',
    )
    return r.body as { _id: string }
  }
  return { preview: await made(true), locked: await made(false) }
}

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')

/** Re-signs the claims of a real token; with the server's secret and a future expiry it must be accepted. */
export function resign(
  secret: string,
  realToken: string,
  overrides: Record<string, unknown>,
): Promise<string> {
  const claims = { ...decodeJwt(realToken), ...overrides }
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret))
}

/**
 * Tokens each valid in every respect but one flaw: they carry a real user id and the id of a live session of
 * that user (claim `sid`), so the flaw alone is what gets them refused.
 */
export async function forgedTokens(secret: string, admin: Account, student: Account) {
  const now = Math.floor(Date.now() / 1000)
  const adminClaims = decodeJwt(admin.token)
  // the admin's live session, but expired an hour ago
  const expiredToken = await resign(secret, admin.token, { iat: now - 7200, exp: now - 3600 })
  // a student's signature over the admin's claims (subject and session)
  const [h, , s] = student.token.split('.')
  const tamperedToken = `${h}.${b64({ ...decodeJwt(student.token), sub: admin.id, sid: adminClaims.sid })}.${s}`
  const otherSecretToken = await resign(`another-secret-${randomUUID()}-${randomUUID()}`, admin.token, {})
  const algNoneToken = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(adminClaims)}.`
  return { expiredToken, tamperedToken, otherSecretToken, algNoneToken }
}

/** The world's account behind an actor (undefined for anonymous and the forged tokens). */
export function accountOf(w: World, actor: Actor): Account | undefined {
  switch (actor) {
    case 'student':
    case 'enrolledStudent':
    case 'otherStudent':
    case 'courseInstructor':
    case 'otherInstructor':
    case 'admin':
      return w[actor]
    default:
      return undefined
  }
}

/** A new session of this account (a fresh login); the world's own token of the account stays as it is. */
export async function freshSession(w: World, a: Account): Promise<string> {
  return (await login(w.h.send, a.email, a.password, a.username)).token
}

/**
 * After a cell that may have ended an actor's sessions (log out everywhere, a password change): log the actor
 * in again, give the world its new token, and re-forge the forged tokens over the live sessions.
 */
export async function relogin(w: World, a: Account): Promise<void> {
  a.token = await freshSession(w, a)
  for (const actor of [
    'student',
    'enrolledStudent',
    'otherStudent',
    'courseInstructor',
    'otherInstructor',
    'admin',
  ] as const) {
    if (w[actor] === a) w.tokens[actor] = a.token
  }
  Object.assign(w.tokens, await forgedTokens(w.h.jwtSecret, w.admin, w.student))
}

/**
 * For runs that send generated requests with the world's tokens (hostile input): a valid logout, log out
 * everywhere, password change or admin password reset ends sessions of a world account (and may set its
 * password). After such a request was accepted, the account gets its own password back (through the admin
 * reset, so no generated string becomes a password the leak scan would look for) and a live session again,
 * so the rest of the run keeps testing as that actor instead of collecting 401s. Call it before taking the
 * digest of the request's changes.
 */
export async function keepSessionsAlive(
  w: World,
  r: { operationId: string; actor: string; url: string },
  res: Res,
): Promise<void> {
  if (res.status >= 300) return
  let a: Account | undefined
  switch (r.operationId) {
    case 'logout':
    case 'logoutEverywhere':
    case 'changeMyPassword':
      a = accountOf(w, r.actor as Actor)
      break
    case 'setUserPassword': {
      const id = /\/api\/user\/([^/?]+)\/password/.exec(r.url)?.[1]
      a = [w.student, w.enrolledStudent, w.otherStudent, w.courseInstructor, w.otherInstructor, w.admin].find(
        (x) => x.id === id,
      )
      break
    }
    default:
      return
  }
  if (!a) return
  if (a !== w.admin) await relogin(w, w.admin).catch(() => {}) // only needed if the admin's own session ended
  if (r.operationId === 'changeMyPassword' || r.operationId === 'setUserPassword') {
    expectOk(
      await w.h.send({
        method: 'PUT',
        url: `/api/user/${a.id}/password`,
        token: w.admin.token,
        ...json({ newPassword: a.password }),
      }),
      `give ${a.username} its password back`,
    )
  }
  await relogin(w, a)
}
