// Sessions and passwords, across browsers: a password change ends the student's other sessions (the
// one that made it stays), 'Log out everywhere' ends them all, and an admin's role change shows in the
// user's navigation when the window regains focus, without a new login.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, login, type Session, type User } from './support/api'
import {
  field,
  launch,
  loginThroughForm,
  open,
  seeText,
  storedSession,
  visible,
  type Opened,
} from './support/browser'
import { accounts, baseUrl, unique } from './support/env'

function newStudent() {
  const username = unique('sess_')
  return { username, email: `${username}@example.test`, password: 'ultra-violet-rook-88' }
}
const loggedOut = { token: null, user: null, userId: null, username: null, userRole: null }

async function status(path: string, token: string) {
  return (await fetch(baseUrl + path, { headers: { authorization: `Bearer ${token}` } })).status
}

/** The page's next API call goes out from a client-side navigation (no reload, no start-up check). */
async function navigateInApp(page: Page, link: string) {
  await page.getByRole('navigation').getByRole('link', { name: link, exact: true }).click()
}

describe('sessions and passwords', () => {
  let browser: Browser
  const opened: Opened[] = []
  const stu = newStudent()
  const newPassword = 'quiet-amber-falcon-41'
  let stuId: string

  async function openAs(session?: Session) {
    const o = await open(browser, { session })
    opened.push(o)
    return o
  }

  beforeAll(async () => {
    browser = await launch()
    const created = await call<User>('POST', '/api/auth/register', undefined, { ...stu, role: 'student' })
    stuId = created._id
  })
  afterAll(async () => {
    for (const o of opened) await o.context.close()
    await browser?.close()
  })

  it('a password change on the profile logs out the other browser on its next call, not this one', async () => {
    const a = await openAs()
    await loginThroughForm(a.page, stu)
    const other = await openAs(await login(stu))
    await other.page.goto('/home')
    await visible(other.page.getByRole('button', { name: 'Logout' }))

    await navigateInApp(a.page, 'Profile')
    await visible(a.page.getByRole('heading', { name: stu.username }))
    const form = a.page.getByRole('region', { name: 'Change password' })
    await field(form, 'Current password').fill(stu.password)
    await field(form, /^New password$/).fill(newPassword)
    await field(form, 'New password again').fill(newPassword)
    await form.getByRole('button', { name: 'Change password' }).click()
    await seeText(a.page, 'Password changed. Your other sessions have been logged out.')

    // The other browser still shows a session until it asks the server something.
    await navigateInApp(other.page, 'Cart')
    await visible(other.page.getByRole('navigation').getByRole('link', { name: 'Login' }))
    await expect.poll(() => storedSession(other.page)).toEqual(loggedOut)

    // This browser keeps its session; the new password works, the old one no longer does.
    const token = (await storedSession(a.page)).token ?? ''
    expect(await status('/api/profile/me', token)).toBe(200)
    await a.page.reload()
    await visible(a.page.getByRole('button', { name: 'Logout' }))
    await expect(login(stu)).rejects.toThrow(/401/)
    expect((await login({ email: stu.email, password: newPassword })).result._id).toBe(stuId)
    stu.password = newPassword
  })

  it("'Log out everywhere' ends this session and every other one", async () => {
    const a = opened[0]
    const other = await openAs(await login(stu))
    await other.page.goto('/home')
    await visible(other.page.getByRole('button', { name: 'Logout' }))
    const tokens = [(await storedSession(a.page)).token ?? '', (await storedSession(other.page)).token ?? '']

    await navigateInApp(a.page, 'Profile')
    await a.page.getByRole('button', { name: 'Log out everywhere' }).click()
    await a.page.waitForURL((u) => u.pathname === '/login')
    await expect.poll(() => storedSession(a.page)).toEqual(loggedOut)
    await visible(a.page.getByRole('navigation').getByRole('link', { name: 'Login' }))

    for (const t of tokens) expect(await status('/api/profile/me', t)).toBe(401)
    await navigateInApp(other.page, 'Cart')
    await visible(other.page.getByRole('navigation').getByRole('link', { name: 'Login' }))
    await expect.poll(() => storedSession(other.page)).toEqual(loggedOut)
  })

  it("an admin's role change shows in the user's navigation when the window regains focus", async () => {
    const u = await openAs()
    await loginThroughForm(u.page, stu)
    const nav = u.page.getByRole('navigation')
    await visible(nav.getByRole('button', { name: 'Logout' }))
    expect(await nav.getByRole('link', { name: 'Admin' }).count()).toBe(0)
    const token = (await storedSession(u.page)).token

    const admin = await login(accounts.admin)
    await call('PATCH', `/api/user/${stuId}/role`, admin.token, { newRole: 'admin' })
    // The window comes back (the browser fires these when a person returns to the tab).
    await u.page.evaluate(() => {
      window.dispatchEvent(new Event('focus'))
    })
    await visible(nav.getByRole('link', { name: 'Admin' }))
    // redux-persist writes the storage a moment after the store changes.
    await expect.poll(async () => (await storedSession(u.page)).userRole).toBe('admin')
    const stored = await storedSession(u.page)
    expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ _id: stuId, role: 'admin' })
    expect(stored.token).toBe(token) // no new login
    await navigateInApp(u.page, 'Admin')
    await visible(u.page.getByRole('heading', { name: 'User Management' }))

    await call('PATCH', `/api/user/${stuId}/role`, admin.token, { newRole: 'student' })
  })

  it('ran without an uncaught error in the pages', () => {
    expect(opened.flatMap((o) => o.errors).map((e) => e.message)).toEqual([])
  })
})
