// The known-device cookie in a real browser: the login form's sign-in sets it (HttpOnly, SameSite=Strict, for the
// sign-in calls only), and the browser's next sign-in through the form sends it back, beside the XSRF echo. The
// lock it gets through is proven by the server and trust suites (this server's limits are set out of the way).
import type { Browser, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from './support/api'
import { launch, loginThroughForm, open, visible, type Opened } from './support/browser'
import { unique } from './support/env'

describe('known-device cookie', () => {
  let browser: Browser
  let o: Opened | undefined
  const username = unique('kd_')
  const account = { username, email: `${username}@example.test`, password: 'silent-ivory-bishop-27' }

  beforeAll(async () => {
    browser = await launch()
    await call('POST', '/api/auth/register', undefined, account)
  })
  afterAll(async () => {
    await o?.context.close()
    await browser?.close()
  })

  it("is set by the login form's sign-in and sent with the next one", async () => {
    o = await open(browser)
    await loginThroughForm(o.page, account)
    const cookies = await o.context.cookies()
    const device = cookies.find((c) => c.name === 'known-device')
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' })
    // kept about 180 days, not for the session only
    expect(device!.expires * 1000 - Date.now()).toBeGreaterThan(179 * 24 * 3600 * 1000)
    expect(await o.page.evaluate(() => document.cookie)).not.toContain('known-device')

    await o.page.getByRole('button', { name: 'Logout' }).click()
    await visible(o.page.getByRole('navigation').getByRole('link', { name: 'Login' }))
    const sent = new Promise<Request>((resolve) =>
      o!.page.on('request', (r) => {
        if (r.url().endsWith('/api/auth/login')) resolve(r)
      }),
    )
    await loginThroughForm(o.page, account)
    const headers = await (await sent).allHeaders()
    expect(headers.cookie).toContain(`known-device=${device!.value}`)
    expect(headers['x-xsrf-token']).toBeTruthy()
    const renewed = (await o.context.cookies()).find((c) => c.name === 'known-device')
    expect(renewed?.value).not.toBe(device!.value)
  })
})
