// What every figure family of the bench shares: rounding, logging, the accounts it seeds, the API client and a
// browser context that stays on loopback.
import { randomBytes } from 'node:crypto'

export const KB = 1024

/** Connections of a load row that names none. */
export const CONNECTIONS = 10

// Progress writes: one connection per (learner, module) row, as many learners' players saving at once.
export const PROGRESS = { connections: 50, writers: 10, courses: 20, modules: 20 }

export const round = (n, d = 0) =>
  n === undefined || n === null || Number.isNaN(n) ? null : Number(n.toFixed(d))

/** The middle value (runs are odd in number). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

export const log = (...a) => console.error('bench:', ...a)

/**
 * The settings `npm start` runs with, for every server of the bench: its default log level (the request log at
 * `info`, one line per request) and scrypt cost (N=2^17). The load servers' standard output goes to a file
 * (startServer's `logFile`), as a process manager would keep it: through a pipe the bench read, the load generator
 * itself paid for reading the log. (The browser journeys' servers run at `warn` and N=2^14; undefined removes those
 * from the environment.)
 */
export const SHIPPED = { LOG_LEVEL: undefined, SCRYPT_LOG2N: undefined }

export const pw = () => `Pw-${randomBytes(9).toString('base64url')}`

export const accounts = {
  admin: { username: 'bench_admin', email: 'bench_admin@example.test', password: pw(), role: 'admin' },
  instructor: {
    username: 'bench_teacher',
    email: 'bench_teacher@example.test',
    password: pw(),
    role: 'instructor',
  },
  student: { username: 'bench_pupil', email: 'bench_pupil@example.test', password: pw(), role: 'student' },
}

export async function api(base, method, path, token, body) {
  const headers = {}
  if (token) headers.authorization = `Bearer ${token}`
  let payload
  if (body instanceof FormData) payload = body
  else if (body !== undefined) {
    headers['content-type'] = 'application/json'
    payload = JSON.stringify(body)
  }
  const r = await fetch(base + path, { method, headers, body: payload })
  const text = await r.text()
  if (!r.ok) throw new Error(`${method} ${path} -> ${r.status} ${text.slice(0, 300)}`)
  return text ? JSON.parse(text) : undefined
}

export function sessionEntries(s) {
  const u = s.result
  return [
    { name: 'token', value: s.token },
    { name: 'user', value: JSON.stringify({ _id: u._id, role: u.role, username: u.username }) },
    { name: 'userId', value: u._id },
    { name: 'username', value: u.username },
    { name: 'userRole', value: u.role },
  ]
}

export async function newContext(browser, base, session) {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1280, height: 900 },
    storageState: session
      ? { cookies: [], origins: [{ origin: base, localStorage: sessionEntries(session) }] }
      : undefined,
  })
  await context.route('**/*', (route) =>
    route
      .request()
      .url()
      .startsWith(base + '/')
      ? route.continue()
      : route.abort('blockedbyclient'),
  )
  return context
}
