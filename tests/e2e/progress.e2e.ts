// Learning that is remembered. A student watches the uploaded demo video past 90 %, sees the module
// completed and the course's count; a reload and a second browser signed in as the same student resume at the
// saved second; the course's instructor sees the student's row in 'Student progress', another instructor
// does not (and the server refuses them).
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  call,
  createCourse,
  createModule,
  enroll,
  login,
  uploadVideo,
  type Course,
  type Session,
} from './support/api'
import { card, launch, open, seeText, visible, waitForText, type Opened } from './support/browser'
import { accounts, unique } from './support/env'
import { demoVideo } from './support/video'

interface ModuleProgress {
  moduleId: string
  positionSeconds: number
  completed: boolean
}
interface CourseProgress {
  courseId: string
  completedModules: number
  totalModules: number
  modules: ModuleProgress[]
}

const currentTime = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.currentTime)

/** What the server holds for the student's first module of the course. */
async function saved(pupil: Session, courseId: string, moduleId: string) {
  const mine = await call<CourseProgress[]>('GET', '/api/progress', pupil.token)
  return mine.find((c) => c.courseId === courseId)?.modules.find((m) => m.moduleId === moduleId)
}

/** Opens the course's modules and waits for the uploaded video to be ready at its starting position. */
async function openVideo(page: Page, course: Course, title: string): Promise<Locator> {
  await page.goto(`/courses/${course._id}/modules`)
  await waitForText(page, new RegExp(`Modules for Course: ${course.title}`))
  const video = await visible(card(page, title).locator('video'), 30_000)
  await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<void>((resolve) => {
        if (v.readyState >= 1) resolve()
        else v.addEventListener('loadedmetadata', () => resolve(), { once: true })
      }),
  )
  return video
}

describe('learning progress', () => {
  let browser: Browser
  let pupil: Session
  let teacher: Session
  let course: Course
  let firstId: string
  let secondId: string
  const first = unique('Watch me ')
  const second = unique('Then me ')
  let o: Opened
  let resumeAt = 0

  beforeAll(async () => {
    teacher = await login(accounts.instructor)
    pupil = await login(accounts.student)
    course = await createCourse(teacher.token, {
      title: unique('Progress '),
      description: 'A course whose progress is remembered.',
      price: 0,
    })
    const video = await uploadVideo(teacher.token, course._id, demoVideo())
    firstId = (
      await createModule(teacher.token, {
        title: first,
        description: 'The uploaded demo video.',
        videoUrl: '/videos/lesson.webm',
        videoId: video._id,
        courseId: course._id,
      })
    )._id
    secondId = (
      await createModule(teacher.token, {
        title: second,
        description: 'Plays from a video site.',
        videoUrl: 'https://www.youtube.com/watch?v=OCSbzArwB10',
        courseId: course._id,
      })
    )._id
    await enroll(pupil.token, course._id)
    browser = await launch()
    o = await open(browser, { session: pupil })
  })

  afterAll(async () => {
    await browser?.close()
  })

  it("watching past 90 % completes the module: 'Completed' and '1 of 2 modules completed'", async () => {
    const { page } = o
    const video = await openVideo(page, course, first)
    const firstCard = card(page, first)
    await visible(firstCard.getByRole('button', { name: 'Mark as complete' }))
    const duration = await video.evaluate((v: HTMLVideoElement) => v.duration)
    expect(duration).toBeGreaterThan(1)
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true
      return v.play()
    })
    await expect.poll(() => currentTime(video), { timeout: 20_000 }).toBeGreaterThan(0.92 * duration)
    await video.evaluate((v: HTMLVideoElement) => v.pause())
    await visible(firstCard.getByText('Completed', { exact: true }))
    await visible(firstCard.getByRole('button', { name: 'Mark as not complete' }))
    // Saved on pause: the server holds the second the video stopped at.
    await expect.poll(async () => (await saved(pupil, course._id, firstId))?.completed).toBe(true)
    const stored = await saved(pupil, course._id, firstId)
    resumeAt = stored!.positionSeconds
    expect(resumeAt).toBeGreaterThan(0.9 * duration)
    expect(Math.abs(resumeAt - (await currentTime(video)))).toBeLessThan(0.5)

    await page.getByRole('link', { name: 'Courses', exact: true }).first().click()
    const courseCard = card(page, course.title)
    await visible(courseCard.getByText('1 of 2 modules completed'))
    expect(await courseCard.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50')
  })

  it('a reload resumes the video at its saved second', async () => {
    const { page } = o
    const video = await openVideo(page, course, first)
    await expect.poll(() => currentTime(video), { timeout: 10_000 }).toBeGreaterThan(resumeAt - 0.5)
    expect(Math.abs((await currentTime(video)) - resumeAt)).toBeLessThan(0.5)
  })

  it('another browser signed in as the same student resumes at the same second', async () => {
    const elsewhere = await open(browser, { session: await login(accounts.student) })
    try {
      const video = await openVideo(elsewhere.page, course, first)
      await expect.poll(() => currentTime(video), { timeout: 10_000 }).toBeGreaterThan(resumeAt - 0.5)
      expect(Math.abs((await currentTime(video)) - resumeAt)).toBeLessThan(0.5)
      // Home's 'Continue Study' shows the count and continues with the lesson of the module not yet completed.
      await elsewhere.page.goto('/home')
      const homeCard = card(elsewhere.page, course.title)
      await visible(homeCard.getByText('1 of 2 modules completed'))
      await homeCard.getByRole('link', { name: 'Continue' }).click()
      await elsewhere.page.waitForURL((u) => u.pathname === `/courses/${course._id}/modules/${secondId}`)
      await seeText(elsewhere.page, second)
    } finally {
      await elsewhere.context.close()
    }
  })

  it("the course's instructor sees the student's row in 'Student progress'", async () => {
    const mine = await open(browser, { session: teacher })
    try {
      await mine.page.goto(`/courses/${course._id}/modules`)
      const section = mine.page.locator('section').filter({
        has: mine.page.getByRole('heading', { name: 'Student progress' }),
      })
      const row = section.getByRole('row').filter({ hasText: accounts.student.username })
      await visible(row)
      await visible(row.getByText('1/2'))
      expect(await row.getByRole('link', { name: accounts.student.username }).getAttribute('href')).toBe(
        `/profile/${pupil.result._id}`,
      )
    } finally {
      await mine.context.close()
    }
  })

  it('another instructor does not see it, and the server refuses them', async () => {
    const admin = await login(accounts.admin)
    const username = unique('coach_')
    const password = 'another teacher 42'
    const user = await call<{ _id: string }>('POST', '/api/auth/register', undefined, {
      username,
      email: `${username}@example.test`,
      password,
    })
    await call('PATCH', `/api/user/${user._id}/role`, admin.token, { newRole: 'instructor' })
    const other = await login({ email: `${username}@example.test`, password })
    await expect(call('GET', `/api/courses/${course._id}/progress`, other.token)).rejects.toThrow(/-> 403/)
    const theirs = await open(browser, { session: other })
    try {
      await theirs.page.goto(`/courses/${course._id}/modules`)
      await seeText(theirs.page, first)
      expect(await theirs.page.getByRole('heading', { name: 'Student progress' }).count()).toBe(0)
      expect(theirs.apiRequests.some((r) => r.url().endsWith(`/courses/${course._id}/progress`))).toBe(false)
    } finally {
      await theirs.context.close()
    }
  })
})
