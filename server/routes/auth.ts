import type { FastifyInstance } from 'fastify'
import { checkCredentials, createUser } from '../services/users'
import { defineRoute } from './define'
import type { RouteDeps } from './deps'

export async function authRoutes(app: FastifyInstance, { db, config }: RouteDeps) {
  const rateLimit = { max: config.authRateLimitMax, timeWindow: 60_000 }

  defineRoute(app, 'register', { config: { rateLimit } }, async (req, reply) => {
    const body = req.body as { username: string; email: string; password: string; phoneNumber?: string }
    // Registration always creates a student; a `role` in the body is ignored on purpose.
    const user = await createUser(db, {
      username: body.username,
      email: body.email,
      password: body.password,
      phoneNumber: body.phoneNumber,
    })
    req.log.info({ userId: user._id }, 'user registered')
    return reply.code(201).send(user)
  })

  defineRoute(app, 'login', { config: { rateLimit } }, async (req) => {
    const { email, password } = req.body as { email: string; password: string }
    const result = await checkCredentials(db, email, password)
    return { token: await app.issueToken(result._id), result }
  })
}
