import type { Db } from '../db/db'
import { courseColumns, courseFrom, type CourseRow, type CourseView, isEnrolled } from './courses'
import { Conflict, Forbidden, NotFound, PaymentDeclined } from './errors'
import type { PaymentProvider } from './payments'
import { type Actor, iso } from './types'

export interface CartView {
  items: CourseView[]
  total: number
}

/** Cents avoid float drift in the sum of prices. */
function sum(prices: number[]): number {
  return prices.reduce((cents, p) => cents + Math.round(p * 100), 0) / 100
}

export async function getCart(db: Db, actor: Actor): Promise<CartView> {
  const rows = await db.query<CourseRow>(
    `SELECT ${courseColumns} FROM cart_items ci JOIN courses c ON c.id = ci.course_id
     LEFT JOIN users u ON u.id = c.instructor_id WHERE ci.user_id = $1 ORDER BY ci.added_at, c.id`,
    [actor.id],
  )
  const items = rows.map(courseFrom)
  return { items, total: sum(items.map((i) => i.price)) }
}

/** Students only, for courses they are not enrolled in; adding twice keeps one item. */
export async function addToCart(db: Db, actor: Actor, courseId: string): Promise<CartView> {
  if (actor.role !== 'student') throw new Forbidden('Only students buy courses')
  const exists = await db.query('SELECT 1 FROM courses WHERE id = $1', [courseId])
  if (!exists.length) throw new NotFound('Course')
  if (await isEnrolled(db, actor.id, courseId)) throw new Conflict('You are already enrolled in this course')
  await db.query('INSERT INTO cart_items (user_id, course_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [actor.id, courseId])
  return getCart(db, actor)
}

export async function removeFromCart(db: Db, actor: Actor, courseId: string): Promise<CartView> {
  await db.query('DELETE FROM cart_items WHERE user_id = $1 AND course_id = $2', [actor.id, courseId])
  return getCart(db, actor)
}

export interface OrderView {
  _id: string
  courseIds: string[]
  total: number
  createdAt: string
}

/** Pays, enrolls in every course of the cart, records the order and empties the cart: all or nothing. */
export async function checkout(db: Db, actor: Actor, payments: PaymentProvider): Promise<OrderView> {
  return db.transaction(async (tx) => {
    // Locking the cart rows makes a second concurrent checkout wait, then find the cart empty.
    const items = await tx.query<{ course_id: string; title: string; price: number }>(
      `SELECT ci.course_id, c.title, c.price::float8 AS price FROM cart_items ci JOIN courses c ON c.id = ci.course_id
       WHERE ci.user_id = $1 ORDER BY ci.added_at, c.id FOR UPDATE OF ci`,
      [actor.id],
    )
    if (!items.length) throw new Conflict('The cart is empty')
    const total = sum(items.map((i) => Number(i.price)))
    const payment = await payments.charge({
      userId: actor.id,
      amount: total,
      currency: 'USD',
      description: items.map((i) => i.title).join(', ').slice(0, 500),
    })
    if (!payment.approved) throw new PaymentDeclined(payment.reason)
    const [order] = await tx.query<{ id: string; created_at: Date }>(
      'INSERT INTO orders (user_id, total, payment_reference) VALUES ($1, $2, $3) RETURNING id, created_at',
      [actor.id, total, payment.reference],
    )
    for (const item of items) {
      await tx.query('INSERT INTO order_items (order_id, course_id, course_title, price) VALUES ($1, $2, $3, $4)', [
        order!.id,
        item.course_id,
        item.title,
        item.price,
      ])
      await tx.query(
        'INSERT INTO enrollments (course_id, student_id) VALUES ($1, $2) ON CONFLICT (course_id, student_id) DO NOTHING',
        [item.course_id, actor.id],
      )
    }
    await tx.query('DELETE FROM cart_items WHERE user_id = $1', [actor.id])
    return { _id: order!.id, courseIds: items.map((i) => i.course_id), total, createdAt: iso(order!.created_at) }
  })
}
