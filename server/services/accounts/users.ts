import type { Db } from '../../db/db'
import { checkNewPassword } from './commonPasswords'
import { Conflict, Forbidden, NotFound, Unauthenticated } from '../errors'
import { dummyHash, hashPassword, needsRehash, verifyPassword } from './passwords'
import { endSessions } from './sessions'
import { pendingEmail } from '../mail/account'
import { type Page, type PageQuery, pageByCreation } from '../catalogue/pages'
import { type Actor, type Role, type Schema } from '../types'
import { courseColumns, courseFrom, type CourseRow, type CourseView } from '../catalogue/courseRows'
import { canAdministerUsers, removesLastAdmin } from '../../../domain/rules'

type UserView = Schema<'User'>

interface UserRow {
  id: string
  username: string
  email: string
  role: Role
  bio: string
  phone_number: string
  password_hash: string
  show_courses_on_profile: boolean
  email_verified_at: unknown
  review_reminders: boolean
}

type NewUser = Schema<'RegisterInput'>

async function purchased(db: Db, userId: string): Promise<string[]> {
  const rows = await db.query<{ course_id: string }>(
    'SELECT course_id FROM enrollments WHERE student_id = $1 ORDER BY enrolled_at, course_id',
    [userId],
  )
  return rows.map((r) => r.course_id)
}

async function userView(db: Db, row: UserRow): Promise<UserView> {
  return {
    _id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    bio: row.bio,
    phoneNumber: row.phone_number,
    purchasedCourses: await purchased(db, row.id),
  }
}

/**
 * Creates an account; `role` defaults to student (registration never passes one). `onCreated` runs in the same
 * transaction as the insert (the verification mail goes into the outbox with the account, or neither is kept).
 */
export async function createUser(
  db: Db,
  input: NewUser,
  onCreated?: (tx: Db, user: { id: string; email: string }) => Promise<void>,
): Promise<UserView> {
  checkNewPassword(input.password)
  const email = input.email.trim().toLowerCase()
  const taken = await db.query<{ email: string }>(
    'SELECT email FROM users WHERE lower(email) = $1 OR lower(username) = lower($2)',
    [email, input.username],
  )
  if (taken.length) {
    throw new Conflict(
      taken.some((t) => t.email === email) ? 'This email is already registered' : 'This username is taken',
    )
  }
  const passwordHash = await hashPassword(input.password)
  try {
    const row = await db.transaction(async (tx) => {
      const [created] = await tx.query<UserRow>(
        `INSERT INTO users (username, email, password_hash, role, phone_number)
         VALUES ($1, $2, $3, $4, $5) RETURNING *`,
        [input.username, email, passwordHash, input.role ?? 'student', input.phoneNumber ?? ''],
      )
      await onCreated?.(tx, created)
      return created
    })
    return await userView(db, row)
  } catch (err) {
    // A concurrent registration with the same email or username lost the race to the unique index, which
    // names the field that was taken.
    const violation = err as { code?: string; constraint?: string }
    if (violation.code === '23505')
      throw new Conflict(
        violation.constraint === 'users_username_lower_key'
          ? 'This username is taken'
          : 'This email is already registered',
      )
    throw err
  }
}

/**
 * The user for these credentials, or 401 with one message for both failure kinds. A password stored with a
 * lower scrypt cost than the configured one is re-hashed at the configured cost on success.
 */
export async function checkCredentials(db: Db, email: string, password: string): Promise<UserView> {
  const [row] = await db.query<UserRow>('SELECT * FROM users WHERE lower(email) = lower($1)', [email.trim()])
  const ok = await verifyPassword(password, row?.password_hash ?? (await dummyHash()))
  if (!row || !ok) throw new Unauthenticated('Wrong email or password')
  if (needsRehash(row.password_hash)) {
    // Only if the hash is still the one checked: a password changed meanwhile is not overwritten.
    await db.query('UPDATE users SET password_hash = $2 WHERE id = $1 AND password_hash = $3', [
      row.id,
      await hashPassword(password),
      row.password_hash,
    ])
  }
  return userView(db, row)
}

/**
 * The user changes their own password: the current one must be right (403 otherwise), the new one must pass
 * the rules (400). Every other session of the user ends, and so do its reset links; `keepSession` (the caller's)
 * stays valid.
 */
export async function changePassword(
  db: Db,
  actor: Actor,
  keepSession: string,
  input: { currentPassword: string; newPassword: string },
): Promise<{ endedSessions: number }> {
  checkNewPassword(input.newPassword)
  const [row] = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [
    actor.id,
  ])
  if (!row) throw new Unauthenticated('This account no longer exists')
  if (!(await verifyPassword(input.currentPassword, row.password_hash)))
    throw new Forbidden('The current password is wrong')
  const passwordHash = await hashPassword(input.newPassword)
  return db.transaction(async (tx) => {
    await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [actor.id, passwordHash])
    await endResetLinks(tx, actor.id)
    return { endedSessions: await endSessions(tx, actor.id, keepSession) }
  })
}

/** An admin sets a user's password (404 for an unknown user); every session and reset link of that user ends. */
export async function setPassword(
  db: Db,
  actor: Actor,
  id: string,
  newPassword: string,
): Promise<{ endedSessions: number }> {
  if (!canAdministerUsers(actor)) throw new Forbidden('Only an admin may set passwords')
  checkNewPassword(newPassword)
  const [exists] = await db.query('SELECT 1 FROM users WHERE id = $1', [id])
  if (!exists) throw new NotFound('User')
  const passwordHash = await hashPassword(newPassword)
  return db.transaction(async (tx) => {
    const [row] = await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1 RETURNING id', [
      id,
      passwordHash,
    ])
    if (!row) throw new NotFound('User')
    await endResetLinks(tx, id)
    return { endedSessions: await endSessions(tx, id) }
  })
}

/** A new password ends the reset links mailed before it: one left in a mailbox must not undo the change. */
async function endResetLinks(tx: Db, userId: string): Promise<void> {
  await tx.query(
    "UPDATE mail_tokens SET used_at = clock_timestamp() WHERE user_id = $1 AND purpose = 'reset' AND used_at IS NULL",
    [userId],
  )
}

/** An instructor's teaching courses leave out their drafts, but for the instructor and admins (`withDrafts`). */
async function coursesOf(db: Db, userId: string, role: Role, withDrafts: boolean): Promise<CourseView[]> {
  const rows =
    role === 'instructor'
      ? await db.query<CourseRow>(
          `SELECT ${courseColumns} FROM courses c LEFT JOIN users u ON u.id = c.instructor_id
           WHERE c.instructor_id = $1 AND (c.published OR $2::boolean) ORDER BY c.created_at DESC, c.id`,
          [userId, withDrafts],
        )
      : await db.query<CourseRow>(
          `SELECT ${courseColumns} FROM enrollments e JOIN courses c ON c.id = e.course_id
           LEFT JOIN users u ON u.id = c.instructor_id
           WHERE e.student_id = $1 ORDER BY e.enrolled_at, c.id`,
          [userId],
        )
  return rows.map(courseFrom)
}

/** A public profile, with the email and the course setting for its owner. */
type ProfileView = Schema<'PublicProfile'> &
  Partial<
    Pick<
      Schema<'Profile'>,
      'email' | 'showCoursesOnProfile' | 'emailVerified' | 'reviewReminders' | 'pendingEmail'
    >
  >

/**
 * Who reads a profile: its owner through `/me`, or anyone through its id: a signed-in actor, or `null` for a
 * visitor.
 */
export type ProfileReader = 'owner' | Actor | null

/**
 * Whether `reader` sees the courses of `owner`'s profile. An instructor's teaching courses are public; what a
 * student bought is theirs: only signed-in readers see it, and only while its owner shows it, except the owner
 * and admins, who see it always (admins read anyone's enrolled courses anyway).
 */
function seesCourses(reader: ProfileReader, owner: UserRow): boolean {
  if (owner.role === 'instructor' || reader === 'owner') return true
  if (reader === null) return false
  return reader.id === owner.id || canAdministerUsers(reader) || owner.show_courses_on_profile
}

/**
 * A profile as `reader` may see it: the email and the course setting only for its owner (through `/me`), the
 * phone number only for signed-in users (a visitor never sees it), the courses as `seesCourses` says (absent,
 * not empty, when hidden). Courses: teaching courses for an instructor, enrolled ones otherwise.
 */
export function getProfile(db: Db, id: string, reader: 'owner'): Promise<Schema<'Profile'>>
export function getProfile(db: Db, id: string, reader: Actor | null): Promise<Schema<'PublicProfile'>>
export async function getProfile(db: Db, id: string, reader: ProfileReader): Promise<ProfileView> {
  const [row] = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id])
  if (!row) throw new NotFound('User')
  const profile: ProfileView = { _id: row.id, username: row.username, role: row.role, bio: row.bio }
  if (reader !== null) profile.phoneNumber = row.phone_number
  if (reader === 'owner') {
    profile.email = row.email
    profile.showCoursesOnProfile = row.show_courses_on_profile
    profile.emailVerified = row.email_verified_at !== null
    profile.reviewReminders = row.review_reminders
    const pending = await pendingEmail(db, row.id)
    if (pending) profile.pendingEmail = pending
  }
  if (seesCourses(reader, row)) {
    const withDrafts = reader === 'owner' || reader?.role === 'admin' || reader?.id === row.id
    profile.courses = await coursesOf(db, row.id, row.role, withDrafts)
  }
  return profile
}

type SavedProfile = Required<Schema<'ProfileUpdate'>>

/** Saves the caller's bio and phone number, and their course setting when sent (kept as it is otherwise). */
export async function updateProfile(
  db: Db,
  actor: Actor,
  input: Schema<'ProfileUpdate'>,
): Promise<SavedProfile> {
  const [row] = await db.query<{ bio: string; phone_number: string; show_courses_on_profile: boolean }>(
    `UPDATE users SET bio = $2, phone_number = $3, show_courses_on_profile = coalesce($4, show_courses_on_profile)
     WHERE id = $1 RETURNING bio, phone_number, show_courses_on_profile`,
    [actor.id, input.bio, input.phoneNumber, input.showCoursesOnProfile ?? null],
  )
  if (!row) throw new Unauthenticated('This account no longer exists')
  return { bio: row.bio, phoneNumber: row.phone_number, showCoursesOnProfile: row.show_courses_on_profile }
}

type UserSummary = Schema<'UserSummary'>

export async function listUsers(db: Db): Promise<UserSummary[]> {
  return db.query<UserSummary>(
    'SELECT id AS "_id", username, role, email_verified_at IS NOT NULL AS "emailVerified" FROM users ORDER BY created_at, id',
  )
}

/** One page of the users, in the whole list's order (creation, then id); `secret` seals the cursors. */
export async function userPage(db: Db, secret: string, query: PageQuery): Promise<Page<UserSummary>> {
  return pageByCreation<UserSummary>(
    db,
    {
      list: 'users',
      secret,
      columns: 'id AS "_id", username, role, email_verified_at IS NOT NULL AS "emailVerified"',
      from: 'users',
      key: 'created_at',
      id: 'id',
    },
    query,
  )
}

/** Admins only; refuses to demote the last admin (409). */
export async function changeRole(db: Db, actor: Actor, id: string, newRole: Role): Promise<UserSummary> {
  if (!canAdministerUsers(actor)) throw new Forbidden('Only an admin may change roles')
  return db.transaction(async (tx) => {
    // Locking every admin row serialises concurrent demotions, so two admins cannot demote each other at once.
    const admins = await tx.query<{ id: string }>(
      "SELECT id FROM users WHERE role = 'admin' ORDER BY id FOR UPDATE",
    )
    const [target] = await tx.query<UserSummary>(
      'SELECT id AS "_id", username, role FROM users WHERE id = $1',
      [id],
    )
    if (!target) throw new NotFound('User')
    if (removesLastAdmin(target.role, newRole, admins.length)) {
      throw new Conflict('The last admin cannot be demoted')
    }
    const [row] = await tx.query<UserSummary>(
      'UPDATE users SET role = $2 WHERE id = $1 RETURNING id AS "_id", username, role',
      [id, newRole],
    )
    return row
  })
}

/** 1-based position by registration time (created_at, then id). */
export async function rankOf(db: Db, id: string): Promise<number> {
  const [row] = await db.query<{ rank: number }>(
    `SELECT (SELECT count(*)::int FROM users o WHERE (o.created_at, o.id) <= (u.created_at, u.id)) AS rank
     FROM users u WHERE u.id = $1`,
    [id],
  )
  if (!row) throw new NotFound('User')
  return row.rank
}
