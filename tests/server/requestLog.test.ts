// The request log's line: with the server's own log settings it is written from one template
// (server/logDestination.ts) instead of through pino's general path. It must be the line pino writes for the same
// request with the same settings, field for field and in the same order, and follow the log level.
import { buildApp } from '../../server/app'
import { requestLogSerializer } from '../../server/services/media/videos'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildServer, type TestServer } from '../helpers/buildServer'

type Line = Record<string, unknown> & { msg: string; req: { url: string } }

/** The 'request completed' lines among what a stream was given, parsed. */
const requestLines = (written: string[]): Line[] =>
  written
    .flatMap((chunk) => chunk.split('\n'))
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as Line)
    .filter((l) => l.msg === 'request completed')

describe('the request log line', () => {
  let server: TestServer
  const ours: string[] = []
  beforeAll(async () => {
    server = await buildServer({ env: { LOG_LEVEL: 'info' }, logStream: { write: (l) => ours.push(l) } })
  })
  afterAll(async () => {
    await server?.close()
  })

  it("is the line pino writes for the same request, each field in pino's order", async () => {
    // The same app through pino's own path: a pino configuration of its own makes the app log the pino way.
    const viaPino: string[] = []
    const reference = await buildApp({
      config: server.config,
      db: server.db,
      logger: {
        level: 'info',
        stream: { write: (l: string) => viaPino.push(l) },
        serializers: { req: requestLogSerializer },
      },
    })
    await reference.ready()
    try {
      const requests = [
        { url: '/api/courses?limit=1&q=%22quoted%22%5C', headers: { host: 'catalogue.example:8080' } },
        // a media signature never reaches the log
        { url: '/api/videos/file/a.mp4?exp=1&sig=secret-signature', headers: {} },
        { url: '/api/profile/me', headers: {} },
        { url: '/no/such/thing', headers: {} },
      ]
      for (const r of requests) {
        const a = await server.app.inject({ method: 'GET', ...r })
        const b = await reference.inject({ method: 'GET', ...r })
        expect(a.statusCode).toBe(b.statusCode)
      }
    } finally {
      await reference.close()
    }
    const mine = requestLines(ours)
    const theirs = requestLines(viaPino)
    expect(mine).toHaveLength(4)
    expect(theirs).toHaveLength(4)
    for (const [i, line] of mine.entries()) {
      const other = theirs[i]
      expect(Object.keys(line)).toEqual(Object.keys(other))
      expect(Object.keys(line.req)).toEqual(Object.keys(other.req))
      // the request id, the time and the time taken are each app's own
      expect(line.reqId).toEqual(expect.any(String))
      expect(line.time).toEqual(expect.any(Number))
      expect(line.responseTime).toEqual(expect.any(Number))
      const same = (l: Line) => ({ ...l, reqId: 0, time: 0, responseTime: 0 })
      expect(same(line)).toEqual(same(other))
    }
    expect(mine.map((l) => [l.req.url, (l.res as { statusCode: number }).statusCode])).toEqual([
      ['/api/courses?limit=1&q=%22quoted%22%5C', 200],
      ['/api/videos/file/a.mp4?exp=1&sig=[redacted]', 404],
      ['/api/profile/me', 401],
      ['/no/such/thing', 404],
    ])
    expect(mine[0]).toMatchObject({
      level: 30,
      pid: process.pid,
      req: { method: 'GET', host: 'catalogue.example:8080' },
    })
    expect(ours.join('')).not.toContain('secret-signature')
  })

  it('is not written above the info level', async () => {
    const written: string[] = []
    const quiet = await buildServer({
      env: { LOG_LEVEL: 'warn' },
      logStream: { write: (l) => written.push(l) },
    })
    try {
      expect((await quiet.app.inject({ method: 'GET', url: '/api/courses' })).statusCode).toBe(200)
      expect((await quiet.app.inject({ method: 'GET', url: '/api/courses?limit=1' })).statusCode).toBe(200)
    } finally {
      await quiet.close()
    }
    expect(requestLines(written)).toEqual([])
    // while at info the same requests are logged
    const before = requestLines(ours).length
    await server.app.inject({ method: 'GET', url: '/api/courses' })
    expect(requestLines(ours)).toHaveLength(before + 1)
  })
})
