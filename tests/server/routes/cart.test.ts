import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { expectContract, expectProblem } from '../../helpers/contract'
import { unknownId, useTestServer } from '../../helpers/buildServer'
import { approvingProvider, type PaymentProvider } from '../../../server/services/commerce/payments'

let decline: string | undefined
// Approves like the built-in provider unless a test sets `decline`.
const payments: PaymentProvider = {
  charge: async (req) => (decline ? { approved: false, reason: decline } : approvingProvider.charge(req)),
  refund: (reference, key) => approvingProvider.refund(reference, key),
}
const server = useTestServer({ payments })
const inject = (opts: InjectOptions) => server.current.app.inject(opts)

async function shop() {
  const teacher = await server.current.createUser('instructor')
  const student = await server.current.createUser('student')
  const a = await server.current.createCourse(teacher, { title: 'A', price: 10.1 })
  const b = await server.current.createCourse(teacher, { title: 'B', price: 20.2 })
  return { teacher, student, a, b }
}
const add = (headers: Record<string, string>, courseId: string) =>
  inject({ method: 'POST', url: '/api/cart/items', headers, payload: { courseId } })

describe('cart', () => {
  it('adds courses once each and answers the cart with the total', async () => {
    const { student, a, b } = await shop()
    expect(
      expectContract('getCart', await inject({ method: 'GET', url: '/api/cart', headers: student.auth })),
    ).toEqual({ items: [], total: 0 })
    await add(student.auth, a)
    await add(student.auth, a)
    const cart = expectContract('addToCart', await add(student.auth, b))
    expect(cart.items.map((c: { _id: string }) => c._id)).toEqual([a, b])
    expect(cart.total).toBe(30.3)
    const removed = await inject({ method: 'DELETE', url: `/api/cart/items/${a}`, headers: student.auth })
    expect(expectContract('removeFromCart', removed)).toMatchObject({ total: 20.2 })
    const again = await inject({ method: 'DELETE', url: `/api/cart/items/${a}`, headers: student.auth })
    expect(expectContract('removeFromCart', again).items).toHaveLength(1)
  })

  it('refuses instructors and admins (403), enrolled courses (409), unknown courses (404), anonymous (401), bad ids (400)', async () => {
    const { teacher, student, a } = await shop()
    const admin = await server.current.createUser('admin')
    expectProblem('addToCart', await add(teacher.auth, a), 403)
    expectProblem('addToCart', await add(admin.auth, a), 403)
    await server.current.db.query('INSERT INTO enrollments (course_id, student_id) VALUES ($1, $2)', [
      a,
      student.id,
    ])
    expectProblem('addToCart', await add(student.auth, a), 409)
    expectProblem('addToCart', await add(student.auth, unknownId()), 404)
    expectProblem('addToCart', await add({}, a), 401)
    expectProblem('addToCart', await add(student.auth, 'nope'), 400)
    expectProblem('getCart', await inject({ method: 'GET', url: '/api/cart' }), 401)
    expectProblem('removeFromCart', await inject({ method: 'DELETE', url: `/api/cart/items/${a}` }), 401)
    expectProblem(
      'removeFromCart',
      await inject({ method: 'DELETE', url: '/api/cart/items/nope', headers: student.auth }),
      400,
    )
    expect(await server.current.db.query('SELECT 1 FROM cart_items')).toHaveLength(0)
  })
})

describe('POST /api/cart/checkout', () => {
  it('enrolls in every course, records the order and empties the cart', async () => {
    const { student, a, b } = await shop()
    await add(student.auth, a)
    await add(student.auth, b)
    const res = await inject({ method: 'POST', url: '/api/cart/checkout', headers: student.auth })
    expect(res.statusCode).toBe(201)
    const order = expectContract('checkout', res)
    expect(order).toMatchObject({ courseIds: [a, b], total: 30.3 })
    const enrolled = await server.current.db.query(
      'SELECT course_id FROM enrollments WHERE student_id = $1',
      [student.id],
    )
    expect(enrolled).toHaveLength(2)
    expect(await server.current.db.query('SELECT 1 FROM cart_items')).toHaveLength(0)
    const items = await server.current.db.query<{ price: string }>(
      'SELECT price_cents::float8 / 100 AS price FROM order_items WHERE order_id = $1',
      [order._id],
    )
    expect(items).toHaveLength(2)
    expect(
      await server.current.db.query('SELECT status FROM orders WHERE user_id = $1', [student.id]),
    ).toEqual([{ status: 'paid' }])
  })

  it('charges and records only once when the same cart is checked out twice at the same time', async () => {
    const { student, a } = await shop()
    await add(student.auth, a)
    const results = await Promise.all(
      [1, 2].map(() => inject({ method: 'POST', url: '/api/cart/checkout', headers: student.auth })),
    )
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409])
    expect(await server.current.db.query('SELECT 1 FROM orders')).toHaveLength(1)
    expect(await server.current.db.query('SELECT 1 FROM enrollments')).toHaveLength(1)
  })

  it('answers 409 for an empty cart and 401 anonymously', async () => {
    const { student } = await shop()
    expectProblem(
      'checkout',
      await inject({ method: 'POST', url: '/api/cart/checkout', headers: student.auth }),
      409,
    )
    expectProblem('checkout', await inject({ method: 'POST', url: '/api/cart/checkout' }), 401)
    expect(await server.current.db.query('SELECT 1 FROM orders')).toHaveLength(0)
  })
})

describe('checkout with a declining payment provider', () => {
  it('answers 402 and changes nothing but the declined order: no enrollment, no paid order, the cart stays', async () => {
    const { student, a } = await shop()
    await add(student.auth, a)
    decline = 'Card declined'
    try {
      const res = await inject({ method: 'POST', url: '/api/cart/checkout', headers: student.auth })
      expect(expectProblem('checkout', res, 402).detail).toBe('Card declined')
    } finally {
      decline = undefined
    }
    expect(await server.current.db.query('SELECT 1 FROM enrollments')).toHaveLength(0)
    expect(await server.current.db.query('SELECT status FROM orders')).toEqual([{ status: 'declined' }])
    expect(await server.current.db.query('SELECT 1 FROM cart_items')).toHaveLength(1)
  })
})
