// Checkout is all or nothing: a declined or failing payment leaves the cart, the enrollments and the orders as they were.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { changedTables, fingerprint } from '../support/fingerprint'
import { isProblem, json } from '../support/http'
import { startApp, type AppHarness } from '../support/harness'
import { account, createCourse, register } from '../support/world'

let mode: 'approve' | 'decline' | 'throw' = 'approve'
const charges: number[] = []
let h: AppHarness

beforeAll(async () => {
  h = await startApp({
    payments: {
      charge: async (req) => {
        charges.push(req.amount)
        if (mode === 'throw') throw new Error('payment provider unreachable')
        return mode === 'decline' ? { approved: false, reason: 'Card declined' } : { approved: true, reference: `test-${charges.length}` }
      },
    },
  })
})
afterAll(async () => {
  await h?.close()
})

it('a declined payment is 402 problem+json and changes nothing; a provider failure is a 5xx that changes nothing', async () => {
  const instructor = await account(h, 'instructor')
  const s = await register(h.send)
  const c1 = await createCourse(h.send, instructor, { price: 12.5 })
  const c2 = await createCourse(h.send, instructor, { price: 7.25 })
  for (const c of [c1, c2]) expect((await h.send({ method: 'POST', url: '/api/cart/items', token: s.token, ...json({ courseId: c._id }) })).status).toBe(200)

  mode = 'decline'
  let before = await fingerprint(h)
  const declined = await h.send({ method: 'POST', url: '/api/cart/checkout', token: s.token })
  expect(declined.status).toBe(402)
  expect(isProblem(declined)).toBeNull()
  expect(changedTables(before, await fingerprint(h))).toEqual([])

  mode = 'throw'
  before = await fingerprint(h)
  const failed = await h.send({ method: 'POST', url: '/api/cart/checkout', token: s.token })
  expect(failed.status).toBeGreaterThanOrEqual(500)
  expect(isProblem(failed)).toBeNull()
  expect(failed.text).not.toContain('unreachable')
  expect(changedTables(before, await fingerprint(h))).toEqual([])

  mode = 'approve'
  const ok = await h.send({ method: 'POST', url: '/api/cart/checkout', token: s.token })
  expect(ok.status).toBe(201)
  expect(ok.body.total).toBeCloseTo(19.75, 2)
  expect(charges.at(-1)).toBeCloseTo(19.75, 2)
  const cart = await h.send({ method: 'GET', url: '/api/cart', token: s.token })
  expect(cart.body).toEqual({ items: [], total: 0 })
  const enrolled = await h.send({ method: 'GET', url: `/api/courses/user/${s.id}/enrolled`, token: s.token })
  expect(enrolled.body.map((c: any) => c._id).sort()).toEqual([c1._id, c2._id].sort())
})

it('the price charged is the price in the database, whatever the client sends', async () => {
  const instructor = await account(h, 'instructor')
  const s = await register(h.send)
  const c = await createCourse(h.send, instructor, { price: 99 })
  const add = await h.send({ method: 'POST', url: '/api/cart/items', token: s.token, ...json({ courseId: c._id, price: 0 }) })
  expect(add.status).toBe(400)
  expect((await h.send({ method: 'POST', url: '/api/cart/items', token: s.token, ...json({ courseId: c._id }) })).status).toBe(200)
  const ok = await h.send({ method: 'POST', url: '/api/cart/checkout', token: s.token, ...json({ total: 0, price: 0 }) })
  expect([201, 400]).toContain(ok.status)
  if (ok.status === 400) expect((await h.send({ method: 'POST', url: '/api/cart/checkout', token: s.token })).status).toBe(201)
  expect(charges.at(-1)).toBe(99)
})
