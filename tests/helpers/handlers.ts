// msw handlers: an in-memory fake of the operations of openapi/openapi.yaml that the SPA's tests call,
// backed by fakeDb. It keeps state (who is enrolled, what is in the cart) and applies the product's own
// rules (src/domain/rules.ts): who may do what, the cart total. It does not re-check request bodies (the
// server's schema validation is the server's tests' business); a test that needs a refusal, a 400 or a
// failure declares that handler itself with `server.use(...)`. Not faked: getHealth and streamVideo,
// which no screen calls in these tests (tests/api/handlers.test.ts lists them).
import { http, HttpResponse, type HttpHandler } from 'msw'
import { config } from '@/app/config'
import type { Course } from '@/api/generated/api'
import {
  asCaller,
  canAdministerUsers,
  canBuyCourses,
  canCreateCourse,
  canDeleteComment,
  canManageCourse,
  canReadModules,
  canSeeEnrolledCourses,
  removesLastAdmin,
  sumPrices,
  type Role,
} from '@/domain/rules'
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

const publicUser = ({ password: _p, createdAt: _c, ...u }: FakeUser) => ({
  ...u,
  purchasedCourses: db.enrollments.filter((e) => e.studentId === u._id).map((e) => e.courseId),
})

const findCourse = (id: string) => db.courses.find((c) => c._id === id)
const isEnrolled = (courseId: string, userId: string) =>
  db.enrollments.some((e) => e.courseId === courseId && e.studentId === userId)
// The permissions are the product's own (src/domain/rules.ts), as the server applies them.
const canManage = (user: FakeUser, course: Course) => canManageCourse(asCaller(user), course.instructor?._id)
const canRead = (user: FakeUser, course: Course) => canReadModules(user, isEnrolled(course._id, user._id))
const profileCourses = (user: FakeUser) =>
  user.role === 'instructor'
    ? db.courses.filter((c) => c.instructor?._id === user._id)
    : db.courses.filter((c) => isEnrolled(c._id, user._id))
const cartOf = (userId: string) => {
  const items = (db.carts.get(userId) ?? []).map(findCourse).filter((c): c is Course => Boolean(c))
  return { items, total: sumPrices(items.map((c) => c.price)) }
}

type Req = { request: Request }
function withUser(req: Req): FakeUser | undefined {
  return userForToken(req.request.headers.get('Authorization'))
}

/** The request's JSON body, taken as the contract types it (the SPA's generated client sent it). */
async function body<T>(request: Request): Promise<T> {
  return (await request.json()) as T
}

const authHandlers: HttpHandler[] = [
  http.post(`${API}/auth/register`, async ({ request }) => {
    const b = await body<Pick<FakeUser, 'username' | 'email' | 'password'> & Partial<FakeUser>>(request)
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
  http.post(`${API}/auth/logout`, (req) =>
    withUser(req) ? new HttpResponse(null, { status: 204 }) : unauthorized(),
  ),
  http.post(`${API}/auth/logout-all`, (req) =>
    withUser(req) ? new HttpResponse(null, { status: 204 }) : unauthorized(),
  ),
]

const courseHandlers: HttpHandler[] = [
  http.get(`${API}/courses`, () => HttpResponse.json([...db.courses].reverse())),
  http.post(`${API}/courses`, async (req) => {
    const user = withUser(req)
    if (!user) return unauthorized()
    if (!canCreateCourse(user)) return forbidden()
    const b = await body<Pick<Course, 'title' | 'description' | 'price'>>(req.request)
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
    if (!canSeeEnrolledCourses(asCaller(user), userId)) return forbidden()
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
    if (!canBuyCourses(user)) return forbidden()
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
    const b = await body<Partial<Course>>(req.request)
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
  // Public, like the server: titles and descriptions in order, never a video, URL or id of one.
  http.get(`${API}/courses/:courseId/curriculum`, ({ params }) => {
    const course = findCourse(String(params.courseId))
    if (!course) return notFound()
    return HttpResponse.json(
      db.modules
        .filter((m) => m.courseId === course._id)
        .sort((a, b) => a.position - b.position)
        .map(({ _id, title, description, position }) => ({ _id, title, description, position })),
    )
  }),
  http.patch(`${API}/modules/:moduleId`, async (req) => {
    const user = withUser(req)
    if (!user) return unauthorized()
    const mod = db.modules.find((m) => m._id === req.params.moduleId)
    if (!mod) return notFound()
    const course = findCourse(mod.courseId)
    if (!course || !canManage(user, course)) return forbidden()
    Object.assign(mod, await body<Partial<ModuleBody>>(req.request))
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
    const sent = form.get('courseId')
    const courseId = typeof sent === 'string' ? sent : ''
    const file = form.get('file')
    const course = findCourse(courseId)
    if (!course) return notFound()
    if (!canManage(user, course)) return forbidden()
    if (!(file instanceof Blob)) return problem(400, 'Bad Request', 'file is required')
    const _id = newId()
    const video = {
      _id,
      courseId,
      filePath: `/api/media/${_id}?exp=9999999999&sig=${'a'.repeat(43)}`,
      mimeType: file.type || 'video/mp4',
      size: file.size,
      originalName: file.name || 'video.mp4',
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
    user.bio = b.bio
    user.phoneNumber = b.phoneNumber
    return HttpResponse.json({ bio: user.bio, phoneNumber: user.phoneNumber })
  }),
  http.put(`${API}/profile/me/password`, async (req) => {
    const user = withUser(req)
    if (!user) return unauthorized()
    const b = await body<{ currentPassword: string; newPassword: string }>(req.request)
    if (b.currentPassword !== user.password) return problem(403, 'Forbidden', 'The current password is wrong')
    user.password = b.newPassword
    return new HttpResponse(null, { status: 204 })
  }),
  // A token is optional, and checked when sent (an unknown one is 401); the phone number only for signed-in readers.
  http.get(`${API}/profile/:id`, (req) => {
    const signedIn = req.request.headers.has('Authorization')
    if (signedIn && !withUser(req)) return unauthorized()
    const user = db.users.find((u) => u._id === req.params.id)
    if (!user) return notFound()
    const { _id, username, role, bio, phoneNumber } = user
    return HttpResponse.json({
      _id,
      username,
      role,
      bio,
      ...(signedIn ? { phoneNumber } : {}),
      courses: profileCourses(user),
    })
  }),
]

const userHandlers: HttpHandler[] = [
  http.get(`${API}/users`, (req) => {
    const user = withUser(req)
    if (!user) return unauthorized()
    if (!canAdministerUsers(user)) return forbidden()
    return HttpResponse.json(db.users.map(({ _id, username, role }) => ({ _id, username, role })))
  }),
  http.patch(`${API}/user/:id/role`, async (req) => {
    const user = withUser(req)
    if (!user) return unauthorized()
    if (!canAdministerUsers(user)) return forbidden()
    const target = db.users.find((u) => u._id === req.params.id)
    if (!target) return notFound()
    const { newRole } = await body<{ newRole: Role }>(req.request)
    if (removesLastAdmin(target.role, newRole, db.users.filter((u) => u.role === 'admin').length))
      return problem(409, 'Conflict', 'The last admin cannot be demoted')
    target.role = newRole
    return HttpResponse.json({ _id: target._id, username: target.username, role: target.role })
  }),
  http.put(`${API}/user/:id/password`, async (req) => {
    const user = withUser(req)
    if (!user) return unauthorized()
    if (!canAdministerUsers(user)) return forbidden()
    const target = db.users.find((u) => u._id === req.params.id)
    if (!target) return notFound()
    const { newPassword } = await body<{ newPassword: string }>(req.request)
    target.password = newPassword
    return new HttpResponse(null, { status: 204 })
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
  // Newest first, a page at a time: `before` is `{createdAt}_{_id}` of the last comment of the previous page.
  http.get(`${API}/comments/:username`, ({ params, request }) => {
    const url = new URL(request.url)
    const limit = Number(url.searchParams.get('limit') ?? 20)
    const before = url.searchParams.get('before')
    const all = db.comments
      .filter((c) => c.player === String(params.username).toLowerCase())
      .map(({ player: _p, ...c }) => c)
      .reverse()
    const start = before ? all.findIndex((c) => `${c.createdAt}_${c._id}` === before) + 1 : 0
    return HttpResponse.json(all.slice(start, start + limit))
  }),
  http.post(`${API}/follow-player`, async (req) => {
    const user = withUser(req)
    if (!user) return unauthorized()
    const { chessPlayerUsername } = await body<{ chessPlayerUsername: string }>(req.request)
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
  http.delete(`${API}/comment-player/:commentId`, (req) => {
    const user = withUser(req)
    if (!user) return unauthorized()
    const comment = db.comments.find((c) => c._id === req.params.commentId)
    if (!comment) return notFound()
    if (!canDeleteComment(asCaller(user), comment.user._id)) return forbidden()
    db.comments = db.comments.filter((c) => c !== comment)
    return new HttpResponse(null, { status: 204 })
  }),
  http.post(`${API}/comment-player`, async (req) => {
    const user = withUser(req)
    if (!user) return unauthorized()
    const b = await body<{ chessPlayerUsername: string; comment: string }>(req.request)
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
    if (!canBuyCourses(user)) return forbidden()
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
