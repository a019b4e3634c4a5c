// The pages' Content-Security-Policy allows no inline style but the <style> elements the build lists by hash
// (dist/csp-styles.json): every screen a visitor, a student, an instructor and an admin opens must draw without
// one refusal, the prerendered pages' own stylesheet must apply, and a style smuggled into the page must not.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createCourse, enroll, login, uploadVideo, type Course, type Session } from './support/api'
import { gotoQuiet, launch, open, visible, type Opened } from './support/browser'
import { accounts, unique } from './support/env'
import { demoVideo } from './support/video'

/** The policy's refusals in this page: Chromium's console errors and the documents' violation events. */
async function watch(o: Opened): Promise<() => Promise<string[]>> {
  const refused: string[] = []
  o.page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) refused.push(m.text())
  })
  await o.context.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { cspRefused: string[] }).cspRefused = seen
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
    )
  })
  return async () => [
    ...refused,
    ...(await o.page.evaluate(() => (window as unknown as { cspRefused?: string[] }).cspRefused ?? [])),
  ]
}

async function visit(page: Page, path: string, refusals: () => Promise<string[]>) {
  await gotoQuiet(page, path)
  expect(await refusals(), `${path}: refused by the policy`).toEqual([])
}

describe('the pages under a policy without inline styles', () => {
  let browser: Browser
  let course: Course
  let student: Session
  let instructor: Session
  let admin: Session

  beforeAll(async () => {
    instructor = await login(accounts.instructor)
    student = await login(accounts.student)
    admin = await login(accounts.admin)
    course = await createCourse(instructor.token, {
      title: unique('Policy '),
      description: 'Nothing inline.',
      price: 0,
    })
    const video = await uploadVideo(instructor.token, course._id, demoVideo())
    await call('POST', '/api/modules', instructor.token, {
      title: unique('Watched '),
      description: 'A video and a line.',
      videoUrl: '/videos/lesson.webm',
      videoId: video._id,
      courseId: course._id,
      line: { pgn: '1. e4 e5 2. Nf3 {develops} Nc6 3. Bc4', side: 'white' },
    })
    await enroll(student.token, course._id)
    browser = await launch()
  })
  afterAll(async () => {
    await browser?.close()
  })

  it('a visitor: home, courses, sign-in, registration, players, blog, an unknown address', async () => {
    const o = await open(browser)
    const refusals = await watch(o)
    try {
      for (const path of ['/', '/home', '/courses', '/login', '/register', '/blog', '/title/GM', '/nowhere'])
        await visit(o.page, path, refusals)
    } finally {
      await o.context.close()
    }
  })

  it('the prerendered pages draw with their inline stylesheet, and a style put into the page is not applied', async () => {
    const o = await open(browser)
    const refusals = await watch(o)
    try {
      // Without JavaScript the first paint is the prerendered HTML alone: its <style> must apply.
      await o.context.route('**/*.js', (route) => route.abort())
      await o.page.goto('/courses', { waitUntil: 'load' })
      const inlineApplies = await o.page.evaluate(() => {
        const sheet = [...document.styleSheets].find((s) => s.ownerNode instanceof HTMLStyleElement)
        // a stylesheet the page carries in a <style> element, whose rules the browser took in
        return !!sheet && sheet.cssRules.length > 0
      })
      expect(inlineApplies, 'the page has its own <style> with rules').toBe(true)
      expect(await refusals()).toEqual([])
      await o.context.unroute('**/*.js')
      await gotoQuiet(o.page, '/home')
      const smuggled = await o.page.evaluate(() => {
        const div = document.createElement('div')
        div.innerHTML =
          '<p id="attr" style="width: 123px">a</p><style>#tag { width: 321px }</style><p id="tag">b</p>'
        document.body.append(div)
        return [
          getComputedStyle(document.getElementById('attr')!).width,
          getComputedStyle(document.getElementById('tag')!).width,
        ]
      })
      expect(smuggled).not.toContain('123px')
      expect(smuggled).not.toContain('321px')
      expect((await refusals()).length, 'both refusals reported').toBeGreaterThanOrEqual(2)
    } finally {
      await o.context.close()
    }
  })

  it('a student: the course with its video and line, home with the practice board, review, profile, cart', async () => {
    const o = await open(browser, { session: student })
    const refusals = await watch(o)
    try {
      await visit(o.page, `/courses/${course._id}/modules`, refusals)
      await visible(o.page.locator('video').first())
      for (const path of ['/home', '/review', '/profile', '/cart', `/profile/${student.result._id}`])
        await visit(o.page, path, refusals)
    } finally {
      await o.context.close()
    }
  })

  it('an instructor and an admin: the course forms and the users page', async () => {
    for (const session of [instructor, admin]) {
      const o = await open(browser, { session })
      const refusals = await watch(o)
      try {
        for (const path of ['/courses', `/courses/${course._id}/modules`, '/profile'])
          await visit(o.page, path, refusals)
        if (session === admin) await visit(o.page, '/admin', refusals)
      } finally {
        await o.context.close()
      }
    }
  })
})
