// Money that cannot be lost: checkout and paid enrollment with a payment provider that fails at every step
// (unreachable, declining, answer lost after charging, a course deleted or the database failing between the
// charge and the commit, the refund failing too), each retried with the same Idempotency-Key, plus races.
// At the end: money lost = charged − refunded − paid orders' totals, which must be 0.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PaymentRequest, PaymentResult } from '../../../server/services/commerce/payments'
import { changedTables, fingerprint } from '../support/fingerprint'
import { isProblem, json, type Res } from '../support/http'
import { runDatabases, startApp, type AppHarness } from '../support/harness'
import { account, createCourse, register, type Account } from '../support/world'

/** Deduplicates charges by (user, key) and refunds once, like a real provider; fails on demand. */
class Bank {
  charges = new Map<string, { reference: string; cents: number; refunded?: string }>()
  amounts: number[] = []
  calls = 0
  mode: 'approve' | 'decline' | 'throw' | 'lose-response' = 'approve'
  refundFails = false
  latencyMs = 0
  afterApproval?: () => Promise<void>

  async charge(req: PaymentRequest): Promise<PaymentResult> {
    this.calls++
    this.amounts.push(req.amount)
    if (this.latencyMs) await new Promise((r) => setTimeout(r, this.latencyMs))
    if (this.mode === 'throw') throw new Error('payment provider unreachable')
    if (this.mode === 'decline') return { approved: false, reason: 'Card declined' }
    const key = `${req.userId}:${req.idempotencyKey}`
    let charge = this.charges.get(key)
    if (!charge)
      this.charges.set(
        key,
        (charge = { reference: `bank-${randomUUID()}`, cents: Math.round(req.amount * 100) }),
      )
    const hook = this.afterApproval
    this.afterApproval = undefined
    await hook?.()
    if (this.mode === 'lose-response') throw new Error('connection reset after charging')
    return { approved: true, reference: charge.reference, ...(charge.refunded ? { refunded: true } : {}) }
  }

  async refund(reference: string) {
    if (this.refundFails) throw new Error('refunds unavailable')
    const charge = [...this.charges.values()].find((c) => c.reference === reference)
    if (!charge) throw new Error('unknown charge')
    charge.refunded ??= `bank-refund-${randomUUID()}`
    return { reference: charge.refunded }
  }

  cents(which: 'charged' | 'refunded') {
    return [...this.charges.values()]
      .filter((c) => which === 'charged' || c.refunded)
      .reduce((s, c) => s + c.cents, 0)
  }
}

const summary: {
  database: string
  injected: number
  lostCents: number
  charged: number
  refunded: number
  paid: number
}[] = []

// On the databases of the run (runDatabases): CI's PostgreSQL part names PostgreSQL alone.
for (const database of runDatabases()) {
  describe(`on ${database}`, () => {
    const bank = new Bank()
    let injected = 0
    let h: AppHarness
    let instructor: Account

    beforeAll(async () => {
      h = await startApp({
        database,
        payments: { charge: (r) => bank.charge(r), refund: (ref) => bank.refund(ref) },
      })
      instructor = await account(h, 'instructor')
    })
    afterAll(async () => {
      await h?.close()
    })

    const key = () => randomUUID().replaceAll('-', '')
    const checkout = (s: Account, k?: string) =>
      h.send({
        method: 'POST',
        url: '/api/cart/checkout',
        token: s.token,
        headers: k ? { 'idempotency-key': k } : {},
      })
    const enroll = (s: Account, courseId: string, k?: string) =>
      h.send({
        method: 'POST',
        url: `/api/courses/${courseId}/enroll`,
        token: s.token,
        headers: k ? { 'idempotency-key': k } : {},
      })
    async function cartWith(prices: number[]) {
      const s = await register(h.send)
      const courses = []
      for (const price of prices) {
        const c = await createCourse(h.send, instructor, { price })
        expect(
          (
            await h.send({
              method: 'POST',
              url: '/api/cart/items',
              token: s.token,
              ...json({ courseId: c._id }),
            })
          ).status,
        ).toBe(200)
        courses.push(c)
      }
      return { s, courses }
    }
    const statuses = async (s: Account) =>
      (
        await h.query<{ status: string }>(
          'select status from orders where user_id = $1 order by created_at',
          [s.id],
        )
      ).map((o) => o.status)
    const enrolled = async (s: Account) =>
      (
        await h.query<{ course_id: string }>(
          'select course_id from enrollments where student_id = $1 order by course_id',
          [s.id],
        )
      ).map((e) => e.course_id)
    async function lostCents() {
      const [row] = await h.query<{ cents: string }>(
        "select coalesce(sum(total_cents), 0)::bigint as cents from orders where status = 'paid'",
      )
      return bank.cents('charged') - bank.cents('refunded') - Number(row.cents)
    }
    const deleteCourse = (id: string) =>
      h.send({ method: 'DELETE', url: `/api/courses/${id}`, token: instructor.token })

    it('a declined payment is 402 problem+json and changes nothing but the declined order; a provider failure is a 5xx that takes no money', async () => {
      const { s, courses } = await cartWith([12.5, 7.25])
      bank.mode = 'decline'
      injected++
      let before = await fingerprint(h)
      const declined = await checkout(s)
      expect(declined.status).toBe(402)
      expect(isProblem(declined)).toBeNull()
      expect(changedTables(before, await fingerprint(h))).toEqual(['orders', 'order_items'])
      expect(await statuses(s)).toEqual(['declined'])

      bank.mode = 'throw'
      injected++
      before = await fingerprint(h)
      const failed = await checkout(s)
      expect(failed.status).toBeGreaterThanOrEqual(500)
      expect(isProblem(failed)).toBeNull()
      expect(failed.text).not.toContain('unreachable')
      expect(changedTables(before, await fingerprint(h))).toEqual(['orders', 'order_items'])
      expect(await statuses(s)).toEqual(['declined', 'pending'])
      expect(await enrolled(s)).toEqual([])

      bank.mode = 'approve'
      const ok = await checkout(s)
      expect(ok.status).toBe(201)
      expect(ok.body.total).toBeCloseTo(19.75, 2)
      expect(bank.amounts.at(-1)).toBeCloseTo(19.75, 2)
      expect((await h.send({ method: 'GET', url: '/api/cart', token: s.token })).body).toEqual({
        items: [],
        total: 0,
      })
      expect(await enrolled(s)).toEqual(courses.map((c) => c._id).sort())
      expect(await lostCents()).toBe(0)
    })

    it('the price charged is the price in the database, whatever the client sends', async () => {
      const s = await register(h.send)
      const c = await createCourse(h.send, instructor, { price: 99 })
      const add = await h.send({
        method: 'POST',
        url: '/api/cart/items',
        token: s.token,
        ...json({ courseId: c._id, price: 0 }),
      })
      expect(add.status).toBe(400)
      expect(
        (
          await h.send({
            method: 'POST',
            url: '/api/cart/items',
            token: s.token,
            ...json({ courseId: c._id }),
          })
        ).status,
      ).toBe(200)
      const ok = await h.send({
        method: 'POST',
        url: '/api/cart/checkout',
        token: s.token,
        ...json({ total: 0, price: 0 }),
      })
      expect([201, 400]).toContain(ok.status)
      if (ok.status === 400) expect((await checkout(s)).status).toBe(201)
      expect(bank.amounts.at(-1)).toBe(99)
      const paid = await createCourse(h.send, instructor, { price: 42 })
      expect((await enroll(s, paid._id)).status).toBe(201)
      expect(bank.amounts.at(-1)).toBe(42)
    })

    it('a failure at each step, then a retry with the same key: never two charges, never money kept without an order', async () => {
      // [what fails, the answer, the order's status after it, the answer and status after the retry]
      const scenarios: {
        name: string
        inject: (courses: { _id: string }[]) => void
        fault: number[]
        after: string
        retry: number
        retried: string
        faults?: number
      }[] = [
        {
          name: 'provider unreachable',
          inject: () => void (bank.mode = 'throw'),
          fault: [502],
          after: 'pending',
          retry: 201,
          retried: 'paid',
        },
        {
          name: 'declined',
          inject: () => void (bank.mode = 'decline'),
          fault: [402],
          after: 'declined',
          retry: 402,
          retried: 'declined',
        },
        {
          name: 'answer lost after charging',
          inject: () => void (bank.mode = 'lose-response'),
          fault: [502],
          after: 'pending',
          retry: 201,
          retried: 'paid',
        },
        {
          name: 'course deleted between charge and commit',
          inject: (cs) => void (bank.afterApproval = async () => void (await deleteCourse(cs[1]._id))),
          fault: [409],
          after: 'refunded',
          retry: 409,
          retried: 'refunded',
        },
        {
          name: 'database error between charge and commit',
          inject: () =>
            void (bank.afterApproval = () =>
              h.db
                .exec(`create function trust_fail() returns trigger language plpgsql as $$ begin raise exception 'injected'; end $$;
                create trigger trust_fail before insert on enrollments for each row execute function trust_fail();`)),
          fault: [500],
          after: 'refunded',
          retry: 500,
          retried: 'refunded',
        },
        {
          name: 'course deleted and the refund failing',
          inject: (cs) => {
            bank.refundFails = true
            bank.afterApproval = async () => void (await deleteCourse(cs[0]._id))
          },
          fault: [502],
          after: 'refund_failed',
          retry: 409,
          retried: 'refunded',
          faults: 2,
        },
      ]
      for (const sc of scenarios) {
        const { s, courses } = await cartWith([5, 6.5])
        const k = key()
        sc.inject(courses)
        injected += sc.faults ?? 1
        const callsBefore = bank.calls
        let res: Res
        try {
          res = await checkout(s, k)
        } finally {
          bank.mode = 'approve'
          await h.db.exec(
            'drop trigger if exists trust_fail on enrollments; drop function if exists trust_fail();',
          )
        }
        expect(sc.fault, `${sc.name}: ${res.status} ${res.text}`).toContain(res.status)
        expect(isProblem(res), sc.name).toBeNull()
        expect(await statuses(s), sc.name).toEqual([sc.after])
        if (sc.after !== 'paid') expect(await enrolled(s), sc.name).toEqual([])
        if (sc.after === 'refund_failed') {
          expect(await lostCents(), 'an unrefunded charge is visible as such').toBe(1150)
          bank.refundFails = false
        }
        const again = await checkout(s, k)
        expect(again.status, `${sc.name} retried: ${again.text}`).toBe(sc.retry)
        expect(await statuses(s), sc.name).toEqual([sc.retried])
        // a retry charges again only a pending order, and then with the same key
        expect(bank.calls - callsBefore, sc.name).toBe(sc.after === 'pending' ? 2 : 1)
        if (sc.retried === 'paid') expect(await enrolled(s)).toEqual(courses.map((c) => c._id).sort())
        expect(await lostCents(), sc.name).toBe(0)
      }
    })

    it('two checkouts with the same key at once charge once and answer the same order; the same for paid enrollment', async () => {
      for (let round = 0; round < 5; round++) {
        const { s } = await cartWith([3, 4])
        const k = key()
        const calls = bank.calls
        const rs = await Promise.all([checkout(s, k), checkout(s, k)])
        expect(rs.map((r) => r.status)).toEqual([201, 201])
        expect(rs[0].body._id).toBe(rs[1].body._id)
        expect(bank.calls - calls).toBe(1)
        const c = await createCourse(h.send, instructor, { price: 8 })
        const es = await Promise.all([enroll(s, c._id, k + 'e'), enroll(s, c._id, k + 'e')])
        expect(es.map((r) => r.status)).toEqual([201, 201])
        expect(es[0].body).toEqual(es[1].body)
        expect(bank.calls - calls).toBe(2)
      }
      expect(await lostCents()).toBe(0)
    })

    it('checkout racing a course deletion: every approved charge ends in a paid order with its courses enrolled, or in a refund', async () => {
      const tally: Record<string, number> = {}
      for (let round = 0; round < 20; round++) {
        const { s, courses } = await cartWith([2, 3])
        bank.latencyMs = round % 4
        const [res, del] = await Promise.all([
          checkout(s, key()),
          new Promise<Res>((r) => setTimeout(() => r(deleteCourse(courses[1]._id)), round % 5)),
        ])
        bank.latencyMs = 0
        tally[res.status] = (tally[res.status] ?? 0) + 1
        expect(del.status).toBe(204)
        expect([201, 409]).toContain(res.status)
        const st = await statuses(s)
        if (res.status === 201) {
          expect(st).toEqual(['paid'])
          expect(await enrolled(s)).toEqual([courses[0]._id])
        } else {
          expect(st).toEqual(['refunded'])
          expect(await enrolled(s)).toEqual([])
        }
        expect(await lostCents()).toBe(0)
      }
      console.log(`${database} checkout racing a course deletion x20: ${JSON.stringify(tally)}`)
    })

    it('money lost: charged − refunded − paid orders is 0', async () => {
      const [paid] = await h.query<{ cents: string }>(
        "select coalesce(sum(total_cents), 0)::bigint as cents from orders where status = 'paid'",
      )
      const lost = await lostCents()
      summary.push({
        database,
        injected,
        lostCents: lost,
        charged: bank.cents('charged') / 100,
        refunded: bank.cents('refunded') / 100,
        paid: Number(paid.cents) / 100,
      })
      expect(injected).toBeGreaterThan(0)
      expect(lost).toBe(0)
      expect(await h.query("select id from orders where status in ('pending', 'refund_failed')")).toEqual([])
    })
  })
}

afterAll(() => {
  for (const s of summary) {
    console.log(
      `${s.database}: charged $${s.charged.toFixed(2)}, refunded $${s.refunded.toFixed(2)}, paid orders $${s.paid.toFixed(2)}`,
    )
  }
  const injected = summary.reduce((n, s) => n + s.injected, 0)
  const lost = summary.reduce((n, s) => n + s.lostCents, 0) / 100
  console.log(`checkout failures injected: ${injected}, money lost: ${lost}`)
})
