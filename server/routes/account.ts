import type { FastifyInstance } from 'fastify'
import { actorOf } from '../plugins/auth'
import * as account from '../services/mail/account'
import { addressKey } from '../services/accounts/signInThrottle'
import { passwordResetsWorked, queuePasswordReset } from '../services/mail/resetRequests'
import { defineRoute, signedIn } from './define'
import type { RouteDeps } from './deps'

/** Mails about one's account: password resets, verified addresses, changing one's email, review reminders. */
export async function accountRoutes(app: FastifyInstance, { db, config }: RouteDeps) {
  const mail = account.mailSettingsOf(config)
  // The reset requests queued by answered requests are worked before the database closes.
  app.addHook('onClose', () => passwordResetsWorked(db))
  const perAddress = (max: number) => ({
    max,
    timeWindow: 15 * 60 * 1000,
    keyGenerator: (req: { ip: string }) => addressKey(req.ip),
  })

  defineRoute(
    app,
    'requestPasswordReset',
    { config: { rateLimit: perAddress(config.passwordResetRateLimitMax) } },
    async (req, reply) => {
      // The same answer whether an account uses the email or not (and whether its own limit was reached), and in the
      // same time: the address is looked up, and its mail made, only once the answer is out.
      const answered = new Promise<void>((resolve) => reply.then(resolve, () => resolve()))
      const queued = queuePasswordReset(db, mail, req.body.email, answered, (err) =>
        req.log.warn({ err }, 'password reset request failed'),
      )
      if (!queued) req.log.warn('password reset request dropped: too many waiting')
      return reply.code(202).send({ message: account.RESET_ANSWER })
    },
  )

  defineRoute(
    app,
    'resetPassword',
    { config: { rateLimit: perAddress(config.passwordResetRateLimitMax * 3) } },
    async (req, reply) => {
      const { userId } = await account.resetPassword(db, req.body.token, req.body.newPassword)
      req.log.info({ userId }, 'password reset through a mailed link')
      return reply.code(204).send()
    },
  )

  defineRoute(
    app,
    'verifyEmail',
    { config: { rateLimit: perAddress(config.passwordResetRateLimitMax * 3) } },
    async (req) => account.verifyEmail(db, mail, req.body.token),
  )

  // Mail clients send the one-click unsubscribe as a form (RFC 8058); the body says nothing the link does not.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, _body, done) => done(null, undefined),
    )
    defineRoute(scope, 'unsubscribeReviewReminders', {}, async (req) =>
      account.unsubscribe(db, mail, req.query.user, req.query.sig),
    )
  })

  signedIn(app, (group) => {
    const perUser = (max: number) => ({
      max,
      timeWindow: 60 * 60 * 1000,
      hook: 'preHandler' as const, // after authenticate, so the key is the user
      keyGenerator: (req: { actor?: { id: string }; ip: string }) => `mail:${req.actor?.id ?? req.ip}`,
    })
    defineRoute(group, 'resendVerificationEmail', { config: { rateLimit: perUser(5) } }, async (req, reply) =>
      reply.code(202).send({ message: await account.resendVerification(db, mail, actorOf(req)) }),
    )
    defineRoute(
      group,
      'changeMyEmail',
      { config: { rateLimit: perUser(config.loginMaxFailuresPerAccount) } },
      async (req, reply) =>
        reply.code(202).send({ message: await account.requestEmailChange(db, mail, actorOf(req), req.body) }),
    )
    defineRoute(group, 'setReviewReminders', {}, async (req) =>
      account.setReviewReminders(db, actorOf(req), req.body.enabled),
    )
  })
}
