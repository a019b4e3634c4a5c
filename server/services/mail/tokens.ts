import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Db } from '../../db/db'

export type TokenPurpose = 'reset' | 'verify' | 'change'

/** How long a link works: a password reset 1 hour, an address to verify 24 hours. */
export const TOKEN_TTL_SECONDS: Record<TokenPurpose, number> = {
  reset: 3600,
  verify: 24 * 3600,
  change: 24 * 3600,
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url')

/**
 * A new single-use token for a mailed link (256 random bits, base64url: 43 characters). Only its hash is stored, so
 * whoever reads the database cannot follow a link.
 */
export async function createMailToken(
  db: Db,
  userId: string,
  purpose: TokenPurpose,
  email: string,
): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.query(
    `INSERT INTO mail_tokens (token_hash, user_id, purpose, email, expires_at)
     VALUES ($1, $2, $3, $4, clock_timestamp() + $5 * interval '1 second')`,
    [hashOf(token), userId, purpose, email, TOKEN_TTL_SECONDS[purpose]],
  )
  return token
}

export interface UsedToken {
  user_id: string
  purpose: TokenPurpose
  email: string
}

/**
 * Uses a token up, in one statement (two requests with the same token: one wins): the token's row when it is of one
 * of these purposes, not used and not expired; undefined otherwise.
 */
export async function useMailToken(
  db: Db,
  token: string,
  purposes: TokenPurpose[],
): Promise<UsedToken | undefined> {
  const [row] = await db.query<UsedToken>(
    `UPDATE mail_tokens SET used_at = clock_timestamp()
     WHERE token_hash = $1 AND purpose = ANY($2::text[]) AND used_at IS NULL AND expires_at > clock_timestamp()
     RETURNING user_id, purpose, email`,
    [hashOf(token), purposes],
  )
  return row
}

/** How many tokens of this purpose the user was sent within the last `seconds`. */
export async function recentTokens(
  db: Db,
  userId: string,
  purpose: TokenPurpose,
  seconds: number,
): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM mail_tokens
     WHERE user_id = $1 AND purpose = $2 AND created_at > clock_timestamp() - $3 * interval '1 second'`,
    [userId, purpose, seconds],
  )
  return row.n
}

/**
 * The signature of a one-click unsubscribe link for a user (HMAC-SHA256 under a key derived from the server's
 * secret): it names the account without a sign-in, and cannot be made for another account.
 */
export function unsubscribeSignature(secret: string, userId: string): string {
  const key = createHmac('sha256', secret).update('mail-unsubscribe').digest()
  return createHmac('sha256', key).update(userId).digest('base64url')
}

export function validUnsubscribeSignature(secret: string, userId: string, sig: string): boolean {
  const want = Buffer.from(unsubscribeSignature(secret, userId))
  const got = Buffer.from(sig)
  return want.length === got.length && timingSafeEqual(want, got)
}
