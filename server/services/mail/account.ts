import { publicBaseUrl, type Config } from '../../config'
import type { Db } from '../../db/db'
import { checkNewPassword } from '../accounts/commonPasswords'
import { BadInput, Conflict, Forbidden, Unauthenticated } from '../errors'
import { hashPassword, verifyPassword } from '../accounts/passwords'
import { endSessions } from '../accounts/sessions'
import { accountKey } from '../accounts/signInThrottle'
import type { Actor } from '../types'
import { enqueueMail } from './outbox'
import { emailChangedMail, passwordResetMail, reviewReminderMail, verifyAddressMail } from './templates'
import {
  createMailToken,
  recentTokens,
  unsubscribeSignature,
  useMailToken,
  validUnsubscribeSignature,
} from './tokens'

/** What the account mails need to know: where links point, and the secret that signs unsubscribe links. */
export interface MailSettings {
  /** PUBLIC_URL (or this machine for a local run), without a trailing slash. */
  baseUrl: string
  secret: string
}

export function mailSettingsOf(config: Pick<Config, 'publicUrl' | 'port' | 'jwtSecret'>): MailSettings {
  return { baseUrl: publicBaseUrl(config), secret: config.jwtSecret }
}

export const RESET_ANSWER = 'If an account uses this email, we sent a link to reset its password.'
export const EXPIRED_LINK = 'This link has expired or was already used.'
export const EMAIL_VERIFIED = 'Email verified.'
/** Reset links one account is sent per hour; further requests get the same answer and send nothing. */
export const RESETS_PER_ACCOUNT_PER_HOUR = 3

const link = (s: MailSettings, path: string, token: string) => `${s.baseUrl}${path}?token=${token}`

/**
 * Mails a reset link to the account that uses this email, if any and if it has not been sent too many within the
 * hour. Nobody learns whether an account uses the email: the route answers the same before this runs
 * (resetRequests.ts). The account's row is locked while it is counted, so two instances never both pass the limit.
 */
export async function requestPasswordReset(db: Db, s: MailSettings, email: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx.query<{ id: string; email: string }>(
      'SELECT id, email FROM users WHERE lower(email) = lower($1) FOR UPDATE',
      [email.trim()],
    )
    if (!user) return
    if ((await recentTokens(tx, user.id, 'reset', 3600)) >= RESETS_PER_ACCOUNT_PER_HOUR) return
    const token = await createMailToken(tx, user.id, 'reset', user.email)
    await enqueueMail(tx, {
      kind: 'reset',
      to: user.email,
      ...passwordResetMail(link(s, '/reset-password', token)),
    })
  })
}

/**
 * A new password through a reset link: the password must pass the rules (400, the link kept), the link must be
 * unused, unexpired and mailed to the account's current address (401 alike: a link sent before the address moved
 * must not take over the moved account). Every session of the account ends, its sign-in lock is cleared, and its
 * other reset links stop working. Following the link proves the address, so an unverified one becomes verified.
 */
export async function resetPassword(db: Db, token: string, newPassword: string): Promise<{ userId: string }> {
  checkNewPassword(newPassword)
  const passwordHash = await hashPassword(newPassword)
  return db.transaction(async (tx) => {
    const used = await useMailToken(tx, token, ['reset'])
    if (!used) throw new Unauthenticated(EXPIRED_LINK)
    const [user] = await tx.query<{ email: string }>(
      `UPDATE users SET password_hash = $2, email_verified_at = coalesce(email_verified_at, clock_timestamp())
       WHERE id = $1 AND lower(email) = lower($3) RETURNING email`,
      [used.user_id, passwordHash, used.email],
    )
    if (!user) throw new Unauthenticated(EXPIRED_LINK)
    await tx.query(
      "UPDATE mail_tokens SET used_at = clock_timestamp() WHERE user_id = $1 AND purpose = 'reset' AND used_at IS NULL",
      [used.user_id],
    )
    await endSessions(tx, used.user_id)
    await tx.query('DELETE FROM sign_in_failures WHERE key = $1', [accountKey(user.email)])
    return { userId: used.user_id }
  })
}

/** Queues the verification mail of a new account's address (call it in the registration's transaction). */
export async function sendVerification(
  db: Db,
  s: MailSettings,
  userId: string,
  email: string,
): Promise<void> {
  const token = await createMailToken(db, userId, 'verify', email)
  await enqueueMail(db, {
    kind: 'verify',
    to: email,
    ...verifyAddressMail(link(s, '/verify-email', token), false),
  })
}

/** 'Send again': a new verification link to the caller's address; nothing when it is verified already. */
export async function resendVerification(db: Db, s: MailSettings, actor: Actor): Promise<string> {
  const [user] = await db.query<{ email: string; verified: boolean }>(
    'SELECT email, email_verified_at IS NOT NULL AS verified FROM users WHERE id = $1',
    [actor.id],
  )
  if (!user) throw new Unauthenticated('This account no longer exists')
  if (user.verified) return 'Your email is already verified.'
  await db.transaction((tx) => sendVerification(tx, s, actor.id, user.email))
  return 'We sent a new link to your email.'
}

/**
 * Asks to change the caller's email: the current password must be right (403), the new address free (409). The new
 * address gets a link; the account keeps its old address until the link is followed.
 */
export async function requestEmailChange(
  db: Db,
  s: MailSettings,
  actor: Actor,
  input: { newEmail: string; currentPassword: string },
): Promise<string> {
  const newEmail = input.newEmail.trim().toLowerCase()
  const [user] = await db.query<{ email: string; password_hash: string }>(
    'SELECT email, password_hash FROM users WHERE id = $1',
    [actor.id],
  )
  if (!user) throw new Unauthenticated('This account no longer exists')
  if (!(await verifyPassword(input.currentPassword, user.password_hash)))
    throw new Forbidden('The current password is wrong')
  if (newEmail === user.email.toLowerCase()) throw new BadInput('This is already your email')
  const [taken] = await db.query('SELECT 1 FROM users WHERE lower(email) = $1', [newEmail])
  if (taken) throw new Conflict('This email is already registered')
  await db.transaction(async (tx) => {
    const token = await createMailToken(tx, actor.id, 'change', newEmail)
    await enqueueMail(tx, {
      kind: 'change',
      to: newEmail,
      ...verifyAddressMail(link(s, '/verify-email', token), true),
    })
  })
  return 'We sent a link to the new address. Your email changes once you follow it.'
}

/**
 * Follows a verification link: the account's address becomes verified, or (a change) the new address replaces the
 * old one, verified, and the old address is told. A link for an address the account no longer has is expired (401).
 */
export async function verifyEmail(db: Db, s: MailSettings, token: string): Promise<{ message: string }> {
  try {
    return await db.transaction(async (tx) => {
      const used = await useMailToken(tx, token, ['verify', 'change'])
      if (!used) throw new Unauthenticated(EXPIRED_LINK)
      if (used.purpose === 'verify') {
        const [row] = await tx.query<{ email: string }>(
          `UPDATE users SET email_verified_at = coalesce(email_verified_at, clock_timestamp())
           WHERE id = $1 AND lower(email) = lower($2) RETURNING email`,
          [used.user_id, used.email],
        )
        if (!row) throw new Unauthenticated(EXPIRED_LINK)
        return { message: EMAIL_VERIFIED }
      }
      const [old] = await tx.query<{ email: string }>('SELECT email FROM users WHERE id = $1 FOR UPDATE', [
        used.user_id,
      ])
      if (!old) throw new Unauthenticated(EXPIRED_LINK)
      const [taken] = await tx.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2', [
        used.email,
        used.user_id,
      ])
      if (taken) throw new Conflict('This email is already registered')
      await tx.query('UPDATE users SET email = $2, email_verified_at = clock_timestamp() WHERE id = $1', [
        used.user_id,
        used.email,
      ])
      // Other links for the old address, or other new addresses, stop working: reset links too, or whoever reads the
      // old mailbox could still set the moved account's password.
      await tx.query(
        "UPDATE mail_tokens SET used_at = clock_timestamp() WHERE user_id = $1 AND purpose IN ('change', 'verify', 'reset') AND used_at IS NULL",
        [used.user_id],
      )
      await enqueueMail(tx, {
        kind: 'changed',
        to: old.email,
        ...emailChangedMail(used.email, `${s.baseUrl}/login`),
      })
      return { message: EMAIL_VERIFIED }
    })
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw new Conflict('This email is already registered')
    throw err
  }
}

/** The newest address the caller asked to change to and has not confirmed yet (its link still works). */
export async function pendingEmail(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db.query<{ email: string }>(
    `SELECT email FROM mail_tokens WHERE user_id = $1 AND purpose = 'change' AND used_at IS NULL
       AND expires_at > clock_timestamp() ORDER BY created_at DESC LIMIT 1`,
    [userId],
  )
  return row?.email
}

export async function setReviewReminders(
  db: Db,
  actor: Actor,
  enabled: boolean,
): Promise<{ enabled: boolean }> {
  const [row] = await db.query<{ enabled: boolean }>(
    'UPDATE users SET review_reminders = $2 WHERE id = $1 RETURNING review_reminders AS enabled',
    [actor.id, enabled],
  )
  if (!row) throw new Unauthenticated('This account no longer exists')
  return row
}

export function unsubscribeUrl(s: MailSettings, userId: string): string {
  return `${s.baseUrl}/api/mail/unsubscribe?user=${userId}&sig=${unsubscribeSignature(s.secret, userId)}`
}

/** One-click unsubscribe through a signed link (no sign-in): a wrong signature is 403 and changes nothing. */
export async function unsubscribe(
  db: Db,
  s: MailSettings,
  userId: string,
  sig: string,
): Promise<{ enabled: false }> {
  if (!validUnsubscribeSignature(s.secret, userId, sig))
    throw new Forbidden('This unsubscribe link is not valid')
  await db.query('UPDATE users SET review_reminders = false WHERE id = $1', [userId])
  return { enabled: false }
}

/**
 * Queues today's review reminders: to each account that chose them, has lines due now (of courses it may still see:
 * a student's enrolled ones, an instructor's own or published ones) and was not reminded within the last day. Each
 * account is claimed by one UPDATE (several instances may run this at once: one wins per account), in the same
 * transaction as its mail.
 */
export async function queueReviewReminders(db: Db, s: MailSettings, now = new Date()): Promise<number> {
  const due = await db.query<{ id: string; email: string; due: number }>(
    `SELECT u.id, u.email, count(*)::int AS due
     FROM users u JOIN line_reviews r ON r.user_id = u.id JOIN modules m ON m.id = r.module_id
       JOIN courses c ON c.id = r.course_id
     WHERE u.review_reminders AND r.due <= $1 AND m.line_pgn IS NOT NULL
       AND (u.last_review_reminder_at IS NULL OR u.last_review_reminder_at <= $1::timestamptz - interval '1 day')
       AND (u.role <> 'student' OR EXISTS (
         SELECT 1 FROM enrollments e WHERE e.course_id = r.course_id AND e.student_id = u.id))
       AND (u.role <> 'instructor' OR c.published OR c.instructor_id = u.id)
     GROUP BY u.id, u.email`,
    [now.toISOString()],
  )
  let queued = 0
  for (const user of due) {
    await db.transaction(async (tx) => {
      const [claimed] = await tx.query(
        `UPDATE users SET last_review_reminder_at = $2 WHERE id = $1 AND review_reminders
           AND (last_review_reminder_at IS NULL OR last_review_reminder_at <= $2::timestamptz - interval '1 day')
         RETURNING id`,
        [user.id, now.toISOString()],
      )
      if (!claimed) return
      const unsubscribe = unsubscribeUrl(s, user.id)
      await enqueueMail(tx, {
        kind: 'reminder',
        to: user.email,
        // the mail's own link opens a page with a button; mail clients post to the header's link (RFC 8058)
        ...reviewReminderMail(
          user.due,
          `${s.baseUrl}/review`,
          unsubscribe.replace('/api/mail/unsubscribe', '/unsubscribe'),
        ),
        headers: {
          'List-Unsubscribe': `<${unsubscribe}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      })
      queued += 1
    })
  }
  return queued
}
