// An admin changes a user's role and it takes effect for that user at once; /admin sends others to /.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { login, type Session } from './support/api'
import {
  launch,
  loginThroughForm,
  open,
  seeText,
  storedSession,
  visible,
  type Opened,
} from './support/browser'
import { accounts, baseUrl } from './support/env'

async function canCreateCourse(token: string) {
  const r = await fetch(`${baseUrl}/api/courses`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Role probe', description: 'Created to probe a role.', price: 1 }),
  })
  if (r.status === 201) {
    const c = (await r.json()) as { _id: string }
    await fetch(`${baseUrl}/api/courses/${c._id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    })
  }
  return r.status
}

describe('an admin', () => {
  let browser: Browser
  let admin: Opened
  let target: Opened
  let targetSession: Session

  beforeAll(async () => {
    browser = await launch()
    admin = await open(browser)
    target = await open(browser)
  })
  afterAll(async () => {
    await admin?.context.close()
    await target?.context.close()
    await browser?.close()
  })

  it('reaches /admin from the navigation and sees every user with a role selector', async () => {
    const { page } = admin
    await loginThroughForm(page, accounts.admin)
    expect((await storedSession(page)).userRole).toBe('admin')
    await page.getByRole('navigation').getByRole('link', { name: /admin/i }).click()
    await page.waitForURL('**/admin')
    for (const a of Object.values(accounts)) {
      const row = await visible(page.getByRole('row').filter({ hasText: a.username }))
      await expect.poll(() => row.getByRole('combobox').inputValue()).toBe(a.role)
    }
    const options = await page
      .getByRole('row')
      .filter({ hasText: accounts.student.username })
      .getByRole('option')
      .allTextContents()
    expect(options.map((x) => x.trim().toLowerCase())).toEqual(['student', 'instructor', 'admin'])
    await page.reload()
    expect(new URL(page.url()).pathname).toBe('/admin')
    await visible(page.getByRole('row').filter({ hasText: accounts.promoted.username }))
  })

  it("changes a student's role to instructor and it takes effect for that user at once", async () => {
    // The user is logged in before the change.
    await loginThroughForm(target.page, accounts.promoted)
    targetSession = {
      token: (await storedSession(target.page)).token ?? '',
      result: JSON.parse((await storedSession(target.page)).user ?? '{}'),
    }
    expect(await canCreateCourse(targetSession.token)).toBe(403)

    const { page } = admin
    const row = page.getByRole('row').filter({ hasText: accounts.promoted.username })
    const answered = page.waitForResponse(
      (r) => r.url().includes('/role') && r.request().method() === 'PATCH',
    )
    await row.getByRole('combobox').selectOption('instructor')
    expect((await answered).status()).toBe(200)
    await page.reload()
    await expect
      .poll(() =>
        page
          .getByRole('row')
          .filter({ hasText: accounts.promoted.username })
          .getByRole('combobox')
          .inputValue(),
      )
      .toBe('instructor')

    // The same token, no new login: the server reads the current role.
    expect(await canCreateCourse(targetSession.token)).toBe(201)
    // And the user's own screens follow after logging in again.
    await target.page.getByRole('button', { name: 'Logout' }).click()
    await loginThroughForm(target.page, accounts.promoted)
    expect((await storedSession(target.page)).userRole).toBe('instructor')
    await target.page.goto('/courses')
    await visible(target.page.locator('form input[type="number"]'))
    const promotedToken = (await storedSession(target.page)).token ?? ''

    // And back: the demotion closes the door for the token in use at once, too.
    const back = page.waitForResponse((r) => r.url().includes('/role') && r.request().method() === 'PATCH')
    await page
      .getByRole('row')
      .filter({ hasText: accounts.promoted.username })
      .getByRole('combobox')
      .selectOption('student')
    expect((await back).status()).toBe(200)
    expect(await canCreateCourse(promotedToken)).toBe(403)
  })

  it('sends everyone else from /admin to /', async () => {
    for (const who of [accounts.student, accounts.instructor]) {
      const s = await login(who)
      const o = await open(browser, { session: s })
      await o.page.goto('/admin')
      await o.page.waitForURL((u) => u.pathname === '/home' || u.pathname === '/')
      expect(await o.page.getByRole('navigation').getByRole('link', { name: /admin/i }).count()).toBe(0)
      const users = await fetch(`${baseUrl}/api/users`, { headers: { authorization: `Bearer ${s.token}` } })
      expect(users.status).toBe(403)
      await o.context.close()
    }
    const visitor = await open(browser)
    await visitor.page.goto('/admin')
    await visitor.page.waitForURL((u) => u.pathname === '/home' || u.pathname === '/')
    await seeText(visitor.page, 'Search Players')
    await visitor.context.close()
  })

  it('ran without an uncaught error in the pages', () => {
    expect([...admin.errors, ...target.errors].map((e) => e.message)).toEqual([])
  })
})
