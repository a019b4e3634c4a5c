// PAYMENT_PROVIDER and Stripe's settings are read and checked at start, like every setting; a missing one stops the
// server (exit 1) naming it, and no message ever carries a key.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/config'
import { spawnMain } from '../../trust/support/spawn'

const dir = mkdtempSync(join(tmpdir(), 'coe-stripe-config-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const KEY = 'sk_test_51Abcdefghijklmnop'
const HOOK = 'whsec_abcdefghijklmnop'
const stripe = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: HOOK }

describe('payment settings', () => {
  it('simulates payments unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dir }).payments).toEqual({ provider: 'simulated' })
    expect(loadConfig({ DATA_DIR: dir, PAYMENT_PROVIDER: 'simulated' }).payments).toEqual({
      provider: 'simulated',
    })
  })

  it('reads Stripe with its keys and PUBLIC_URL', () => {
    expect(
      loadConfig({ DATA_DIR: dir, ...stripe, PUBLIC_URL: 'https://chess.example.org' }).payments,
    ).toEqual({
      provider: 'stripe',
      secretKey: KEY,
      webhookSecret: HOOK,
      apiBase: undefined,
    })
  })

  it('names every missing setting, and never quotes a key', () => {
    expect(() => loadConfig({ DATA_DIR: dir, PAYMENT_PROVIDER: 'stripe' })).toThrow(
      'PAYMENT_PROVIDER=stripe requires STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, PUBLIC_URL',
    )
    expect(() => loadConfig({ DATA_DIR: dir, ...stripe })).toThrow(
      'PAYMENT_PROVIDER=stripe requires PUBLIC_URL',
    )
    expect(() => loadConfig({ DATA_DIR: dir, PAYMENT_PROVIDER: 'paypal' })).toThrow(
      'PAYMENT_PROVIDER must be simulated or stripe',
    )
    for (const [name, value] of [
      ['STRIPE_SECRET_KEY', 'pk_test_publishableKey123'],
      ['STRIPE_WEBHOOK_SECRET', 'not-a-signing-secret'],
    ]) {
      let message = ''
      try {
        loadConfig({ DATA_DIR: dir, ...stripe, PUBLIC_URL: 'https://chess.example.org', [name]: value })
      } catch (err) {
        message = (err as Error).message
      }
      expect(message).toMatch(new RegExp(`^${name} is not`))
      expect(message).not.toContain(value)
    }
    expect(() =>
      loadConfig({
        DATA_DIR: dir,
        ...stripe,
        STRIPE_SECRET_KEY: 'sk_live_abcdefghijkl',
        PUBLIC_URL: 'http://x.org',
      }),
    ).toThrow('PUBLIC_URL must be https:// with a live Stripe key')
  })

  it('a server started with PAYMENT_PROVIDER=stripe and no keys exits 1 naming them', async () => {
    const p = await spawnMain({ DATA_DIR: join(dir, 'spawned'), PAYMENT_PROVIDER: 'stripe' })
    const { code } = await p.exited
    expect(code).toBe(1)
    expect(p.output()).toContain(
      'Configuration error: PAYMENT_PROVIDER=stripe requires STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, PUBLIC_URL',
    )
  }, 120_000)
})
