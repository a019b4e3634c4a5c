// Forgot password, end to end on the server: the request, the mail a real SMTP server receives (both parts, the
// link), the reset, and every way a link must stop working.
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { accountKey } from '../../../server/services/accounts/signInThrottle'
import { passwordResetsWorked } from '../../../server/services/mail/resetRequests'
import { senderOf } from '../../../server/services/mail/runner'
import type { MailSender } from '../../../server/services/mail/sender'
import { expectContract, expectProblem } from '../../helpers/contract'
import { TEST_PASSWORD, useTestServer } from '../../helpers/buildServer'
import { linkIn, startSmtpSink, type SmtpSink } from '../../helpers/smtpSink'

const PUBLIC_URL = 'https://chess.example.org'
const ANSWER = 'If an account uses this email, we sent a link to reset its password.'
const EXPIRED = 'This link has expired or was already used.'
const NEW_PASSWORD = 'knight-outpost-on-e5'
const quiet = { info() {}, warn() {}, error() {} }

let smtp: SmtpSink
let sender: MailSender
beforeAll(async () => {
  smtp = await startSmtpSink()
})
afterAll(async () => {
  await smtp?.close()
})

const server = useTestServer({
  env: {
    PUBLIC_URL,
    MAIL_FROM: 'Chess Online Education <no-reply@chess.example.org>',
    // the SMTP server's port is known only once it listens: see beforeEach
    SMTP_URL: 'smtp://127.0.0.1:9',
  },
})
beforeEach(() => {
  smtp.messages.length = 0
  sender = senderOf(server.current.db, { ...server.current.config, smtpUrl: smtp.url }, quiet)
})

const inject = (opts: InjectOptions) => server.current.app.inject(opts)
const forgot = (email: string) =>
  inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } })
/** The reset requests answered so far, worked (their mails are queued after the answer). */
const worked = () => passwordResetsWorked(server.current.db)
const reset = (token: string, newPassword = NEW_PASSWORD) =>
  inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } })
const login = (email: string, password: string) =>
  inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })

/** Asks for a reset link and reads its token from the delivered mail. */
async function mailedToken(email: string): Promise<string> {
  expect((await forgot(email)).statusCode).toBe(202)
  await worked()
  await sender.sendDue()
  const mail = smtp.messages.at(-1)!
  return new URL(linkIn(mail.text!, `${PUBLIC_URL}/reset-password?token=`)).searchParams.get('token')!
}

/** Changes the user's email as they would: asked with the password, then confirmed by the mailed link. */
async function changeEmail(user: { auth: Record<string, string> }, newEmail: string): Promise<void> {
  const asked = await inject({
    method: 'POST',
    url: '/api/profile/me/email',
    headers: user.auth,
    payload: { newEmail, currentPassword: TEST_PASSWORD },
  })
  expect(asked.statusCode).toBe(202)
  await sender.sendDue()
  const confirm = smtp.messages.findLast(
    (m) => m.subject === 'Confirm your new Chess Online Education email',
  )!
  const token = new URL(linkIn(confirm.text!, `${PUBLIC_URL}/verify-email?token=`)).searchParams.get('token')!
  expect(
    (await inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } })).statusCode,
  ).toBe(200)
}

describe('forgot password', () => {
  it('mails a reset link in a text and an HTML part, from MAIL_FROM, built from PUBLIC_URL', async () => {
    const user = await server.current.createUser('student')
    const res = await forgot(user.email.toUpperCase())
    expect(res.statusCode).toBe(202)
    expect(expectContract('requestPasswordReset', res)).toEqual({ message: ANSWER })
    await worked()
    expect(await sender.sendDue()).toBe(1)
    expect(smtp.messages).toHaveLength(1)
    const [mail] = smtp.messages
    expect(mail.from?.text).toBe('"Chess Online Education" <no-reply@chess.example.org>')
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(user.email)
    expect(mail.subject).toBe('Reset your Chess Online Education password')
    expect(mail.messageId).toMatch(/^<outbox-\d+@chess\.example\.org>$/)
    const link = linkIn(mail.text!, `${PUBLIC_URL}/reset-password?token=`)
    expect(link).toMatch(/^https:\/\/chess\.example\.org\/reset-password\?token=[A-Za-z0-9_-]{43}$/)
    expect(mail.text).toContain('The link works once, for 1 hour.')
    expect(mail.text).toContain('Chess Online Education')
    // the HTML part holds the same link, as a link and as text, and nothing remote (no images, no tracking)
    expect(mail.html).toContain(`href="${link}"`)
    expect(mail.html).toContain(`>${link}</p>`)
    expect(mail.html).toContain('Chess Online Education')
    expect(mail.html).not.toMatch(/<img|src=|url\(/i)
    // only the hash of the token is stored
    const stored = await server.current.db.query<{ token_hash: string }>('SELECT token_hash FROM mail_tokens')
    const token = new URL(link).searchParams.get('token')!
    expect(stored).toHaveLength(1)
    expect(stored[0].token_hash).not.toContain(token)
  })

  it('answers an unknown email exactly the same, and sends nothing', async () => {
    const res = await forgot('nobody-here@example.test')
    expect(res.statusCode).toBe(202)
    expect(res.json()).toEqual({ message: ANSWER })
    await worked()
    expect(await sender.sendDue()).toBe(0)
    expect(smtp.messages).toHaveLength(0)
  })

  it('sends one account at most 3 links an hour, answering the same to every request', async () => {
    const user = await server.current.createUser('student')
    // at once, as from several tabs: each is answered before its mail is made
    const answers = await Promise.all(Array.from({ length: 5 }, () => forgot(user.email)))
    expect(answers.map((a) => a.json())).toEqual(Array(5).fill({ message: ANSWER }))
    await worked()
    await sender.sendDue()
    expect(smtp.messages).toHaveLength(3)
  })

  it('limits requests per client address (429)', async () => {
    // the test server allows 1000 per address (AUTH_RATE_LIMIT_MAX); one address is counted under its own key
    const statuses: number[] = []
    for (let i = 0; i < 3; i++)
      statuses.push(
        (
          await inject({
            method: 'POST',
            url: '/api/auth/forgot-password',
            payload: { email: `x${i}@example.test` },
            remoteAddress: '198.51.100.7',
          })
        ).statusCode,
      )
    expect(statuses).toEqual([202, 202, 202])
    await server.current.db.query("UPDATE rate_limits SET count = 1000 WHERE key LIKE '%198.51.100.7%'")
    const res = await inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'y@example.test' },
      remoteAddress: '198.51.100.7',
    })
    expectProblem('requestPasswordReset', res, 429)
  })
})

describe('reset password', () => {
  it('sets the new password, ends every session, clears the sign-in lock; the link then says it expired', async () => {
    const user = await server.current.createUser('student')
    // locked out by failed sign-ins (the test server allows 1000 per account)
    await server.current.db.query(
      "INSERT INTO sign_in_failures (key, failures, window_ends) VALUES ($1, 5000, now() + interval '1 hour')",
      [accountKey(user.email)],
    )
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(429)
    const token = await mailedToken(user.email)
    const res = await reset(token)
    expect(res.statusCode, res.body).toBe(204)
    // the session from before is over
    const me = await inject({ method: 'GET', url: '/api/profile/me', headers: user.auth })
    expect(me.statusCode).toBe(401)
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401)
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200)
    // used twice
    const again = expectProblem('resetPassword', await reset(token, 'another-new-password-1'), 401)
    expect(again.detail).toBe(EXPIRED)
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200)
  })

  it('refuses an expired link (401) and changes nothing', async () => {
    const user = await server.current.createUser('student')
    const token = await mailedToken(user.email)
    await server.current.db.query("UPDATE mail_tokens SET expires_at = now() - interval '1 second'")
    expect(expectProblem('resetPassword', await reset(token), 401).detail).toBe(EXPIRED)
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200)
  })

  it('a link resets only its own account, and a verification link is no reset link', async () => {
    const alice = await server.current.createUser('student')
    const bob = await server.current.createUser('student')
    const token = await mailedToken(alice.email)
    expect((await reset(token)).statusCode).toBe(204)
    expect((await login(bob.email, TEST_PASSWORD)).statusCode).toBe(200)
    expect((await login(bob.email, NEW_PASSWORD)).statusCode).toBe(401)
    // a registration's verification link
    const reg = await inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'carol_v', email: 'carol@example.test', password: TEST_PASSWORD },
    })
    expect(reg.statusCode).toBe(201)
    await sender.sendDue()
    const verify = smtp.messages.find((m) => m.subject?.startsWith('Verify'))!
    const verifyToken = new URL(linkIn(verify.text!, `${PUBLIC_URL}/verify-email?token=`)).searchParams.get(
      'token',
    )!
    expect(expectProblem('resetPassword', await reset(verifyToken), 401).detail).toBe(EXPIRED)
  })

  it("stops working once the account's email changes: the old link is 401 and changes nothing", async () => {
    const user = await server.current.createUser('student')
    const token = await mailedToken(user.email)
    await changeEmail(user, 'moved@example.test')
    expect(expectProblem('resetPassword', await reset(token), 401).detail).toBe(EXPIRED)
    expect((await login('moved@example.test', NEW_PASSWORD)).statusCode).toBe(401)
    expect((await login('moved@example.test', TEST_PASSWORD)).statusCode).toBe(200)
  })

  it('stays ended when the email changes back to the address it was mailed to', async () => {
    const user = await server.current.createUser('student')
    const token = await mailedToken(user.email)
    await changeEmail(user, 'away@example.test')
    await changeEmail(user, user.email)
    expect(expectProblem('resetPassword', await reset(token), 401).detail).toBe(EXPIRED)
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200)
  })

  it('refuses a link mailed to an address the account no longer has, as an expired one', async () => {
    const user = await server.current.createUser('student')
    const token = await mailedToken(user.email)
    // however the address moved, the link was sent to the old one
    await server.current.db.query("UPDATE users SET email = 'elsewhere@example.test' WHERE id = $1", [
      user.id,
    ])
    expect(expectProblem('resetPassword', await reset(token), 401).detail).toBe(EXPIRED)
    expect((await login('elsewhere@example.test', NEW_PASSWORD)).statusCode).toBe(401)
    expect((await login('elsewhere@example.test', TEST_PASSWORD)).statusCode).toBe(200)
  })

  it('stops working once the password is changed, by its owner or by an admin', async () => {
    const user = await server.current.createUser('student')
    const byOwner = await mailedToken(user.email)
    const changed = await inject({
      method: 'PUT',
      url: '/api/profile/me/password',
      headers: user.auth,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'bishop-pair-endgame' },
    })
    expect(changed.statusCode).toBe(204)
    expect(expectProblem('resetPassword', await reset(byOwner), 401).detail).toBe(EXPIRED)

    const byAdmin = await mailedToken(user.email)
    const admin = await server.current.createUser('admin')
    const set = await inject({
      method: 'PUT',
      url: `/api/user/${user.id}/password`,
      headers: admin.auth,
      payload: { newPassword: 'rook-on-the-seventh' },
    })
    expect(set.statusCode).toBe(204)
    expect(expectProblem('resetPassword', await reset(byAdmin), 401).detail).toBe(EXPIRED)
    expect((await login(user.email, 'rook-on-the-seventh')).statusCode).toBe(200)
  })

  it('refuses a password against the rules (400) and keeps the link usable', async () => {
    const user = await server.current.createUser('student')
    const token = await mailedToken(user.email)
    expectProblem('resetPassword', await reset(token, 'password'), 400)
    expect((await reset(token)).statusCode).toBe(204)
  })

  it('refuses a malformed token (400) and an unknown one (401)', async () => {
    expectProblem('resetPassword', await reset('short'), 400)
    expectProblem('resetPassword', await reset('A'.repeat(43)), 401)
  })
})
