// A student, one continuous visit: register, log in, play, enroll, watch, meet coursemates, follow and
// comment on a player, edit the profile, buy through the cart, log out. The localStorage keys and a
// reload are checked along the way.
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
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
import {
  card,
  dragPiece,
  field,
  gone,
  launch,
  loginThroughForm,
  open,
  recordDialogs,
  seeText,
  storedSession,
  visible,
  waitForText,
  type Opened,
} from './support/browser'
import { accounts, unique } from './support/env'
import { demoVideo } from './support/video'

const me = (() => {
  const username = unique('stu_')
  return {
    username,
    email: `${username}@example.test`,
    password: 'correct horse battery',
    phone: '+1 555 0100',
  }
})()
const loggedOut = { token: null, user: null, userId: null, username: null, userRole: null }

describe('a student', () => {
  let browser: Browser
  let o: Opened
  let page: Page
  let dialogs: ReturnType<typeof recordDialogs>
  let lessons: Course
  let endgames: Course
  let moduleTitle: string
  let userId: string
  let pupil: Session

  beforeAll(async () => {
    const teacher = await login(accounts.instructor)
    pupil = await login(accounts.student)
    lessons = await createCourse(teacher.token, {
      title: unique('Openings '),
      description: 'Principles of the opening.',
      price: 19.99,
    })
    endgames = await createCourse(teacher.token, {
      title: unique('Endgames '),
      description: 'King and pawn endings.',
      price: 25.5,
    })
    const video = await uploadVideo(teacher.token, lessons._id, demoVideo())
    moduleTitle = unique('Centre control ')
    await createModule(teacher.token, {
      title: moduleTitle,
      description: 'Why e4 and d4 matter.',
      videoUrl: '/videos/lesson.webm',
      videoId: video._id,
      courseId: lessons._id,
    })
    await enroll(pupil.token, lessons._id)
    browser = await launch()
    o = await open(browser)
    page = o.page
    dialogs = recordDialogs(page)
  })
  // After every step the five localStorage keys hold exactly the session of that moment.
  let expectedSession: Awaited<ReturnType<typeof storedSession>> | undefined
  afterEach(async () => {
    if (expectedSession && page && !page.isClosed())
      expect(await storedSession(page)).toEqual(expectedSession)
  })
  afterAll(async () => {
    await o?.context.close()
    await browser?.close()
  })

  it('registers and is sent to /login, still logged out', async () => {
    await page.goto('/register')
    await field(page, /username/i).fill(me.username)
    await page.locator('input[type="email"]').fill(me.email)
    await page.locator('input[type="password"]').fill(me.password)
    await field(page, /phone/i).fill(me.phone)
    await page.getByRole('button', { name: 'Register', exact: true }).click()
    await page.waitForURL('**/login')
    expect(await storedSession(page)).toEqual(loggedOut)
    expectedSession = loggedOut
  })

  it('logs in, lands home with the greeting and rank, and the session is stored under the spec keys', async () => {
    await loginThroughForm(page, me)
    await waitForText(
      page,
      new RegExp(`Hello\\s*,?\\s*${me.username}\\s*, Welcome to Chess Online Education`),
    )
    const s = await storedSession(page)
    expect(s.token).toBeTruthy()
    const user = JSON.parse(s.user ?? '{}')
    expect(user).toMatchObject({ role: 'student', username: me.username })
    expect(typeof user._id).toBe('string')
    userId = user._id
    expect(s).toMatchObject({ userId, username: me.username, userRole: 'student' })
    expectedSession = s
    const { rank } = await call<{ rank: number }>('GET', `/api/user/rank/${userId}`)
    await waitForText(page, new RegExp(`You are the No\\.\\s*${rank}\\s+registered user on this platform\\.`))
    // Logged-in extras: the events and the Admin link stays hidden for a student.
    await seeText(page, 'December 15, 2023')
    expect(await page.getByRole('navigation').getByRole('link', { name: /admin/i }).count()).toBe(0)
    const profileLink = page.getByRole('navigation').locator(`a[href="/profile/${userId}"]`)
    await visible(profileLink)
  })

  it('keeps the session and the page on reload', async () => {
    await page.reload()
    expect(new URL(page.url()).pathname).toBe('/home')
    await waitForText(page, new RegExp(`Hello\\s*,?\\s*${me.username}`))
    expect((await storedSession(page)).userId).toBe(userId)
  })

  it('plays a legal move by dragging, gets the computer reply, and is refused an illegal move', async () => {
    await visible(page.locator('[data-square="e2"] [data-piece="wP"]'))
    await dragPiece(page, 'e2', 'e4')
    await visible(page.locator('[data-square="e4"] [data-piece="wP"]'))
    await seeText(page, 'AI moved.')
    // Black answered: one black piece left its start square (after the 300 ms animation).
    const blackMoved = () =>
      page.evaluate(() => {
        const start = ['a7', 'b7', 'c7', 'd7', 'e7', 'f7', 'g7', 'h7', 'b8', 'g8']
        return start.filter((s) => !document.querySelector(`[data-square="${s}"] [data-piece^="b"]`)).length
      })
    await expect.poll(blackMoved, { timeout: 5_000 }).toBe(1)
    // The rook on a1 cannot jump its own pawn.
    await dragPiece(page, 'a1', 'a5')
    await seeText(page, 'Invalid move.')
    await visible(page.locator('[data-square="a1"] [data-piece="wR"]'))
  })

  it('enrolls in a course after confirming its name and price, then sees the enrolled notice and the modules link', async () => {
    await page.goto('/courses')
    const c = card(page, lessons.title)
    await visible(c)
    await visible(c.getByText('$19.99'))
    expect(await c.getByText('You are already enrolled in this course.').count()).toBe(0)
    expect(await c.getByRole('link', { name: 'View Modules' }).count()).toBe(0)
    await c.getByRole('button', { name: 'Enroll Now' }).click()
    // A paid course asks first, naming the course and its price.
    const ask = await visible(page.getByRole('dialog', { name: 'Confirm your purchase' }))
    expect(await ask.textContent()).toContain(`Enroll in ${lessons.title} for $19.99?`)
    await ask.getByRole('button', { name: 'Confirm and pay' }).click()
    await dialogs.expect('Enrolled successfully!')
    await gone(page.getByRole('dialog'))
    await visible(c.getByText('You are already enrolled in this course.'))
    await visible(c.getByRole('link', { name: 'View Modules' }))
    expect(await c.getByRole('button', { name: 'Enroll Now' }).count()).toBe(0)
    // A student has no course management.
    expect(await page.getByRole('button', { name: /^(edit|delete)/i }).count()).toBe(0)
  })

  it('finds the enrolled course under Continue Study on the home page', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Home', exact: true }).click()
    await page.waitForURL('**/home')
    const study = await visible(page.getByRole('heading', { name: 'Continue Study' }))
    await visible(page.getByText(lessons.title, { exact: true }))
    expect(await study.isVisible()).toBe(true)
    await page.getByRole('navigation').getByRole('link', { name: 'Courses', exact: true }).click()
    await page.waitForURL('**/courses')
  })

  it('sees coursemates on the course card, each linking to their profile', async () => {
    const c = card(page, lessons.title)
    await visible(c.getByText('Coursemates'))
    const mate = await visible(c.getByRole('link', { name: accounts.student.username, exact: true }))
    expect(await mate.getAttribute('href')).toBe(`/profile/${pupil.result._id}`)
    await visible(c.getByRole('link', { name: me.username, exact: true }))
    await mate.click()
    await page.waitForURL(`**/profile/${pupil.result._id}`)
    await seeText(page, accounts.student.username)
    // Another user's email is never shown.
    expect(await page.getByText(accounts.student.email).count()).toBe(0)
  })

  it('opens the modules and the uploaded video plays', async () => {
    await page.goto('/courses')
    await card(page, lessons.title).getByRole('link', { name: 'View Modules' }).click()
    await page.waitForURL(`**/courses/${lessons._id}/modules`)
    await waitForText(page, new RegExp(`Modules for Course: ${lessons.title}`))
    await visible(page.getByRole('heading', { name: 'Modules', exact: true }))
    await seeText(page, moduleTitle)
    expect(await page.getByRole('button', { name: 'Add Module' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: /^(edit|delete)\b/i }).count()).toBe(0)
    const video = await visible(page.locator('video'), 30_000)
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true
      return v.play()
    })
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0.2)
    expect(await video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2)
    await page.reload()
    await waitForText(page, new RegExp(`Modules for Course: ${lessons.title}`))
  })

  it('follows a player, comments (as plain text), and unfollows', async () => {
    await page.goto('/player/hikaru')
    await seeText(page, 'Hikaru Nakamura')
    await page.getByRole('button', { name: 'Follow', exact: true }).click()
    const follower = await visible(page.getByRole('link', { name: me.username, exact: true }))
    expect(await follower.getAttribute('href')).toBe(`/profile/${userId}`)
    const hostile = '<img src=x onerror="window.__xss=1">'
    await page.locator('textarea').first().fill(hostile)
    await page.getByRole('button', { name: 'Comment', exact: true }).click()
    await seeText(page, hostile)
    await page.reload()
    await seeText(page, hostile)
    await visible(page.getByRole('link', { name: me.username, exact: true }))
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined()
    expect(await page.locator('img[src="x"]').count()).toBe(0)
    await page.getByRole('button', { name: 'Unfollow', exact: true }).click()
    await gone(page.getByRole('link', { name: me.username, exact: true }))
  })

  it('edits the own profile: bio and phone number, kept after a reload', async () => {
    await page.getByRole('navigation').locator(`a[href="/profile/${userId}"]`).click()
    await page.waitForURL(`**/profile/${userId}`)
    await seeText(page, me.email)
    await seeText(page, 'Purchased Courses')
    await seeText(page, 'N/A', true)
    await visible(page.getByRole('button', { name: lessons.title }))
    await page.getByRole('button', { name: /^edit/i }).first().click()
    const bio = 'Club player from Lyon, 1650 rapid.'
    await field(page, /bio/i).fill(bio)
    await field(page, /phone/i).fill('+33 4 00 00 00 00')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await seeText(page, bio)
    await page.reload()
    await seeText(page, bio)
    await seeText(page, '+33 4 00 00 00 00')
    await page.getByRole('button', { name: lessons.title }).click()
    await page.waitForURL(`**/courses/${lessons._id}/modules`)
  })

  it('puts a course in the cart, sees the total and checks out into an enrollment', async () => {
    await page.goto('/courses')
    const c = card(page, endgames.title)
    await c.getByRole('button', { name: 'Add to Cart' }).click()
    await page.goto('/cart')
    await visible(page.getByRole('heading', { name: 'Shopping Cart' }))
    await seeText(page, endgames.title)
    await waitForText(page, /\$25\.50/)
    await page.reload()
    await seeText(page, endgames.title)
    await page.getByRole('button', { name: 'Checkout' }).click()
    // the receipt: the course bought, linking to its modules, and the total paid
    const receipt = await visible(page.getByRole('region', { name: 'Thank you for your purchase' }))
    await visible(receipt.getByRole('link', { name: endgames.title }))
    expect(await receipt.getByRole('link', { name: endgames.title }).getAttribute('href')).toBe(
      `/courses/${endgames._id}/modules`,
    )
    await visible(receipt.getByText('$25.50'))
    await gone(page.getByRole('button', { name: 'Checkout' }))
    await page.goto('/courses')
    await visible(card(page, endgames.title).getByText('You are already enrolled in this course.'))
    const enrolled = await call<Course[]>(
      'GET',
      `/api/courses/user/${userId}/enrolled`,
      (await storedSession(page)).token ?? '',
    )
    expect(enrolled.map((e) => e._id).sort()).toEqual([lessons._id, endgames._id].sort())
  })

  it('logs out: the stored session is gone and courses ask for a login again', async () => {
    // from /home: the Login Required modal then first meets the logged-out visitor on /courses below
    await page.goto('/home')
    await page.getByRole('button', { name: 'Logout' }).click()
    await expect.poll(() => storedSession(page)).toEqual(loggedOut)
    expectedSession = loggedOut
    await visible(page.getByRole('navigation').getByRole('link', { name: 'Login', exact: true }))
    await page.goto('/courses')
    await seeText(page, 'You need to be logged in to view enroll courses. Please login or register.')
    await page.reload()
    expect(await storedSession(page)).toEqual(loggedOut)
  })

  it('ran without an uncaught error in the page', () => {
    expect(o.errors.map((e) => e.message)).toEqual([])
  })
})
