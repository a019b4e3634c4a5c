// Stripe's webhook under attack and disorder: a forged signature, a replayed event, a paid amount that differs from
// the order, a session completed after the cart changed, a refund asked twice, and the same event reaching two
// instances at once. The real `stripe` SDK talks to a local stand-in of Stripe (tests/support/stripeStandIn.ts).
// At the end, per database: money taken without a course delivered = paid in sessions − refunded − paid orders = 0.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../server/app'
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  startStripeStandIn,
  type StripeStandIn,
} from '../../support/stripeStandIn'
import { changedTables, fingerprint } from '../support/fingerprint'
import { runDatabases, startApp, type AppHarness } from '../support/harness'
import { injectSender, json, type Send } from '../support/http'
import { account, createCourse, type Account } from '../support/world'

const figures: Record<string, unknown>[] = []

for (const database of runDatabases()) {
  describe(`Stripe's webhook on ${database}`, () => {
    let stripe: StripeStandIn
    let h: AppHarness
    let instructor: Account
    let admin: Account
    /** A second instance on the same database (its own Fastify app and provider). */
    let other: Awaited<ReturnType<typeof buildApp>>
    let otherSend: Send
    const hook = (send: Send) => async (payload: string, signature: string) => {
      const r = await send({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      })
      return { status: r.status, body: r.text }
    }

    beforeAll(async () => {
      stripe = await startStripeStandIn()
      h = await startApp({
        database,
        env: {
          PAYMENT_PROVIDER: 'stripe',
          STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
          STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
          STRIPE_API_BASE: stripe.base,
          PUBLIC_URL: 'https://chess.example.org',
        },
      })
      stripe.deliver = hook(h.send)
      other = await buildApp({ config: h.config, db: h.db, logger: false })
      await other.ready()
      otherSend = injectSender(other)
      instructor = await account(h, 'instructor')
      admin = await account(h, 'admin')
    })
    afterAll(async () => {
      const [paid] = await h.query<{ cents: string }>(
        "select coalesce(sum(total_cents), 0)::bigint as cents from orders where status = 'paid'",
      )
      const taken = [...stripe.sessions.values()]
        .filter((s) => s.payment_status === 'paid')
        .reduce((sum, s) => sum + s.amount_total, 0)
      const refunded = stripe.refunds.reduce((sum, r) => sum + r.amount, 0)
      figures.push({
        database,
        taken,
        refunded,
        paid: Number(paid.cents),
        lost: taken - refunded - Number(paid.cents),
      })
      expect(taken - refunded - Number(paid.cents)).toBe(0)
      await other?.close()
      await h?.close()
      await stripe?.close()
    })

    /** A student with these courses in the cart, sent to Stripe: the order id and its session. */
    async function toStripe(prices: number[]) {
      const student = await account(h, 'student')
      const courses = []
      for (const price of prices) {
        const c = await createCourse(h.send, instructor, { price })
        courses.push(c)
        await h.send({
          method: 'POST',
          url: '/api/cart/items',
          token: student.token,
          ...json({ courseId: c._id }),
        })
      }
      const res = await h.send({ method: 'POST', url: '/api/cart/checkout', token: student.token })
      expect(res.status, res.text).toBe(202)
      const orderId = res.body.orderId as string
      const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === orderId)!
      return { student, courses, orderId, session }
    }
    const statusOf = async (orderId: string) =>
      (await h.query<{ status: string }>('select status from orders where id = $1', [orderId]))[0].status
    const enrollmentsOf = async (student: Account) =>
      (
        await h.query<{ course_id: string }>('select course_id from enrollments where student_id = $1', [
          student.id,
        ])
      ).map((r) => r.course_id)

    it('a forged signature is 400 and changes nothing', async () => {
      const { orderId, session } = await toStripe([30])
      const before = await fingerprint(h)
      const events = (await h.query('select count(*)::int as n from payment_events'))[0]
      const forged = stripe.event('checkout.session.completed', {
        ...session,
        status: 'complete',
        payment_status: 'paid',
        payment_intent: 'pi_forged',
      })
      const payload = JSON.stringify(forged)
      const attempts = [
        stripe.sign(payload, 'whsec_attacker00000000000000'),
        stripe.sign(payload).replace(/v1=([0-9a-f])/, (_m, c: string) => `v1=${c === '0' ? '1' : '0'}`),
        stripe.sign(JSON.stringify({ ...forged, id: 'evt_other' })),
        `t=${Math.floor(Date.now() / 1000) - 3600},v1=${'0'.repeat(64)}`,
        '',
      ]
      for (const signature of attempts) {
        const res = await stripe.deliver(payload, signature)
        expect(res.status, signature).toBe(400)
      }
      // A correct signature made an hour ago is too old (the SDK's default tolerance is 5 minutes).
      const old = stripe.sign(payload).replace(/t=\d+/, `t=${Math.floor(Date.now() / 1000) - 3600}`)
      expect((await stripe.deliver(payload, old)).status).toBe(400)
      expect(changedTables(before, await fingerprint(h))).toEqual([])
      expect((await h.query('select count(*)::int as n from payment_events'))[0]).toEqual(events)
      expect(await statusOf(orderId)).toBe('pending')
      figures.push({
        database,
        case: 'forged signature',
        attempts: attempts.length + 1,
        answered400: attempts.length + 1,
      })
    })

    it('a replayed event (the same event again, and a new event for the same session) pays once', async () => {
      const { student, courses, orderId, session } = await toStripe([12.5, 7.25])
      const { event, status } = await stripe.pay(session.id)
      expect(status).toBe(200)
      for (let i = 0; i < 3; i++) expect((await stripe.send(event)).status).toBe(200)
      const again = stripe.event('checkout.session.completed', stripe.sessions.get(session.id)!)
      expect((await stripe.send(again)).status).toBe(200)
      expect(await statusOf(orderId)).toBe('paid')
      expect((await enrollmentsOf(student)).sort()).toEqual(courses.map((c) => c._id).sort())
      expect(await h.query('select 1 from orders where user_id = $1', [student.id])).toHaveLength(1)
      const intent = stripe.sessions.get(session.id)!.payment_intent
      expect(stripe.refunds.filter((r) => r.payment_intent === intent)).toEqual([])
      figures.push({ database, case: 'replayed event', deliveries: 5, paidOrders: 1 })
    })

    it('a paid amount different from the order is refunded, never delivered', async () => {
      const { student, orderId, session } = await toStripe([40])
      const refundsBefore = stripe.refunds.length
      expect((await stripe.pay(session.id, { amountTotal: 100 })).status).toBe(200)
      expect(await statusOf(orderId)).toBe('refunded')
      expect(await enrollmentsOf(student)).toEqual([])
      expect(stripe.refunds.length).toBe(refundsBefore + 1)
      figures.push({ database, case: 'amount differs', refunded: 1, enrolled: 0 })
    })

    it('a session completed after the cart changed delivers what was paid for and leaves the new cart alone', async () => {
      const { student, courses, orderId, session } = await toStripe([15, 25])
      const added = await createCourse(h.send, instructor, { price: 5 })
      await h.send({ method: 'DELETE', url: `/api/cart/items/${courses[1]._id}`, token: student.token })
      await h.send({
        method: 'POST',
        url: '/api/cart/items',
        token: student.token,
        ...json({ courseId: added._id }),
      })
      expect((await stripe.pay(session.id)).status).toBe(200)
      expect(await statusOf(orderId)).toBe('paid')
      expect((await enrollmentsOf(student)).sort()).toEqual(courses.map((c) => c._id).sort())
      const cart = await h.send({ method: 'GET', url: '/api/cart', token: student.token })
      expect(cart.body.items.map((c: { _id: string }) => c._id)).toEqual([added._id])
      figures.push({ database, case: 'cart changed', enrolled: 2, leftInCart: 1 })
    })

    it('a refund asked twice (one after the other, and two at once) refunds once', async () => {
      const { student, orderId, session } = await toStripe([60])
      await stripe.pay(session.id)
      const intent = stripe.sessions.get(session.id)!.payment_intent
      const refund = () =>
        h.send({ method: 'POST', url: `/api/orders/${orderId}/refund`, token: admin.token })
      const both = await Promise.all([refund(), refund()])
      expect(both.map((r) => r.status).sort()).toEqual(expect.arrayContaining([200]))
      for (const r of both) expect([200, 409]).toContain(r.status)
      expect((await refund()).status).toBe(409)
      expect(stripe.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(1)
      expect(await statusOf(orderId)).toBe('refunded')
      expect(await enrollmentsOf(student)).toEqual([])
      // Stripe then reports the refund (charge.refunded): nothing changes.
      const charge = {
        id: 'ch_x',
        object: 'charge',
        payment_intent: intent,
        refunded: true,
        refunds: { data: [] },
      }
      expect((await stripe.send(stripe.event('charge.refunded', charge))).status).toBe(200)
      expect(await statusOf(orderId)).toBe('refunded')
      figures.push({
        database,
        case: 'refund twice',
        asked: 3,
        refunds: 1,
        statuses: both.map((r) => r.status),
      })
    })

    it('the same event reaching two instances at once completes the order once', async () => {
      const results: string[] = []
      for (let round = 0; round < 5; round++) {
        const { student, courses, orderId, session } = await toStripe([9.99, 1.01])
        const stored = stripe.sessions.get(session.id)!
        stored.status = 'complete'
        stored.payment_status = 'paid'
        stored.payment_intent = `pi_test_twice_${round}_${database}`
        const event = stripe.event('checkout.session.completed', stored)
        const payload = JSON.stringify(event)
        const signature = stripe.sign(payload)
        const answers = await Promise.all([
          hook(h.send)(payload, signature),
          hook(otherSend)(payload, signature),
        ])
        expect(answers.map((a) => a.status)).toEqual([200, 200])
        expect(await statusOf(orderId)).toBe('paid')
        expect((await enrollmentsOf(student)).sort()).toEqual(courses.map((c) => c._id).sort())
        expect(stripe.refunds.filter((r) => r.payment_intent === stored.payment_intent)).toHaveLength(0)
        expect(await h.query('select 1 from payment_events where id = $1', [event.id])).toHaveLength(1)
        results.push(await statusOf(orderId))
      }
      figures.push({ database, case: 'two instances, same event', rounds: 5, paid: results.length })
    })
  })
}

afterAll(() => {
  console.log(`Stripe webhook trust figures: ${JSON.stringify(figures)}`)
})
