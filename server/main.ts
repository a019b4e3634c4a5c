import { join } from 'node:path'
import { ConfigError, loadConfig, type Config } from './config'
import { openDb } from './db/db'

// Everything the server creates (the secret, PGlite's files, uploads) is private to its user: 0700 / 0600.
process.umask(0o077)
const started = Date.now()
/** When each step of the start ended, in ms since the process started (logged once listening). */
const phases: Record<string, number> = {}
const phase = (name: string) => (phases[name] = Math.round(performance.now()))
phase('modules')
let config: Config
try {
  config = loadConfig()
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`Configuration error: ${err.message}`)
    process.exit(1)
  }
  throw err
}

const opening = openDb({
  databaseUrl: config.databaseUrl,
  dataDir: join(config.dataDir, 'pgdata'),
  pgliteSharedBuffers: config.pgliteSharedBuffers,
  pgliteCallTimeoutSeconds: config.pgliteCallTimeoutSeconds,
})
// The rest of the server (Fastify, its plugins and the routes: most of the bundle) is loaded while PGlite starts,
// whose WebAssembly compiles and files load off this thread.
// (A failure to open is reported where serve() waits for it.)
opening.catch(() => {})
const { serve } = await import('./serve')
phase('server modules')
await serve({ config, opening, started, phases, phase })
