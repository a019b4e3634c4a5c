// The request log as a process manager keeps it: the compiled server (as `npm start` runs it) at the default log
// level with standard output going to a file. The log is written asynchronously (server/logDestination.ts), so this
// checks what that must not cost: every request's line reaches the file, in order, with the shutdown's after them,
// when the server is stopped with SIGTERM right after its last answer.
import { spawn } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openPglite } from '../../server/db/db'
import { migrate } from '../../server/db/migrate'
import { pgliteTemplate } from '../helpers/buildServer'
import { freePort, root, serverCommand } from '../trust/support/spawn'

const dirs: string[] = []
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

describe('the request log at the default level, written to a file', () => {
  it('holds every request line, in order, and the shutdown after them, when SIGTERM comes right after the last answer', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coe-logflush-'))
    dirs.push(dir)
    const db = await openPglite(join(dir, 'pgdata'), await pgliteTemplate())
    await migrate(db)
    await db.close()

    const logFile = join(dir, 'server.log')
    const fd = openSync(logFile, 'w')
    const port = await freePort()
    const child = spawn(process.execPath, serverCommand(), {
      cwd: root,
      // no LOG_LEVEL: the default, as `npm start` runs
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        PORT: String(port),
        DATA_DIR: dir,
        SEED_DEMO: '0',
      },
      stdio: ['ignore', fd, fd],
    })
    closeSync(fd)
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    try {
      const base = `http://127.0.0.1:${port}`
      for (let i = 0; ; i++) {
        const up = await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
        if (up) break
        if (i > 300 || child.exitCode !== null) throw new Error(readFileSync(logFile, 'utf8'))
        await new Promise((r) => setTimeout(r, 100))
      }
      const N = 400
      for (let i = 0; i < N; i++) {
        const r = await fetch(`${base}/api/courses?limit=1&marker=${i}`)
        expect(r.status).toBe(200)
        await r.arrayBuffer()
      }
      child.kill('SIGTERM')
      expect(await exited).toBe(0)

      const lines = readFileSync(logFile, 'utf8').trimEnd().split('\n')
      const parsed = lines.map((l) => JSON.parse(l) as { msg: string; req?: { url: string } })
      const markers = parsed.flatMap((l, at) => {
        const m = /marker=(\d+)/.exec(l.req?.url ?? '')
        return m ? [{ n: Number(m[1]), at }] : []
      })
      expect(markers.map((m) => m.n)).toEqual(Array.from({ length: N }, (_, i) => i))
      const shutdown = parsed.findIndex((l) => l.msg === 'shutting down')
      expect(shutdown).toBeGreaterThan(markers.at(-1)!.at)
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
    }
  }, 120_000)
})
