// Every page of the app (each route of src/app/router.tsx), opened by a visitor, a student, an instructor and an
// admin, at 1280×900: none leaves an error in the console or an uncaught error or unhandled rejection. The
// console errors allowed (`allowed`, each with its reason): the browser's own notes about requests this test's
// network refuses (every host but the server under test: video sites, fonts), and the spec's logged text for
// /profile without a session.
import type { Browser, ConsoleMessage } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCourse, createModule, enroll, login, type Session } from './support/api'
import { launch, open, seeText, waitQuiet, type Opened } from './support/browser'
import { accounts, baseUrl, unique } from './support/env'

type Who = 'visitor' | 'student' | 'instructor' | 'admin'

/** Console errors allowed, each with the reason. */
const allowed: { test: (m: ConsoleMessage, path: string) => boolean; reason: string }[] = [
  {
    test: (m) =>
      m.text().startsWith('Failed to load resource: net::ERR_BLOCKED_BY_CLIENT') &&
      !m.location().url.startsWith(baseUrl),
    reason: 'this test answers every request to another host with an error (support/browser.ts)',
  },
  {
    test: (m, path) => path === '/profile' && m.text() === 'No authentication token found',
    reason:
      "the spec's failure for one's own profile without a session: its text is shown in the Login Required " +
      'modal and, as the spec logs its failures, in the console (ProfilePage.test.tsx asserts both)',
  },
]

describe('every page, for every role, without a console error or an uncaught error', () => {
  let browser: Browser
  const sessions: Partial<Record<Who, Session>> = {}
  let paths: string[]
  const opened: Opened[] = []

  beforeAll(async () => {
    browser = await launch()
    const teacher = await login(accounts.instructor)
    sessions.instructor = teacher
    sessions.student = await login(accounts.student)
    sessions.admin = await login(accounts.admin)
    const course = await createCourse(teacher.token, {
      title: unique('Every page '),
      description: 'A course for the tour of every page.',
      price: 9,
    })
    await createModule(teacher.token, {
      courseId: course._id,
      title: 'On YouTube',
      description: 'A video on another site.',
      videoUrl: 'https://www.youtube.com/watch?v=OCSbzArwB10',
    })
    await enroll(sessions.student.token, course._id)
    paths = [
      '/',
      '/home',
      '/player/hikaru',
      '/title/GM',
      '/courses',
      `/courses/${course._id}/modules`,
      '/admin',
      '/blog',
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password',
      '/cart',
      '/profile',
      `/profile/${sessions.instructor.result._id}`,
      '/review',
      '/no/such/page',
    ]
  })
  afterAll(async () => {
    for (const o of opened) await o.context.close()
    await browser?.close()
  })

  it.each<Who>(['visitor', 'student', 'instructor', 'admin'])('as %s', async (who) => {
    const o = await open(browser, { session: who === 'visitor' ? undefined : sessions[who] })
    opened.push(o)
    const { page } = o
    const found: string[] = []
    // A message belongs to the document that logged it: the page's address when the message arrives (messages and
    // navigations arrive in order). A lazy page's message can come after the next goto has begun, so the path
    // being visited is not its author on a loaded machine.
    const at = () => new URL(page.url()).pathname
    page.on('console', (m) => {
      if (m.type() === 'error' && !allowed.some((a) => a.test(m, at())))
        found.push(`${at()}: ${m.text()} (${m.location().url})`)
    })
    page.on('pageerror', (e) => found.push(`${at()}: uncaught ${e.message}`))
    for (const path of paths) {
      await page.goto(path, { waitUntil: 'load' })
      await waitQuiet(page, 300)
      // one's own profile without a session logs its text once the page's chunk has drawn it: seen before going on
      if (path === '/profile' && who === 'visitor') await seeText(page, 'No authentication token found')
    }
    expect(found).toEqual([])
  })
})
