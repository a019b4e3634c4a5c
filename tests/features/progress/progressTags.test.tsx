// /courses, /home, the profile and the modules page read one getMyProgress cache. A
// completion or a saved position patches it (no refetch); a new or deleted module, an enrollment and a checkout
// refetch it.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { cartApi } from '@/features/cart/cartEndpoints'
import { courseApi } from '@/features/courses/courseEndpoints'
import { moduleApi } from '@/features/modules/moduleEndpoints'
import { progressApi } from '@/features/progress/progressEndpoints'
import { makeStore } from '@/app/store'
import { renderApp } from '../../helpers/renderWithProviders'
import {
  seedCart,
  seedCourse,
  seedEnrollment,
  seedModule,
  seedProgress,
  seedUser,
  sessionOf,
} from '../../helpers/backend'
import { countRequests } from '../../helpers/mswServer'
import { stubBoardLayout } from '../game/boardLayout'

afterEach(() => {
  vi.restoreAllMocks()
})

/** The progress shown inside an element: its text and its bar's value. */
function progressIn(element: HTMLElement) {
  const bar = within(element).getByRole('progressbar')
  return {
    text: within(element).getByText(/modules completed$/).textContent,
    value: bar.getAttribute('aria-valuenow'),
  }
}

describe('progress cache', () => {
  it('a module marked complete shows on /courses, /home and the profile without a reload or a refetch', async () => {
    stubBoardLayout()
    const stu = seedUser({ username: 'stu' })
    const course = seedCourse({ title: 'Endgame Mastery' })
    const one = seedModule({ courseId: course._id, title: 'King activity' })
    const two = seedModule({ courseId: course._id, title: 'Opposition' })
    seedEnrollment(course._id, stu._id)
    const { user } = renderApp(`/courses/${course._id}/modules`, { preloadedState: { auth: sessionOf(stu) } })
    const first = within(await screen.findByRole('article', { name: 'King activity' }))
    await user.click(await first.findByRole('button', { name: 'Mark as complete' }))
    expect(first.getByText('Completed')).toBeInTheDocument()

    await user.click(screen.getByRole('link', { name: 'Courses' }))
    const courseCard = await screen.findByRole('article', { name: 'Endgame Mastery' })
    await waitFor(() =>
      expect(progressIn(courseCard)).toEqual({ text: '1 of 2 modules completed', value: '50' }),
    )

    await user.click(screen.getByRole('link', { name: 'Home' }))
    const study = await screen.findByRole('region', { name: 'Continue Study' })
    const item = (await within(study).findByRole('link', { name: 'Endgame Mastery' })).closest('li')!
    await waitFor(() => expect(progressIn(item)).toEqual({ text: '1 of 2 modules completed', value: '50' }))
    expect(within(item).getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      `/courses/${course._id}/modules/${two._id}`,
    )

    await user.click(screen.getByRole('link', { name: 'Profile' }))
    const bought = (await screen.findByRole('button', { name: 'Endgame Mastery' })).closest('li')!
    await waitFor(() => expect(progressIn(bought)).toEqual({ text: '1 of 2 modules completed', value: '50' }))

    expect(countRequests('/api/progress')).toBe(1)
    expect(countRequests(`/api/progress/modules/${one._id}/completion`, 'PUT')).toBe(1)
  })

  it('a saved position is patched in from the answer: nothing is refetched', async () => {
    const stu = seedUser({ username: 'stu' })
    const course = seedCourse({ title: 'A' })
    const one = seedModule({ courseId: course._id, title: 'One' })
    seedModule({ courseId: course._id, title: 'Two' })
    seedEnrollment(course._id, stu._id)
    const store = makeStore({ auth: sessionOf(stu) })
    const subs = [
      store.dispatch(progressApi.endpoints.getMyProgress.initiate()),
      store.dispatch(moduleApi.endpoints.getModulesByCourse.initiate({ courseId: course._id })),
    ]
    await Promise.all(subs)
    await store.dispatch(
      progressApi.endpoints.saveModuleProgress.initiate({
        moduleId: one._id,
        progressInput: { positionSeconds: 95, durationSeconds: 100 },
      }),
    )
    const mine = progressApi.endpoints.getMyProgress.select()(store.getState()).data
    expect(mine).toEqual([
      expect.objectContaining({
        courseId: course._id,
        completedModules: 1,
        totalModules: 2,
        percent: 50,
        modules: [expect.objectContaining({ moduleId: one._id, positionSeconds: 95, completed: true })],
      }),
    ])
    expect(countRequests('/api/progress')).toBe(1)
    subs.forEach((s) => s.unsubscribe())
  })
})

describe('progress refreshes when the course changes', () => {
  function setup() {
    const teacher = seedUser({ username: 'teacher', role: 'instructor' })
    const stu = seedUser({ username: 'stu' })
    const course = seedCourse({ title: 'A', instructor: teacher })
    const one = seedModule({ courseId: course._id, title: 'One' })
    seedEnrollment(course._id, stu._id)
    seedProgress(stu, one, { completed: true })
    return { teacher, stu, course, one }
  }

  it('a new module lowers the percent and a deleted module’s progress goes', async () => {
    const { teacher, course } = setup()
    const store = makeStore({ auth: sessionOf(teacher) })
    const subs = [
      store.dispatch(progressApi.endpoints.getMyProgress.initiate()),
      store.dispatch(progressApi.endpoints.getCourseProgress.initiate({ courseId: course._id })),
    ]
    await Promise.all(subs)
    const students = () =>
      progressApi.endpoints.getCourseProgress.select({ courseId: course._id })(store.getState()).data
    expect(students()).toEqual([expect.objectContaining({ completedModules: 1, totalModules: 1 })])
    const created = await store
      .dispatch(
        moduleApi.endpoints.createModule.initiate({
          moduleInput: {
            title: 'Two',
            description: 'More',
            videoUrl: 'https://v.example.com/2.mp4',
            courseId: course._id,
          },
        }),
      )
      .unwrap()
    await waitFor(() => expect(students()).toEqual([expect.objectContaining({ totalModules: 2 })]))
    expect(countRequests('/api/progress')).toBe(2)
    await store.dispatch(moduleApi.endpoints.deleteModule.initiate({ moduleId: created._id }))
    await waitFor(() => expect(students()).toEqual([expect.objectContaining({ totalModules: 1 })]))
    expect(countRequests('/api/progress')).toBe(3)
    subs.forEach((s) => s.unsubscribe())
  })

  it('enrolling and checking out refetch the caller’s progress', async () => {
    const stu = seedUser({ username: 'stu' })
    const free = seedCourse({ title: 'Free', price: 0 })
    const paid = seedCourse({ title: 'Paid', price: 20 })
    seedModule({ courseId: free._id, title: 'F1' })
    seedModule({ courseId: paid._id, title: 'P1' })
    seedCart(stu._id, [paid._id])
    const store = makeStore({ auth: sessionOf(stu) })
    const sub = store.dispatch(progressApi.endpoints.getMyProgress.initiate())
    await sub
    const courses = () =>
      progressApi.endpoints.getMyProgress
        .select()(store.getState())
        .data?.map((c) => c.courseId)
    expect(courses()).toEqual([])
    await store.dispatch(courseApi.endpoints.enrollInCourse.initiate({ courseId: free._id }))
    await waitFor(() => expect(courses()).toEqual([free._id]))
    await store.dispatch(cartApi.endpoints.checkout.initiate({}))
    await waitFor(() => expect(courses()?.sort()).toEqual([free._id, paid._id].sort()))
    expect(countRequests('/api/progress')).toBe(3)
    sub.unsubscribe()
  })
})
