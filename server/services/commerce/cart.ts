import type { Db } from '../../db/db'
import { canBuyCourses, sumPrices } from '../../../domain/rules'
import { courseColumns, courseFrom, type CourseRow } from '../catalogue/courseRows'
import { isEnrolled } from '../catalogue/courses'
import { Conflict, Forbidden, NotFound } from '../errors'
import type { Actor, Schema } from '../types'

type CartView = Schema<'Cart'>

export async function getCart(db: Db, actor: Actor): Promise<CartView> {
  const rows = await db.query<CourseRow>(
    `SELECT ${courseColumns} FROM cart_items ci JOIN courses c ON c.id = ci.course_id
     LEFT JOIN users u ON u.id = c.instructor_id WHERE ci.user_id = $1 ORDER BY ci.added_at, c.id`,
    [actor.id],
  )
  const items = rows.map(courseFrom)
  return { items, total: sumPrices(items.map((i) => i.price)) }
}

/** Students only, for courses they are not enrolled in; adding twice keeps one item. */
export async function addToCart(db: Db, actor: Actor, courseId: string): Promise<CartView> {
  if (!canBuyCourses(actor)) throw new Forbidden('Only students buy courses')
  // A draft is not for sale: 404, as for a course that does not exist.
  const exists = await db.query('SELECT 1 FROM courses WHERE id = $1 AND published', [courseId])
  if (!exists.length) throw new NotFound('Course')
  if (await isEnrolled(db, actor.id, courseId)) throw new Conflict('You are already enrolled in this course')
  await db.query('INSERT INTO cart_items (user_id, course_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
    actor.id,
    courseId,
  ])
  return getCart(db, actor)
}

export async function removeFromCart(db: Db, actor: Actor, courseId: string): Promise<CartView> {
  await db.query('DELETE FROM cart_items WHERE user_id = $1 AND course_id = $2', [actor.id, courseId])
  return getCart(db, actor)
}

// Checkout (paying for the cart) lives in ./orders.ts.
