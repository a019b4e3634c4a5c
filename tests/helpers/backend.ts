// The SPA's tests run against the real server: msw forwards every request to /api/* to `buildApp().inject()`
// on an in-memory PGlite made from the template the server tests use (one app per worker, or per file for the
// isolated files, emptied before each test). Seeds stay synchronous: they queue rows (with deterministic ids) that are inserted in one
// transaction before the next request is forwarded or the database is read.
import { http, HttpResponse, type HttpHandler } from 'msw'
import { config as spaConfig } from '@/app/config'
import type { Role } from '@domain/rules'
import { buildServer, type TestServer } from './buildServer'

export type SeededUser = {
  _id: string
  username: string
  email: string
  password: string
  role: Role
  bio: string
  phoneNumber: string
  /** Stands for a real token: the forwarder swaps it for one the server issued (see `realToken`). */
  token: string
}

type Row = { sql: string; params: unknown[] }

let pending: Row[] = []
let counter = 0
const tokens = new Map<string, string>()
const hashes = new Map<string, string>()
const usersToSign: SeededUser[] = []
const passwordsToHash: { id: string; password: string }[] = []

let starting: Promise<TestServer> | undefined
let flushing: Promise<void> = Promise.resolve()
/** Whether the current test may have changed the database (a seed, a read or a call reached it). */
let dirty = false

/**
 * Builds the app for this test file, as a server test file does (PGlite loads the shared template). BACKEND_LOG=1
 * prints every forwarded call and its answer, BACKEND_LOG=<pino level> also the server's log.
 */
export function startBackend(): Promise<TestServer> {
  const level = process.env.BACKEND_LOG
  starting ??= buildServer(level && level !== '1' ? { logger: { level } } : {})
  return starting
}

const server = startBackend

export async function stopBackend(): Promise<void> {
  const running = starting
  starting = undefined
  await (await running)?.close()
}

/** Whether a test file's source renders the app or talks to our API: then its backend is built before its tests. */
export const usesBackend = (source: string) =>
  /helpers\/(backend|renderWithProviders)'|makeStore|fetch\(/.test(source)

/** Empties every table after a test that reached the database, and forgets the queue, before each test. */
export async function resetBackend(): Promise<void> {
  pending = []
  usersToSign.length = 0
  passwordsToHash.length = 0
  tokens.clear()
  positions.clear()
  counter = 0
  seq = 0
  await flushing.catch(() => {})
  if (starting && dirty) await (await starting).reset()
  dirty = false
}

/** The running app and database, for a test that must look at what the app did. */
export async function realDb() {
  await flush()
  return (await server()).db
}

/** Rows of a query on the real database, after the queued seeds. */
export async function query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await realDb()).query<T>(sql, params)
}

async function hashOf(password: string): Promise<string> {
  let hash = hashes.get(password)
  if (!hash) {
    const { hashPassword } = await import('../../server/services/accounts/passwords')
    hash = await hashPassword(password, (await server()).config.scryptLog2N)
    hashes.set(password, hash)
  }
  return hash
}

/** Inserts the queued seeds (one transaction) and issues the tokens of seeded users; one flush at a time. */
export function flush(): Promise<void> {
  const run = flushing.catch(() => {}).then(insertQueued)
  flushing = run
  return run
}

async function insertQueued(): Promise<void> {
  dirty = true
  const { db, app } = await server()
  while (pending.length > 0 || passwordsToHash.length > 0) {
    const rows = pending
    const passwords = passwordsToHash.splice(0)
    pending = []
    for (const p of passwords)
      rows.push({
        sql: 'UPDATE users SET password_hash = $2 WHERE id = $1',
        params: [p.id, await hashOf(p.password)],
      })
    await db.transaction(async (tx) => {
      for (const r of rows) await tx.query(r.sql, r.params)
    })
  }
  for (const user of usersToSign.splice(0)) tokens.set(user.token, await app.issueToken(user._id))
}

/** The real token a seeded user's placeholder stands for (itself when it is not a placeholder). */
export async function realToken(token: string): Promise<string> {
  await flush()
  return tokens.get(token) ?? token
}

/** A uuid-shaped id, deterministic within a test. */
export function newId(): string {
  counter += 1
  return `00000000-0000-4000-8000-${counter.toString(16).padStart(12, '0')}`
}

// Rows seeded in one test get increasing timestamps, so "newest first" follows the order of the seeds.
const BASE = Date.UTC(2024, 0, 1)
const at = (n: number) => new Date(BASE + n * 60_000).toISOString()
let seq = 0
const next = () => at((seq += 1))

function queue(sql: string, ...params: unknown[]) {
  pending.push({ sql, params })
}

export function seedUser(input: Partial<Omit<SeededUser, 'token'>> & { username: string }): SeededUser {
  // The server's rule (users_username_check): a seed it would refuse fails here, not in a later request.
  if (!/^[A-Za-z0-9_-]{3,30}$/.test(input.username)) throw new Error(`invalid username ${input.username}`)
  const _id = input._id ?? newId()
  const user: SeededUser = {
    email: `${input.username.toLowerCase()}@example.com`,
    password: 'password123',
    role: 'student',
    bio: '',
    phoneNumber: '',
    ...input,
    _id,
    token: `token-${_id}`,
  }
  queue(
    `INSERT INTO users (id, username, email, password_hash, role, bio, phone_number, created_at)
     VALUES ($1, $2, $3, '-', $4, $5, $6, $7)`,
    user._id,
    user.username,
    user.email.toLowerCase(),
    user.role,
    user.bio,
    user.phoneNumber,
    next(),
  )
  passwordsToHash.push({ id: user._id, password: user.password })
  usersToSign.push(user)
  return user
}

export type SeededCourse = {
  _id: string
  title: string
  name: string
  description: string
  price: number
  instructor: { _id: string; username: string } | null
  createdAt: string
  published: boolean
  level: 'Beginner' | 'Intermediate' | 'Advanced' | null
  learningPoints: string[]
}

export function seedCourse(input: {
  title: string
  description?: string
  price?: number
  instructor?: Pick<SeededUser, '_id' | 'username'> | null
  /** False seeds a draft. */
  published?: boolean
  level?: SeededCourse['level']
  learningPoints?: string[]
}): SeededCourse {
  const course: SeededCourse = {
    _id: newId(),
    title: input.title,
    name: input.title,
    description: input.description ?? `About ${input.title}`,
    price: input.price ?? 10,
    instructor: input.instructor ? { _id: input.instructor._id, username: input.instructor.username } : null,
    createdAt: next(),
    published: input.published ?? true,
    level: input.level ?? null,
    learningPoints: input.learningPoints ?? [],
  }
  queue(
    `INSERT INTO courses (id, title, description, price_cents, instructor_id, created_at, published, level, learning_points)
     VALUES ($1, $2, $3, round($4::numeric * 100), $5, $6, $7, $8, $9)`,
    course._id,
    course.title,
    course.description,
    course.price,
    course.instructor?._id ?? null,
    course.createdAt,
    course.published,
    course.level,
    course.learningPoints,
  )
  return course
}

export type SeededModule = {
  _id: string
  title: string
  description: string
  videoUrl: string
  videoId: string | null
  courseId: string
  position: number
  /** The module's line (its PGN and the side the student plays); null when it has none. */
  line: { pgn: string; side: 'white' | 'black' } | null
  /** The module's puzzle set (each position and its solution in UCI, the solver's move first); null when none. */
  puzzles: { fen: string; moves: string[] }[] | null
  /** 'Free preview': everyone may watch or play it while its course is published. */
  freePreview: boolean
}

const positions = new Map<string, number>()

export function seedModule(input: Partial<SeededModule> & { title: string; courseId: string }): SeededModule {
  const position = input.position ?? positions.get(input.courseId) ?? 0
  positions.set(input.courseId, Math.max(position, positions.get(input.courseId) ?? 0) + 1)
  const mod: SeededModule = {
    _id: newId(),
    description: `Lesson ${input.title}`,
    videoUrl: 'https://videos.example.com/lesson.mp4',
    videoId: null,
    line: null,
    puzzles: null,
    freePreview: false,
    ...input,
    position,
  }
  queue(
    `INSERT INTO modules (id, course_id, title, description, video_url, video_id, position, created_at, line_pgn,
       line_side, puzzles, free_preview)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12)`,
    mod._id,
    mod.courseId,
    mod.title,
    mod.description,
    mod.videoUrl,
    mod.videoId,
    mod.position,
    next(),
    mod.line?.pgn ?? null,
    mod.line?.side ?? null,
    mod.puzzles && JSON.stringify(mod.puzzles),
    mod.freePreview,
  )
  return mod
}

/**
 * A line of `user` in the review schedule, due at `due` (an ISO time; in the past: due now), as a
 * first practice graded Hard would leave it.
 */
export function seedReview(
  user: Pick<SeededUser, '_id'>,
  module: Pick<SeededModule, '_id' | 'courseId'>,
  due: string,
): void {
  queue(
    `INSERT INTO line_reviews (user_id, module_id, course_id, due, stability, difficulty, elapsed_days,
       scheduled_days, learning_steps, reps, lapses, state, last_review, last_grade)
     VALUES ($1, $2, $3, $4, 1.2, 6.4, 0, 0, 1, 1, 0, 1, $5, 'hard')`,
    user._id,
    module._id,
    module.courseId,
    due,
    new Date(Date.parse(due) - 600_000).toISOString(),
  )
}

/** An uploaded video's row (no file is stored: streaming it is the server tests' business). */
export function seedVideo(courseId: string): { _id: string; courseId: string } {
  const _id = newId()
  queue(
    `INSERT INTO videos (id, course_id, stored_name, original_name, mime_type, size, created_at)
     VALUES ($1, $2, $3, 'lesson.mp4', 'video/mp4', 1024, $4)`,
    _id,
    courseId,
    `${_id}.mp4`,
    next(),
  )
  return { _id, courseId }
}

export function seedEnrollment(courseId: string, studentId: string): void {
  queue(
    'INSERT INTO enrollments (course_id, student_id, enrolled_at) VALUES ($1, $2, $3)',
    courseId,
    studentId,
    next(),
  )
}

export function seedCart(userId: string, courseIds: string[]): void {
  for (const courseId of courseIds)
    queue(
      'INSERT INTO cart_items (user_id, course_id, added_at) VALUES ($1, $2, $3)',
      userId,
      courseId,
      next(),
    )
}

export function seedFollower(player: string, user: Pick<SeededUser, '_id'>): void {
  queue(
    'INSERT INTO follows (id, user_id, player, created_at) VALUES ($1, $2, $3, $4)',
    newId(),
    user._id,
    player,
    next(),
  )
}

export function seedComment(player: string, user: Pick<SeededUser, '_id'>, comment: string): void {
  queue(
    'INSERT INTO comments (id, user_id, player, comment, created_at) VALUES ($1, $2, $3, $4, $5)',
    newId(),
    user._id,
    player,
    comment,
    next(),
  )
}

/** The auth slice state of a seeded user, for preloadedState. */
export function sessionOf(user: Pick<SeededUser, '_id' | 'role' | 'username' | 'token'>) {
  return { token: user.token, user: { _id: user._id, role: user.role, username: user.username } }
}

const API = `${spaConfig.apiBaseUrl}/api`

/** Answers a request to our API from the real app, after the queued seeds. */
async function forward(request: Request): Promise<Response> {
  dirty = true
  const headers: Record<string, string> = {}
  request.headers.forEach((value, name) => {
    headers[name] = value
  })
  const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? '')
  if (bearer) headers.authorization = `Bearer ${await realToken(bearer[1])}`
  else await flush()
  const url = new URL(request.url)
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined
  const { app } = await server()
  const res = await app.inject({
    method: request.method as 'GET',
    url: url.pathname + url.search,
    headers,
    payload: body,
  })
  if (process.env.BACKEND_LOG)
    process.stderr.write(`${request.method} ${url.pathname} -> ${res.statusCode} ${res.body.slice(0, 300)}\n`)
  const out = new Headers()
  for (const [name, value] of Object.entries(res.headers)) {
    // The SPA's cookies are the test's own (document.cookie); the server's XSRF cookie stays out of them.
    if (value === undefined || name === 'set-cookie' || name === 'content-length') continue
    for (const v of Array.isArray(value) ? value : [value]) out.append(name, String(v))
  }
  const nullBody = res.statusCode === 204 || res.statusCode === 304 || request.method === 'HEAD'
  return new Response(nullBody ? null : new Uint8Array(res.rawPayload), {
    status: res.statusCode,
    headers: out,
  })
}

export const backendHandlers: HttpHandler[] = [http.all(`${API}/*`, ({ request }) => forward(request))]

/** What the app left in the real database, in the order rows were made, shaped as the API shows them. */
export const stored = {
  users: () =>
    query<{ _id: string; username: string; email: string; role: Role; bio: string; phoneNumber: string }>(
      `SELECT id AS "_id", username, email, role, bio, phone_number AS "phoneNumber"
       FROM users ORDER BY created_at, id`,
    ),
  courses: async () =>
    (
      await query<{
        _id: string
        title: string
        description: string
        price: string
        instructorId: string | null
        published: boolean
      }>(
        `SELECT id AS "_id", title, description, price_cents::float8 / 100 AS price, instructor_id AS "instructorId", published
         FROM courses ORDER BY created_at, id`,
      )
    ).map((c) => ({ ...c, price: Number(c.price) })),
  modules: () =>
    query<SeededModule>(
      `SELECT id AS "_id", title, description, video_url AS "videoUrl", video_id AS "videoId",
              course_id AS "courseId", position, free_preview AS "freePreview" FROM modules ORDER BY created_at, id`,
    ),
  videos: () =>
    query<{ _id: string; courseId: string; mimeType: string; size: string; originalName: string }>(
      `SELECT id AS "_id", course_id AS "courseId", mime_type AS "mimeType", size, original_name AS "originalName"
       FROM videos ORDER BY created_at, id`,
    ),
  enrollments: () =>
    query<{ courseId: string; studentId: string }>(
      'SELECT course_id AS "courseId", student_id AS "studentId" FROM enrollments ORDER BY enrolled_at',
    ),
  cart: async (userId: string) =>
    (
      await query<{ courseId: string }>(
        'SELECT course_id AS "courseId" FROM cart_items WHERE user_id = $1 ORDER BY added_at',
        [userId],
      )
    ).map((r) => r.courseId),
  follows: () =>
    query<{ player: string; userId: string; username: string }>(
      `SELECT f.player, f.user_id AS "userId", u.username
       FROM follows f JOIN users u ON u.id = f.user_id ORDER BY f.created_at, f.id`,
    ),
  comments: () =>
    query<{ _id: string; player: string; userId: string; comment: string }>(
      'SELECT id AS "_id", player, user_id AS "userId", comment FROM comments ORDER BY created_at, id',
    ),
}

/** A problem+json reply, for a test that overrides the real server with `server.use(...)`. */
export function problem(status: number, title: string, detail?: string) {
  return HttpResponse.json(
    { type: 'about:blank', title, status, ...(detail ? { detail } : {}) },
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  )
}

/** Whether the real database holds this password for the user (by username). */
export async function hasPassword(username: string, password: string): Promise<boolean> {
  const [row] = await query<{ hash: string }>('SELECT password_hash AS hash FROM users WHERE username = $1', [
    username,
  ])
  const { verifyPassword } = await import('../../server/services/accounts/passwords')
  return row !== undefined && (await verifyPassword(password, row.hash))
}

/**
 * A learner's saved progress in a module (module_progress), stamped like the other seeds so that the most recent
 * activity is the one seeded last. `completed` sets completed_at.
 */
export function seedProgress(
  user: Pick<SeededUser, '_id'>,
  module: Pick<SeededModule, '_id' | 'courseId'>,
  progress: { positionSeconds?: number; durationSeconds?: number | null; completed?: boolean } = {},
): void {
  const stamp = next()
  queue(
    `INSERT INTO module_progress
       (user_id, module_id, course_id, position_seconds, duration_seconds, completed_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    user._id,
    module._id,
    module.courseId,
    progress.positionSeconds ?? 0,
    progress.durationSeconds ?? null,
    progress.completed ? stamp : null,
    stamp,
  )
}
