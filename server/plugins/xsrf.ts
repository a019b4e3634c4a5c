import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Forbidden } from '../services/errors'

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const TOKEN_BYTES = 32

/**
 * Every answer to a request without the cookie hands out a new token: drawn from a pool filled by the system's
 * random source 256 tokens at a time (each byte used once), since asking it for 32 bytes per answer cost more than
 * the rest of a cached answer's work.
 */
let pool = Buffer.alloc(0)
let offset = 0
export function newToken(): string {
  if (offset + TOKEN_BYTES > pool.length) {
    pool = randomBytes(TOKEN_BYTES * 256)
    offset = 0
  }
  const token = pool.toString('base64url', offset, offset + TOKEN_BYTES)
  offset += TOKEN_BYTES
  return token
}
export const XSRF_COOKIE = 'XSRF-TOKEN'
const XSRF_HEADER = 'x-xsrf-token'

/**
 * Double-submit cookie: the browser gets a readable XSRF-TOKEN cookie and echoes it in X-XSRF-TOKEN.
 * A state-changing request carrying the cookie must echo it; API clients without the cookie pass.
 * The cookie is Secure when the public address is https (`alwaysSecure`), or else when the request came over https:
 * a proxy that ends TLS without saying so (no X-Forwarded-Proto, or TRUST_PROXY unset) would otherwise make it plain.
 */
export const xsrfPlugin = fp(
  async (app: FastifyInstance, { alwaysSecure = false }: { alwaysSecure?: boolean }) => {
    // A callback hook, not an async one: it runs on every request, and an async hook costs a promise and a turn of
    // the microtask queue each time.
    app.addHook('onRequest', (req, reply, done) => {
      const cookie = req.cookies[XSRF_COOKIE]
      // Hashed assets are cached for a year by browsers and CDNs: keep Set-Cookie off them.
      if (!cookie && req.url.startsWith('/assets/')) return done()
      if (!cookie) {
        // Written as the header it is (readable by the page, so not HttpOnly): the token is base64url, which a
        // cookie carries as it is, and going through the cookie plugin's setCookie cost a Map and a serializer's
        // checks on every answer to a client without the cookie.
        void reply.header(
          'set-cookie',
          `${XSRF_COOKIE}=${newToken()}; Path=/; SameSite=Lax${alwaysSecure || req.protocol === 'https' ? '; Secure' : ''}`,
        )
        return done()
      }
      if (!UNSAFE.has(req.method)) return done()
      const header = req.headers[XSRF_HEADER]
      const a = Buffer.from(typeof header === 'string' ? header : '')
      const b = Buffer.from(cookie)
      if (a.length !== b.length || !timingSafeEqual(a, b))
        return done(new Forbidden('Missing or wrong X-XSRF-TOKEN header'))
      done()
    })
  },
  { name: 'xsrf', dependencies: ['@fastify/cookie'] },
)
