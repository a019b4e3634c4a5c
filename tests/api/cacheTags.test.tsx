import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { adminApi } from '@/features/admin/adminEndpoints'
import { cartApi } from '@/features/cart/cartEndpoints'
import { courseApi } from '@/features/courses/courseEndpoints'
import { playerApi } from '@/features/player/playerEndpoints'
import { profileApi } from '@/features/profile/profileEndpoints'
import { makeStore } from '@/app/store'
import { renderApp } from '../helpers/renderWithProviders'
import { seedCart, seedCourse, seedEnrollment, seedModule, seedUser, sessionOf } from '../helpers/backend'
import { countRequests } from '../helpers/mswServer'

describe('cache tags (issue: state and data)', () => {
  it('refetches nothing when moving back and forth between cached course and module views', async () => {
    const stu = seedUser({ username: 'stu' })
    const course = seedCourse({ title: 'Cached course' })
    seedEnrollment(course._id, stu._id)
    seedModule({ courseId: course._id, title: 'Lesson one' })
    const { user } = renderApp('/courses', { preloadedState: { auth: sessionOf(stu) } })

    const card = within(await screen.findByRole('article', { name: 'Cached course' }))
    await user.click(await card.findByRole('link', { name: 'View Modules' }))
    expect(await screen.findByRole('article', { name: 'Lesson one' })).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Courses' }))
    const again = within(await screen.findByRole('article', { name: 'Cached course' }))
    await user.click(again.getByRole('link', { name: 'View Modules' }))
    expect(await screen.findByRole('article', { name: 'Lesson one' })).toBeInTheDocument()

    expect(countRequests('/api/courses')).toBe(1)
    expect(countRequests(`/api/courses/${course._id}`)).toBe(1)
    expect(countRequests(`/api/modules/course/${course._id}`)).toBe(1)
    expect(countRequests(`/api/courses/${course._id}/enrolled-students`)).toBe(1)
    expect(countRequests(`/api/courses/user/${stu._id}/enrolled`)).toBe(1)
  })

  it('invalidates exactly the followers or comments of the player a mutation touches', async () => {
    const u = seedUser({ username: 'fan' })
    const store = makeStore({ auth: sessionOf(u) })
    const subs = [
      store.dispatch(playerApi.endpoints.getPlayerFollowers.initiate({ username: 'hikaru' })),
      store.dispatch(playerApi.endpoints.getPlayerFollowers.initiate({ username: 'magnus' })),
      store.dispatch(playerApi.endpoints.getPlayerComments.initiate({ username: 'hikaru' })),
    ]
    await Promise.all(subs)
    await store.dispatch(
      playerApi.endpoints.followPlayer.initiate({ followInput: { chessPlayerUsername: 'Hikaru' } }),
    )
    await waitFor(() => expect(countRequests('/api/player/hikaru/followers')).toBe(2))
    const followers = await store.dispatch(
      playerApi.endpoints.getPlayerFollowers.initiate({ username: 'hikaru' }),
    )
    expect(followers.data).toEqual([expect.objectContaining({ user: { _id: u._id, username: 'fan' } })])
    expect(countRequests('/api/player/magnus/followers')).toBe(1)
    expect(countRequests('/api/comments/hikaru')).toBe(1)

    await store.dispatch(
      playerApi.endpoints.commentPlayer.initiate({
        commentInput: { chessPlayerUsername: 'hikaru', comment: 'Great!' },
      }),
    )
    await waitFor(() => expect(countRequests('/api/comments/hikaru')).toBe(2))
    await store.dispatch(playerApi.endpoints.unfollowPlayer.initiate({ username: 'hikaru' }))
    await waitFor(() => expect(countRequests('/api/player/hikaru/followers')).toBe(3))
    expect(countRequests('/api/player/magnus/followers')).toBe(1)
    subs.forEach((s) => s.unsubscribe())
  })

  it('enrolling refreshes the enrollment, the coursemates of that course, the cart and the profile', async () => {
    const stu = seedUser({ username: 'stu' })
    const course = seedCourse({ title: 'A' })
    const other = seedCourse({ title: 'B' })
    const store = makeStore({ auth: sessionOf(stu) })
    const subs = [
      store.dispatch(courseApi.endpoints.getEnrolledCourses.initiate({ userId: stu._id })),
      store.dispatch(courseApi.endpoints.getEnrolledStudents.initiate({ courseId: course._id })),
      store.dispatch(courseApi.endpoints.getEnrolledStudents.initiate({ courseId: other._id })),
      store.dispatch(cartApi.endpoints.getCart.initiate()),
      store.dispatch(profileApi.endpoints.getMyProfile.initiate()),
      store.dispatch(courseApi.endpoints.getCourses.initiate({})),
    ]
    await Promise.all(subs)
    await store.dispatch(courseApi.endpoints.enrollInCourse.initiate({ courseId: course._id }))
    await waitFor(() => {
      expect(countRequests(`/api/courses/user/${stu._id}/enrolled`)).toBe(2)
      expect(countRequests(`/api/courses/${course._id}/enrolled-students`)).toBe(2)
      expect(countRequests('/api/cart')).toBe(2)
      expect(countRequests('/api/profile/me')).toBe(2)
    })
    expect(countRequests(`/api/courses/${other._id}/enrolled-students`)).toBe(1)
    expect(countRequests('/api/courses')).toBe(1)
    subs.forEach((s) => s.unsubscribe())
  })

  it('checkout refreshes cart, enrollments and profile', async () => {
    const stu = seedUser({ username: 'stu' })
    const course = seedCourse({ title: 'A' })
    seedCart(stu._id, [course._id])
    const store = makeStore({ auth: sessionOf(stu) })
    const subs = [
      store.dispatch(courseApi.endpoints.getEnrolledCourses.initiate({ userId: stu._id })),
      store.dispatch(cartApi.endpoints.getCart.initiate()),
      store.dispatch(profileApi.endpoints.getMyProfile.initiate()),
    ]
    await Promise.all(subs)
    await store.dispatch(cartApi.endpoints.checkout.initiate({}))
    await waitFor(() => {
      expect(countRequests(`/api/courses/user/${stu._id}/enrolled`)).toBe(2)
      expect(countRequests('/api/cart')).toBe(2)
      expect(countRequests('/api/profile/me')).toBe(2)
    })
    subs.forEach((s) => s.unsubscribe())
  })

  it('a role change refreshes the users list', async () => {
    const admin = seedUser({ username: 'root', role: 'admin' })
    const stu = seedUser({ username: 'stu' })
    const store = makeStore({ auth: sessionOf(admin) })
    const sub = store.dispatch(adminApi.endpoints.getUsers.initiate({}))
    await sub
    await store.dispatch(
      adminApi.endpoints.updateUserRole.initiate({ id: stu._id, roleChange: { newRole: 'admin' } }),
    )
    await waitFor(() => expect(countRequests('/api/users')).toBe(2))
    sub.unsubscribe()
  })
})
