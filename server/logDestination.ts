import { hostname } from 'node:os'
import pino from 'pino'
import type { FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify'
import type { Logger } from 'pino'
import { requestLogSerializer } from './services/media/videos'

/** Where the server's own log lines go: pino's destination (sonic-boom), or a test's stream. */
export interface LogStream {
  write(line: string): unknown
}

/**
 * Standard output for the log, written asynchronously (pino's destination, sonic-boom, `sync: false`): a log line
 * costs the request a copy into a buffer, not a write(2). Lines keep their order (one buffer, written in turn), and
 * none is lost when the process ends: pino registers an asynchronous destination to be flushed synchronously on
 * `exit` (the shutdown on SIGTERM and SIGINT ends with process.exit, and an uncaught error ends the process the same
 * way). Only a SIGKILL can lose the last lines, as with any buffered log.
 *
 * The lines are held as bytes (sonic-boom's `contentMode: 'buffer'`), each line made a Buffer as it comes: held as
 * text, sonic-boom measures the whole text waiting to be written on every line added (Buffer.byteLength of the
 * joined string, which flattens it first), so each line cost a copy of everything written meanwhile, and its garbage.
 * Measured on the spec's course list at 50 connections: 63 µs of server CPU per answer against 71 with the default.
 */
export function asyncStdout(): LogStream & { flush(cb?: (err?: Error) => void): void } {
  const boom = pino.destination({ dest: 1, sync: false, contentMode: 'buffer' })
  // (in `contentMode: 'buffer'` sonic-boom's write takes a Buffer; its type names only a string)
  const bytes = boom as unknown as { write(bytes: Buffer): boolean }
  return {
    // (pino makes the destination's write a no-op itself when standard output is a closed pipe)
    write: (line: string) => bytes.write(Buffer.from(line)),
    flush: (cb) => boom.flush(cb),
  }
}

/** The level of the request lines, as pino writes it (its default level formatter: the number). */
const INFO = pino.levels.values.info

/** The time of a line, as pino writes it by default (`,"time":` and the milliseconds since the epoch). */
const time = pino.stdTimeFunctions.epochTime

/**
 * What pino writes of a logger's bindings: its `base` fields (pino's default, pid and hostname; the server sets no
 * other) and then the logger's own bindings (logger.bindings()), as `,"key":value` each. Read once per logger: the
 * server's logger gets no bindings after it is made.
 */
const bindingsText = new WeakMap<Logger, string>()
const BASE = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`
function bindingsOf(logger: Logger): string {
  let text = bindingsText.get(logger)
  if (text === undefined) {
    text = BASE
    for (const [key, value] of Object.entries(logger.bindings()))
      text += `,${JSON.stringify(key)}:${JSON.stringify(value)}`
    bindingsText.set(logger, text)
  }
  return text
}

/**
 * The request log's line for an answered request, as pino writes `req.log.info({ req, res, responseTime }, 'request
 * completed')` with the server's settings (level, time, the request logger's bindings: pid, hostname, reqId; the
 * request as requestLogSerializer gives it, the status, the time taken, the message), made in one template: through
 * pino's general path (each field looked up, serialized and checked) the line cost ~6 µs more server CPU per answer
 * (the spec's course list at 50 connections, 63 against 57). tests/server/requestLog.test.ts compares the two.
 * Fastify's request logger is its server's logger's child bound to the request's id (`reqId`).
 */
export function requestCompletedLine(req: FastifyRequest, reply: FastifyReply): string {
  return requestLine(
    requestBindings(req.server.log as Logger, req.id),
    req,
    reply.statusCode,
    reply.elapsedTime,
  )
}

/**
 * The same line from its parts: the request logger's bindings as pino writes them (`,"pid":…,"hostname":…,"reqId":…`),
 * the request's fields, its status and the time taken in ms.
 */
function requestLine(
  bindings: string,
  req: Parameters<typeof requestLogSerializer>[0],
  statusCode: number,
  elapsedMs: number,
): string {
  // (pino writes a number that is not finite as null)
  const took = Number.isFinite(elapsedMs) ? elapsedMs : null
  return `{"level":${INFO}${time()}${bindings},"req":${JSON.stringify(requestLogSerializer(req))},"res":{"statusCode":${statusCode}},"responseTime":${took},"msg":"request completed"}\n`
}

/** A request logger's bindings: `parent`'s (the server's logger) and the request's id, as pino's child has them. */
function requestBindings(parent: Logger, reqId: string): string {
  return `${bindingsOf(parent)},"reqId":${JSON.stringify(reqId)}`
}

/** The onResponse hook writing each request's line to `stream`, at the request logger's level. */
export function requestLogHook(stream: LogStream): onResponseHookHandler {
  return (req, reply, done) => {
    if ((req.log as Logger).isLevelEnabled('info')) stream.write(requestCompletedLine(req, reply))
    done()
  }
}
