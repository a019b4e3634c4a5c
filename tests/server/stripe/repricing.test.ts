// An open Checkout Session keeps the prices it was made with, so a price changed since means a new
// session. The old one is expired at Stripe (the real `stripe` SDK against the local stand-in) and its order with it;
// the buyer is always sent to a session for today's prices.
import type { InjectOptions } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { expectContract, expectProblem } from '../../helpers/contract'
import type { TestUser } from '../../helpers/buildServer'
import type { StandInSession, StripeStandIn } from '../../support/stripeStandIn'
import { useStripeServer } from './stripeServer'

const stand = useStripeServer()
const server = stand.server
let stripe: StripeStandIn
beforeAll(() => {
  stripe = stand.stripe()
})

const inject = (opts: InjectOptions) => server.current.app.inject(opts)

/** The session a 202 answer sends the buyer to, as the stand-in holds it. */
function sessionOf(operationId: string, res: Awaited<ReturnType<typeof inject>>) {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(202)
  const redirect = expectContract(operationId, res) as { orderId: string; url: string }
  const session = [...stripe.sessions.values()].find((s) => s.url === redirect.url)
  expect(session, `no open session at ${redirect.url}`).toBeDefined()
  return { redirect, session: session! }
}

const enroll = (s: TestUser, courseId: string, key: string) =>
  inject({
    method: 'POST',
    url: `/api/courses/${courseId}/enroll`,
    headers: { ...s.auth, 'idempotency-key': key },
  })
const checkout = (s: TestUser, key: string) =>
  inject({ method: 'POST', url: '/api/cart/checkout', headers: { ...s.auth, 'idempotency-key': key } })
const reprice = async (teacher: TestUser, courseId: string, price: number) => {
  const res = await inject({
    method: 'PATCH',
    url: `/api/courses/${courseId}`,
    headers: teacher.auth,
    payload: { price },
  })
  expect(expectContract('updateCourse', res)).toMatchObject({ price })
}
const orderStatus = async (s: TestUser, orderId: string) =>
  (
    expectContract(
      'getOrder',
      await inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: s.auth }),
    ) as {
      status: string
    }
  ).status

/** The old session was ended at Stripe, by its expire call. */
function expectExpiredAtStripe(old: StandInSession) {
  expect(stripe.calls).toContain(`POST /v1/checkout/sessions/${old.id}/expire`)
  expect(stripe.sessions.get(old.id)!.status).toBe('expired')
}

async function people() {
  const teacher = await server.current.createUser('instructor')
  const student = await server.current.createUser('student')
  return { teacher, student }
}

describe('a price changed while a Checkout Session is open', () => {
  it("'Enroll Now' after a price rise from 30 to 99 sends the buyer to a new 9,900-cent session and expires the 3,000-cent one", async () => {
    const { teacher, student } = await people()
    const course = await server.current.createCourse(teacher, { title: 'Endgames', price: 30 })
    const first = sessionOf('enrollInCourse', await enroll(student, course, 'enroll-attempt-1'))
    expect(first.session.amount_total).toBe(3000)

    await reprice(teacher, course, 99)
    const second = sessionOf('enrollInCourse', await enroll(student, course, 'enroll-attempt-2'))
    expect(second.session.amount_total).toBe(9900)
    expect(second.session.line_items).toEqual([
      { name: 'Endgames', unit_amount: 9900, quantity: 1, currency: 'usd' },
    ])
    expect(second.redirect.orderId).not.toBe(first.redirect.orderId)
    expectExpiredAtStripe(first.session)
    expect(await orderStatus(student, first.redirect.orderId)).toBe('expired')
  })

  it('a session Stripe already expired on its own is replaced as well: the buyer gets a new session, not a 503', async () => {
    const { teacher, student } = await people()
    const course = await server.current.createCourse(teacher, { title: 'Pawn Structures', price: 30 })
    const first = sessionOf('enrollInCourse', await enroll(student, course, 'enroll-attempt-1'))
    // a day later Stripe has ended the session itself; its checkout.session.expired event has not come yet
    stripe.sessions.get(first.session.id)!.status = 'expired'

    await reprice(teacher, course, 45)
    const second = sessionOf('enrollInCourse', await enroll(student, course, 'enroll-attempt-2'))
    expect(second.session.amount_total).toBe(4500)
    expect(await orderStatus(student, first.redirect.orderId)).toBe('expired')
  })

  it('after a drop from 99 to 5 the buyer pays 5: the 9,900-cent session is expired and the new one is paid at 500 cents', async () => {
    const { teacher, student } = await people()
    const course = await server.current.createCourse(teacher, { title: 'Openings', price: 99 })
    const first = sessionOf('enrollInCourse', await enroll(student, course, 'enroll-attempt-1'))
    expect(first.session.amount_total).toBe(9900)

    await reprice(teacher, course, 5)
    const second = sessionOf('enrollInCourse', await enroll(student, course, 'enroll-attempt-2'))
    expect(second.session.amount_total).toBe(500)
    expectExpiredAtStripe(first.session)

    expect((await stripe.pay(second.session.id)).status).toBe(200)
    const receipt = expectContract(
      'getOrder',
      await inject({ method: 'GET', url: `/api/orders/${second.redirect.orderId}`, headers: student.auth }),
    )
    expect(receipt).toMatchObject({ status: 'paid', total: 5, lines: [{ courseId: course, price: 5 }] })
    const again = await inject({
      method: 'POST',
      url: `/api/courses/${course}/enroll`,
      headers: student.auth,
    })
    expect(again.statusCode).toBe(200)
  })

  it('a cart whose total went from 59.50 to 99.50 checks out into a 9,950-cent session, the 5,950-cent one expired', async () => {
    const { teacher, student } = await people()
    const a = await server.current.createCourse(teacher, { title: 'Endgames', price: 49.5 })
    const b = await server.current.createCourse(teacher, { title: 'Tactics', price: 10 })
    for (const courseId of [a, b]) {
      const res = await inject({
        method: 'POST',
        url: '/api/cart/items',
        headers: student.auth,
        payload: { courseId },
      })
      expect(res.statusCode).toBe(200)
    }
    const first = sessionOf('checkout', await checkout(student, 'cart-attempt-1'))
    expect(first.session.amount_total).toBe(5950)

    await reprice(teacher, b, 50)
    const cart = expectContract(
      'getCart',
      await inject({ method: 'GET', url: '/api/cart', headers: student.auth }),
    )
    expect(cart.total).toBe(99.5)
    const second = sessionOf('checkout', await checkout(student, 'cart-attempt-2'))
    expect(second.session.amount_total).toBe(9950)
    expect(second.session.line_items.map((l) => [l.name, l.unit_amount])).toEqual([
      ['Endgames', 4950],
      ['Tactics', 5000],
    ])
    expectExpiredAtStripe(first.session)
    expect(await orderStatus(student, first.redirect.orderId)).toBe('expired')
  })

  it('a retry of the same attempt after a price change is 409 (nothing charged, old session expired); the next attempt pays today’s price', async () => {
    const { teacher, student } = await people()
    const course = await server.current.createCourse(teacher, { title: 'Endgames', price: 30 })
    const first = sessionOf('enrollInCourse', await enroll(student, course, 'enroll-attempt-1'))

    await reprice(teacher, course, 99)
    const retry = await enroll(student, course, 'enroll-attempt-1')
    expectProblem('enrollInCourse', retry, 409)
    expect(JSON.parse(retry.body).detail).toBe(
      'The price changed since this purchase began and nothing was charged; start a new one',
    )
    expectExpiredAtStripe(first.session)
    // The same attempt keeps its answer.
    expectProblem('enrollInCourse', await enroll(student, course, 'enroll-attempt-1'), 409)

    const next = sessionOf('enrollInCourse', await enroll(student, course, 'enroll-attempt-2'))
    expect(next.session.amount_total).toBe(9900)
  })

  it('an unchanged price still goes back to the open session', async () => {
    const { teacher, student } = await people()
    const course = await server.current.createCourse(teacher, { title: 'Endgames', price: 30 })
    const first = sessionOf('enrollInCourse', await enroll(student, course, 'enroll-attempt-1'))
    await reprice(teacher, course, 30)
    const second = sessionOf('enrollInCourse', await enroll(student, course, 'enroll-attempt-2'))
    expect(second.redirect).toEqual(first.redirect)
    expect(stripe.calls).not.toContain(`POST /v1/checkout/sessions/${first.session.id}/expire`)
  })

  it('a late checkout.session.completed for the replaced session is refunded and never completes an order at the old price', async () => {
    const { teacher, student } = await people()
    const course = await server.current.createCourse(teacher, { title: 'Endgames', price: 30 })
    const first = sessionOf('enrollInCourse', await enroll(student, course, 'enroll-attempt-1'))
    await reprice(teacher, course, 99)
    const second = sessionOf('enrollInCourse', await enroll(student, course, 'enroll-attempt-2'))

    // Stripe said the old session was paid after all, at its 3,000 cents.
    expect((await stripe.pay(first.session.id)).status).toBe(200)
    const intent = stripe.sessions.get(first.session.id)!.payment_intent
    expect(stripe.refunds.filter((r) => r.payment_intent === intent)).toEqual([
      expect.objectContaining({ amount: 3000 }),
    ])
    expect(await orderStatus(student, first.redirect.orderId)).toBe('expired')
    expect(await orderStatus(student, second.redirect.orderId)).toBe('pending')
    const enrolled = await inject({
      method: 'GET',
      url: `/api/courses/user/${student.id}/enrolled`,
      headers: student.auth,
    })
    expect(expectContract('getEnrolledCourses', enrolled)).toEqual([])

    expect((await stripe.pay(second.session.id)).status).toBe(200)
    expect(await orderStatus(student, second.redirect.orderId)).toBe('paid')
  })
})
