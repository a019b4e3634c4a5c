// `node bench/logging.mjs [--duration S] [--rounds N]`: what the request log costs an answer, by where its lines go.
// One Fastify server per way of writing the log, each answering the same 70 KB of JSON with the server's logger
// options (level, redaction, one line per request written from onResponse, as server/app.ts does), its standard
// output read by this process as a process manager would read it, under 50 connections:
//   - none: LOG_LEVEL=warn, no request line (the ceiling);
//   - shipped: what the server ships (server/logDestination.ts, as built into dist-server/): pino's asynchronous
//     destination holding the lines as bytes, the request line made from one template;
//   - async: pino.destination({ sync: false }) as pino makes it (lines held as text), the line written by pino;
//   - sync: pino.destination({ sync: true }), a write(2) per line, pino's default for a file descriptor;
//   - transport: pino.transport to 'pino/file' on standard output, the lines written by a worker thread.
// The variants take turns, round after round, and each figure is the median of its rounds (a shared machine moves
// single runs by a third). Prints requests/s and p99 per variant and the ratio to `none`.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { median, round } from './support.mjs'

const VARIANTS = ['none', 'shipped', 'async', 'sync', 'transport']
const args = process.argv.slice(2)
const option = (name, fallback) => {
  const i = args.indexOf(name)
  return i >= 0 ? Number(args[i + 1]) : fallback
}

/** The server of one variant: prints its port on stderr's first line, then logs on stdout. */
async function serve(variant) {
  const { default: Fastify, LogController } = await import('fastify')
  const { default: pino } = await import('pino')
  const shipped = variant === 'shipped' ? await import('../dist-server/log-destination.js') : undefined
  const stream = shipped
    ? shipped.asyncStdout()
    : variant === 'transport'
      ? pino.transport({ target: 'pino/file', options: { destination: 1 } })
      : pino.destination({ dest: 1, sync: variant === 'sync' })
  const app = Fastify({
    logger: {
      level: variant === 'none' ? 'warn' : 'info',
      stream,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]'],
    },
    logController: new LogController({ disableRequestLogging: true }),
  })
  app.addHook(
    'onResponse',
    shipped
      ? shipped.requestLogHook(stream)
      : (req, reply, done) => {
          req.log.info({ req, res: reply, responseTime: reply.elapsedTime }, 'request completed')
          done()
        },
  )
  const courses = JSON.stringify(
    Array.from({ length: 120 }, (_, i) => ({
      _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      title: `Course ${i}: the Sicilian Najdorf, move by move`,
      description: 'A course of the demo data. '.repeat(16),
      price: 49.5,
      instructor: { _id: 'i', username: 'teacher' },
    })),
  )
  app.get('/api/courses', (_req, reply) => {
    void reply.type('application/json').send(courses)
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  process.stderr.write(`${app.server.address().port}\n`)
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
}

function start(variant) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve', variant], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let lines = 0
  child.stdout.on('data', (d) => {
    for (const byte of d) if (byte === 10) lines++
  })
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${variant} server exited (${code})`)))
    child.stderr.once('data', (d) =>
      resolve({
        url: `http://127.0.0.1:${String(d).trim()}`,
        lines: () => lines,
        stop: () =>
          new Promise(
            (done) => (child.removeAllListeners('exit'), child.once('exit', done), child.kill('SIGTERM')),
          ),
      }),
    )
  })
}

const load = (url, duration) =>
  new Promise((resolve, reject) =>
    autocannon({ url: `${url}/api/courses`, connections: 50, duration }, (err, r) =>
      err ? reject(err) : resolve(r),
    ),
  )

/** The figures of every variant: requests/s and p99 (medians of `rounds` runs of `duration` s), ratio to none. */
export async function loggingFigures({ duration = 5, rounds = 3 } = {}) {
  const servers = {}
  for (const v of VARIANTS) servers[v] = await start(v)
  const runs = Object.fromEntries(VARIANTS.map((v) => [v, []]))
  try {
    for (const v of VARIANTS) await load(servers[v].url, 1) // warm-up
    await new Promise((done) => setTimeout(done, 500)) // its last lines arrive
    for (let r = 0; r < rounds; r++)
      for (const v of VARIANTS) {
        const before = servers[v].lines()
        const result = await load(servers[v].url, duration)
        await new Promise((done) => setTimeout(done, 300))
        runs[v].push({
          rps: result.requests.average,
          p99: result.latency.p99,
          lines: servers[v].lines() - before,
          sent: result.requests.total,
        })
      }
  } finally {
    for (const v of VARIANTS) await servers[v].stop()
  }
  const none = median(runs.none.map((x) => x.rps))
  const rows = VARIANTS.map((v) => {
    const rps = median(runs[v].map((x) => x.rps))
    return {
      variant: v,
      rps: round(rps),
      p99: median(runs[v].map((x) => x.p99)),
      ratio: round(rps / none, 2),
      rounds: runs[v].map((x) => round(x.rps)).join(' / '),
      logged: `${runs[v].reduce((n, x) => n + x.lines, 0)} of ${runs[v].reduce((n, x) => n + x.sent, 0)}`,
    }
  })
  return { duration, rounds, rows }
}

async function measure() {
  const { ensureServerBuild } = await import('../scripts/build-server.mjs')
  await ensureServerBuild()
  const { duration, rounds, rows } = await loggingFigures({
    duration: option('--duration', 5),
    rounds: option('--rounds', 3),
  })
  console.log(
    `The request log's cost: 70 KB JSON at 50 connections, ${duration} s x ${rounds} rounds, median`,
  )
  console.table(rows)
}

// run as a script (not imported by bench/run.mjs)
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (args[0] === '--serve') await serve(args[1])
  else await measure()
}
