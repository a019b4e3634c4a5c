// Certificates of completion (docs/product.md#certificates): issued in the transaction of the completion that
// finishes a course, revoked in the transaction of the refund that ends its enrollment, read by anyone holding the link
// unless their holder keeps them private.
import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/db'
import { NotFound } from '../errors'
import { type Actor, iso, type Schema } from '../types'

type Certificate = Schema<'Certificate'>

type CertificateRow = Omit<Certificate, 'issuedAt'> & { issuedAt: Date | string; user_id: string }

const COLUMNS = `c.id AS "_id", c.user_id, c.learner_name AS learner, c.course_id AS "courseId",
  c.course_title AS "courseTitle", c.instructor_name AS instructor, c.issued_at AS "issuedAt",
  u.certificates_private AS private`

const certificateOf = ({ user_id: _holder, issuedAt, ...row }: CertificateRow): Certificate => ({
  ...row,
  issuedAt: iso(issuedAt),
})

/**
 * Issues `userId`'s certificate of each of `courseIds` they are enrolled in and have completed every module of, once:
 * one held already is kept as it is (a module added to the course later takes nothing away). What it shows is taken
 * now: the learner's username, the course's title, its instructor's username. Its id is a random UUID (122 random bits
 * from Node's CSPRNG): the link is all a reader needs, so it must not be guessable. Runs in the transaction of the
 * completion or enrollment that may finish the course, after its write.
 */
export async function issueFinished(tx: Db, userId: string, courseIds: string[]): Promise<void> {
  if (!courseIds.length) return
  // The learner's enrollments first, locked until this transaction ends: of two completions of the same course at
  // once, the second waits here and then reads the first's module complete (each statement reads what was committed
  // before it began), so the last one issues; a refund waits, and revokes what was issued, or ends the enrollment
  // first, and nothing is issued.
  await tx.query(
    'SELECT 1 FROM enrollments WHERE student_id = $1 AND course_id = ANY($2::uuid[]) FOR NO KEY UPDATE',
    [userId, courseIds],
  )
  await tx.query(
    `INSERT INTO certificates (id, user_id, course_id, learner_name, course_title, instructor_name)
     SELECT t.id, u.id, c.id, u.username, c.title, i.username
     FROM unnest($2::uuid[], $3::uuid[]) AS t (course_id, id)
     JOIN enrollments e ON e.course_id = t.course_id AND e.student_id = $1
     JOIN users u ON u.id = e.student_id
     JOIN courses c ON c.id = e.course_id
     LEFT JOIN users i ON i.id = c.instructor_id
     WHERE EXISTS (SELECT 1 FROM modules m WHERE m.course_id = c.id)
       AND NOT EXISTS (
         SELECT 1 FROM modules m LEFT JOIN module_progress p ON p.module_id = m.id AND p.user_id = $1
         WHERE m.course_id = c.id AND p.completed_at IS NULL)
     ON CONFLICT (user_id, course_id) WHERE revoked_at IS NULL DO NOTHING`,
    [userId, courseIds, courseIds.map(() => randomUUID())],
  )
}

/**
 * Runs a write of `userId`'s progress in a module of `courseId` that may complete it, in one transaction with the
 * certificate it may earn (issued when the write leaves the module complete and the course finished).
 */
export async function completing<T extends { completed: boolean }>(
  db: Db,
  userId: string,
  courseId: string,
  write: (tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const progress = await write(tx)
    if (progress.completed) await issueFinished(tx, userId, [courseId])
    return progress
  })
}

/** Revokes `userId`'s certificates of these courses (their enrollments ended with a refund), in the refund's transaction. */
export async function revoke(tx: Db, userId: string, courseIds: string[]): Promise<void> {
  if (!courseIds.length) return
  await tx.query(
    `UPDATE certificates SET revoked_at = clock_timestamp()
     WHERE user_id = $1 AND course_id = ANY($2::uuid[]) AND revoked_at IS NULL`,
    [userId, courseIds],
  )
}

/**
 * A certificate, for anyone holding its link (`reader` null for a visitor). Revoked, or private to anyone but its
 * holder (admins included), it is 404 as an id that names nothing: its page tells no one that it exists.
 */
export async function getCertificate(db: Db, id: string, reader: Actor | null): Promise<Certificate> {
  const [row] = await db.query<CertificateRow>(
    `SELECT ${COLUMNS} FROM certificates c JOIN users u ON u.id = c.user_id
     WHERE c.id = $1 AND c.revoked_at IS NULL`,
    [id],
  )
  if (!row || (row.private && row.user_id !== reader?.id)) throw new NotFound('Certificate')
  return certificateOf(row)
}

/** The caller's certificates, latest first (revoked ones left out), and their 'Keep my certificates private'. */
export async function myCertificates(db: Db, actor: Actor): Promise<Schema<'MyCertificates'>> {
  const [[user], rows] = await Promise.all([
    db.query<{ private: boolean }>('SELECT certificates_private AS private FROM users WHERE id = $1', [
      actor.id,
    ]),
    db.query<CertificateRow>(
      `SELECT ${COLUMNS} FROM certificates c JOIN users u ON u.id = c.user_id
       WHERE c.user_id = $1 AND c.revoked_at IS NULL ORDER BY c.issued_at DESC, c.id`,
      [actor.id],
    ),
  ])
  return { private: user?.private ?? false, items: rows.map(certificateOf) }
}

/** 'Keep my certificates private', for all of the caller's certificates at once. */
export async function setPrivacy(
  db: Db,
  actor: Actor,
  value: boolean,
): Promise<Schema<'CertificatePrivacy'>> {
  await db.query('UPDATE users SET certificates_private = $2 WHERE id = $1', [actor.id, value])
  return { private: value }
}
