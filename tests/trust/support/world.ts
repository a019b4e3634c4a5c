// A populated world for the trust tests: one account per actor, a course with an enrolled student,
// a module and an uploaded video, plus factories for fresh resources, all made through the API.
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

export async function register(send: Send, username = uniq(), password = `pw-${randomBytes(6).toString('hex')}`) {
  const email = `${username}@trust.example`
  expectOk(
    await send({ method: 'POST', url: '/api/auth/register', ...json({ username, email, password }) }),
    `register ${username}`,
  )
  return login(send, email, password, username)
}

export async function login(send: Send, email: string, password: string, username: string): Promise<Account> {
  const r = expectOk(await send({ method: 'POST', url: '/api/auth/login', ...json({ email, password }) }), `login ${email}`)
  return { id: r.body.result._id, username, email, password, token: r.body.token, role: r.body.result.role }
}

export async function account(h: Harness, role: Account['role'], prefix = role.slice(0, 3)): Promise<Account> {
  const a = await register(h.send, uniq(prefix))
  if (role !== 'student') {
    await h.query('update users set role = $1 where id = $2', [role, a.id])
    a.role = role
  }
  return a
}

export async function createCourse(send: Send, owner: Account, fields: Partial<{ title: string; description: string; price: number }> = {}) {
  const body = { title: uniq('Course '), description: 'A course about the endgame.', price: 19.99, ...fields }
  const r = expectOk(await send({ method: 'POST', url: '/api/courses', token: owner.token, ...json(body) }), 'create course')
  return r.body as { _id: string; title: string; price: number }
}

export async function enroll(send: Send, student: Account, courseId: string) {
  expectOk(await send({ method: 'POST', url: `/api/courses/${courseId}/enroll`, token: student.token }), 'enroll')
}

export async function createModule(send: Send, owner: Account, courseId: string) {
  const body = { title: uniq('Module '), description: 'Rook endings.', videoUrl: 'https://www.youtube.com/watch?v=abc', courseId }
  const r = expectOk(await send({ method: 'POST', url: '/api/modules', token: owner.token, ...json(body) }), 'create module')
  return r.body as { _id: string }
}

export async function uploadVideo(send: Send, owner: Account, courseId: string, data = fakeMp4()) {
  const mp = multipart({ courseId }, { name: 'file', filename: 'lesson.mp4', type: 'video/mp4', data })
  const r = expectOk(await send({ method: 'POST', url: '/api/videos', token: owner.token, ...mp }), 'upload video')
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
  await h.query('delete from users where id = $1', [deleted.id])

  const course = await createCourse(h.send, courseInstructor)
  await enroll(h.send, enrolledStudent, course._id)
  const module = await createModule(h.send, courseInstructor, course._id)
  const video = await uploadVideo(h.send, courseInstructor, course._id)

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

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')

/** Re-signs the claims of a real token; with the server's secret and a future expiry it must be accepted. */
export function resign(secret: string, realToken: string, overrides: Record<string, unknown>): Promise<string> {
  const claims = { ...decodeJwt(realToken), ...overrides }
  return new SignJWT(claims as Record<string, unknown>)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret))
}

export async function forgedTokens(secret: string, admin: Account, student: Account) {
  const now = Math.floor(Date.now() / 1000)
  const adminClaims = decodeJwt(admin.token)
  const expiredToken = await resign(secret, admin.token, { iat: now - 7200, exp: now - 3600 })
  const [h, , s] = student.token.split('.')
  const tamperedToken = `${h}.${b64({ ...decodeJwt(student.token), sub: admin.id })}.${s}`
  const otherSecretToken = await resign(`another-secret-${randomUUID()}-${randomUUID()}`, admin.token, {})
  const algNoneToken = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(adminClaims)}.`
  return { expiredToken, tamperedToken, otherSecretToken, algNoneToken }
}
