// Sessions end when they should: logout, log out everywhere, a password change, an admin reset. Tokens that
// were good a moment earlier are refused from then on, on PGlite and on PostgreSQL (pg pool, truly parallel).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { json, tally } from '../support/http'
import { startApp, type AppHarness } from '../support/harness'
import { account, login, register, type Account } from '../support/world'

const figures: string[] = []

for (const database of ['pglite', 'postgres'] as const) {
  describe(`on ${database}`, () => {
    let h: AppHarness
    let admin: Account
    beforeAll(async () => {
      h = await startApp({ database })
      admin = await account(h, 'admin')
    })
    afterAll(async () => {
      await h?.close()
    })

    const me = (token: string) => h.send({ method: 'GET', url: '/api/profile/me', token })
    const sessions = (a: Account, n: number) =>
      Promise.all(Array.from({ length: n }, () => login(h.send, a.email, a.password, a.username)))

    it('after logout the old token is refused: 20 sessions logged out, 20 tokens refused', async () => {
      const users = await Promise.all(Array.from({ length: 4 }, () => register(h.send)))
      // five sessions for each of four users, logged in in parallel
      const all = (await Promise.all(users.map((u) => sessions(u, 5)))).flat()
      expect(tally(await Promise.all(all.map((s) => me(s.token))))).toEqual({ 200: 20 })
      const out = await Promise.all(
        all.map((s) => h.send({ method: 'POST', url: '/api/auth/logout', token: s.token })),
      )
      expect(tally(out)).toEqual({ 204: 20 })
      const after = await Promise.all(all.map((s) => me(s.token)))
      const refused = after.filter((r) => r.status === 401).length
      figures.push(
        `${database}: tokens refused after logout: ${refused} of ${all.length} sessions logged out`,
      )
      expect(refused).toBe(all.length)
      // each user's first token (from registration) was a session of its own and still works
      expect(tally(await Promise.all(users.map((u) => me(u.token))))).toEqual({ 200: 4 })
    })

    it("log out everywhere ends 10 parallel sessions of the user at once, and nobody else's", async () => {
      const user = await register(h.send)
      const bystander = await register(h.send)
      const mine = [user, ...(await sessions(user, 9))]
      expect(tally(await Promise.all(mine.map((s) => me(s.token))))).toEqual({ 200: 10 })
      const res = await h.send({ method: 'POST', url: '/api/auth/logout-all', token: mine[4].token })
      expect(res.status).toBe(204)
      const after = await Promise.all(mine.map((s) => me(s.token)))
      const refused = after.filter((r) => r.status === 401).length
      figures.push(`${database}: log out everywhere: ${refused} of ${mine.length} sessions refused`)
      expect(refused).toBe(10)
      expect((await me(bystander.token)).status).toBe(200)
      expect(await h.query('select 1 from sessions where user_id = $1', [user.id])).toEqual([])
    })

    it('requests racing a log out everywhere: each is answered 200 or 401, never 5xx, and none is accepted after', async () => {
      const user = await register(h.send)
      const mine = await sessions(user, 8)
      const racing = Array.from({ length: 40 }, (_, i) => me(mine[i % mine.length].token))
      const [, ...rs] = await Promise.all([
        h.send({ method: 'POST', url: '/api/auth/logout-all', token: mine[0].token }),
        ...racing,
      ])
      for (const r of rs) expect([200, 401]).toContain(r.status)
      expect(tally(await Promise.all(mine.map((s) => me(s.token))))).toEqual({ 401: 8 })
    })

    it('a password change ends the other sessions but not the current one', async () => {
      const user = await register(h.send)
      const [current, ...others] = await sessions(user, 6)
      const res = await h.send({
        method: 'PUT',
        url: '/api/profile/me/password',
        token: current.token,
        ...json({ currentPassword: user.password, newPassword: 'pawn-storm-on-the-king' }),
      })
      expect(res.status, res.text).toBe(204)
      expect((await me(current.token)).status).toBe(200)
      const after = await Promise.all([user, ...others].map((s) => me(s.token)))
      figures.push(
        `${database}: password change: ${after.filter((r) => r.status === 401).length} other sessions refused, the current one kept`,
      )
      expect(tally(after)).toEqual({ 401: 6 })
      const old = await h.send({
        method: 'POST',
        url: '/api/auth/login',
        ...json({ email: user.email, password: user.password }),
      })
      expect(old.status).toBe(401)
      expect((await login(h.send, user.email, 'pawn-storm-on-the-king', user.username)).token).toBeTruthy()
    })

    it('an admin reset ends every session of the user, and the new password works', async () => {
      const user = await register(h.send)
      const mine = [user, ...(await sessions(user, 5))]
      const res = await h.send({
        method: 'PUT',
        url: `/api/user/${user.id}/password`,
        token: admin.token,
        ...json({ newPassword: 'fianchetto-bishop-g7' }),
      })
      expect(res.status, res.text).toBe(204)
      const after = await Promise.all(mine.map((s) => me(s.token)))
      figures.push(
        `${database}: admin reset: ${after.filter((r) => r.status === 401).length} of ${mine.length} sessions refused`,
      )
      expect(tally(after)).toEqual({ 401: 6 })
      expect((await me(admin.token)).status).toBe(200)
      const fresh = await login(h.send, user.email, 'fianchetto-bishop-g7', user.username)
      expect((await me(fresh.token)).status).toBe(200)
    })
  })
}

afterAll(() => {
  console.log(`sessions:\n  ${figures.join('\n  ')}`)
})
