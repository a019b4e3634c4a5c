// Server throughput: autocannon's requests per second and p50/p99 latency for each endpoint, next to a bare
// node:http server answering the same bytes, on PGlite and on PostgreSQL.
import { fork } from 'node:child_process'
import { connect } from 'node:net'
import autocannon from 'autocannon'
import { startServer } from '../tests/e2e/support/server.mjs'
import { cpuMs } from './cpu.mjs'
import { memoryAfterLoad } from './memory.mjs'
import { seedProgress } from './seed.mjs'
import { CONNECTIONS, KB, PROGRESS, SHIPPED, log, round } from './support.mjs'

/** Headers the bare server's own Node sets (or that describe one connection), not copied from our answers. */
const NOT_RECORDED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'])

/** bench/bareServer.mjs in a child process, answering each recorded path of `routes` with the same bytes. */
function startBare(routes) {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./bareServer.mjs', import.meta.url), {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    child.once('message', ({ port }) =>
      resolve({ url: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill() }),
    )
    child.once('error', reject)
    child.send({ routes })
  })
}

/** One autocannon run (10 connections unless `opts` names its own). */
function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, pipelining: 1, ...opts }, (err, r) =>
      err ? reject(err) : resolve(r),
    )
  })
}

/**
 * The endpoints under load on the seeded server (`duration` seconds each, after a 1 s warm-up), then its memory:
 * the catalogue, modules, comments, a video range and learning progress.
 */
export async function loadFigures(label, server, data, { duration, courseCount }) {
  const base = server.url
  const bearer = (s) => ({ authorization: `Bearer ${s.token}` })
  log(
    `${label}: seeding progress (${PROGRESS.writers} writers, ${PROGRESS.courses} x ${PROGRESS.modules} modules)`,
  )
  const progress = await seedProgress(base, data)
  const myProgress = `GET /api/progress (${PROGRESS.courses} courses x ${PROGRESS.modules} modules)`
  const signed = new URL(data.videoRecord.filePath, base)
  const videoPath = signed.pathname + signed.search
  const end = Math.min(data.videoSize - 1, 32 * KB - 1)
  const endpoints = [
    {
      name: `GET /api/courses?limit=20 (first page of ${courseCount})`,
      method: 'GET',
      path: '/api/courses?limit=20',
      headers: {},
      connections: 50,
    },
    {
      name: `GET /api/courses?q=sicilian&limit=20 (search over ${courseCount})`,
      method: 'GET',
      path: '/api/courses?q=sicilian&limit=20',
      headers: {},
    },
    {
      name: `GET /api/courses?q=sicilian&limit=20 (search over ${courseCount})`,
      method: 'GET',
      path: '/api/courses?q=sicilian&limit=20',
      headers: {},
      connections: 50,
    },
    // Searches the server has not kept: each request a key of its own among 1,000 (a price bound above every
    // price, so the same courses as the search above), the connections spread evenly over them, so a key comes back
    // only after the other 999 were asked (the server keeps 100 pages, the least recently asked going first).
    ...[10, 50].map((n) => ({
      name: `GET /api/courses?q=sicilian&limit=20&maxPrice=… (search over ${courseCount}, not kept)`,
      method: 'GET',
      path: '/api/courses?q=sicilian&limit=20&maxPrice=100000',
      headers: {},
      connections: n,
      eachRequest: Array.from({ length: 1000 }, (_, i) => ({
        path: `/api/courses?q=sicilian&limit=20&maxPrice=${100000 + i}`,
        headers: {},
      })),
    })),
    // After the catalogue's rows: its bodies (4.5 MB at 10,000 courses) would still be leaving as they start.
    { name: `GET /api/courses (${courseCount} courses)`, method: 'GET', path: '/api/courses', headers: {} },
    {
      name: `GET /api/courses (${courseCount} courses)`,
      method: 'GET',
      path: '/api/courses',
      headers: {},
      connections: 50,
    },
    {
      name: 'GET /api/modules/course/{id} (enrolled)',
      method: 'GET',
      path: `/api/modules/course/${data.course._id}`,
      headers: bearer(data.student),
    },
    {
      name: 'POST /api/comment-player',
      method: 'POST',
      path: '/api/comment-player',
      headers: { ...bearer(data.student), 'content-type': 'application/json' },
      body: JSON.stringify({
        chessPlayerUsername: 'hikaru',
        comment: 'Great endgame technique in that game.',
      }),
    },
    { name: 'GET video, Range 32 KB', method: 'GET', path: videoPath, headers: { range: `bytes=0-${end}` } },
    {
      name: `PUT /api/progress/modules/{id} (${PROGRESS.writers * data.modules.length} learner rows)`,
      method: 'PUT',
      path: progress.writes[0].path,
      headers: progress.writes[0].headers,
      body: JSON.stringify({ positionSeconds: 123.5, durationSeconds: 600 }),
      connections: PROGRESS.connections,
      perConnection: progress.writes,
    },
    {
      name: myProgress,
      method: 'GET',
      path: '/api/progress',
      headers: bearer(progress.reader),
      connections: 1,
    },
    { name: myProgress, method: 'GET', path: '/api/progress', headers: bearer(progress.reader) },
  ]
  const rows = await versusBare(label, base, endpoints, duration, server.pid)
  return { endpoints: rows, ...(await memoryAfterLoad(server.pid)) }
}

/** Microseconds of server CPU per request answered during a load, from the CPU used before and after it. */
const cpuPerRequest = (before, after, requests) =>
  before === null || after === null || !requests ? null : round(((after - before) * 1000) / requests)

/**
 * Each endpoint under load on our server at `base` (process `pid`), then on a bare node:http server answering the
 * bytes ours answered (status, headers, body): one row per endpoint, side by side, with each server's CPU per request.
 */
async function versusBare(label, base, endpoints, duration, pid) {
  // Record what our server answers, so the bare server sends the same bytes (for every path a row's connections
  // use).
  const routes = {}
  for (const e of endpoints) {
    for (const { path, headers: reqHeaders } of e.perConnection ?? e.eachRequest ?? [e]) {
      // As autocannon asks (no Accept-Encoding unless the row sends one): fetch would otherwise ask for gzip and br.
      const r = await fetch(base + path, {
        method: e.method,
        headers: { 'accept-encoding': 'identity', ...reqHeaders },
        body: e.body,
      })
      const body = Buffer.from(await r.arrayBuffer())
      // Every header ours sent (security headers, cookie, ETag, Cache-Control...), so the client reads the same
      // bytes from both: a load generator on the same two cores spends its time per header too (bare node:http
      // sending only Content-Type answered ~10% more requests a second than sending these, on this machine).
      const headers = {}
      for (const [name, value] of r.headers)
        if (!NOT_RECORDED.has(name)) headers[name] = name === 'set-cookie' ? r.headers.getSetCookie() : value
      if (r.status >= 400) throw new Error(`${e.name} answered ${r.status}: ${body.toString().slice(0, 300)}`)
      routes[path] = { status: r.status, headers, bodyBase64: body.toString('base64') }
      e.status = r.status
      e.bytes = body.length
    }
  }
  const bare = await startBare(routes)
  const rows = []
  try {
    for (const e of endpoints) {
      // a row's connections may each send their own request (path and headers): given to each client as made
      const setupClient = (list) => {
        let n = 0
        return (client) => {
          const { path, headers } = list[n++ % list.length]
          client.setRequests([{ method: e.method, path, headers, body: e.body }])
        }
      }
      // each connection sends the list's requests in turn, starting `step` further on than the previous connection
      const rotateClient = (list, step) => {
        let n = 0
        return (client) => {
          const start = (n++ * step) % list.length
          const turn = [...list.slice(start), ...list.slice(0, start)]
          client.setRequests(
            turn.map(({ path, headers }) => ({ method: e.method, path, headers, body: e.body })),
          )
        }
      }
      const run = async (url, serverPid) => {
        const opts = {
          url: url + e.path,
          method: e.method,
          headers: e.headers,
          body: e.body,
          connections: e.connections ?? CONNECTIONS,
          ...(e.perConnection ? { setupClient: setupClient(e.perConnection) } : {}),
          ...(e.eachRequest
            ? {
                setupClient: rotateClient(
                  e.eachRequest,
                  e.eachRequest.length / (e.connections ?? CONNECTIONS),
                ),
              }
            : {}),
        }
        await cannon({ ...opts, duration: 1 }) // warm-up
        const before = cpuMs(serverPid)
        const result = await cannon({ ...opts, duration })
        result.cpuUsPerRequest = cpuPerRequest(before, cpuMs(serverPid), result.requests.total)
        return result
      }
      // A row may ask for several pairs, ours then bare, one after the other: the pair with the median ratio is
      // reported (its figures all from the same two runs), and every pair's ratio beside it. On a shared machine one
      // pair's ratio moved by a third between runs of the same code.
      const pairs = []
      for (let i = 0; i < (e.pairs ?? 1); i++) {
        const ours = await run(base, pid)
        const node = await run(bare.url, bare.pid)
        pairs.push({ ours, node, ratio: ours.requests.average / node.requests.average })
      }
      const { ours, node } = [...pairs].sort((a, b) => a.ratio - b.ratio)[Math.floor(pairs.length / 2)]
      const okOurs = ours['2xx'] ?? ours.requests.total - ours.non2xx
      rows.push({
        database: label,
        endpoint: e.name,
        connections: e.connections ?? CONNECTIONS,
        status: e.status,
        bytes: e.bytes,
        rps: round(ours.requests.average),
        p50ms: ours.latency.p50,
        p99ms: ours.latency.p99,
        non2xx: ours.non2xx,
        errors: ours.errors + ours.timeouts,
        bareRps: round(node.requests.average),
        bareP50ms: node.latency.p50,
        bareP99ms: node.latency.p99,
        ratio: round(ours.requests.average / node.requests.average, 2),
        cpuUsPerRequest: ours.cpuUsPerRequest,
        bareCpuUsPerRequest: node.cpuUsPerRequest,
        ...(pairs.length > 1 ? { pairRatios: pairs.map((p) => round(p.ratio, 2)) } : {}),
        ok: okOurs,
      })
      log(
        `${label} ${e.name}, ${e.connections ?? CONNECTIONS} connections: ${round(ours.requests.average)} rps vs bare ${round(node.requests.average)}`,
      )
    }
  } finally {
    bare.stop()
  }
  return rows
}

/**
 * The spec's `GET /api/courses` on the demo data (`SEED_DEMO=1`, as `npm start` seeds it) at 50 connections, next to
 * bare node:http sending the same bytes: the figure the course list's goal is set on. At the default log level, the
 * catalogue's first page as /courses asks for it (`?limit=20`) too. One row per endpoint.
 */
export async function demoListFigures(label, databaseUrl, { duration, quick, logLevel }) {
  const server = await startServer({
    databaseUrl,
    env: { ...SHIPPED, SEED_DEMO: '1', LOG_LEVEL: logLevel },
    logFile: true,
  })
  const level = logLevel ?? 'default (info)'
  // Five pairs: within one run of three, the pairs' ratios ranged from 0.48 to 0.95 on this 2-core machine.
  const pairs = quick ? 1 : 5
  try {
    const rows = await versusBare(
      label,
      server.url,
      [
        {
          name: 'GET /api/courses (demo data)',
          method: 'GET',
          path: '/api/courses',
          headers: {},
          connections: 50,
          pairs,
        },
        ...(logLevel
          ? []
          : [
              {
                name: "GET /api/courses?limit=20 (demo data, the catalogue's first page)",
                method: 'GET',
                path: '/api/courses?limit=20',
                headers: {},
                connections: 50,
                pairs,
              },
            ]),
      ],
      duration,
      server.pid,
    )
    return rows.map((row) => ({
      ...row,
      logLevel: level,
      endpoint: `${row.endpoint.replace(/\)$/, '')}, ${row.bytes} bytes, log level ${level})`,
    }))
  } finally {
    await server.stop()
  }
}

export async function postgresUrl() {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL
  const open = await new Promise((resolve) => {
    const s = connect(5432, '127.0.0.1')
    s.once('connect', () => (s.destroy(), resolve(true)))
    s.once('error', () => resolve(false))
    s.setTimeout(1000, () => (s.destroy(), resolve(false)))
  })
  return open ? 'postgres://postgres@127.0.0.1:5432/postgres' : undefined
}
