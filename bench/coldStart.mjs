// Cold start: from `npm start` to /api/health on an existing build, and on existing data the compiled server beside
// the tsx loader.
import { existsSync, rmSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { startServer } from '../tests/e2e/support/server.mjs'
import { descendantPid, rssMB } from './memory.mjs'
import { SHIPPED, median } from './support.mjs'

/**
 * A started server's idle memory: its RSS read every 250 ms from 20 s after listening (its first jobs and statistics
 * have run) to 30 s, as the median of those reads and their peak. The one read at 20 s the bench took before could
 * fall on a compile (five runs of one day's code read 138-154 MB): the server's polls (mail and video jobs, every 5 s)
 * have by then run some of PGlite's WebAssembly functions long enough for V8 to compile them again with its
 * optimizing compiler, on a background thread, which holds 12-16 MB for a few hundred milliseconds while it works
 * (`strace -k` of the server: the large mappings made then are zones of `ExecuteTurbofanWasmCompilation`). Reads
 * every second of three starts on existing data: 135-137 MB, then 148-151 at 20 s and 145-152 at 25 s, then 136-138
 * again; with V8's tiering of WebAssembly turned off (`--no-wasm-dynamic-tiering --no-wasm-tier-up`), 135 throughout.
 */
const IDLE_FROM_MS = 20_000
const IDLE_FOR_MS = 10_000
const READ_EVERY_MS = 250
const idleRss = async (server) => {
  await sleep(IDLE_FROM_MS)
  // found once: the server's process stays the same while it is read
  const pid = descendantPid(server.pid, 'scripts/start.mjs')
  const reads = []
  for (const until = Date.now() + IDLE_FOR_MS; pid && Date.now() < until; await sleep(READ_EVERY_MS)) {
    const mb = rssMB(pid)
    if (mb !== null) reads.push(mb)
  }
  return reads.length
    ? { medianMB: median(reads), peakMB: Math.max(...reads) }
    : { medianMB: null, peakMB: null }
}

/**
 * `npm start` to /api/health on an empty DATA_DIR, then again on the data it made, and the server's idle RSS each time
 * (the median and peak of its reads 20-30 s after listening; the demo data is seeded on the first); a fallback is
 * noted in `notes`.
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
  const emptyIdle = await idleRss(cold)
  await cold.stop()
  const warm = await startServer({
    command: startCommand,
    databaseUrl: null,
    dataDir: cold.dataDir,
    env: SHIPPED,
  })
  const existingIdle = await idleRss(warm)
  await warm.stop()
  rmSync(cold.dataDir, { recursive: true, force: true })
  return {
    emptyDataDirMs: cold.startMs,
    existingDataDirMs: warm.startMs,
    emptyDataDirIdleRssMB: emptyIdle.medianMB,
    emptyDataDirIdlePeakRssMB: emptyIdle.peakMB,
    existingDataDirIdleRssMB: existingIdle.medianMB,
    existingDataDirIdlePeakRssMB: existingIdle.peakMB,
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
    compiled: ['node', 'dist-server/main.js'],
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
