// Cold start: from `npm start` to /api/health on an existing build, and on existing data the compiled server beside
// the tsx loader.
import { existsSync, rmSync } from 'node:fs'
import { serverNodeFlags } from '../scripts/server-node-flags.mjs'
import { startServer } from '../tests/e2e/support/server.mjs'
import { descendantRssMB } from './memory.mjs'
import { SHIPPED, median } from './support.mjs'

/** How long a started server is left idle before its memory is read (its first jobs and statistics run first). */
const IDLE_MS = 20_000
const idleRss = async (server) => {
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS))
  return descendantRssMB(server.pid, 'scripts/start.mjs')
}

/**
 * `npm start` to /api/health on an empty DATA_DIR, then again on the data it made, and the server's RSS after 20 s
 * idle each time (the demo data is seeded on the first); a fallback is noted in `notes`.
 */
export async function npmStartFigures(notes) {
  const startCommand = existsSync('scripts/start.mjs')
    ? ['npm', 'start']
    : ['node', '--import', 'tsx', 'server/main.ts']
  if (startCommand[0] !== 'npm')
    notes.push('cold start: scripts/start.mjs is missing, timed node --import tsx server/main.ts instead')
  const cold = await startServer({
    command: startCommand,
    databaseUrl: null,
    keepDataDir: true,
    env: SHIPPED,
  })
  const emptyDataDirIdleRssMB = await idleRss(cold)
  await cold.stop()
  const warm = await startServer({
    command: startCommand,
    databaseUrl: null,
    dataDir: cold.dataDir,
    env: SHIPPED,
  })
  const existingDataDirIdleRssMB = await idleRss(warm)
  await warm.stop()
  rmSync(cold.dataDir, { recursive: true, force: true })
  return {
    emptyDataDirMs: cold.startMs,
    existingDataDirMs: warm.startMs,
    emptyDataDirIdleRssMB,
    existingDataDirIdleRssMB,
  }
}

/**
 * Cold start to /api/health on existing data: the compiled server (dist-server/main.js, what npm start runs) and,
 * beside it, the tsx loader it replaced, started in turn on one DATA_DIR holding the demo data; median of 5 each.
 */
export async function existingDataFigures() {
  const seeded = await startServer({
    databaseUrl: null,
    keepDataDir: true,
    env: { ...SHIPPED, SEED_DEMO: '1' },
  })
  await seeded.stop()
  const starts = { compiled: [], tsx: [] }
  const commands = {
    compiled: ['node', ...serverNodeFlags(), 'dist-server/main.js'],
    tsx: ['node', '--import', 'tsx', 'server/main.ts'],
  }
  for (let i = 0; i < 5; i++)
    for (const [name, command] of Object.entries(commands)) {
      const server = await startServer({ command, databaseUrl: null, dataDir: seeded.dataDir, env: SHIPPED })
      await server.stop()
      starts[name].push(server.startMs)
    }
  rmSync(seeded.dataDir, { recursive: true, force: true })
  return { compiledMs: median(starts.compiled), tsxMs: median(starts.tsx), starts }
}
