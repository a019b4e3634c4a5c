import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../db/db'
import { sendProblem } from './errors'
import { countRequest } from './rateLimitStore'

/** What a limit counts: each has its own counter per user. */
export type UserLimitKind = 'comment' | 'follow' | 'upload' | 'game' | 'practice' | 'puzzle' | 'review'

const WHAT: Record<UserLimitKind, string> = {
  comment: 'comments',
  follow: 'follow and unfollow requests',
  upload: 'video uploads',
  game: 'game saves and deletions',
  practice: 'line practices recorded',
  puzzle: 'puzzle attempts, reviews and kept mistakes',
  review: 'course reviews, replies and removals',
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
    const { count, ttlMs } = await countRequest(db, `user:${kind}:${actor.id}`, windowMs)
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
