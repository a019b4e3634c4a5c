import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { isDbUnavailable } from '../db/db'
import { DomainError, RangeNotSatisfiable } from '../services/errors'

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}

export function sendProblem(
  reply: FastifyReply,
  status: number,
  detail: string,
  title = TITLES[status] ?? 'Error',
) {
  return reply
    .code(status)
    .type('application/problem+json')
    .send({ type: 'about:blank', title, status, detail, instance: reply.request.url.split('?')[0] })
}

/** Database errors a client's input can cause (a race on a unique index, a bad value), as 4xx. */
const PG_CLIENT_ERRORS: Record<string, [number, string]> = {
  '23505': [409, 'This already exists'],
  '23503': [404, 'A referenced record does not exist'],
  '23514': [400, 'A value is out of range'],
  '22P02': [400, 'A value has the wrong format'],
  '22001': [400, 'A value is too long'],
  '22003': [400, 'A number is out of range'],
  '22021': [400, 'Text may not contain NUL characters'],
}

function handleError(this: FastifyInstance, err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof DomainError) {
    if (err instanceof RangeNotSatisfiable) reply.header('Content-Range', `bytes */${err.size}`)
    return sendProblem(reply, err.status, err.message, err.title)
  }
  if (err.validation) {
    const first = err.validation[0]
    const extra = (first?.params as { additionalProperty?: string } | undefined)?.additionalProperty
    return sendProblem(reply, 400, extra ? `${err.message}: '${extra}'` : err.message)
  }
  const pg = PG_CLIENT_ERRORS[(err as { code?: string }).code ?? '']
  if (pg) {
    req.log.info({ err }, 'database refused client input')
    return sendProblem(reply, pg[0], pg[1])
  }
  const status = err.statusCode ?? 500
  if (status >= 400 && status < 500) {
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
      return sendProblem(reply, 400, 'The body is not valid JSON')
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendProblem(reply, 413, 'The body is too large')
    // An API path no route matched falls through to the SPA's static files, which refuse an over-long or
    // non-canonical one with 403: nothing was forbidden there, there is no such route.
    if (err.code === 'FST_STATIC_FORBIDDEN_PATH' && req.url.startsWith('/api/'))
      return sendProblem(reply, 404, `No route for ${req.method} ${req.url.split('?')[0]}`)
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendProblem(reply, 415, `Unsupported content type ${req.headers['content-type'] ?? '(none)'}`)
    }
    return sendProblem(reply, status, err.message)
  }
  if (isDbUnavailable(err)) {
    req.log.error({ err }, 'database unavailable')
    return sendProblem(reply, 503, 'The service is temporarily unavailable')
  }
  // Never echo internals: the log line carries the request id, the body only a generic message.
  req.log.error({ err }, 'unhandled error')
  return sendProblem(reply, 500, `Something went wrong (request ${req.id})`)
}

/** One error handler and one not-found handler, both application/problem+json (RFC 9457). */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler(handleError)
  },
  { name: 'errors' },
)
