// Verified addresses, changing one's email and review reminders, with the mails a real SMTP server receives.
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { mailSettingsOf, queueReviewReminders } from '../../../server/services/mail/account'
import { senderOf } from '../../../server/services/mail/runner'
import type { MailSender } from '../../../server/services/mail/sender'
import { expectContract, expectProblem } from '../../helpers/contract'
import { TEST_PASSWORD, type TestUser, useTestServer } from '../../helpers/buildServer'
import { linkIn, startSmtpSink, type SmtpSink } from '../../helpers/smtpSink'

const PUBLIC_URL = 'https://chess.example.org'
const quiet = { info() {}, warn() {}, error() {} }

let smtp: SmtpSink
let sender: MailSender
beforeAll(async () => {
  smtp = await startSmtpSink()
})
afterAll(() => smtp?.close())

const server = useTestServer({
  env: { PUBLIC_URL, MAIL_FROM: 'Chess Online Education <no-reply@chess.example.org>' },
})
beforeEach(() => {
  smtp.messages.length = 0
  sender = senderOf(server.current.db, { ...server.current.config, smtpUrl: smtp.url }, quiet)
})

const inject = (opts: InjectOptions) => server.current.app.inject(opts)
const me = async (user: Pick<TestUser, 'auth'>) =>
  expectContract('getMyProfile', await inject({ method: 'GET', url: '/api/profile/me', headers: user.auth }))
const tokenOf = (text: string, path: string) =>
  new URL(linkIn(text, `${PUBLIC_URL}${path}?token=`)).searchParams.get('token')!
const verify = (token: string) =>
  inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } })

async function registered(username: string) {
  const email = `${username}@example.test`
  const res = await inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { username, email, password: TEST_PASSWORD },
  })
  expect(res.statusCode).toBe(201)
  const login = await inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: TEST_PASSWORD },
  })
  return {
    id: res.json<{ _id: string }>()._id,
    email,
    auth: { authorization: `Bearer ${login.json().token}` },
  }
}

describe('verified addresses', () => {
  it('registration mails a 24-hour link; until it is followed the profile says the email is not verified', async () => {
    const user = await registered('vera')
    expect(await me(user)).toMatchObject({ emailVerified: false, reviewReminders: false })
    expect(await sender.sendDue()).toBe(1)
    const [mail] = smtp.messages
    expect(mail.subject).toBe('Verify your Chess Online Education email')
    expect(mail.text).toContain('The link works once, for 24 hours.')
    const token = tokenOf(mail.text!, '/verify-email')
    expect(mail.html).toContain(`${PUBLIC_URL}/verify-email?token=${token}`)
    const res = await verify(token)
    expect(expectContract('verifyEmail', res)).toEqual({ message: 'Email verified.' })
    expect((await me(user)).emailVerified).toBe(true)
    expect(expectProblem('verifyEmail', await verify(token), 401).detail).toBe(
      'This link has expired or was already used.',
    )
  })

  it("'Send again' mails a new link; nothing once verified", async () => {
    const user = await registered('sam')
    const again = await inject({
      method: 'POST',
      url: '/api/profile/me/email/verification',
      headers: user.auth,
    })
    expect(again.statusCode).toBe(202)
    await sender.sendDue()
    expect(smtp.messages).toHaveLength(2)
    expect((await verify(tokenOf(smtp.messages[1].text!, '/verify-email'))).statusCode).toBe(200)
    const done = await inject({
      method: 'POST',
      url: '/api/profile/me/email/verification',
      headers: user.auth,
    })
    expect(done.json()).toEqual({ message: 'Your email is already verified.' })
    expect(await sender.sendDue()).toBe(0)
  })

  it('registration and its mail are one transaction: a refused registration queues nothing', async () => {
    await registered('twin')
    const dup = await inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'twin2', email: 'twin@example.test', password: TEST_PASSWORD },
    })
    expect(dup.statusCode).toBe(409)
    const [row] = await server.current.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox')
    expect(row.n).toBe(1)
  })
})

describe("changing one's email", () => {
  it('needs the current password; the new address replaces the old once its link is followed; the old one is told', async () => {
    const user = await registered('chang')
    await sender.sendDue()
    smtp.messages.length = 0
    const change = (currentPassword: string, newEmail = 'chang.new@example.test') =>
      inject({
        method: 'POST',
        url: '/api/profile/me/email',
        headers: user.auth,
        payload: { newEmail, currentPassword },
      })
    expectProblem('changeMyEmail', await change('wrong-password-1'), 403)
    const taken = await registered('other')
    expectProblem('changeMyEmail', await change(TEST_PASSWORD, taken.email), 409)
    const res = await change(TEST_PASSWORD)
    expect(res.statusCode).toBe(202)
    expect(await me(user)).toMatchObject({ email: user.email, pendingEmail: 'chang.new@example.test' })
    await sender.sendDue()
    const link = smtp.messages.find((m) => m.subject === 'Confirm your new Chess Online Education email')!
    expect(link.to && !Array.isArray(link.to) ? link.to.text : '').toBe('chang.new@example.test')
    expect((await verify(tokenOf(link.text!, '/verify-email'))).statusCode).toBe(200)
    const now = await me(user)
    expect(now).toMatchObject({ email: 'chang.new@example.test', emailVerified: true })
    expect(now.pendingEmail).toBeUndefined()
    await sender.sendDue()
    const told = smtp.messages.find((m) => m.subject === 'Your Chess Online Education email was changed')!
    expect(told.to && !Array.isArray(told.to) ? told.to.text : '').toBe(user.email)
    expect(told.text).toContain('chang.new@example.test')
    // signing in with the new address
    const login = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'chang.new@example.test', password: TEST_PASSWORD },
    })
    expect(login.statusCode).toBe(200)
  })

  it('a link for an address taken meanwhile by another account is refused (409) and changes nothing', async () => {
    const user = await registered('racer')
    await inject({
      method: 'POST',
      url: '/api/profile/me/email',
      headers: user.auth,
      payload: { newEmail: 'contested@example.test', currentPassword: TEST_PASSWORD },
    })
    await sender.sendDue()
    const link = smtp.messages.find((m) => m.subject?.startsWith('Confirm'))!
    await registered('contested')
    expectProblem('verifyEmail', await verify(tokenOf(link.text!, '/verify-email')), 409)
    expect((await me(user)).email).toBe(user.email)
  })
})

describe('review reminders', () => {
  async function withDueLine(user: { id: string }) {
    const instructor = await server.current.createUser('instructor')
    const courseId = await server.current.createCourse(instructor)
    const [m] = await server.current.db.query<{ id: string }>(
      `INSERT INTO modules (course_id, title, description, video_url, position, line_pgn, line_side)
       VALUES ($1, 'Mate in two', 'A line', 'https://vimeo.com/1', 1, '1. e4 e5', 'white') RETURNING id`,
      [courseId],
    )
    await server.current.db.query('INSERT INTO enrollments (student_id, course_id) VALUES ($1, $2)', [
      user.id,
      courseId,
    ])
    await server.current.db.query(
      `INSERT INTO line_reviews (user_id, module_id, course_id, due, stability, difficulty, elapsed_days,
         scheduled_days, learning_steps, reps, lapses, state, last_review, last_grade)
       VALUES ($1, $2, $3, now() - interval '1 hour', 1, 5, 0, 1, 0, 1, 0, 2, now() - interval '2 days', 'good')`,
      [user.id, m.id, courseId],
    )
  }

  it('are off by default; on, one mail a day only when lines are due, with a one-click unsubscribe (RFC 8058)', async () => {
    const user = await registered('remi')
    const settings = mailSettingsOf(server.current.config)
    await withDueLine(user)
    expect(await queueReviewReminders(server.current.db, settings)).toBe(0)
    const on = await inject({
      method: 'PUT',
      url: '/api/profile/me/review-reminders',
      headers: user.auth,
      payload: { enabled: true },
    })
    expect(expectContract('setReviewReminders', on)).toEqual({ enabled: true })
    expect((await me(user)).reviewReminders).toBe(true)
    expect(await queueReviewReminders(server.current.db, settings)).toBe(1)
    // the same day: no second mail
    expect(await queueReviewReminders(server.current.db, settings)).toBe(0)
    expect(
      await queueReviewReminders(server.current.db, settings, new Date(Date.now() + 12 * 3600_000)),
    ).toBe(0)
    await sender.sendDue()
    const mail = smtp.messages.find((m) => m.subject === '1 line to review')!
    expect(mail.text).toContain(`${PUBLIC_URL}/review`)
    const line = (key: string) =>
      mail.headerLines
        .find((h) => h.key === key)!
        .line.replace(/\r?\n\s+/g, ' ')
        .replace(/^[^:]+:\s*/, '')
    const header = line('list-unsubscribe')
    const unsubscribe = header.slice(1, -1)
    expect(unsubscribe).toMatch(
      new RegExp(`^${PUBLIC_URL}/api/mail/unsubscribe\\?user=${user.id}&sig=[\\w-]{43}$`),
    )
    expect(line('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    expect(mail.text).toContain(`${PUBLIC_URL}/unsubscribe?user=${user.id}&sig=`)
    // the mail client's one-click POST, without a session
    const url = new URL(unsubscribe)
    const res = await inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(expectContract('unsubscribeReviewReminders', res)).toEqual({ enabled: false })
    expect((await me(user)).reviewReminders).toBe(false)
    // a day later, lines still due: unsubscribed, so nothing
    expect(
      await queueReviewReminders(server.current.db, settings, new Date(Date.now() + 25 * 3600_000)),
    ).toBe(0)
  })

  it("counts no line of a course its reader may no longer see: another instructor's, once it went back to draft", async () => {
    const reader = await registered('visiting_teacher')
    await server.current.db.query(
      "UPDATE users SET role = 'instructor', review_reminders = true WHERE id = $1",
      [reader.id],
    )
    await withDueLine(reader)
    // an instructor is not enrolled: the course is theirs to see only while it is published
    await server.current.db.query('DELETE FROM enrollments WHERE student_id = $1', [reader.id])
    const settings = mailSettingsOf(server.current.config)
    await server.current.db.query(
      'UPDATE courses SET published = false WHERE id = (SELECT course_id FROM line_reviews WHERE user_id = $1)',
      [reader.id],
    )
    expect(await queueReviewReminders(server.current.db, settings)).toBe(0)
    await server.current.db.query(
      'UPDATE courses SET published = true WHERE id = (SELECT course_id FROM line_reviews WHERE user_id = $1)',
      [reader.id],
    )
    expect(await queueReviewReminders(server.current.db, settings)).toBe(1)
  })

  it('sends nothing to an account with reminders on and no line due', async () => {
    const user = await registered('idle')
    await server.current.db.query('UPDATE users SET review_reminders = true WHERE id = $1', [user.id])
    expect(await queueReviewReminders(server.current.db, mailSettingsOf(server.current.config))).toBe(0)
  })
})
