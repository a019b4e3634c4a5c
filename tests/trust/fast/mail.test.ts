// Mailed links: a link works once, before it expires, for its own account only, and an unsubscribe link cannot be
// forged. That 'Forgot password?' tells nobody whether an account exists, by its answer or its time, is
// ../faults/accountTiming.test.ts's, on the real server.
import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unsubscribeSignature } from '../../../server/services/mail/tokens'
import { json } from '../support/http'
import { startApp, type AppHarness } from '../support/harness'
import { register, uniq, type Account } from '../support/world'

const figures: string[] = []
let h: AppHarness
beforeAll(async () => {
  h = await startApp()
})
afterAll(async () => {
  await h?.close()
  console.log(`\nMail trust figures:\n  ${figures.join('\n  ')}`)
})

const reset = (token: string, newPassword = `pw-${randomBytes(6).toString('hex')}`) =>
  h.send({ method: 'POST', url: '/api/auth/reset-password', ...json({ token, newPassword }) })
const login = (a: Account, password = a.password) =>
  h.send({ method: 'POST', url: '/api/auth/login', ...json({ email: a.email, password }) })

/** A reset link of this account, as the server stores it (the hash only); `expired` backdates it. */
async function resetToken(a: Account, expired = false): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await h.query(
    `INSERT INTO mail_tokens (token_hash, user_id, purpose, email, expires_at)
     VALUES ($1, $2, 'reset', $3, now() + $4 * interval '1 second')`,
    [createHash('sha256').update(token).digest('base64url'), a.id, a.email, expired ? -1 : 3600],
  )
  return token
}

describe('reset links', () => {
  it('a link used twice: the second use is 401 and changes nothing', async () => {
    const a = await register(h.send, uniq('twice'))
    const token = await resetToken(a)
    const first = await reset(token, 'first-new-password-1')
    expect(first.status).toBe(204)
    const second = await reset(token, 'second-new-password-2')
    expect(second.status).toBe(401)
    expect(second.body.detail).toBe('This link has expired or was already used.')
    expect((await login(a, 'first-new-password-1')).status).toBe(200)
    expect((await login(a, 'second-new-password-2')).status).toBe(401)
    figures.push('reset link used twice: 204 then 401, the first password kept')
  })

  it('an expired link is 401 and changes nothing', async () => {
    const a = await register(h.send, uniq('expired'))
    const res = await reset(await resetToken(a, true))
    expect(res.status).toBe(401)
    expect((await login(a)).status).toBe(200)
    figures.push('expired reset link: 401, password unchanged')
  })

  it("one account's link changes only that account; twenty parallel uses of one link: one success", async () => {
    const a = await register(h.send, uniq('own'))
    const b = await register(h.send, uniq('other'))
    const token = await resetToken(a)
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => reset(token, `parallel-pass-${i}x`)),
    )
    const ok = results.filter((r) => r.status === 204).length
    expect(ok).toBe(1)
    expect(results.filter((r) => r.status === 401)).toHaveLength(19)
    expect((await login(b)).status).toBe(200)
    expect((await login(a)).status).toBe(401)
    figures.push(
      `one link sent 20 times at once: ${ok} success, ${20 - ok} refused (401); the other account unchanged`,
    )
  })

  it('a verification link of another account is no reset link', async () => {
    const a = await register(h.send, uniq('verify'))
    const token = randomBytes(32).toString('base64url')
    await h.query(
      `INSERT INTO mail_tokens (token_hash, user_id, purpose, email, expires_at)
       VALUES ($1, $2, 'verify', $3, now() + interval '1 hour')`,
      [createHash('sha256').update(token).digest('base64url'), a.id, a.email],
    )
    expect((await reset(token)).status).toBe(401)
    expect((await login(a)).status).toBe(200)
  })
})

describe('one-click unsubscribe', () => {
  it('works without signing in through the signed link, as a mail client posts it (RFC 8058)', async () => {
    const a = await register(h.send, uniq('unsub'))
    await h.send({
      method: 'PUT',
      url: '/api/profile/me/review-reminders',
      token: a.token,
      ...json({ enabled: true }),
    })
    const res = await h.send({
      method: 'POST',
      url: `/api/mail/unsubscribe?user=${a.id}&sig=${unsubscribeSignature(h.jwtSecret, a.id)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(res.status).toBe(200)
    const [row] = await h.query<{ review_reminders: boolean }>(
      'SELECT review_reminders FROM users WHERE id = $1',
      [a.id],
    )
    expect(row.review_reminders).toBe(false)
  })

  it("refuses forged links (403): another account's signature, another secret, a changed character", async () => {
    const a = await register(h.send, uniq('forge'))
    const b = await register(h.send, uniq('forge'))
    await h.query('UPDATE users SET review_reminders = true WHERE id = $1', [a.id])
    const good = unsubscribeSignature(h.jwtSecret, a.id)
    const forged = [
      unsubscribeSignature(h.jwtSecret, b.id),
      unsubscribeSignature(randomBytes(36).toString('base64url'), a.id),
      (good[0] === 'A' ? 'B' : 'A') + good.slice(1),
    ]
    const statuses = []
    for (const sig of forged)
      statuses.push(
        (await h.send({ method: 'POST', url: `/api/mail/unsubscribe?user=${a.id}&sig=${sig}` })).status,
      )
    expect(statuses).toEqual([403, 403, 403])
    const [row] = await h.query<{ review_reminders: boolean }>(
      'SELECT review_reminders FROM users WHERE id = $1',
      [a.id],
    )
    expect(row.review_reminders).toBe(true)
    figures.push(`forged unsubscribe links: ${statuses.join(', ')}; the setting unchanged`)
  })
})
