import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { jwtVerify, SignJWT } from 'jose'
import type { Db } from '../db/db'
import { Forbidden, Unauthenticated } from '../services/errors'
import { openSession, sessionActor } from '../services/accounts/sessions'
import type { Actor, Role } from '../services/types'

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor
    /** The session the request's token belongs to (set with `actor`). */
    sessionId?: string
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a valid token of a live session of an existing user is sent; sets request.actor. */
    authenticate: (req: FastifyRequest, reply: FastifyReply) => Promise<void>
    /**
     * preHandler for operations where a token is optional: without an Authorization header the caller is a
     * visitor (request.actor stays unset); with one, the same checks as authenticate (a bad token is 401).
     */
    authenticateOptional: (req: FastifyRequest, reply: FastifyReply) => Promise<void>
    /**
     * preHandler for public reads that show more to some callers (a draft course to its instructor): a valid token
     * sets request.actor; none, or one that does not hold (expired, ended), leaves a visitor, never a 401.
     */
    readTokenIfValid: (req: FastifyRequest, reply: FastifyReply) => Promise<void>
    /** preHandler: authenticate, then 403 unless the user has one of these roles. */
    requireRole: (...roles: Role[]) => (req: FastifyRequest, reply: FastifyReply) => Promise<void>
    /** Opens a session for this user and answers its token. */
    issueToken: (userId: string) => Promise<string>
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const UNIT_SECONDS: Record<string, number> = {
  '': 1,
  s: 1,
  sec: 1,
  m: 60,
  min: 60,
  h: 3600,
  hr: 3600,
  d: 86400,
  day: 86400,
  w: 604800,
}

/** A JWT_TTL as config.ts accepts it (`7d`, `12h`, `3600s`, `3600`) in seconds. */
export function ttlSeconds(ttl: string): number {
  const match = /^(\d+)\s*(s|sec|m|min|h|hr|d|day|w)?$/.exec(ttl.trim())
  if (!match) throw new Error(`not a duration: ${ttl}`)
  return Number(match[1]) * UNIT_SECONDS[match[2] ?? '']
}

export interface TokenClaims {
  userId: string
  sessionId: string
}

export interface TokenService {
  /** Token lifetime in seconds. */
  ttl: number
  /** A token of this user's session, expiring at `exp` (epoch seconds). */
  sign(claims: TokenClaims, exp: number): Promise<string>
  /** The user and session named by a valid token, or undefined. */
  verify(token: string): Promise<TokenClaims | undefined>
}

export function tokenService(secret: string, ttl: string): TokenService {
  // Imported once: handing jose the raw bytes would re-import the HMAC key on every call.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  )
  const seconds = ttlSeconds(ttl)
  return {
    ttl: seconds,
    sign: async ({ userId, sessionId }, exp) =>
      new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        // Issued when `exp` was reckoned, not when signing ends: the session row is written in between, and a
        // second boundary crossed there would make the token's lifetime a second short of JWT_TTL.
        .setIssuedAt(exp - seconds)
        .setExpirationTime(exp)
        .sign(await key),
    verify: async (token) => {
      try {
        // Pinning the algorithm refuses `alg: none` and key-confusion tokens.
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'sub', 'sid'],
        })
        const { sub, sid } = payload
        if (typeof sub !== 'string' || !UUID.test(sub) || typeof sid !== 'string' || !UUID.test(sid))
          return undefined
        return { userId: sub, sessionId: sid }
      } catch {
        return undefined
      }
    },
  }
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; tokens: TokenService }) => {
    const { db, tokens } = opts
    app.decorateRequest('actor', undefined)
    app.decorateRequest('sessionId', undefined)
    app.decorate('issueToken', async (userId: string) => {
      // The session and its token expire at the same second.
      const exp = Math.floor(Date.now() / 1000) + tokens.ttl
      const sessionId = await openSession(db, userId, exp)
      return tokens.sign({ userId, sessionId }, exp)
    })
    const authenticate = async (req: FastifyRequest) => {
      const header = req.headers.authorization
      const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null
      if (!match) throw new Unauthenticated('Log in to do this: send Authorization: Bearer <token>')
      const claims = await tokens.verify(match[1])
      if (!claims) throw new Unauthenticated('The token is invalid or has expired')
      // One query checks the session (not ended, not expired, this user's) and reads the current role, so a
      // logout, a password change or a role change applies at once.
      const actor = await sessionActor(db, claims.sessionId, claims.userId)
      if (!actor) throw new Unauthenticated('This session has ended; log in again')
      req.actor = actor
      req.sessionId = claims.sessionId
    }
    app.decorate('authenticate', authenticate)
    // A header that is present but empty or malformed is refused, not read as a visitor: a client that sent
    // credentials learns they did not work.
    app.decorate('authenticateOptional', async (req: FastifyRequest) => {
      if (req.headers.authorization !== undefined) await authenticate(req)
    })
    app.decorate('readTokenIfValid', async (req: FastifyRequest) => {
      if (req.headers.authorization === undefined) return
      try {
        await authenticate(req)
      } catch (err) {
        if (!(err instanceof Unauthenticated)) throw err
        req.actor = undefined
      }
    })
    app.decorate('requireRole', (...roles: Role[]) => async (req: FastifyRequest) => {
      await authenticate(req)
      if (!roles.includes(req.actor!.role))
        throw new Forbidden(`Only ${roles.join(' or ')} users may do this`)
    })
  },
  { name: 'auth' },
)

/** The authenticated caller; only valid behind `authenticate` or `requireRole`. */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw new Unauthenticated()
  return req.actor
}

/** The session of the authenticated caller; only valid behind `authenticate` or `requireRole`. */
export function sessionOf(req: FastifyRequest): string {
  if (!req.sessionId) throw new Unauthenticated()
  return req.sessionId
}
