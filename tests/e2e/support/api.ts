// Direct calls to the server under test, for arranging data a journey starts from.
import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import { baseUrl, unique, type Account } from './env'

export interface User {
  _id: string
  username: string
  email: string
  role: string
}
export interface Session {
  token: string
  result: User
}
export interface Course {
  _id: string
  title: string
  name: string
  description: string
  price: number
  level: 'Beginner' | 'Intermediate' | 'Advanced' | null
  learningPoints: string[]
}
export interface Module {
  _id: string
  title: string
  description: string
  videoUrl: string
  videoId: string | null
  courseId: string
}

export async function call<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {}
  if (token) headers.authorization = `Bearer ${token}`
  let payload: BodyInit | undefined
  if (body instanceof FormData) payload = body
  else if (body !== undefined) {
    headers['content-type'] = 'application/json'
    payload = JSON.stringify(body)
  }
  const r = await fetch(baseUrl + path, { method, headers, body: payload })
  const text = await r.text()
  if (!r.ok) throw new Error(`${method} ${path} -> ${r.status} ${text}`)
  return (text ? JSON.parse(text) : undefined) as T
}

export const login = (a: Pick<Account, 'email' | 'password'>) =>
  call<Session>('POST', '/api/auth/login', undefined, { email: a.email, password: a.password })

/** A new student, registered through the API under a unique name starting with `prefix`, and signed in. */
export async function newStudent(prefix: string): Promise<Session> {
  const username = unique(prefix)
  const account = { username, email: `${username}@example.test`, password: `pw-${username}-long` }
  await call('POST', '/api/auth/register', undefined, account)
  return login(account)
}

export const createCourse = (
  token: string,
  c: { title: string; description: string; price: number } & Partial<
    Pick<Course, 'level' | 'learningPoints'>
  >,
) => call<Course>('POST', '/api/courses', token, c)

export const createModule = (
  token: string,
  m: {
    title: string
    description: string
    videoUrl: string
    courseId: string
    videoId?: string | null
    line?: { pgn: string; side: 'white' | 'black' }
    puzzles?: { fen: string; moves: string[] }[]
    freePreview?: boolean
  },
) => call<Module>('POST', '/api/modules', token, m)

export const enroll = (token: string, courseId: string) =>
  call<unknown>('POST', `/api/courses/${courseId}/enroll`, token)

export const getUsers = (token: string) =>
  call<Array<{ _id: string; username: string; role: string }>>('GET', '/api/users', token)

export async function uploadVideo(token: string, courseId: string, file: string) {
  const form = new FormData()
  form.append('courseId', courseId)
  form.append('file', new Blob([readFileSync(file)], { type: 'video/webm' }), basename(file))
  return call<{ _id: string; filePath: string }>('POST', '/api/videos', token, form)
}

/** The localStorage entries a logged-in session keeps, under the storage keys the app reads. */
export function sessionStorageEntries(s: Session) {
  const user = { _id: s.result._id, role: s.result.role, username: s.result.username }
  return [
    { name: 'token', value: s.token },
    { name: 'user', value: JSON.stringify(user) },
    { name: 'userId', value: s.result._id },
    { name: 'username', value: s.result.username },
    { name: 'userRole', value: s.result.role },
  ]
}
