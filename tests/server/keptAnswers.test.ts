// The kept course list and catalogue pages sent from their kept bytes by the route's own onRequest hook
// (server/plugins/responseCache.ts): each answer to one kind of request has the headers and bytes of the one before,
// a new XSRF token, and the request log's line Fastify writes for any route, while it is current. Over real HTTP; on
// PGlite by default, on PostgreSQL with DATABASE_URL, where every answer reads the data's version first (another
// instance may have written), so none is known to be current without a query: there the first test checks that.
import { Agent, request, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildServer, type TestServer, type TestUser } from '../helpers/buildServer'

interface Answer {
  status: number
  headers: IncomingHttpHeaders
  /** The header names in the order they came. */
  names: string[]
  body: Buffer
}

type Line = Record<string, unknown> & { msg: string; reqId: string; req: Record<string, unknown> }

const long = 'Plans, typical structures and model games. '.repeat(40)

const onPostgres = Boolean(process.env.DATABASE_URL)

/** What a proxy in front of the server adds: the client's address, the protocol and the host it was asked for. */
const FORWARDED = {
  'x-forwarded-for': '203.0.113.9',
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'chess.example',
}

/**
 * A server listening on a port, with its request log at info kept, and the helpers to ask it; reset before each test
 * (with an instructor, `teacher()`).
 */
function serverOf(env: Record<string, string>) {
  let server: TestServer
  let base: { host: string; port: number }
  let teacher: TestUser
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const written: string[] = []
  const lines = (): Line[] =>
    written
      .join('')
      .split('\n')
      .filter((l) => l.length > 0)
      .map((l) => JSON.parse(l) as Line)
      .filter((l) => l.msg === 'request completed')

  function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = request({ ...base, path, method, headers, agent }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            names: res.rawHeaders.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase()),
            body: Buffer.concat(chunks),
          }),
        )
      })
      req.on('error', reject)
      req.end()
    })
  }
  const resent = () => server.app.keptAnswersSent.count

  /**
   * Asks until an answer is sent from kept bytes known to be current without a wait (the first ones wait for the
   * list's read, its encoding or the catalogue's handler while the data is new): that answer, and the one before it.
   */
  async function untilResent(path: string, headers: Record<string, string> = {}) {
    let first = await get(path, headers)
    for (let i = 0; i < 50; i++) {
      const before = resent()
      const again = await get(path, headers)
      if (resent() === before + 1) return { first, again }
      first = again
      await new Promise((r) => setTimeout(r, 20))
    }
    throw new Error(`${path} was never sent from its kept bytes`)
  }

  beforeAll(async () => {
    server = await buildServer({
      env: { LOG_LEVEL: 'info', ...env },
      logStream: { write: (l) => written.push(l) },
    })
    await server.app.listen({ port: 0, host: '127.0.0.1' })
    base = { host: '127.0.0.1', port: (server.app.server.address() as AddressInfo).port }
  }, 240_000)
  afterAll(async () => {
    agent.destroy()
    await server?.close()
  })
  beforeEach(async () => {
    await server.reset()
    teacher = await server.createUser('instructor')
    written.length = 0
  })
  return {
    server: () => server,
    teacher: () => teacher,
    port: () => base.port,
    lines,
    get,
    resent,
    untilResent,
  }
}

/** An answer's headers without the ones Node writes itself for each answer, and the XSRF cookie's token. */
const comparable = (a: Answer) => ({
  status: a.status,
  names: a.names,
  headers: {
    ...a.headers,
    date: undefined,
    'set-cookie': a.headers['set-cookie']?.map((c) => c.replace(/^XSRF-TOKEN=[\w-]+/, 'XSRF-TOKEN=…')),
  },
  body: a.body.toString('base64'),
})

describe('kept answers sent from their bytes', () => {
  const { server, teacher: teacherOf, port, lines, get, resent, untilResent } = serverOf({})
  let teacher: TestUser
  beforeEach(() => {
    teacher = teacherOf()
  })

  it.runIf(onPostgres)(
    'on PostgreSQL knows nothing current without a query, and each answer is current',
    async () => {
      await server().createCourse(teacher, { title: 'Openings' })
      for (let i = 0; i < 5; i++) expect((await get('/api/courses')).status).toBe(200)
      await server().createCourse(teacher, { title: 'Endgames' })
      const after = await get('/api/courses')
      expect((JSON.parse(after.body.toString()) as { title: string }[]).map((c) => c.title)).toEqual([
        'Endgames',
        'Openings',
      ])
      expect(resent()).toBe(0)
    },
  )

  it.skipIf(onPostgres)(
    'sends the list again with the headers and bytes sent before, a new XSRF token, and the same log line',
    async () => {
      await server().createCourse(teacher, { title: 'Openings', description: long })
      const { first, again } = await untilResent('/api/courses')
      expect(first.status).toBe(200)
      expect((JSON.parse(first.body.toString()) as { title: string }[]).map((c) => c.title)).toEqual([
        'Openings',
      ])
      expect(comparable(again)).toEqual(comparable(first))
      // the security headers, the tag and the cookie are there, in Fastify's order
      expect(again.headers['content-security-policy']).toContain("default-src 'none'")
      expect(again.headers.etag).toBe(first.headers.etag)
      expect(again.headers['cache-control']).toBe('private, no-cache')
      const [cookieA] = first.headers['set-cookie']!
      const [cookieB] = again.headers['set-cookie']!
      expect(cookieB).toMatch(/^XSRF-TOKEN=[\w-]{43}; Path=\/; SameSite=Lax$/)
      expect(cookieB).not.toBe(cookieA)

      const logged = lines().filter((l) => l.req.url === '/api/courses')
      expect(logged.length).toBeGreaterThanOrEqual(2)
      const [made, kept] = [logged[0], logged.at(-1)!]
      expect(Object.keys(kept)).toEqual(Object.keys(made))
      expect(Object.keys(kept.req)).toEqual(Object.keys(made.req))
      expect(kept.req).toEqual(made.req)
      expect(kept).toMatchObject({ level: 30, pid: process.pid, res: { statusCode: 200 } })
      expect(kept.responseTime).toEqual(expect.any(Number))
      expect(new Set(logged.map((l) => l.reqId)).size).toBe(logged.length)
    },
  )

  it.skipIf(onPostgres)(
    'keeps each kind of request apart: cookies, the XSRF token, the encoding',
    async () => {
      await server().createCourse(teacher, { title: 'Openings', description: long })
      const kinds: Record<string, string>[] = [
        { cookie: 'XSRF-TOKEN=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG' },
        { cookie: 'theme=dark' },
        { 'accept-encoding': 'gzip' },
        // an empty token is none: a new one is handed out, as the xsrf plugin does
        { cookie: 'XSRF-TOKEN=; theme=dark' },
      ]
      const answers = []
      for (const headers of kinds) {
        const { first, again } = await untilResent('/api/courses', headers)
        expect(comparable(again)).toEqual(comparable(first))
        answers.push(again)
      }
      const [withToken, otherCookie, gzip, emptyToken] = answers
      // holding the token: no new cookie; any cookie: private
      expect(withToken.headers['set-cookie']).toBeUndefined()
      expect(withToken.headers['cache-control']).toBe('private, no-cache')
      expect(otherCookie.headers['set-cookie']).toHaveLength(1)
      expect(emptyToken.headers['set-cookie']?.[0]).toMatch(/^XSRF-TOKEN=[\w-]{43};/)
      // the encoded bytes and their own tag
      expect(gzip.headers['content-encoding']).toBe('gzip')
      expect(gunzipSync(gzip.body).toString()).toBe((await get('/api/courses')).body.toString())
      expect(gzip.headers.etag).not.toBe(withToken.headers.etag)
    },
  )

  it.skipIf(onPostgres)(
    'answers a matching tag with 304, credentials privately, HEAD through the handler',
    async () => {
      await server().createCourse(teacher, { title: 'Openings' })
      const { first } = await untilResent('/api/courses')
      const before = resent()
      const notModified = await get('/api/courses', { 'if-none-match': first.headers.etag as string })
      expect(notModified.status).toBe(304)
      expect(notModified.body).toHaveLength(0)
      expect(resent()).toBe(before)
      const withCredentials = await get('/api/courses', teacher.auth)
      expect(withCredentials.headers['cache-control']).toBe('private, no-cache')
      expect(withCredentials.body).toEqual(first.body)
      expect(resent()).toBe(before + 1)
      const head = await get('/api/courses', {}, 'HEAD')
      expect(head.status).toBe(200)
      expect(head.body).toHaveLength(0)
      expect(resent()).toBe(before + 1)
    },
  )

  it.skipIf(onPostgres)(
    "with no proxy trusted, X-Forwarded-* changes nothing: sent again as to any request, logged with the socket's address",
    async () => {
      await server().createCourse(teacher, { title: 'Openings' })
      const { first } = await untilResent('/api/courses')
      const before = resent()
      const forwarded = await get('/api/courses', FORWARDED)
      expect(resent()).toBe(before + 1)
      expect(comparable(forwarded)).toEqual(comparable(first))
      expect(forwarded.headers['set-cookie']?.[0]).not.toContain('Secure')
      const logged = lines().filter((l) => l.req.url === '/api/courses')
      expect(logged.at(-1)!.req).toEqual(logged[0].req)
      expect(logged[0].req).toMatchObject({ host: `127.0.0.1:${port()}`, remoteAddress: '127.0.0.1' })
    },
  )

  it.skipIf(onPostgres)('never sends a list or a page again after the courses change', async () => {
    await server().createCourse(teacher, { title: 'Openings' })
    const list = await untilResent('/api/courses')
    const page = await untilResent('/api/courses?limit=1')
    expect(comparable(page.again)).toEqual(comparable(page.first))
    await server().createCourse(teacher, { title: 'Endgames' })
    const titles = (a: Answer) => (JSON.parse(a.body.toString()) as { title: string }[]).map((c) => c.title)
    const pageTitles = (a: Answer) =>
      (JSON.parse(a.body.toString()) as { items: { title: string }[] }).items.map((c) => c.title)
    // the very next answers have the new course, with new tags
    const listAfter = await get('/api/courses')
    expect(titles(listAfter)).toEqual(['Endgames', 'Openings'])
    expect(listAfter.headers.etag).not.toBe(list.first.headers.etag)
    const pageAfter = await get('/api/courses?limit=1')
    expect(pageTitles(pageAfter)).toEqual(['Endgames'])
    expect(pageAfter.headers.etag).not.toBe(page.first.headers.etag)
  })
})

// Behind a proxy the server trusts (here, one on the same machine): the protocol it forwards decides whether the XSRF
// cookie is Secure, so https and http are kinds of their own; the address and host it forwards are the log line's,
// for each answer sent again as for the first.
describe('kept answers sent from their bytes, behind a trusted proxy', () => {
  const { server, teacher, lines, get, resent, untilResent } = serverOf({ TRUST_PROXY: 'loopback' })

  it.skipIf(onPostgres)(
    'sends the https kind again with a Secure cookie and the plain kind without, each logged as Fastify logs it',
    async () => {
      await server().createCourse(teacher(), { title: 'Openings', description: long })
      const https = await untilResent('/api/courses', FORWARDED)
      expect(comparable(https.again)).toEqual(comparable(https.first))
      expect(https.again.headers['set-cookie']?.[0]).toMatch(
        /^XSRF-TOKEN=[\w-]{43}; Path=\/; SameSite=Lax; Secure$/,
      )
      const http = await untilResent('/api/courses', { ...FORWARDED, 'x-forwarded-proto': 'http' })
      expect(http.again.headers['set-cookie']?.[0]).toMatch(/^XSRF-TOKEN=[\w-]{43}; Path=\/; SameSite=Lax$/)
      expect(comparable(http.again).body).toEqual(comparable(https.again).body)

      // Another client through the proxy: the answer sent again, the line with its own address (an address the
      // client wrote itself before the one the proxy appended does not count).
      const before = resent()
      const other = await get('/api/courses', { ...FORWARDED, 'x-forwarded-for': '10.9.9.9, 198.51.100.7' })
      expect(resent()).toBe(before + 1)
      expect(other.headers['set-cookie']?.[0]).toContain('; Secure')
      const logged = lines().filter((l) => l.req.url === '/api/courses')
      const made = logged[0]
      expect(made.req).toMatchObject({ host: 'chess.example', remoteAddress: '203.0.113.9' })
      for (const line of logged.slice(1, -1)) expect(line.req).toEqual(made.req)
      expect(logged.at(-1)!.req).toEqual({ ...made.req, remoteAddress: '198.51.100.7' })
    },
  )
})
