// A local stand-in of the Stripe endpoints the product uses, for tests: the real `stripe` SDK is pointed at it (its
// host, port and protocol options, or STRIPE_API_BASE for a server process). It answers POST /v1/checkout/sessions,
// GET /v1/checkout/sessions/:id, POST /v1/checkout/sessions/:id/expire and POST /v1/refunds as Stripe does
// (form-encoded requests, JSON answers, an Idempotency-Key answered with its first answer), and serves a hosted
// payment page: paying there completes the session, posts the signed checkout.session.completed event to the
// product's webhook and sends the browser back to the session's success_url. No request leaves this machine.
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

export const STAND_IN_SECRET_KEY = 'sk_test_standin0000000000000000'
export const STAND_IN_WEBHOOK_SECRET = 'whsec_standin0000000000000000'

export interface StandInSession {
  id: string
  object: 'checkout.session'
  mode: string
  status: 'open' | 'complete' | 'expired'
  payment_status: 'unpaid' | 'paid'
  client_reference_id: string | null
  amount_total: number
  currency: string
  payment_intent: string | null
  success_url: string
  cancel_url: string
  url: string | null
  metadata: Record<string, string>
  line_items: { name: string; unit_amount: number; quantity: number; currency: string }[]
}

export interface StandInRefund {
  id: string
  object: 'refund'
  payment_intent: string
  amount: number
  status: 'succeeded'
}

type Json = Record<string, unknown>

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`

/** `a[b][0][c]=1` form fields as the nested object Stripe reads. */
function formToObject(body: string): Json {
  const out: Json = {}
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((p) => p !== '')
    let node: Json = out
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value
      else node = (node[part] ??= {}) as Json
    })
  }
  return out
}

const text = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback)

const listOf = (value: unknown): Json[] =>
  value && typeof value === 'object' ? (Object.values(value) as Json[]) : []

export interface StripeStandIn {
  base: string
  port: number
  sessions: Map<string, StandInSession>
  refunds: StandInRefund[]
  /** Every API request (method and path), in order. */
  calls: string[]
  /** Where events are posted (the product's webhook); set once the product listens. */
  webhookUrl: string | undefined
  /** How an event reaches the product; by default a POST to webhookUrl. Server tests hand it to app.inject. */
  deliver: (payload: string, signature: string) => Promise<{ status: number; body: string }>
  /** An event of this type about this object, as Stripe builds it. */
  event(type: string, object: object): Json
  /** Signs and delivers an event (the same event twice is Stripe's retry). */
  send(event: Json, opts?: { signature?: string }): Promise<{ status: number; body: string }>
  /** The buyer pays: the session completes (amountTotal overrides what Stripe reports) and its event is sent. */
  pay(sessionId: string, opts?: { amountTotal?: number }): Promise<{ event: Json; status: number }>
  /** A header as Stripe signs a payload. */
  sign(payload: string, secret?: string): string
  /** Fails the next API calls with a 500 (Stripe unreachable) while true. */
  failing: boolean
  close(): Promise<void>
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const signer = new Stripe(STAND_IN_SECRET_KEY)
  const sessions = new Map<string, StandInSession>()
  const refunds: StandInRefund[] = []
  const calls: string[] = []
  const idempotent = new Map<string, { status: number; body: string }>()
  const standIn = {} as StripeStandIn

  const json = (res: ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body)
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') })
    res.end(text)
    return { status, body: text }
  }
  const stripeError = (res: ServerResponse, status: number, message: string) =>
    json(res, status, { error: { type: 'invalid_request_error', message } })

  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
      req.on('error', reject)
    })

  function createSession(params: Json): StandInSession {
    const lines = listOf(params.line_items).map((line) => {
      const price = (line.price_data ?? {}) as Json
      return {
        name: text(((price.product_data ?? {}) as Json).name),
        unit_amount: Number(price.unit_amount),
        quantity: Number(line.quantity ?? 1),
        currency: text(price.currency, 'usd'),
      }
    })
    const sessionId = id('cs')
    const session: StandInSession = {
      id: sessionId,
      object: 'checkout.session',
      mode: String(params.mode),
      status: 'open',
      payment_status: 'unpaid',
      client_reference_id: (params.client_reference_id as string) ?? null,
      amount_total: lines.reduce((sum, l) => sum + l.unit_amount * l.quantity, 0),
      currency: lines[0]?.currency ?? 'usd',
      payment_intent: null,
      success_url: String(params.success_url),
      cancel_url: String(params.cancel_url),
      url: `${standIn.base}/pay/${sessionId}`,
      metadata: (params.metadata as Record<string, string>) ?? {},
      line_items: lines,
    }
    sessions.set(sessionId, session)
    return session
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string) {
    calls.push(`${req.method} ${path}`)
    if (!req.headers.authorization?.includes(STAND_IN_SECRET_KEY))
      return stripeError(res, 401, 'Invalid API Key provided')
    if (standIn.failing) return stripeError(res, 500, 'The stand-in is failing on purpose')
    const body = formToObject(await read(req))
    const key = req.headers['idempotency-key']
    const scoped = typeof key === 'string' ? `${req.method} ${path} ${key}` : undefined
    if (scoped && idempotent.has(scoped)) {
      const seen = idempotent.get(scoped)!
      res.writeHead(seen.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' })
      res.end(seen.body)
      return
    }
    const answer = route(req.method ?? 'GET', path, body, res)
    if (scoped && answer.status < 500) idempotent.set(scoped, answer)
  }

  function route(method: string, path: string, body: Json, res: ServerResponse) {
    if (method === 'POST' && path === '/v1/checkout/sessions') return json(res, 200, createSession(body))
    const one = /^\/v1\/checkout\/sessions\/([\w-]+)(\/expire)?$/.exec(path)
    if (one) {
      const session = sessions.get(one[1])
      if (!session) return stripeError(res, 404, 'No such checkout.session')
      if (method === 'GET' && !one[2]) return json(res, 200, session)
      if (method === 'POST' && one[2]) {
        if (session.status !== 'open') return stripeError(res, 400, `This session is ${session.status}`)
        session.status = 'expired'
        session.url = null
        return json(res, 200, session)
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = text(body.payment_intent)
      const session = [...sessions.values()].find((s) => s.payment_intent === intent)
      if (!session) return stripeError(res, 404, `No such payment_intent: '${intent}'`)
      if (refunds.some((r) => r.payment_intent === intent))
        return stripeError(res, 400, `Charge for ${intent} has already been refunded.`)
      const refund: StandInRefund = {
        id: id('re'),
        object: 'refund',
        payment_intent: intent,
        amount: session.amount_total,
        status: 'succeeded',
      }
      refunds.push(refund)
      return json(res, 200, refund)
    }
    return stripeError(res, 404, `Unrecognized request URL (${method}: ${path})`)
  }

  function page(res: ServerResponse, session: StandInSession) {
    const lines = session.line_items
      .map((l) => `<li>${escape(l.name)}: $${(l.unit_amount / 100).toFixed(2)}</li>`)
      .join('')
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(`<!doctype html><html lang="en"><head><title>Stand-in Checkout</title></head><body>
<h1>Stand-in Checkout</h1><ul>${lines}</ul><p>Total: $${(session.amount_total / 100).toFixed(2)}</p>
<form method="post" action="/pay/${session.id}"><button type="submit">Pay</button></form>
<form method="post" action="/pay/${session.id}/cancel"><button type="submit">Cancel</button></form></body></html>`)
  }

  async function hosted(req: IncomingMessage, res: ServerResponse, path: string) {
    const m = /^\/pay\/([\w-]+)(\/cancel)?$/.exec(path)
    const session = m ? sessions.get(m[1]) : undefined
    if (!m || !session) {
      res.writeHead(404).end('no such session')
      return
    }
    if (req.method === 'GET') return page(res, session)
    await read(req)
    if (m[2]) {
      res.writeHead(303, { location: session.cancel_url }).end()
      return
    }
    const { status } = await standIn.pay(session.id)
    if (status !== 200) {
      res.writeHead(502).end(`the product answered the webhook ${status}`)
      return
    }
    res.writeHead(303, { location: session.success_url }).end()
  }

  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname
    const work = path.startsWith('/v1/') ? api(req, res, path) : hosted(req, res, path)
    work.catch((err: unknown) => {
      if (!res.headersSent) stripeError(res, 500, String(err))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port

  Object.assign(standIn, {
    base: `http://127.0.0.1:${port}`,
    port,
    sessions,
    refunds,
    calls,
    webhookUrl: undefined,
    failing: false,
    sign: (payload: string, secret = STAND_IN_WEBHOOK_SECRET) =>
      signer.webhooks.generateTestHeaderString({ payload, secret }),
    deliver: async (payload: string, signature: string) => {
      if (!standIn.webhookUrl) throw new Error('the stand-in has no webhook address')
      const r = await fetch(standIn.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      })
      return { status: r.status, body: await r.text() }
    },
    event: (type: string, object: object) => ({
      id: id('evt'),
      object: 'event',
      api_version: '2025-10-29.clover',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    }),
    send: (event: Json, opts: { signature?: string } = {}) => {
      const payload = JSON.stringify(event)
      return standIn.deliver(payload, opts.signature ?? standIn.sign(payload))
    },
    pay: async (sessionId: string, opts: { amountTotal?: number } = {}) => {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`no session ${sessionId}`)
      session.status = 'complete'
      session.payment_status = 'paid'
      session.payment_intent ??= id('pi')
      const event = standIn.event('checkout.session.completed', {
        ...session,
        amount_total: opts.amountTotal ?? session.amount_total,
      })
      const { status } = await standIn.send(event)
      return { event, status }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  } satisfies Omit<StripeStandIn, never>)
  return standIn
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
