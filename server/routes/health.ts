import type { FastifyInstance } from 'fastify'
import { sendProblem } from '../plugins/errors'
import { defineRoute } from './define'
import type { RouteDeps } from './deps'

/** Why the database does not answer, when its thread is being started again (embedded PGlite). */
const RESTARTING = {
  hung: 'The database thread stopped answering and is being restarted',
  stopped: 'The database thread stopped and is being restarted',
}

export async function healthRoutes(app: FastifyInstance, { db }: RouteDeps) {
  defineRoute(app, 'getHealth', {}, async (req, reply) => {
    try {
      await db.query('SELECT 1')
    } catch (err) {
      req.log.error({ err }, 'health check: database unavailable')
      const restarting = db.thread?.().restarting
      return sendProblem(reply, 503, restarting ? RESTARTING[restarting] : 'The database is unreachable')
    }
    const thread = db.thread?.()
    return {
      status: 'ok' as const,
      database: db.kind,
      ...(thread && { databaseRestarts: thread.restarts }),
      ...(thread?.lastRestartAt && { databaseRestartedAt: thread.lastRestartAt.toISOString() }),
    }
  })
}
