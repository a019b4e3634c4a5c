import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { buildApp } from './app'
import { ConfigError, loadConfig } from './config'
import { openDb } from './db/db'
import { sendProblem } from './plugins/errors'
import { migrate } from './db/migrate'
import { isEmpty, seedDemo } from './db/seed'

const started = Date.now()
let config
try {
  config = loadConfig()
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`Configuration error: ${err.message}`)
    process.exit(1)
  }
  throw err
}

const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: join(config.dataDir, 'pgdata') })
try {
  await migrate(db)
} catch (err) {
  console.error(`Could not migrate the database: ${(err as Error).message}`)
  await db.close().catch(() => {})
  process.exit(1)
}
const app = await buildApp({ config, db })

// Demo data only lands in an empty database: by default only an embedded one, or when SEED_DEMO=1 asks for it.
const seed = config.seedDemo ?? !config.databaseUrl
if (seed && (await isEmpty(db))) {
  await seedDemo(db, config.mediaDir)
  app.log.info('seeded demo data (see README for the demo accounts)')
}
if (!existsSync(join(config.distDir, 'index.html'))) app.log.warn({ distDir: config.distDir }, 'no built SPA; serving the API only')

let closing = false
// While closing: what is in flight finishes, anything new gets a 503 problem, and no connection is kept alive
// (a kept-alive connection would hold the close open until the 10 s limit).
app.addHook('onRequest', async (_req, reply) => {
  if (!closing) return
  reply.header('connection', 'close')
  return sendProblem(reply, 503, 'The server is shutting down')
})
app.addHook('onSend', async (_req, reply) => {
  if (closing) reply.header('connection', 'close')
})
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  app.log.info({ signal }, 'shutting down')
  const timer = setTimeout(() => {
    app.log.error('shutdown took longer than 10 s; exiting')
    process.exit(1)
  }, 10_000)
  timer.unref()
  try {
    await app.close() // stops accepting, lets in-flight requests finish
    await db.close()
    process.exit(0)
  } catch (err) {
    app.log.error({ err }, 'error during shutdown')
    process.exit(1)
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))

await app.listen({ port: config.port, host: config.host })
app.log.info({ database: db.kind, ms: Date.now() - started }, `Chess Online Education listening on http://localhost:${config.port}`)
