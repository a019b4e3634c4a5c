// What courses earned: per course, its paid orders that were not refunded and what they paid for it (in cents in the
// database, dollars in the answer); an instructor's own courses, every owner's for admins.
import type { Db } from '../../db/db'
import { Forbidden } from '../errors'
import type { Actor, Schema } from '../types'

type InstructorEarnings = Schema<'InstructorEarnings'>

export async function earnings(db: Db, actor: Actor): Promise<InstructorEarnings[]> {
  if (actor.role !== 'instructor' && actor.role !== 'admin')
    throw new Forbidden('Only instructors and admins see earnings')
  const rows = await db.query<{
    id: string
    title: string
    instructor_id: string
    username: string
    paid: number
    cents: number
  }>(
    `SELECT c.id, c.title, c.instructor_id, u.username, count(o.id)::int AS paid,
       coalesce(sum(i.price_cents) FILTER (WHERE o.id IS NOT NULL), 0)::float8 AS cents
     FROM courses c JOIN users u ON u.id = c.instructor_id
     LEFT JOIN order_items i ON i.course_id = c.id
     LEFT JOIN orders o ON o.id = i.order_id AND o.status = 'paid'
     WHERE ($1::uuid IS NULL OR c.instructor_id = $1)
     GROUP BY c.id, u.username ORDER BY lower(u.username), u.username, lower(c.title), c.id`,
    [actor.role === 'admin' ? null : actor.id],
  )
  const byInstructor = new Map<string, InstructorEarnings & { cents: number }>()
  for (const row of rows) {
    let entry = byInstructor.get(row.instructor_id)
    if (!entry) {
      entry = {
        instructor: { _id: row.instructor_id, username: row.username },
        courses: [],
        paidEnrollments: 0,
        revenue: 0,
        cents: 0,
      }
      byInstructor.set(row.instructor_id, entry)
    }
    const cents = Number(row.cents)
    entry.courses.push({
      courseId: row.id,
      title: row.title,
      paidEnrollments: row.paid,
      revenue: cents / 100,
    })
    entry.paidEnrollments += row.paid
    entry.cents += cents
  }
  return [...byInstructor.values()].map(({ cents, ...entry }) => ({ ...entry, revenue: cents / 100 }))
}
