import type { FastifyInstance } from 'fastify'
import { sendProblem } from '../plugins/errors'
import { defineRoute } from './define'
import type { RouteDeps } from './deps'

export async function healthRoutes(app: FastifyInstance, { db }: RouteDeps) {
  defineRoute(app, 'getHealth', {}, async (req, reply) => {
    try {
      await db.query('SELECT 1')
    } catch (err) {
      req.log.error({ err }, 'health check: database unavailable')
      return sendProblem(reply, 503, 'The database is unreachable')
    }
    return { status: 'ok' as const, database: db.kind }
  })
}
