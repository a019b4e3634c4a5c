// PostgreSQL stopped and started under load: 503 problem+json while it is away, recovery without a restart.
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { afterAll, expect, it } from 'vitest'
import { isProblem, json, type Res } from '../support/http'
import { createDatabase, dropDatabase, ensurePgRunning, startPg, stopPg } from '../support/pg'
import { startServer, tempDir, type ServerProcess } from '../support/spawn'
import { register } from '../support/world'

const cleanups: (() => Promise<void> | void)[] = []
afterAll(async () => {
  await ensurePgRunning()
  for (const c of cleanups.reverse()) await c()
})

type Phase = 'before' | 'away' | 'back'

it('answers 503 problem+json while PostgreSQL is away and recovers by itself when it returns', async () => {
  const db = await createDatabase()
  cleanups.push(() => dropDatabase(db.name))
  const dataDir = tempDir('pgrestart')
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
  const server: ServerProcess = await startServer({
    DATABASE_URL: db.url,
    JWT_SECRET: randomBytes(36).toString('base64url'),
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    AUTH_RATE_LIMIT_MAX: '100000',
    // two probes post a comment every ~30 ms: far above the per-user limit a person meets
    COMMENT_RATE_LIMIT_MAX: '100000',
  })
  cleanups.push(() => server.stop())
  const student = await register(server.send)

  let phase: Phase = 'before'
  let stopped = false
  const seen: Record<Phase, Record<string, number>> = { before: {}, away: {}, back: {} }
  const bad: string[] = []
  let slowest = 0
  const note = (p: Phase, key: string) => (seen[p][key] = (seen[p][key] ?? 0) + 1)
  async function probe(i: number) {
    while (!stopped) {
      const p = phase
      const t = Date.now()
      let res: Res | undefined
      try {
        res =
          i % 3 === 0
            ? await server.send({ method: 'GET', url: '/api/courses' })
            : i % 3 === 1
              ? await server.send({ method: 'GET', url: '/api/health' })
              : await server.send({
                  method: 'POST',
                  url: '/api/comment-player',
                  token: student.token,
                  ...json({ chessPlayerUsername: 'restart-player', comment: `c${Date.now()}` }),
                })
      } catch (err) {
        note(p, `error ${(err as Error).name}`)
        bad.push(`${p}: request failed: ${(err as Error).message}`)
        continue
      }
      slowest = Math.max(slowest, Date.now() - t)
      note(p, String(res.status))
      if (res.status >= 500 && res.status !== 503) bad.push(`${p}: ${res.status} ${res.text.slice(0, 200)}`)
      if (res.status === 503 && isProblem(res)) bad.push(`${p}: 503 not problem+json: ${isProblem(res)}`)
      if (p === 'before' && res.status >= 400) bad.push(`before: ${res.status}`)
      await new Promise((r) => setTimeout(r, 30))
    }
  }
  const probes = Promise.all([0, 1, 2, 3, 4, 5].map(probe))
  await new Promise((r) => setTimeout(r, 1000))
  try {
    phase = 'away'
    stopPg()
    await new Promise((r) => setTimeout(r, 4000))
  } finally {
    startPg()
    await ensurePgRunning()
  }
  phase = 'back'
  // recovery: within 15 s every call answers normally again, from the same process
  const deadline = Date.now() + 15000
  let healthy = false
  while (Date.now() < deadline) {
    const h = await server.send({ method: 'GET', url: '/api/health' })
    const c = await server.send({ method: 'GET', url: '/api/courses' })
    if (h.status === 200 && c.status === 200) {
      healthy = true
      break
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  await new Promise((r) => setTimeout(r, 1500))
  stopped = true
  await probes
  console.log(`PostgreSQL restart under load: statuses ${JSON.stringify(seen)}; slowest answer ${slowest} ms`)
  expect(healthy).toBe(true)
  expect(server.child.exitCode).toBeNull()
  expect(seen.away['503'] ?? 0).toBeGreaterThan(0)
  expect(bad).toEqual([])
  // after recovery everything works, writes included
  const last = await server.send({
    method: 'POST',
    url: '/api/comment-player',
    token: student.token,
    ...json({ chessPlayerUsername: 'restart-player', comment: 'after' }),
  })
  expect(last.status).toBe(201)
  expect(slowest).toBeLessThan(10000)
})
