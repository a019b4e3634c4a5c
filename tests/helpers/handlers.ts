// msw handlers: an in-memory fake of every operation of openapi/openapi.yaml, backed by fakeDb.
import { http, HttpResponse, type HttpHandler } from 'msw'
import { config } from '@/app/config'
import type { Course, Role } from '@/api/generated/api'
import { db, newId, userForToken, type FakeUser } from './fakeDb'

const API = `${config.apiBaseUrl}/api`

export function problem(status: number, title: string, detail?: string) {
  return HttpResponse.json(
    { type: 'about:blank', title, status, ...(detail ? { detail } : {}) },
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  )
}

const unauthorized = () => problem(401, 'Unauthorized')
const forbidden = () => problem(403, 'Forbidden')
const notFound = () => problem(404, 'Not Found')
const badRequest = (detail: string) => problem(400, 'Bad Request', detail)

const publicUser = ({ password: _p, createdAt: _c, ...u }: FakeUser) => ({
  ...u,
  purchasedCourses: db.enrollments.filter((e) => e.studentId === u._id).map((e) => e.courseId),
})

const findCourse = (id: string) => db.courses.find((c) => c._id === id)
const isEnrolled = (courseId: string, userId: string) =>
  db.enrollments.some((e) => e.courseId === courseId && e.studentId === userId)
const canManage = (user: FakeUser, course: Course) =>
  user.role === 'admin' || (user.role === 'instructor' && course.instructor?._id === user._id)
const canRead = (user: FakeUser, course: Course) =>
  user.role !== 'student' || isEnrolled(course._id, user._id)
const profileCourses = (user: FakeUser) =>
  user.role === 'instructor'
    ? db.courses.filter((c) => c.instructor?._id === user._id)
    : db.courses.filter((c) => isEnrolled(c._id, user._id))
const cartOf = (userId: string) => {
  const items = (db.carts.get(userId) ?? []).map(findCourse).filter((c): c is Course => Boolean(c))
  return { items, total: items.reduce((sum, c) => sum + c.price, 0) }
}

type Req = { request: Request }
function withUser(req: Req): FakeUser | undefined {
  return userForToken(req.request.headers.get('Authorization'))
}

async function body<T>(request: Request): Promise<Partial<T>> {
  try {
    return ((await request.json()) ?? {}) as Partial<T>
  } catch {
    return {}
  }
}

const authHandlers: HttpHandler[] = [
  http.get(`${API}/health`, () => HttpResponse.json({ status: 'ok', database: 'pglite' })),
  http.post(`${API}/auth/register`, async ({ request }) => {
    const b = await body<FakeUser>(request)
    if (!b.username || !b.email || !b.password) return badRequest('username, email and password are required')
    const email = b.email.toLowerCase()
    if (db.users.some((u) => u.email === email || u.username === b.username)) return problem(409, 'Conflict')
    const user: FakeUser = {
      _id: newId(),
      username: b.username,
      email,
      password: b.password,
      role: 'student',
      bio: '',
      phoneNumber: b.phoneNumber ?? '',
      createdAt: db.users.length,
    }
    db.users.push(user)
    return HttpResponse.json(publicUser(user), { status: 201 })
  }),
  http.post(`${API}/auth/login`, async ({ request }) => {
    const b = await body<FakeUser>(request)
    const user = db.users.find((u) => u.email === b.email?.toLowerCase() && u.password === b.password)
    if (!user) return problem(401, 'Unauthorized', 'Wrong email or password')
    return HttpResponse.json({ token: `token-${user._id}`, result: publicUser(user) })
  }),
]

const courseHandlers: HttpHandler[] = [
  http.get(`${API}/courses`, () => HttpResponse.json([...db.courses].reverse())),
  http.post(`${API}/courses`, async (req) => {
    const user = withUser(req)
    if (!user) return unauthorized()
    if (user.role === 'student') return forbidden()
    const b = await body<Course>(req.request)
    if (!b.title || !b.description || typeof b.price !== 'number')
      return badRequest('title, description, price')
    const course: Course = {
      _id: newId(),
      title: b.title,
      name: b.title,
      description: b.description,
      price: b.price,
      instructor: { _id: user._id, username: user.username },
      createdAt: new Date().toISOString(),
    }
    db.courses.push(course)
    return HttpResponse.json(course, { status: 201 })
  }),
  http.get(`${API}/courses/user/:userId/enrolled`, (req) => {
    const user = withUser(req)
    if (!user) return unauthorized()
    const userId = String(req.params.userId)
    if (user._id !== userId && user.role !== 'admin') return forbidden()
    return HttpResponse.json(db.courses.filter((c) => isEnrolled(c._id, userId)))
  }),
  http.get(`${API}/courses/:courseId/enrolled-students`, (req) => {
    if (!withUser(req)) return unauthorized()
    const course = findCourse(String(req.params.courseId))
    if (!course) return notFound()
    const students = db.enrollments
      .filter((e) => e.courseId === course._id)
      .map((e) => db.users.find((u) => u._id === e.studentId))
      .filter((u): u is FakeUser => Boolean(u))
      .map((u) => ({ _id: u._id, username: u.username }))
    return HttpResponse.json(students)
  }),
  http.post(`${API}/courses/:courseId/enroll`, (req) => {
    const user = withUser(req)
    if (!user) return unauthorized()
    const course = findCourse(String(req.params.courseId))
    if (!course) return notFound()
    if (user.role !== 'student') return forbidden()
    const existing = db.enrollments.find((e) => e.courseId === course._id && e.studentId === user._id)
    const enrollment = existing ?? {
      courseId: course._id,
      studentId: user._id,
      enrolledAt: new Date().toISOString(),
    }
    if (!existing) db.enrollments.push(enrollment)
    db.carts.set(
      user._id,
      (db.carts.get(user._id) ?? []).filter((id) => id !== course._id),
    )
    return HttpResponse.json(enrollment, { status: existing ? 200 : 201 })
  }),
  http.get(`${API}/courses/:courseId`, ({ params }) => {
    const course = findCourse(String(params.courseId))
    return course ? HttpResponse.json(course) : notFound()
  }),
  http.patch(`${API}/courses/:courseId`, async (req) => {
    const user = withUser(req)
    if (!user) return unauthorized()
    const course = findCourse(String(req.params.courseId))
    if (!course) return notFound()
    if (!canManage(user, course)) return forbidden()
    const b = await body<Course>(req.request)
    Object.assign(course, b, b.title ? { name: b.title } : {})
    return HttpResponse.json(course)
  }),
  http.delete(`${API}/courses/:courseId`, (req) => {
    const user = withUser(req)
    if (!user) return unauthorized()
    const course = findCourse(String(req.params.courseId))
    if (!course) return notFound()
    if (!canManage(user, course)) return forbidden()
    db.courses = db.courses.filter((c) => c._id !== course._id)
    db.modules = db.modules.filter((m) => m.courseId !== course._id)
    db.enrollments = db.enrollments.filter((e) => e.courseId !== course._id)
    return new HttpResponse(null, { status: 204 })
  }),
]

type ModuleBody = {
  title: string
  description: string
  videoUrl: string
  courseId: string
  videoId: string | null
}

const moduleHandlers: HttpHandler[] = [
  http.post(`${API}/modules`, async (req) => {
    const user = withUser(req)
    if (!user) return unauthorized()
    const b = await body<ModuleBody>(req.request)
    if (!b.title || !b.description || !b.videoUrl || !b.courseId) return badRequest('missing fields')
    const course = findCourse(b.courseId)
    if (!course) return notFound()
    if (!canManage(user, course)) return forbidden()
    const mod = {
      _id: newId(),
      title: b.title,
      description: b.description,
      videoUrl: b.videoUrl,
      videoId: b.videoId ?? null,
      courseId: b.courseId,
      position: db.modules.filter((m) => m.courseId === b.courseId).length,
    }
    db.modules.push(mod)
    return HttpResponse.json(mod, { status: 201 })
  }),
  http.get(`${API}/modules/course/:courseId`, (req) => {
    const user = withUser(req)
    if (!user) return unauthorized()
    const course = findCourse(String(req.params.courseId))
    if (!course) return notFound()
    if (!canRead(user, course)) return forbidden()
    return HttpResponse.json(db.modules.filter((m) => m.courseId === course._id))
  }),
  http.patch(`${API}/modules/:moduleId`, async (req) => {
    const user = withUser(req)
    if (!user) return unauthorized()
    const mod = db.modules.find((m) => m._id === req.params.moduleId)
    if (!mod) return notFound()
    const course = findCourse(mod.courseId)
    if (!course || !canManage(user, course)) return forbidden()
    Object.assign(mod, await body<ModuleBody>(req.request))
    return HttpResponse.json(mod)
  }),
  http.delete(`${API}/modules/:moduleId`, (req) => {
    const user = withUser(req)
    if (!user) return unauthorized()
    const mod = db.modules.find((m) => m._id === req.params.moduleId)
    if (!mod) return notFound()
    const course = findCourse(mod.courseId)
    if (!course || !canManage(user, course)) return forbidden()
    db.modules = db.modules.filter((m) => m._id !== mod._id)
    return new HttpResponse(null, { status: 204 })
  }),
]

const videoHandlers: HttpHandler[] = [
  http.post(`${API}/videos`, async (req) => {
    const user = withUser(req)
    if (!user) return unauthorized()
    const form = await req.request.formData()
    const courseId = String(form.get('courseId') ?? '')
    const file = form.get('file')
    const course = findCourse(courseId)
    if (!course) return notFound()
    if (!canManage(user, course)) return forbidden()
    if (!file || typeof file === 'string') return badRequest('file is required')
    const _id = newId()
    const video = {
      _id,
      courseId,
      filePath: `/api/media/${_id}?exp=9999999999&sig=${'a'.repeat(43)}`,
      mimeType: file.type || 'video/mp4',
      size: file.size,
      originalName: (file as File).name || 'video.mp4',
    }
    db.videos.push(video)
    return HttpResponse.json(video, { status: 201 })
  }),
  http.get(`${API}/videos/:videoId`, (req) => {
    const user = withUser(req)
    if (!user) return unauthorized()
    const video = db.videos.find((v) => v._id === req.params.videoId)
    if (!video) return notFound()
    const course = findCourse(video.courseId)
    if (!course || !canRead(user, course)) return forbidden()
    return HttpResponse.json(video)
  }),
  http.get(
    `${API}/media/:videoId`,
    () => new HttpResponse(new Uint8Array(16), { status: 200, headers: { 'Content-Type': 'video/mp4' } }),
  ),
]

const profileHandlers: HttpHandler[] = [
  http.get(`${API}/profile/me`, (req) => {
    const user = withUser(req)
    if (!user) return unauthorized()
    const { purchasedCourses: _p, ...rest } = publicUser(user)
    return HttpResponse.json({ ...rest, courses: profileCourses(user) })
  }),
  http.put(`${API}/profile/me`, async (req) => {
    const user = withUser(req)
    if (!user) return unauthorized()
    const b = await body<{ bio: string; phoneNumber: string }>(req.request)
    if (typeof b.bio !== 'string' || typeof b.phoneNumber !== 'string') return badRequest('bio, phoneNumber')
    user.bio = b.bio
    user.phoneNumber = b.phoneNumber
    return HttpResponse.json({ bio: user.bio, phoneNumber: user.phoneNumber })
  }),
  http.get(`${API}/profile/:id`, ({ params }) => {
    const user = db.users.find((u) => u._id === params.id)
    if (!user) return notFound()
    const { _id, username, role, bio, phoneNumber } = user
    return HttpResponse.json({ _id, username, role, bio, phoneNumber, courses: profileCourses(user) })
  }),
]

const userHandlers: HttpHandler[] = [
  http.get(`${API}/users`, (req) => {
    const user = withUser(req)
    if (!user) return unauthorized()
    if (user.role !== 'admin') return forbidden()
    return HttpResponse.json(db.users.map(({ _id, username, role }) => ({ _id, username, role })))
  }),
  http.patch(`${API}/user/:id/role`, async (req) => {
    const user = withUser(req)
    if (!user) return unauthorized()
    if (user.role !== 'admin') return forbidden()
    const target = db.users.find((u) => u._id === req.params.id)
    if (!target) return notFound()
    const { newRole } = await body<{ newRole: Role }>(req.request)
    if (!newRole || !['student', 'instructor', 'admin'].includes(newRole)) return badRequest('newRole')
    if (
      target.role === 'admin' &&
      newRole !== 'admin' &&
      db.users.filter((u) => u.role === 'admin').length === 1
    )
      return problem(409, 'Conflict', 'The last admin cannot be demoted')
    target.role = newRole
    return HttpResponse.json({ _id: target._id, username: target.username, role: target.role })
  }),
  http.get(`${API}/user/rank/:userId`, ({ params }) => {
    const index = [...db.users]
      .sort((a, b) => a.createdAt - b.createdAt)
      .findIndex((u) => u._id === params.userId)
    return index < 0 ? notFound() : HttpResponse.json({ rank: index + 1 })
  }),
]

const playerHandlers: HttpHandler[] = [
  http.get(`${API}/player/:username/followers`, ({ params }) =>
    HttpResponse.json(
      db.followers
        .filter((f) => f.player === String(params.username).toLowerCase())
        .map(({ player: _p, ...f }) => f),
    ),
  ),
  http.get(`${API}/comments/:username`, ({ params }) =>
    HttpResponse.json(
      db.comments
        .filter((c) => c.player === String(params.username).toLowerCase())
        .map(({ player: _p, ...c }) => c),
    ),
  ),
  http.post(`${API}/follow-player`, async (req) => {
    const user = withUser(req)
    if (!user) return unauthorized()
    const { chessPlayerUsername } = await body<{ chessPlayerUsername: string }>(req.request)
    if (!chessPlayerUsername) return badRequest('chessPlayerUsername')
    const player = chessPlayerUsername.toLowerCase()
    const existing = db.followers.find((f) => f.player === player && f.user._id === user._id)
    const record = existing ?? { _id: newId(), player, user: { _id: user._id, username: user.username } }
    if (!existing) db.followers.push(record)
    const { player: _p, ...follower } = record
    return HttpResponse.json(follower, { status: existing ? 200 : 201 })
  }),
  http.delete(`${API}/unfollow-player/:username`, (req) => {
    const user = withUser(req)
    if (!user) return unauthorized()
    const player = String(req.params.username).toLowerCase()
    db.followers = db.followers.filter((f) => !(f.player === player && f.user._id === user._id))
    return new HttpResponse(null, { status: 204 })
  }),
  http.post(`${API}/comment-player`, async (req) => {
    const user = withUser(req)
    if (!user) return unauthorized()
    const b = await body<{ chessPlayerUsername: string; comment: string }>(req.request)
    if (!b.chessPlayerUsername || !b.comment) return badRequest('chessPlayerUsername, comment')
    const record = {
      _id: newId(),
      player: b.chessPlayerUsername.toLowerCase(),
      user: { _id: user._id, username: user.username },
      comment: b.comment,
      createdAt: new Date().toISOString(),
    }
    db.comments.push(record)
    const { player: _p, ...comment } = record
    return HttpResponse.json(comment, { status: 201 })
  }),
]

const cartHandlers: HttpHandler[] = [
  http.get(`${API}/cart`, (req) => {
    const user = withUser(req)
    return user ? HttpResponse.json(cartOf(user._id)) : unauthorized()
  }),
  http.post(`${API}/cart/items`, async (req) => {
    const user = withUser(req)
    if (!user) return unauthorized()
    if (user.role !== 'student') return forbidden()
    const { courseId } = await body<{ courseId: string }>(req.request)
    const course = courseId ? findCourse(courseId) : undefined
    if (!course) return notFound()
    if (isEnrolled(course._id, user._id)) return problem(409, 'Conflict', 'Already enrolled')
    const items = db.carts.get(user._id) ?? []
    if (!items.includes(course._id)) db.carts.set(user._id, [...items, course._id])
    return HttpResponse.json(cartOf(user._id))
  }),
  http.delete(`${API}/cart/items/:courseId`, (req) => {
    const user = withUser(req)
    if (!user) return unauthorized()
    db.carts.set(
      user._id,
      (db.carts.get(user._id) ?? []).filter((id) => id !== req.params.courseId),
    )
    return HttpResponse.json(cartOf(user._id))
  }),
  http.post(`${API}/cart/checkout`, (req) => {
    const user = withUser(req)
    if (!user) return unauthorized()
    const cart = cartOf(user._id)
    if (cart.items.length === 0) return problem(409, 'Conflict', 'The cart is empty')
    for (const c of cart.items)
      if (!isEnrolled(c._id, user._id))
        db.enrollments.push({ courseId: c._id, studentId: user._id, enrolledAt: new Date().toISOString() })
    const order = {
      _id: newId(),
      courseIds: cart.items.map((c) => c._id),
      total: cart.total,
      createdAt: new Date().toISOString(),
    }
    db.orders.push({ ...order, userId: user._id })
    db.carts.set(user._id, [])
    return HttpResponse.json(order, { status: 201 })
  }),
]

export const handlers: HttpHandler[] = [
  ...authHandlers,
  ...courseHandlers,
  ...moduleHandlers,
  ...videoHandlers,
  ...profileHandlers,
  ...userHandlers,
  ...playerHandlers,
  ...cartHandlers,
]
