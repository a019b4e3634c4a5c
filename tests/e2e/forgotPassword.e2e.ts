// Forgot password in a real browser, with the mail the real server wrote (no SMTP_URL: an .eml file in its
// DATA_DIR/mail/): the link from /login, the answer, the mail, the reset page, signing in with the new password; the
// link then works no more.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { simpleParser, type ParsedMail } from 'mailparser'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from './support/api'
import { launch, loginThroughForm, open, seeText, visible, type Opened } from './support/browser'
import { baseUrl, dataDir, unique } from './support/env'

/** The newest mail to `to` with this subject in the server's mail folder, waiting for the sender to write it. */
async function mailTo(to: string, subject: string, timeoutMs = 20_000): Promise<ParsedMail> {
  const folder = join(dataDir!, 'mail')
  const deadline = Date.now() + timeoutMs
  for (;;) {
    let files: string[] = []
    try {
      files = readdirSync(folder).filter((f) => f.endsWith('.eml'))
    } catch {
      // no mail written yet
    }
    for (const file of files.sort().reverse()) {
      const mail = await simpleParser(readFileSync(join(folder, file)))
      const address = mail.to && !Array.isArray(mail.to) ? mail.to.text : ''
      if (address === to && mail.subject === subject) return mail
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with subject "${subject}" in ${folder}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

describe('forgot password', () => {
  let browser: Browser
  let o: Opened | undefined
  const username = unique('fp_')
  const account = { username, email: `${username}@example.test`, password: 'quiet-rook-on-the-seventh' }
  const newPassword = 'bishop-pair-in-the-endgame'

  beforeAll(async () => {
    browser = await launch()
    await call('POST', '/api/auth/register', undefined, account)
  })
  afterAll(async () => {
    await o?.context.close()
    await browser?.close()
  })

  it('mails a link that sets a new password; the new password signs in; the link is then refused', async () => {
    expect(dataDir, 'E2E_DATA_DIR (set by scripts/e2e.mjs)').toBeTruthy()
    o = await open(browser)
    const { page } = o
    await page.goto('/login')
    await (await visible(page.getByRole('link', { name: 'Forgot password?' }))).click()
    await page.waitForURL((u) => u.pathname === '/forgot-password')
    // The router keeps the login page (and its own 'Email') on screen while the next page's code loads: the form
    // is filled once the page it belongs to shows.
    await visible(page.getByRole('heading', { name: 'Forgot password?' }))
    await page.getByLabel('Email').fill(account.email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await seeText(page, 'If an account uses this email, we sent a link to reset its password.')

    const mail = await mailTo(account.email, 'Reset your Chess Online Education password')
    const port = new URL(baseUrl).port
    // built from PUBLIC_URL, which a local run leaves to http://localhost:{PORT}
    const match = new RegExp(`http://localhost:${port}/reset-password\\?token=[A-Za-z0-9_-]{43}`).exec(
      mail.text!,
    )
    expect(match, mail.text).not.toBeNull()
    const link = new URL(match![0])
    expect(mail.html).toContain(`href="${link.href}"`)
    const token = link.searchParams.get('token')!

    await page.goto(`${link.pathname}${link.search}`)
    await page.getByLabel('New password', { exact: true }).fill(newPassword)
    await page.getByLabel('New password again').fill(newPassword)
    await page.getByRole('button', { name: 'Set new password' }).click()
    await seeText(page, 'Your password was changed. Please log in.')

    await loginThroughForm(page, { email: account.email, password: newPassword })
    await visible(page.getByRole('button', { name: 'Logout' }))

    // the link's token again: refused
    const again = await fetch(`${baseUrl}/api/auth/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, newPassword: 'yet-another-password-9' }),
    })
    expect(again.status).toBe(401)
    // and the page of the old link says so, with a way to ask again
    await page.goto(`${link.pathname}${link.search}`)
    await page.getByLabel('New password', { exact: true }).fill('yet-another-password-9')
    await page.getByLabel('New password again').fill('yet-another-password-9')
    await page.getByRole('button', { name: 'Set new password' }).click()
    await seeText(page, 'This link has expired or was already used.')
    await visible(page.getByRole('link', { name: 'Ask for a new link' }))
  })
})
