// `npm start` on a fresh embedded database, as a new user runs it: the database, its schema and the demo data are
// made by the process that then serves (scripts/start.mjs runs the server in its own process). Read from the
// server's own log (the default level): the seeding and the listening are logged by that one process, and a start on
// the same data again seeds nothing. (Not a browser journey: it needs the built SPA that `npm start` checks, which
// this suite has.)
import { readFileSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { startServer, tempDir, type ServerProcess } from '../trust/support/spawn'

type Line = { pid?: number; msg?: string }
const lines = (server: ServerProcess): Line[] =>
  readFileSync(server.logFile, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Line)
const by = (server: ServerProcess, msg: RegExp) => lines(server).filter((l) => msg.test(l.msg ?? ''))

describe("npm start's first start", () => {
  const started: ServerProcess[] = []
  afterAll(async () => {
    for (const s of started) await s.stop()
  })

  it('seeds the demo data in the process that serves, and not again on the same data', async () => {
    const env = { DATA_DIR: tempDir('first-start'), LOG_LEVEL: 'info', SEED_DEMO: '1' }
    const first = await startServer(env, { npmStart: true, readyTimeoutMs: 120_000 })
    started.push(first)
    const courses = (await (await fetch(`${first.base}/api/courses`)).json()) as { title: string }[]
    expect(courses.map((c) => c.title)).toContain('Chess Fundamentals')

    // the log is written in the background: its listening line may follow the first answer
    await expect.poll(() => by(first, /listening on/).length, { timeout: 10_000 }).toBe(1)
    const [seeded] = by(first, /^seeded demo data/)
    const [listening] = by(first, /listening on/)
    expect(seeded?.pid, readFileSync(first.logFile, 'utf8')).toBe(first.child.pid)
    expect(listening?.pid).toBe(first.child.pid)
    // the demo video's poster and length (ffmpeg is installed for these suites) are taken by the same process's
    // video jobs
    await expect
      .poll(() => by(first, /^took the length and poster of a video$/).length, { timeout: 30_000 })
      .toBeGreaterThan(0)
    const posters = by(first, /^took the length and poster of a video$/)
    expect(posters.every((l) => l.pid === first.child.pid)).toBe(true)
    await first.stop()

    const again = await startServer(env, { npmStart: true })
    started.push(again)
    await expect.poll(() => by(again, /listening on/).length, { timeout: 10_000 }).toBe(1)
    expect(by(again, /listening on/).map((l) => l.pid)).toEqual([again.child.pid])
    expect(by(again, /^seeded demo data/)).toEqual([])
    expect((await fetch(`${again.base}/api/courses`)).status).toBe(200)
  }, 180_000)
})
