// Buying courses through Stripe Checkout, in the browser: a student checks out two courses, is sent to Stripe's
// hosted page (the tests' local stand-in of Stripe, which completes the session and posts the signed webhook to the
// product), comes back to 'Payment received. You are enrolled.' and reads the receipt; an admin refunds the order
// on /admin, and the courses leave the student's 'Continue Study'. This journey starts its own server with
// PAYMENT_PROVIDER=stripe on a fresh embedded database; nothing reaches the internet.
import { rmSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoAccounts } from '../../server/services/accounts/demoAccounts'
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  startStripeStandIn,
  type StripeStandIn,
} from '../support/stripeStandIn'
import { freePort, startServer, tempDir, type ServerProcess } from '../trust/support/spawn'
import { sessionStorageEntries, type Session } from './support/api'
import { launch, visible } from './support/browser'

describe('buying courses through Stripe Checkout', () => {
  let stripe: StripeStandIn
  let server: ServerProcess
  let dataDir: string
  let browser: Browser
  const titles = ['Stripe Endgames', 'Stripe Openings']

  const signIn = async (username: string) => {
    const account = demoAccounts.find((a) => a.username === username)!
    const r = await fetch(`${server.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    })
    return (await r.json()) as Session
  }
  const api = async (session: Session, method: string, path: string, body?: unknown) => {
    const r = await fetch(`${server.base}${path}`, {
      method,
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`)
    return r.json() as Promise<{ _id: string }>
  }
  async function pageOf(session: Session): Promise<Page> {
    const context = await browser.newContext({
      baseURL: server.base,
      viewport: { width: 1280, height: 900 },
      storageState: {
        cookies: [],
        origins: [{ origin: server.base, localStorage: sessionStorageEntries(session) }],
      },
    })
    // Only the product and the stand-in of Stripe: the demo's other modules play from video sites.
    await context.route('**/*', (route) => {
      const url = route.request().url()
      return url.startsWith(`${server.base}/`) || url.startsWith(`${stripe.base}/`)
        ? route.continue()
        : route.abort('blockedbyclient')
    })
    return context.newPage()
  }

  beforeAll(async () => {
    stripe = await startStripeStandIn()
    dataDir = tempDir('stripe-checkout')
    const port = await freePort()
    server = await startServer(
      {
        DATA_DIR: dataDir,
        SEED_DEMO: '1',
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.base,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
      { port },
    )
    stripe.webhookUrl = `${server.base}/api/payments/stripe/webhook`
    browser = await launch()
  }, 90_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await stripe?.close()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  it('pays on the hosted page, comes back enrolled with a receipt; a refund by an admin takes the courses away', async () => {
    const judit = await signIn('judit')
    const carol = await signIn('carol')
    const admin = await signIn('admin')
    const courses = [
      await api(judit, 'POST', '/api/courses', {
        title: titles[0],
        description: 'Rook endings',
        price: 49.5,
      }),
      await api(judit, 'POST', '/api/courses', { title: titles[1], description: 'The Italian', price: 10.1 }),
    ]
    for (const c of courses) await api(carol, 'POST', '/api/cart/items', { courseId: c._id })

    const page = await pageOf(carol)
    await page.goto('/cart')
    await (await visible(page.getByRole('button', { name: 'Checkout' }))).click()
    // Stripe's page (the stand-in) shows what is bought and the total.
    await page.waitForURL(`${stripe.base}/pay/**`)
    await visible(page.getByRole('heading', { name: 'Stand-in Checkout' }))
    expect(await page.locator('body').textContent()).toContain('Total: $59.60')
    await page.getByRole('button', { name: 'Pay' }).click()
    await page.waitForURL(/\/cart\?order=/)
    await visible(page.getByText('Payment received. You are enrolled.'))

    await page.getByRole('link', { name: 'See the receipt' }).click()
    const receipt = await visible(page.getByRole('article', { name: 'Receipt' }))
    const orderId = new URL(page.url()).pathname.split('/').at(-1)!
    const text = (await receipt.textContent()) ?? ''
    expect(text).toContain(orderId.slice(0, 8).toUpperCase())
    expect(text).toContain(`${titles[0]}$49.50`)
    expect(text).toContain(`${titles[1]}$10.10`)
    expect(text).toContain('Total: $59.60')

    await page.goto('/home')
    const study = await visible(page.getByRole('region', { name: 'Continue Study' }))
    for (const title of titles) await visible(study.getByRole('link', { name: title }))

    const adminPage = await pageOf(admin)
    await adminPage.goto('/admin')
    await visible(adminPage.getByText('Payment provider:'))
    expect(await adminPage.getByText('Payment provider:').textContent()).toContain('Stripe')
    await (
      await visible(
        adminPage.getByRole('button', { name: `Refund order ${orderId.slice(0, 8).toUpperCase()}` }),
      )
    ).click()
    const dialog = adminPage.getByRole('dialog', { name: 'Refund this order?' })
    await dialog.getByRole('button', { name: 'Refund' }).click()
    await visible(adminPage.getByText('Order refunded.'))
    expect(stripe.refunds).toHaveLength(1)

    // carol keeps the demo course she was enrolled in before: the list shows, without the refunded ones.
    await page.goto('/home')
    const after = await visible(page.getByRole('region', { name: 'Continue Study' }))
    await expect.poll(() => after.getByRole('link').count(), { timeout: 15_000 }).toBeGreaterThan(0)
    await expect.poll(() => after.getByRole('link', { name: titles[0] }).count(), { timeout: 15_000 }).toBe(0)
    expect(await after.getByRole('link', { name: titles[1] }).count()).toBe(0)
  }, 120_000)
})
