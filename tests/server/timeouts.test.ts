// Slow clients are cut off: a real listening server with small timeouts, and raw sockets that drip bytes.
import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config'
import { buildServer, type TestServer } from '../helpers/buildServer'

let s: TestServer
let port: number
beforeAll(async () => {
  s = await buildServer({
    env: {
      HEADERS_TIMEOUT_SECONDS: '1',
      REQUEST_TIMEOUT_SECONDS: '2',
      IDLE_TIMEOUT_SECONDS: '3',
      KEEPALIVE_TIMEOUT_SECONDS: '1',
    },
  })
  await s.app.listen({ port: 0, host: '127.0.0.1' })
  port = (s.app.server.address() as { port: number }).port
}, 240_000)
afterAll(async () => {
  await s?.close()
})

interface Dripped {
  /** Milliseconds from connecting until the server closed the connection (or the test gave up). */
  closedAfterMs: number
  closedByServer: boolean
  /** What the server wrote before closing (a 408 status line, or nothing). */
  response: string
}

/** Writes `head` at once, then one byte of `drip` every `everyMs`, until the server closes the socket or `giveUpMs`. */
function drip(head: string, dripText: string, everyMs: number, giveUpMs: number): Promise<Dripped> {
  return new Promise((resolve) => {
    const started = Date.now()
    const socket: Socket = connect({ host: '127.0.0.1', port })
    let response = ''
    let i = 0
    let timer: NodeJS.Timeout | undefined
    const finish = (closedByServer: boolean) => {
      clearInterval(timer)
      clearTimeout(giveUp)
      socket.destroy()
      resolve({ closedAfterMs: Date.now() - started, closedByServer, response })
    }
    const giveUp = setTimeout(() => finish(false), giveUpMs)
    socket.on('data', (d) => (response += d.toString('latin1')))
    socket.on('close', () => finish(true))
    socket.on('error', () => {})
    socket.on('connect', () => {
      if (head) socket.write(head)
      if (!dripText) return
      timer = setInterval(() => {
        if (!socket.writable) return
        socket.write(dripText[i % dripText.length])
        i++
      }, everyMs)
    })
  })
}

// The slow clients below each hold a connection of their own to the one server, so they run side by side.
describe('timeouts', () => {
  it('hands the configured limits to the http server', () => {
    expect(s.app.server.headersTimeout).toBe(1000)
    expect(s.app.server.requestTimeout).toBe(2000)
    expect(s.app.server.keepAliveTimeout).toBe(1000)
    expect(s.app.server.timeout).toBe(3000)
  })

  it('the defaults leave a 50 MB upload five minutes, and a slow link still gets its headers through', () => {
    const c = loadConfig({ DATA_DIR: s.config.dataDir, JWT_SECRET: 'x'.repeat(32) })
    expect(c.requestTimeoutSeconds).toBe(300)
    expect(c.headersTimeoutSeconds).toBe(30)
    expect(c.idleTimeoutSeconds).toBe(60)
    expect(c.keepAliveTimeoutSeconds).toBe(5)
    // 50 MB in 300 s is 1.4 Mbit/s
    expect((50 * 8) / c.requestTimeoutSeconds).toBeLessThan(1.5)
  })

  it.concurrent(
    'cuts off a client dripping its headers (one byte every 200 ms) after the headers timeout',
    async () => {
      const r = await drip(
        'GET /api/health HTTP/1.1\r\nHost: localhost\r\n',
        'X-Slow: aaaaaaaaaaaaaaaa\r\n',
        200,
        15_000,
      )
      expect(r.closedByServer, 'the server closed the connection').toBe(true)
      // headersTimeout 1 s, checked every 250 ms
      expect(r.closedAfterMs).toBeLessThan(4000)
      expect(r.response === '' || r.response.startsWith('HTTP/1.1 408')).toBe(true)
      expect(r.response).not.toContain('200 OK')
    },
    30_000,
  )

  it.concurrent(
    'cuts off a client dripping its body (a slow upload) after the request timeout',
    async () => {
      const head = [
        'POST /api/auth/login HTTP/1.1',
        'Host: localhost',
        'Content-Type: application/json',
        'Content-Length: 100000',
        '',
        '',
      ].join('\r\n')
      const r = await drip(head, '{"email":"', 200, 15_000)
      expect(r.closedByServer, 'the server closed the connection').toBe(true)
      // requestTimeout 2 s (an idle limit alone would never fire: a byte arrives every 200 ms)
      expect(r.closedAfterMs).toBeLessThan(5000)
      expect(r.closedAfterMs).toBeGreaterThanOrEqual(1500)
      expect(r.response === '' || r.response.startsWith('HTTP/1.1 408')).toBe(true)
    },
    30_000,
  )

  it.concurrent(
    'closes a connection that sends nothing at all',
    async () => {
      const r = await drip('', '', 1_000_000, 15_000)
      expect(r.closedByServer).toBe(true)
      expect(r.closedAfterMs).toBeLessThan(5000)
    },
    30_000,
  )

  it.concurrent(
    'a normal request is answered, and its kept-alive connection is closed after the keep-alive timeout',
    async () => {
      const r = await drip('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n', '', 1_000_000, 15_000)
      expect(r.response).toMatch(/^HTTP\/1\.1 200 OK/)
      expect(r.closedByServer).toBe(true)
      expect(r.closedAfterMs).toBeLessThan(4000)
    },
    30_000,
  )
})
