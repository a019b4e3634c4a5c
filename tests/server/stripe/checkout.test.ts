// Stripe Checkout end to end in the server: the real `stripe` SDK against the local stand-in of Stripe's endpoints
// (tests/support/stripeStandIn.ts), its webhook events signed as Stripe signs them and handed to the app.
import type { InjectOptions } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { expectContract, expectProblem } from '../../helpers/contract'
import type { TestUser } from '../../helpers/buildServer'
import type { StripeStandIn } from '../../support/stripeStandIn'
import { useStripeServer } from './stripeServer'

const stand = useStripeServer()
const server = stand.server
let stripe: StripeStandIn
beforeAll(() => {
  stripe = stand.stripe()
})

const inject = (opts: InjectOptions) => server.current.app.inject(opts)
const q = <T>(sql: string, params: unknown[] = []) => server.current.db.query<T>(sql, params)

function expect202(
  operationId: string,
  res: Awaited<ReturnType<typeof inject>>,
): { orderId: string; url: string } {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(202)
  return expectContract(operationId, res)
}

async function shop() {
  const teacher = await server.current.createUser('instructor')
  const student = await server.current.createUser('student')
  const admin = await server.current.createUser('admin')
  const a = await server.current.createCourse(teacher, { title: 'Endgames', price: 49.5 })
  const b = await server.current.createCourse(teacher, { title: 'Openings', price: 10.1 })
  return { teacher, student, admin, a, b }
}
const add = (s: TestUser, courseId: string) =>
  inject({ method: 'POST', url: '/api/cart/items', headers: s.auth, payload: { courseId } })
const checkout = (s: TestUser, key: string) =>
  inject({ method: 'POST', url: '/api/cart/checkout', headers: { ...s.auth, 'idempotency-key': key } })
const enrolled = (s: TestUser) =>
  q<{ course_id: string }>('SELECT course_id FROM enrollments WHERE student_id = $1 ORDER BY course_id', [
    s.id,
  ])
const orderOf = (id: string) =>
  q<{ status: string; payment_reference: string | null; provider: string }>(
    'SELECT status, payment_reference, provider FROM orders WHERE id = $1',
    [id],
  ).then((r) => r[0])

async function boughtCart() {
  const world = await shop()
  await add(world.student, world.a)
  await add(world.student, world.b)
  const res = await checkout(world.student, 'cart-attempt-1')
  const redirect = expect202('checkout', res)
  const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === redirect.orderId)!
  return { ...world, redirect, session }
}

describe('Stripe Checkout', () => {
  it('says which provider takes the money', async () => {
    const res = await inject({ method: 'GET', url: '/api/payments/provider' })
    expect(expectContract('getPaymentProvider', res)).toEqual({ provider: 'stripe' })
  })

  it('checkout makes a pending order and one Checkout Session with its lines in cents; a retry answers the same session', async () => {
    const { student, a, b, redirect, session } = await boughtCart()
    expect(redirect.url).toBe(`${stripe.base}/pay/${session.id}`)
    expect(session).toMatchObject({
      mode: 'payment',
      client_reference_id: redirect.orderId,
      amount_total: 5960,
      currency: 'usd',
      success_url: `https://chess.example.org/cart?order=${redirect.orderId}`,
      cancel_url: `https://chess.example.org/cart?order=${redirect.orderId}&cancelled=1`,
      line_items: [
        { name: 'Endgames', unit_amount: 4950, quantity: 1, currency: 'usd' },
        { name: 'Openings', unit_amount: 1010, quantity: 1, currency: 'usd' },
      ],
    })
    expect(await orderOf(redirect.orderId)).toMatchObject({ status: 'pending', provider: 'stripe' })
    expect(await enrolled(student)).toEqual([])
    const again = expect202('checkout', await checkout(student, 'cart-attempt-1'))
    expect(again).toEqual(redirect)
    // Another attempt at the same cart goes back to the same session too.
    expect(expect202('checkout', await checkout(student, 'cart-attempt-2'))).toEqual(redirect)
    expect(stripe.calls.filter((c) => c === 'POST /v1/checkout/sessions').length).toBeGreaterThanOrEqual(1)
    expect(
      [...stripe.sessions.values()].filter((s) => s.client_reference_id === redirect.orderId),
    ).toHaveLength(1)
    void a
    void b
  })

  it('the completed session pays the order: enrolled, cart emptied, the receipt readable by its buyer only', async () => {
    const { student, teacher, admin, a, b, redirect, session } = await boughtCart()
    const { status } = await stripe.pay(session.id)
    expect(status).toBe(200)
    const paid = await orderOf(redirect.orderId)
    expect(paid).toMatchObject({
      status: 'paid',
      payment_reference: stripe.sessions.get(session.id)!.payment_intent,
    })
    expect((await enrolled(student)).map((e) => e.course_id).sort()).toEqual([a, b].sort())
    expect(await q('SELECT 1 FROM cart_items WHERE user_id = $1', [student.id])).toEqual([])
    const receipt = expectContract(
      'getOrder',
      await inject({ method: 'GET', url: `/api/orders/${redirect.orderId}`, headers: student.auth }),
    )
    expect(receipt).toMatchObject({
      _id: redirect.orderId,
      number: redirect.orderId.slice(0, 8).toUpperCase(),
      status: 'paid',
      total: 59.6,
      provider: 'stripe',
      lines: [
        { courseId: a, title: 'Endgames', price: 49.5 },
        { courseId: b, title: 'Openings', price: 10.1 },
      ],
    })
    expectProblem(
      'getOrder',
      await inject({ method: 'GET', url: `/api/orders/${redirect.orderId}`, headers: teacher.auth }),
      404,
    )
    expect(
      expectContract(
        'getOrder',
        await inject({ method: 'GET', url: `/api/orders/${redirect.orderId}`, headers: admin.auth }),
      ),
    ).toMatchObject({ status: 'paid' })
    const mine = expectContract(
      'getMyOrders',
      await inject({ method: 'GET', url: '/api/me/orders', headers: student.auth }),
    )
    expect(mine.map((o: { _id: string }) => o._id)).toEqual([redirect.orderId])
  })

  it('a paid course enrolls through a session too', async () => {
    const { student, a } = await shop()
    const res = await inject({
      method: 'POST',
      url: `/api/courses/${a}/enroll`,
      headers: { ...student.auth, 'idempotency-key': 'enroll-attempt-1' },
    })
    const redirect = expect202('enrollInCourse', res)
    const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === redirect.orderId)!
    expect(session.amount_total).toBe(4950)
    expect((await stripe.pay(session.id)).status).toBe(200)
    expect(await enrolled(student)).toEqual([{ course_id: a }])
    // Enrolling again answers the enrollment, as the spec's call does.
    const again = await inject({ method: 'POST', url: `/api/courses/${a}/enroll`, headers: student.auth })
    expect(again.statusCode).toBe(200)
  })

  it('a missing or wrong signature is 400 and changes nothing', async () => {
    const { redirect, session } = await boughtCart()
    stripe.sessions.get(session.id)!.payment_status = 'paid'
    const event = stripe.event('checkout.session.completed', {
      ...session,
      payment_status: 'paid',
      payment_intent: 'pi_x',
    })
    const payload = JSON.stringify(event)
    for (const signature of [undefined, 'garbage', stripe.sign(payload, 'whsec_someoneelse00000000')]) {
      const res = await inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'stripe-signature': signature } : {}),
        },
        payload,
      })
      expectProblem('receiveStripeEvent', res, 400)
    }
    expect(await orderOf(redirect.orderId)).toMatchObject({ status: 'pending' })
    expect(await q('SELECT 1 FROM payment_events')).toEqual([])
  })

  it('an expired session expires its order; the same attempt then answers 409 and a new one starts over', async () => {
    const { student, redirect, session } = await boughtCart()
    expect(
      (await stripe.send(stripe.event('checkout.session.expired', { ...session, status: 'expired' }))).status,
    ).toBe(200)
    expect(await orderOf(redirect.orderId)).toMatchObject({ status: 'expired' })
    expectProblem('checkout', await checkout(student, 'cart-attempt-1'), 409)
    const fresh = expect202('checkout', await checkout(student, 'cart-attempt-3'))
    expect(fresh.orderId).not.toBe(redirect.orderId)
  })

  it("an admin's refund goes through Stripe once and ends the enrollments; a second refund is 409", async () => {
    const { student, admin, redirect, session } = await boughtCart()
    await stripe.pay(session.id)
    const refund = (who: TestUser) =>
      inject({ method: 'POST', url: `/api/orders/${redirect.orderId}/refund`, headers: who.auth })
    expectProblem('refundOrder', await refund(student), 403)
    expect(expectContract('refundOrder', await refund(admin))).toMatchObject({ status: 'refunded' })
    expect(
      stripe.refunds.filter((r) => r.payment_intent === stripe.sessions.get(session.id)!.payment_intent),
    ).toHaveLength(1)
    expect(await enrolled(student)).toEqual([])
    expectProblem('refundOrder', await refund(admin), 409)
    const list = expectContract(
      'getOrders',
      await inject({ method: 'GET', url: '/api/orders?status=refunded', headers: admin.auth }),
    )
    expect(list.map((o: { _id: string }) => o._id)).toContain(redirect.orderId)
  })

  it("a refund made in Stripe's dashboard (charge.refunded) refunds the order and ends its enrollments", async () => {
    const { student, redirect, session } = await boughtCart()
    await stripe.pay(session.id)
    const intent = stripe.sessions.get(session.id)!.payment_intent
    const charge = {
      id: 'ch_test_1',
      object: 'charge',
      payment_intent: intent,
      refunded: true,
      amount_refunded: 5960,
      refunds: { data: [{ id: 're_dash' }] },
    }
    expect((await stripe.send(stripe.event('charge.refunded', charge))).status).toBe(200)
    expect(await orderOf(redirect.orderId)).toMatchObject({ status: 'refunded' })
    expect(await enrolled(student)).toEqual([])
  })

  it('a course deleted before the payment completes refunds the payment through the API', async () => {
    const { student, redirect, session, a } = await boughtCart()
    await q('DELETE FROM courses WHERE id = $1', [a])
    expect((await stripe.pay(session.id)).status).toBe(200)
    expect(await orderOf(redirect.orderId)).toMatchObject({ status: 'refunded' })
    expect(stripe.refunds.map((r) => r.payment_intent)).toContain(
      stripe.sessions.get(session.id)!.payment_intent,
    )
    expect(await enrolled(student)).toEqual([])
  })

  it('a checkout of another set of courses ends the older open session first (never two sessions for one course)', async () => {
    const { student, a, b, redirect, session } = await boughtCart()
    expect(
      (await inject({ method: 'DELETE', url: `/api/cart/items/${b}`, headers: student.auth })).statusCode,
    ).toBe(200)
    const fresh = expect202('checkout', await checkout(student, 'cart-attempt-2'))
    expect(fresh.orderId).not.toBe(redirect.orderId)
    expect(stripe.sessions.get(session.id)!.status).toBe('expired')
    expect(await orderOf(redirect.orderId)).toMatchObject({ status: 'expired' })
    const next = [...stripe.sessions.values()].find((s) => s.client_reference_id === fresh.orderId)!
    expect(next.line_items.map((l) => l.name)).toEqual(['Endgames'])
    expect((await stripe.pay(next.id)).status).toBe(200)
    expect(await enrolled(student)).toEqual([{ course_id: a }])
  })
})
