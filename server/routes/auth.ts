import type { FastifyInstance } from 'fastify'
import { secureCookies } from '../config'
import { sendProblem } from '../plugins/errors'
import { Unauthenticated } from '../services/errors'
import {
  KNOWN_DEVICE_COOKIE,
  KNOWN_DEVICE_DAYS,
  KNOWN_DEVICE_PATH,
  KnownDevices,
} from '../services/accounts/knownDevices'
import { addressKey, SignInThrottle } from '../services/accounts/signInThrottle'
import { mailSettingsOf, sendVerification } from '../services/mail/account'
import { checkCredentials, createUser } from '../services/accounts/users'
import { defineRoute } from './define'
import type { RouteDeps } from './deps'

export async function authRoutes(app: FastifyInstance, { db, config }: RouteDeps) {
  // Registrations per address, sized so that a class registering together from one school network passes.
  const registerLimit = {
    max: config.registerRateLimitMax,
    timeWindow: config.registerRateLimitWindowSeconds * 1000,
    keyGenerator: (req: { ip: string }) => addressKey(req.ip),
  }
  // Sign-ins are not rate limited as such: only failures count (per account and per address), see SignInThrottle.
  const throttle = new SignInThrottle(db, {
    perAccount: config.loginMaxFailuresPerAccount,
    perAddress: config.loginMaxFailuresPerAddress,
    windowSeconds: config.loginFailureWindowSeconds,
  })
  const devices = new KnownDevices(config.jwtSecret)
  const mail = mailSettingsOf(config)

  defineRoute(app, 'register', { config: { rateLimit: registerLimit } }, async (req, reply) => {
    const body = req.body
    // Registration always creates a student; a `role` in the body is ignored on purpose.
    const user = await createUser(
      db,
      { username: body.username, email: body.email, password: body.password, phoneNumber: body.phoneNumber },
      // The verification mail goes into the outbox in the account's own transaction.
      (tx, created) => sendVerification(tx, mail, created.id, created.email),
    )
    req.log.info({ userId: user._id }, 'user registered')
    return reply.code(201).send(user)
  })

  defineRoute(app, 'login', {}, async (req, reply) => {
    const { email, password } = req.body
    const cookie = req.cookies[KNOWN_DEVICE_COOKIE]
    const attempt = await throttle.begin(email, req.ip, await devices.deviceFor(db, cookie, email))
    if (attempt.throttled) {
      req.log.info({ retryAfter: attempt.retryAfterSeconds }, 'sign-in throttled')
      reply.header('retry-after', String(attempt.retryAfterSeconds))
      return sendProblem(reply, 429, attempt.detail)
    }
    let result
    try {
      result = await checkCredentials(db, email, password)
    } catch (err) {
      if (err instanceof Unauthenticated) await attempt.failed()
      else await attempt.release().catch(() => {})
      throw err
    }
    await attempt.succeeded()
    // Remembers this browser for this account (a new entry on every sign-in), so a lock set off by strangers'
    // failures does not keep it out. HttpOnly: the page never needs it; Strict: only the SPA's own calls send it.
    void reply.setCookie(KNOWN_DEVICE_COOKIE, devices.issue(cookie, result._id), {
      path: KNOWN_DEVICE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookies(config) || req.protocol === 'https',
      maxAge: KNOWN_DEVICE_DAYS * 24 * 3600,
    })
    req.log.info({ userId: result._id, knownDevice: attempt.knownDevice }, 'signed in')
    return { token: await app.issueToken(result._id), result }
  })
}
