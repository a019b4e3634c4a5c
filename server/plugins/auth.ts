import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { jwtVerify, SignJWT } from 'jose'
import type { Db } from '../db/db'
import { Forbidden, Unauthenticated } from '../services/errors'
import type { Actor, Role } from '../services/types'
import { findActor } from '../services/users'

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a valid token of an existing user is sent; sets request.actor. */
    authenticate: (req: FastifyRequest, reply: FastifyReply) => Promise<void>
    /** preHandler: authenticate, then 403 unless the user has one of these roles. */
    requireRole: (...roles: Role[]) => (req: FastifyRequest, reply: FastifyReply) => Promise<void>
    issueToken: (userId: string) => Promise<string>
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface TokenService {
  issue(userId: string): Promise<string>
  /** The user id in a valid token, or undefined. */
  verify(token: string): Promise<string | undefined>
}

export function tokenService(secret: string, ttl: string): TokenService {
  // Imported once: handing jose the raw bytes would re-import the HMAC key on every call.
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ])
  return {
    issue: async (userId) =>
      new SignJWT({}).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(userId).setIssuedAt().setExpirationTime(ttl).sign(await key),
    verify: async (token) => {
      try {
        // Pinning the algorithm refuses `alg: none` and key-confusion tokens.
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] })
        return typeof payload.sub === 'string' && UUID.test(payload.sub) ? payload.sub : undefined
      } catch {
        return undefined
      }
    },
  }
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; tokens: TokenService }) => {
    app.decorateRequest('actor', undefined)
    app.decorate('issueToken', (userId: string) => opts.tokens.issue(userId))
    const authenticate = async (req: FastifyRequest) => {
      const header = req.headers.authorization
      const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null
      if (!match) throw new Unauthenticated('Log in to do this: send Authorization: Bearer <token>')
      const userId = await opts.tokens.verify(match[1]!)
      if (!userId) throw new Unauthenticated('The token is invalid or has expired')
      // The role comes from the database on every request, so a role change or deletion applies at once.
      const actor = await findActor(opts.db, userId)
      if (!actor) throw new Unauthenticated('This account no longer exists')
      req.actor = actor
    }
    app.decorate('authenticate', authenticate)
    app.decorate('requireRole', (...roles: Role[]) => async (req: FastifyRequest) => {
      await authenticate(req)
      if (!roles.includes(req.actor!.role)) throw new Forbidden(`Only ${roles.join(' or ')} users may do this`)
    })
  },
  { name: 'auth' },
)

/** The authenticated caller; only valid behind `authenticate` or `requireRole`. */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw new Unauthenticated()
  return req.actor
}
