import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../db/db'
import { sendProblem } from './errors'

/** What a limit counts: each has its own counter per user. */
export type UserLimitKind = 'comment' | 'follow' | 'upload'

const WHAT: Record<UserLimitKind, string> = {
  comment: 'comments',
  follow: 'follow and unfollow requests',
  upload: 'video uploads',
}

export interface UserLimitHit {
  /** Requests counted in the current window, this one included. */
  count: number
  /** Milliseconds until the window ends. */
  ttlMs: number
}

/**
 * Counts one request of this user in a fixed window kept in the database (table rate_limits), so every
 * instance behind a load balancer counts the same requests.
 */
async function countUserRequest(
  db: Db,
  kind: UserLimitKind,
  userId: string,
  windowMs: number,
): Promise<UserLimitHit> {
  const [row] = await db.query<{ count: number; ttl: number }>(
    `INSERT INTO rate_limits AS r (key, count, reset_at)
     VALUES ($1, 1, clock_timestamp() + $2 * interval '1 millisecond')
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN r.reset_at <= clock_timestamp() THEN 1 ELSE r.count + 1 END,
       reset_at = CASE WHEN r.reset_at <= clock_timestamp() THEN EXCLUDED.reset_at ELSE r.reset_at END
     RETURNING count, greatest(0, extract(epoch FROM r.reset_at - clock_timestamp()) * 1000)::float8 AS ttl`,
    [`user:${kind}:${userId}`, windowMs],
  )
  return { count: Number(row.count), ttlMs: Math.ceil(Number(row.ttl)) }
}

/**
 * A preHandler that limits an authenticated user to `max` requests of this kind per window: place it after
 * `app.authenticate` (or `requireRole`), so a refused or anonymous request is never counted. Above the limit
 * it answers 429 problem+json with Retry-After (seconds).
 */
export function userRateLimit(db: Db, kind: UserLimitKind, max: number, windowMs = 60_000) {
  return async function limitUser(req: FastifyRequest, reply: FastifyReply) {
    const actor = req.actor
    if (!actor) return
    const { count, ttlMs } = await countUserRequest(db, kind, actor.id, windowMs)
    if (count <= max) return
    const retryAfter = Math.max(1, Math.ceil(ttlMs / 1000))
    const per = windowMs === 60_000 ? 'minute' : `${windowMs / 1000} s`
    reply.header('Retry-After', String(retryAfter))
    return sendProblem(
      reply,
      429,
      `Too many ${WHAT[kind]}: at most ${max} per ${per}; try again in ${retryAfter} s`,
    )
  }
}
