// The msw fake of our API must answer like the contract, or the screen tests prove nothing.
// Its permissions and totals are the shared rules (tests/domain/rules.test.ts); here: its wiring and replies.
import { describe, expect, it } from 'vitest'
import { config } from '@/app/config'
import { contractMismatch, loadOperations } from '../helpers/fakeContract'
import {
  db,
  seedCart,
  seedComment,
  seedCourse,
  seedEnrollment,
  seedModule,
  seedUser,
  seedVideo,
} from '../helpers/fakeDb'

const operations = await loadOperations()

/** Operations the fake leaves out: no screen test calls them (a test that needs one declares it). */
const NOT_FAKED = ['getHealth', 'streamVideo']

type Call = { op: string; method: string; path: string; token?: string; body?: unknown; form?: FormData }

async function call({ op, method, path, token, body, form }: Call) {
  const headers: Record<string, string> = {}
  if (token) headers.Authorization = `Bearer ${token}`
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const res = await fetch(`${config.apiBaseUrl}${path}`, {
    method,
    headers,
    body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
  })
  const text = await res.text()
  expect(
    contractMismatch(operations.get(op)!, res.status, res.headers.get('Content-Type') ?? '', text),
  ).toBeNull()
  return { status: res.status, text }
}

function world() {
  const admin = seedUser({ username: 'root', role: 'admin' })
  const teacher = seedUser({ username: 'teacher', role: 'instructor' })
  const stu = seedUser({ username: 'stu', phoneNumber: '555' })
  const course = seedCourse({ title: 'Course', instructor: teacher, price: 12.5 })
  const other = seedCourse({ title: 'Other', instructor: teacher })
  seedEnrollment(course._id, stu._id)
  const video = seedVideo(course._id)
  const mod = seedModule({ courseId: course._id, title: 'M1', videoId: video._id })
  seedCart(stu._id, [other._id])
  return { admin, teacher, stu, course, other, video, mod }
}

describe('msw fake of our API', () => {
  it('answers every operation it fakes as the contract says; the others are listed', async () => {
    const w = world()
    const fileForm = new FormData()
    fileForm.append('courseId', w.course._id)
    fileForm.append('file', new Blob([new Uint8Array(8)], { type: 'video/mp4' }), 'a.mp4')
    const calls: Call[] = [
      {
        op: 'register',
        method: 'POST',
        path: '/api/auth/register',
        body: { username: 'newbie', email: 'n@example.com', password: 'long-password', role: 'student' },
      },
      {
        op: 'login',
        method: 'POST',
        path: '/api/auth/login',
        body: { email: 'stu@example.com', password: 'password123' },
      },
      { op: 'getCourses', method: 'GET', path: '/api/courses' },
      {
        op: 'createCourse',
        method: 'POST',
        path: '/api/courses',
        token: w.teacher.token,
        body: { title: 'New', description: 'D', price: 3 },
      },
      { op: 'getCourse', method: 'GET', path: `/api/courses/${w.course._id}` },
      {
        op: 'updateCourse',
        method: 'PATCH',
        path: `/api/courses/${w.course._id}`,
        token: w.teacher.token,
        body: { price: 15 },
      },
      {
        op: 'getEnrolledCourses',
        method: 'GET',
        path: `/api/courses/user/${w.stu._id}/enrolled`,
        token: w.stu.token,
      },
      {
        op: 'getEnrolledStudents',
        method: 'GET',
        path: `/api/courses/${w.course._id}/enrolled-students`,
        token: w.stu.token,
      },
      {
        op: 'enrollInCourse',
        method: 'POST',
        path: `/api/courses/${w.course._id}/enroll`,
        token: w.stu.token,
      },
      {
        op: 'createModule',
        method: 'POST',
        path: '/api/modules',
        token: w.teacher.token,
        body: { title: 'T', description: 'D', videoUrl: 'https://v.example/a.mp4', courseId: w.course._id },
      },
      {
        op: 'getModulesByCourse',
        method: 'GET',
        path: `/api/modules/course/${w.course._id}`,
        token: w.stu.token,
      },
      { op: 'getCourseCurriculum', method: 'GET', path: `/api/courses/${w.course._id}/curriculum` },
      {
        op: 'updateModule',
        method: 'PATCH',
        path: `/api/modules/${w.mod._id}`,
        token: w.admin.token,
        body: { title: 'Renamed' },
      },
      { op: 'uploadVideo', method: 'POST', path: '/api/videos', token: w.teacher.token, form: fileForm },
      { op: 'getVideo', method: 'GET', path: `/api/videos/${w.video._id}`, token: w.stu.token },
      { op: 'getMyProfile', method: 'GET', path: '/api/profile/me', token: w.stu.token },
      {
        op: 'updateMyProfile',
        method: 'PUT',
        path: '/api/profile/me',
        token: w.stu.token,
        body: { bio: 'Hi', phoneNumber: '123' },
      },
      { op: 'getProfile', method: 'GET', path: `/api/profile/${w.teacher._id}` },
      { op: 'getUsers', method: 'GET', path: '/api/users', token: w.admin.token },
      {
        op: 'updateUserRole',
        method: 'PATCH',
        path: `/api/user/${w.stu._id}/role`,
        token: w.admin.token,
        body: { newRole: 'instructor' },
      },
      { op: 'getUserRank', method: 'GET', path: `/api/user/rank/${w.teacher._id}` },
      {
        op: 'followPlayer',
        method: 'POST',
        path: '/api/follow-player',
        token: w.admin.token,
        body: { chessPlayerUsername: 'hikaru' },
      },
      { op: 'getPlayerFollowers', method: 'GET', path: '/api/player/hikaru/followers' },
      {
        op: 'commentPlayer',
        method: 'POST',
        path: '/api/comment-player',
        token: w.admin.token,
        body: { chessPlayerUsername: 'hikaru', comment: 'Wow' },
      },
      { op: 'getPlayerComments', method: 'GET', path: '/api/comments/hikaru' },
      {
        op: 'changeMyPassword',
        method: 'PUT',
        path: '/api/profile/me/password',
        token: w.stu.token,
        body: { currentPassword: 'password123', newPassword: 'a-new-long-password' },
      },
      {
        op: 'setUserPassword',
        method: 'PUT',
        path: `/api/user/${w.teacher._id}/password`,
        token: w.admin.token,
        body: { newPassword: 'another-long-password' },
      },
      { op: 'unfollowPlayer', method: 'DELETE', path: '/api/unfollow-player/hikaru', token: w.admin.token },
      { op: 'logout', method: 'POST', path: '/api/auth/logout', token: w.teacher.token },
      { op: 'logoutEverywhere', method: 'POST', path: '/api/auth/logout-all', token: w.teacher.token },
      { op: 'getCart', method: 'GET', path: '/api/cart', token: w.admin.token },
      {
        op: 'removeFromCart',
        method: 'DELETE',
        path: `/api/cart/items/${w.other._id}`,
        token: w.admin.token,
      },
      { op: 'deleteModule', method: 'DELETE', path: `/api/modules/${w.mod._id}`, token: w.teacher.token },
      { op: 'deleteCourse', method: 'DELETE', path: `/api/courses/${w.course._id}`, token: w.admin.token },
    ]
    const stuAgain = seedUser({ username: 'buyer' })
    seedComment('hikaru', w.stu, 'Mine to delete')
    const ownComment = db.comments.find((c) => c.comment === 'Mine to delete')!
    calls.push(
      {
        op: 'deleteComment',
        method: 'DELETE',
        path: `/api/comment-player/${ownComment._id}`,
        token: w.stu.token,
      },
      {
        op: 'addToCart',
        method: 'POST',
        path: '/api/cart/items',
        token: stuAgain.token,
        body: { courseId: w.other._id },
      },
      { op: 'checkout', method: 'POST', path: '/api/cart/checkout', token: stuAgain.token },
    )
    expect(new Set([...calls.map((c) => c.op), ...NOT_FAKED])).toEqual(new Set(operations.keys()))
    for (const c of calls) {
      const { status } = await call(c)
      expect(status, `${c.op} should succeed`).toBeLessThan(300)
    }
  })

  it('refuses like the server: 401 without a token, 403 for the wrong role, 404 for an unknown id', async () => {
    const w = world()
    expect((await call({ op: 'getUsers', method: 'GET', path: '/api/users' })).status).toBe(401)
    expect(
      (await call({ op: 'getUsers', method: 'GET', path: '/api/users', token: w.teacher.token })).status,
    ).toBe(403)
    const stranger = seedUser({ username: 'stranger' })
    expect(
      (
        await call({
          op: 'getModulesByCourse',
          method: 'GET',
          path: `/api/modules/course/${w.course._id}`,
          token: stranger.token,
        })
      ).status,
    ).toBe(403)
    expect(
      (
        await call({
          op: 'createCourse',
          method: 'POST',
          path: '/api/courses',
          token: w.stu.token,
          body: { title: 'x', description: 'y', price: 1 },
        })
      ).status,
    ).toBe(403)
    const otherTeacher = seedUser({ username: 'other', role: 'instructor' })
    expect(
      (
        await call({
          op: 'updateCourse',
          method: 'PATCH',
          path: `/api/courses/${w.course._id}`,
          token: otherTeacher.token,
          body: { price: 1 },
        })
      ).status,
    ).toBe(403)
    expect(
      (
        await call({
          op: 'getCourse',
          method: 'GET',
          path: '/api/courses/00000000-0000-4000-8000-0000000fffff',
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await call({
          op: 'updateUserRole',
          method: 'PATCH',
          path: `/api/user/${w.admin._id}/role`,
          token: w.admin.token,
          body: { newRole: 'student' },
        })
      ).status,
    ).toBe(409)
  })
})

describe('public reads that depend on who asks (issue 10)', () => {
  it('getProfile: the phone number for a signed-in reader only; a token that is sent is checked', async () => {
    const w = world()
    const path = `/api/profile/${w.stu._id}`
    const visitor = await call({ op: 'getProfile', method: 'GET', path })
    expect(visitor.status).toBe(200)
    expect(JSON.parse(visitor.text)).not.toHaveProperty('phoneNumber')
    const reader = await call({ op: 'getProfile', method: 'GET', path, token: w.teacher.token })
    expect(JSON.parse(reader.text)).toMatchObject({ _id: w.stu._id, phoneNumber: '555' })
    expect((await call({ op: 'getProfile', method: 'GET', path, token: 'token-unknown' })).status).toBe(401)
  })

  it('getCourseCurriculum: titles and descriptions in order for anyone, no video; 404 for an unknown course', async () => {
    const w = world()
    seedModule({ courseId: w.course._id, title: 'M2' })
    const res = await call({
      op: 'getCourseCurriculum',
      method: 'GET',
      path: `/api/courses/${w.course._id}/curriculum`,
    })
    expect(res.status).toBe(200)
    expect(JSON.parse(res.text)).toEqual([
      { _id: w.mod._id, title: 'M1', description: 'Lesson M1', position: 0 },
      expect.objectContaining({ title: 'M2', description: 'Lesson M2', position: 1 }),
    ])
    for (const hidden of ['videoUrl', 'videoId', w.video._id, 'https:'])
      expect(res.text).not.toContain(hidden)
    const unknown = await call({
      op: 'getCourseCurriculum',
      method: 'GET',
      path: '/api/courses/00000000-0000-4000-8000-0000000fffff/curriculum',
    })
    expect(unknown.status).toBe(404)
  })
})
