import type { Db } from '../../db/db'
import { Unauthenticated } from '../errors'
import type { Actor } from '../types'

/**
 * Opens a session for a login: expired sessions of the same user are purged in the same statement (cheap,
 * and the table never grows with dead rows of active users). `expiresAt` is the token's `exp` (epoch seconds).
 */
export async function openSession(db: Db, userId: string, expiresAt: number): Promise<string> {
  try {
    const [row] = await db.query<{ id: string }>(
      `WITH purged AS (DELETE FROM sessions WHERE user_id = $1 AND expires_at <= now())
       INSERT INTO sessions (user_id, expires_at) VALUES ($1, to_timestamp($2)) RETURNING id`,
      [userId, expiresAt],
    )
    return row.id
  } catch (err) {
    // The account was deleted between the password check and here.
    if ((err as { code?: string }).code === '23503')
      throw new Unauthenticated('This account no longer exists')
    throw err
  }
}

/**
 * The caller behind a token, in one query: the session must exist, belong to the token's user and not have
 * expired, and the user's current role is read at the same time (a role change applies at once).
 */
export async function sessionActor(db: Db, sessionId: string, userId: string): Promise<Actor | undefined> {
  const [row] = await db.query<Actor>(
    `SELECT u.id, u.role, u.username FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.id = $1 AND s.user_id = $2 AND s.expires_at > now()`,
    [sessionId, userId],
  )
  return row
}

/** Ends one session of this user (logout). */
export async function endSession(db: Db, userId: string, sessionId: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id = $1 AND user_id = $2', [sessionId, userId])
}

/** Ends every session of a user, or every one but `keep`; answers how many ended. */
export async function endSessions(db: Db, userId: string, keep?: string): Promise<number> {
  const rows = keep
    ? await db.query('DELETE FROM sessions WHERE user_id = $1 AND id <> $2 RETURNING id', [userId, keep])
    : await db.query('DELETE FROM sessions WHERE user_id = $1 RETURNING id', [userId])
  return rows.length
}
