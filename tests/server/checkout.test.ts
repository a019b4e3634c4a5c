// Paying for courses (checkout and paid enrollment) with a provider that fails at each step: money is
// never taken without a paid order or a refund, and a retry with the same Idempotency-Key never charges twice.
import { randomUUID } from 'node:crypto'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { beforeEach, describe, expect, it } from 'vitest'
import { expectContract, expectProblem } from '../helpers/contract'
import { useTestServer, type TestUser } from '../helpers/buildServer'
import {
  LocalPaymentProvider,
  type PaymentProvider,
  type PaymentRequest,
  type PaymentResult,
} from '../../server/services/commerce/payments'
import * as orders from '../../server/services/commerce/orders'

/** A provider like a real one (deduplicates charges by user and key, refunds once), with injectable failures. */
class TestProvider implements PaymentProvider {
  charges = new Map<string, { reference: string; amount: number; refund?: string }>()
  calls: PaymentRequest[] = []
  refundCalls = 0
  mode: 'approve' | 'decline' | 'throw' | 'lose-response' = 'approve'
  refundFails = false
  /** Runs after an approval is recorded, before the answer: a failure injected between charge and commit. */
  afterApproval?: (req: PaymentRequest) => Promise<void>
  /** How long the provider takes to answer, in ms. */
  latency = 0

  async charge(req: PaymentRequest): Promise<PaymentResult> {
    this.calls.push(req)
    if (this.latency) await new Promise((resolve) => setTimeout(resolve, this.latency))
    if (this.mode === 'throw') throw new Error('payment provider unreachable')
    if (this.mode === 'decline') return { approved: false, reason: 'Card declined' }
    const key = `${req.userId}:${req.idempotencyKey}`
    let charge = this.charges.get(key)
    if (!charge) {
      charge = { reference: `test-${randomUUID()}`, amount: req.amount }
      this.charges.set(key, charge)
    }
    await this.afterApproval?.(req)
    if (this.mode === 'lose-response') throw new Error('connection reset after the charge was made')
    return { approved: true, reference: charge.reference, ...(charge.refund ? { refunded: true } : {}) }
  }

  async refund(reference: string) {
    this.refundCalls++
    if (this.refundFails) throw new Error('refund service down')
    const charge = [...this.charges.values()].find((c) => c.reference === reference)
    if (!charge) throw new Error(`unknown charge ${reference}`)
    charge.refund ??= `refund-${randomUUID()}`
    return { reference: charge.refund }
  }

  cents(which: 'charged' | 'refunded'): number {
    return [...this.charges.values()]
      .filter((c) => which === 'charged' || c.refund)
      .reduce((sum, c) => sum + Math.round(c.amount * 100), 0)
  }
}

let provider = new TestProvider()
const server = useTestServer({
  payments: { charge: (req) => provider.charge(req), refund: (ref) => provider.refund(ref) },
})
beforeEach(() => {
  provider = new TestProvider()
})
const inject = (opts: InjectOptions) => server.current.app.inject(opts)
const q = <T = Record<string, unknown>>(sql: string, params?: unknown[]) =>
  server.current.db.query<T>(sql, params)

async function shop(prices = [10.1, 20.2]) {
  const teacher = await server.current.createUser('instructor')
  const student = await server.current.createUser('student')
  const courses: string[] = []
  for (const [i, price] of prices.entries())
    courses.push(await server.current.createCourse(teacher, { title: `C${i}`, price }))
  return { teacher, student, courses }
}
async function fill(student: TestUser, courses: string[]) {
  for (const courseId of courses) {
    const res = await inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: student.auth,
      payload: { courseId },
    })
    expect(res.statusCode).toBe(200)
  }
}
const key = () => randomUUID()
const checkout = (student: TestUser, k?: string) =>
  inject({
    method: 'POST',
    url: '/api/cart/checkout',
    headers: { ...student.auth, ...(k ? { 'idempotency-key': k } : {}) },
  })
const enroll = (student: TestUser, courseId: string, k?: string) =>
  inject({
    method: 'POST',
    url: `/api/courses/${courseId}/enroll`,
    headers: { ...student.auth, ...(k ? { 'idempotency-key': k } : {}) },
  })

/** charged − refunded − paid orders' totals, in cents: the money taken without a course delivered. */
async function moneyLost(): Promise<number> {
  const [paid] = await q<{ cents: string }>(
    "SELECT coalesce(sum(total_cents), 0)::bigint AS cents FROM orders WHERE status = 'paid'",
  )
  return provider.cents('charged') - provider.cents('refunded') - Number(paid.cents)
}
const enrollments = (student: TestUser) =>
  q<{ course_id: string }>('SELECT course_id FROM enrollments WHERE student_id = $1 ORDER BY course_id', [
    student.id,
  ])
const ordersOf = (student: TestUser) =>
  q<{ id: string; status: string; total: number; payment_reference: string | null }>(
    'SELECT id, status, total_cents::float8 / 100 AS total, payment_reference FROM orders WHERE user_id = $1 ORDER BY created_at',
    [student.id],
  )
/** A 5xx problem+json (the contract declares no 5xx for these operations). */
function expectServerProblem(res: LightMyRequestResponse, status: number): { detail: string } {
  expect(res.statusCode, res.body).toBe(status)
  expect(res.headers['content-type']).toContain('application/problem+json')
  const body = res.json()
  expect(body).toMatchObject({ status })
  return body
}

describe('paid enrollment goes through the payment provider', () => {
  it('charges the course price once with one order; enrolling again is 200 and charges nothing', async () => {
    const { student, courses } = await shop([24.5])
    const res = await enroll(student, courses[0])
    expect(res.statusCode).toBe(201)
    expect(expectContract('enrollInCourse', res)).toMatchObject({
      courseId: courses[0],
      studentId: student.id,
    })
    expect(provider.calls.map((c) => c.amount)).toEqual([24.5])
    expect(provider.calls[0].idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,100}$/)
    const [order] = await ordersOf(student)
    expect(order).toMatchObject({ status: 'paid', total: 24.5 })
    expect(await q('SELECT course_id FROM order_items WHERE order_id = $1', [order.id])).toEqual([
      { course_id: courses[0] },
    ])
    const again = await enroll(student, courses[0])
    expect(again.statusCode).toBe(200)
    expect(provider.calls).toHaveLength(1)
    expect(await ordersOf(student)).toHaveLength(1)
  })

  it('enrolls in a free course directly, with no order and no charge', async () => {
    const { student, courses } = await shop([0])
    expect((await enroll(student, courses[0])).statusCode).toBe(201)
    expect(await enrollments(student)).toHaveLength(1)
    expect(provider.calls).toHaveLength(0)
    expect(await ordersOf(student)).toHaveLength(0)
  })

  it('a declined payment is 402 problem+json and enrolls nothing; a retry with the same key is declined again without a charge', async () => {
    const { student, courses } = await shop([15])
    provider.mode = 'decline'
    const k = key()
    expect(expectProblem('enrollInCourse', await enroll(student, courses[0], k), 402).detail).toBe(
      'Card declined',
    )
    expect(await enrollments(student)).toHaveLength(0)
    expect((await ordersOf(student)).map((o) => o.status)).toEqual(['declined'])
    provider.mode = 'approve'
    expectProblem('enrollInCourse', await enroll(student, courses[0], k), 402)
    expect(provider.calls).toHaveLength(1)
    // a new attempt (new key) pays
    expect((await enroll(student, courses[0], key())).statusCode).toBe(201)
    expect(await moneyLost()).toBe(0)
  })

  it('the same key for a course twice answers the same enrollment; the key for another purchase is 409; a bad key is 400', async () => {
    const { student, courses } = await shop([5, 6])
    const k = key()
    const first = await enroll(student, courses[0], k)
    expect(first.statusCode).toBe(201)
    const again = await enroll(student, courses[0], k)
    expect(again.statusCode).toBe(201)
    expect(again.json()).toEqual(first.json())
    expectProblem('enrollInCourse', await enroll(student, courses[1], k), 409)
    await fill(student, [courses[1]])
    expectProblem('checkout', await checkout(student, k), 409)
    expectProblem('checkout', await checkout(student, 'short'), 400)
    expectProblem('enrollInCourse', await enroll(student, courses[1], 'has spaces in it'), 400)
    expect(provider.calls).toHaveLength(1)
  })

  it('five enrollments of one student in one paid course at once: one charge, one 201, four 200', async () => {
    const { student, courses } = await shop([30])
    const rs = await Promise.all([0, 1, 2, 3, 4].map(() => enroll(student, courses[0])))
    expect(rs.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201])
    expect(provider.charges.size).toBe(1)
    expect(await ordersOf(student)).toHaveLength(1)
    expect(await enrollments(student)).toHaveLength(1)
  })
})

describe('checkout: a pending order, the charge, then the paid order', () => {
  it('sends the client key to the provider; a retry with that key answers the same order (201) and charges once', async () => {
    const { student, courses } = await shop()
    await fill(student, courses)
    const k = key()
    const first = await checkout(student, k)
    expect(first.statusCode).toBe(201)
    const order = expectContract('checkout', first)
    expect(order).toMatchObject({ courseIds: courses, total: 30.3 })
    expect(provider.calls.map((c) => [c.idempotencyKey, c.amount])).toEqual([[k, 30.3]])
    const again = await checkout(student, k)
    expect(again.statusCode).toBe(201)
    expect(again.json()).toEqual(order)
    expect(provider.calls).toHaveLength(1)
    expect((await ordersOf(student)).map((o) => o.status)).toEqual(['paid'])
    expect(await enrollments(student)).toHaveLength(2)
  })

  it('a retry with the same key after the cart changed still answers the first order', async () => {
    const { student, courses } = await shop([1, 2, 3])
    await fill(student, courses.slice(0, 2))
    const k = key()
    const order = (await checkout(student, k)).json()
    await fill(student, [courses[2]])
    expect((await checkout(student, k)).json()).toEqual(order)
    expect(provider.calls).toHaveLength(1)
    expect(
      (await inject({ method: 'GET', url: '/api/cart', headers: student.auth })).json().items,
    ).toHaveLength(1)
  })

  it('two checkouts with the same key at once: one charge, both answered the same order', async () => {
    const { student, courses } = await shop()
    await fill(student, courses)
    const k = key()
    const rs = await Promise.all([checkout(student, k), checkout(student, k)])
    expect(rs.map((r) => r.statusCode)).toEqual([201, 201])
    expect(rs[0].json()._id).toBe(rs[1].json()._id)
    expect(provider.calls).toHaveLength(1)
    expect(await ordersOf(student)).toHaveLength(1)
  })

  it('the provider failing: 502 problem, nothing enrolled, no money taken; a retry with the same key pays once', async () => {
    const { student, courses } = await shop()
    await fill(student, courses)
    provider.mode = 'throw'
    const k = key()
    const failed = expectServerProblem(await checkout(student, k), 502)
    expect(failed.detail).not.toContain('unreachable')
    expect(await enrollments(student)).toHaveLength(0)
    expect((await ordersOf(student)).map((o) => o.status)).toEqual(['pending'])
    expect(provider.charges.size).toBe(0)
    provider.mode = 'approve'
    const ok = await checkout(student, k)
    expect(ok.statusCode).toBe(201)
    expect((await ordersOf(student)).map((o) => o.status)).toEqual(['paid'])
    expect(await enrollments(student)).toHaveLength(2)
    expect(await moneyLost()).toBe(0)
  })

  it('a charge made whose answer was lost: the retry charges with the same key, the provider does not charge twice', async () => {
    const { student, courses } = await shop()
    await fill(student, courses)
    provider.mode = 'lose-response'
    const k = key()
    expectServerProblem(await checkout(student, k), 502)
    expect(provider.charges.size).toBe(1)
    expect(await moneyLost()).toBe(3030) // taken, order still pending: the retry settles it
    provider.mode = 'approve'
    expect((await checkout(student, k)).statusCode).toBe(201)
    expect(provider.calls.map((c) => c.idempotencyKey)).toEqual([k, k])
    expect(provider.charges.size).toBe(1)
    expect(await moneyLost()).toBe(0)
  })

  it('a pending order left behind is completed by the next checkout, even with a new key, charging with its own key', async () => {
    const { student, courses } = await shop()
    await fill(student, courses)
    provider.mode = 'lose-response'
    const k1 = key()
    expectServerProblem(await checkout(student, k1), 502)
    const [pending] = await ordersOf(student)
    provider.mode = 'approve'
    const res = await checkout(student, key())
    expect(res.statusCode).toBe(201)
    expect(res.json()._id).toBe(pending.id)
    expect(provider.calls.map((c) => c.idempotencyKey)).toEqual([k1, k1])
    expect(provider.charges.size).toBe(1)
    expect(await ordersOf(student)).toHaveLength(1)
    expect(await moneyLost()).toBe(0)
  })

  it('a declined checkout: 402, the order declined, the cart and enrollments as they were', async () => {
    const { student, courses } = await shop()
    await fill(student, courses)
    provider.mode = 'decline'
    expect(expectProblem('checkout', await checkout(student, key()), 402).detail).toBe('Card declined')
    expect((await ordersOf(student)).map((o) => o.status)).toEqual(['declined'])
    expect(await enrollments(student)).toHaveLength(0)
    expect(
      (await inject({ method: 'GET', url: '/api/cart', headers: student.auth })).json().items,
    ).toHaveLength(2)
  })
})

describe('a failure after an approved charge is refunded', () => {
  it('a course deleted between the charge and the commit: 409, refunded, nothing enrolled; the retry answers the same', async () => {
    const { teacher, student, courses } = await shop()
    await fill(student, courses)
    provider.afterApproval = async () => {
      const del = await inject({ method: 'DELETE', url: `/api/courses/${courses[1]}`, headers: teacher.auth })
      expect(del.statusCode).toBe(204)
    }
    const k = key()
    const res = await checkout(student, k)
    expect(expectProblem('checkout', res, 409).detail).toBe(
      'A course in your order is no longer available; the payment was refunded',
    )
    const [order] = await ordersOf(student)
    expect(order.status).toBe('refunded')
    expect(await enrollments(student)).toHaveLength(0)
    expect(provider.refundCalls).toBe(1)
    expect(await moneyLost()).toBe(0)
    // the remaining course is still in the cart
    expect(
      (await inject({ method: 'GET', url: '/api/cart', headers: student.auth }))
        .json()
        .items.map((c: { _id: string }) => c._id),
    ).toEqual([courses[0]])
    provider.afterApproval = undefined
    expectProblem('checkout', await checkout(student, k), 409)
    expect(provider.calls).toHaveLength(1)
    // a new attempt buys what is left
    expect((await checkout(student, key())).json()).toMatchObject({ courseIds: [courses[0]], total: 10.1 })
    expect(await moneyLost()).toBe(0)
  })

  it('a paid enrollment whose course is deleted meanwhile: 409, refunded', async () => {
    const { teacher, student, courses } = await shop([40])
    provider.afterApproval = async () => {
      await inject({ method: 'DELETE', url: `/api/courses/${courses[0]}`, headers: teacher.auth })
    }
    expectProblem('enrollInCourse', await enroll(student, courses[0]), 409)
    expect((await ordersOf(student)).map((o) => o.status)).toEqual(['refunded'])
    expect(await moneyLost()).toBe(0)
  })

  it('a database error while completing the order: 500 problem, refunded, nothing enrolled, the cart kept', async () => {
    const { student, courses } = await shop()
    await fill(student, courses)
    provider.afterApproval = async () => {
      await server.current.db.exec(`
        CREATE FUNCTION test_fail_enroll() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'injected failure'; END $$;
        CREATE TRIGGER test_fail_enroll BEFORE INSERT ON enrollments FOR EACH ROW EXECUTE FUNCTION test_fail_enroll();`)
    }
    try {
      const res = await checkout(student, key())
      const body = expectServerProblem(res, 500)
      expect(body.detail).toBe('The order could not be completed; the payment was refunded')
      expect(body.detail).not.toContain('injected')
    } finally {
      await server.current.db.exec(
        'DROP TRIGGER IF EXISTS test_fail_enroll ON enrollments; DROP FUNCTION IF EXISTS test_fail_enroll();',
      )
    }
    expect((await ordersOf(student)).map((o) => o.status)).toEqual(['refunded'])
    expect(await enrollments(student)).toHaveLength(0)
    expect(
      (await inject({ method: 'GET', url: '/api/cart', headers: student.auth })).json().items,
    ).toHaveLength(2)
    expect(await moneyLost()).toBe(0)
  })

  it('the refund failing too: the order says refund_failed, logged loudly; a retry with the same key refunds it', async () => {
    const { teacher, student, courses } = await shop()
    await fill(student, courses)
    provider.afterApproval = async () => {
      await inject({ method: 'DELETE', url: `/api/courses/${courses[0]}`, headers: teacher.auth })
    }
    provider.refundFails = true
    const logged: { obj: Record<string, unknown>; msg: string }[] = []
    const log = {
      info: () => {},
      error: (obj: object, msg: string) => void logged.push({ obj: obj as Record<string, unknown>, msg }),
    }
    const deps = { db: server.current.db, payments: provider, log }
    const actor = { id: student.id, role: student.role, username: student.username }
    const k = key()
    const err = await orders.checkout(deps, actor, k).then(
      () => ({ status: 201, message: '' }),
      (e: unknown) => e as { status: number; message: string },
    )
    expect(err).toMatchObject({ status: 502 })
    expect(err.message).toMatch(/refund has not gone through yet/)
    const [order] = await ordersOf(student)
    expect(order).toMatchObject({ status: 'refund_failed', total: 30.3 })
    expect(order.payment_reference).toBeTruthy()
    expect(
      logged.some(
        (l) => l.obj.alert === 'REFUND_FAILED' && l.obj.orderId === order.id && /REFUND FAILED/.test(l.msg),
      ),
    ).toBe(true)
    expect(await moneyLost()).toBe(3030)
    expect(await enrollments(student)).toHaveLength(0)

    // over HTTP, while the refund still fails: the same 502, no new charge
    provider.afterApproval = undefined
    expectServerProblem(await checkout(student, k), 502)
    provider.refundFails = false
    expect(expectProblem('checkout', await checkout(student, k), 409).detail).toBe(orders.COURSE_GONE)
    expect((await ordersOf(student)).map((o) => o.status)).toEqual(['refunded'])
    expect(provider.calls).toHaveLength(1)
    expect(await moneyLost()).toBe(0)
  })
})

describe('checkout racing a course deletion', () => {
  it('every approved charge ends in a paid order with its courses enrolled, or in a refund', async () => {
    const tally: Record<string, number> = {}
    for (let round = 0; round < 12; round++) {
      const { teacher, student, courses } = await shop([3, 4])
      await fill(student, courses)
      provider.latency = round % 3
      const [res, del] = await Promise.all([
        checkout(student, key()),
        new Promise<LightMyRequestResponse>((resolve) =>
          setTimeout(
            () =>
              resolve(inject({ method: 'DELETE', url: `/api/courses/${courses[1]}`, headers: teacher.auth })),
            round % 4,
          ),
        ),
      ])
      expect(del.statusCode).toBe(204)
      tally[res.statusCode] = (tally[res.statusCode] ?? 0) + 1
      expect([201, 409]).toContain(res.statusCode)
      const list = await ordersOf(student)
      const kept = (await enrollments(student)).map((e) => e.course_id)
      if (res.statusCode === 201) {
        expect(list.map((o) => o.status)).toEqual(['paid'])
        // the course that was not deleted is enrolled (the other was deleted after the order was paid)
        expect(kept).toEqual([courses[0]])
      } else {
        expect(list.every((o) => o.status === 'refunded')).toBe(true)
        expect(kept).toEqual([])
      }
      expect(await moneyLost()).toBe(0)
    }
    console.log(`checkout racing a course deletion x12: ${JSON.stringify(tally)}`)
  })
})

describe('the built-in provider', () => {
  it('deduplicates charges by user and key, and refunds once', async () => {
    const local = new LocalPaymentProvider()
    const req = {
      userId: 'u1',
      amount: 5,
      currency: 'USD' as const,
      description: 'C',
      idempotencyKey: 'key-00001',
    }
    const first = await local.charge(req)
    expect(first).toMatchObject({ approved: true })
    expect(await local.charge(req)).toEqual(first)
    const other = await local.charge({ ...req, userId: 'u2' })
    expect(other.approved && first.approved && other.reference !== first.reference).toBe(true)
    if (!first.approved) throw new Error('not approved')
    const refund = await local.refund(first.reference)
    expect(await local.refund(first.reference)).toEqual(refund)
    expect(await local.charge(req)).toEqual({ ...first, refunded: true })
    await expect(local.refund('local-unknown')).rejects.toThrow()
  })
})
