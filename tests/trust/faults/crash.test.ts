// kill -9 in the middle of a write load, restart on the same data: every write answered 2xx is there.
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { missingWrites, writeLoad } from '../support/load'
import { createDatabase, dropDatabase } from '../support/pg'
import { startServer, tempDir } from '../support/spawn'

const cleanups: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const c of cleanups.reverse()) await c()
})

async function crashAndRestart(env: Record<string, string>, label: string) {
  const first = await startServer(env)
  cleanups.push(() => first.kill('SIGKILL'))
  const courses = (await first.send({ method: 'GET', url: '/api/courses' })).body.map(
    (c: { _id: string }) => c._id,
  )
  expect(courses.length).toBeGreaterThan(0)
  const load = writeLoad(first.send, courses)
  // let the load run, then kill the server while writes are in flight
  const t0 = Date.now()
  while (Date.now() - t0 < 8000 && load.acked.comments.length < 60)
    await new Promise((r) => setTimeout(r, 100))
  first.kill('SIGKILL')
  const { signal } = await first.exited
  expect(signal).toBe('SIGKILL')
  await load.stop()
  const { acked } = load

  const restartStarted = Date.now()
  const second = await startServer(env)
  const restartMs = Date.now() - restartStarted
  cleanups.push(() => second.stop())
  const missing = await missingWrites(second.send, acked)
  const acknowledged = acked.users.length + acked.enrollments.length + acked.comments.length
  console.log(
    `${label}: kill -9 after ${acked.attempts} write attempts; acknowledged ${acknowledged} writes ` +
      `(${acked.users.length} registrations, ${acked.enrollments.length} enrollments, ${acked.comments.length} comments); ` +
      `found after restart ${acknowledged - missing.length}; restart healthy in ${restartMs} ms`,
  )
  expect(acknowledged).toBeGreaterThan(20)
  expect(missing).toEqual([])
  // the recovered data survives a second crash in the middle of more writes
  const more = writeLoad(second.send, courses, 3)
  const t1 = Date.now()
  while (Date.now() - t1 < 8000 && more.acked.comments.length < 20)
    await new Promise((r) => setTimeout(r, 100))
  second.kill('SIGKILL')
  await second.exited
  await more.stop()
  const third = await startServer(env)
  cleanups.push(() => third.stop())
  const missingAfterSecond = [
    ...(await missingWrites(third.send, acked)),
    ...(await missingWrites(third.send, more.acked)),
  ]
  const second_acknowledged =
    more.acked.users.length + more.acked.enrollments.length + more.acked.comments.length
  console.log(
    `${label}: second kill -9: acknowledged ${second_acknowledged} more writes; missing after the second restart ${missingAfterSecond.length}`,
  )
  expect(more.acked.users.length).toBeGreaterThan(0)
  expect(missingAfterSecond).toEqual([])
  await third.stop()
}

// The load registers and signs in, at the tests' scrypt cost (support/spawn.ts): at the default N=2^17 a busy
// 2-core machine acknowledged only 6 writes before the kill. Its sign-ins must not meet the limit per address.
const WRITE_LOAD_ENV = { AUTH_RATE_LIMIT_MAX: '100000' }

describe('crash with kill -9 under a write load', () => {
  it('on PGlite: the data directory opens cleanly and holds every acknowledged write', async () => {
    const dataDir = tempDir('crash')
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
    await crashAndRestart({ DATA_DIR: dataDir, SEED_DEMO: '1', ...WRITE_LOAD_ENV }, 'PGlite')
  })

  it('on PostgreSQL: every acknowledged write is there after the restart', async () => {
    const db = await createDatabase()
    cleanups.push(() => dropDatabase(db.name))
    const dataDir = tempDir('crashpg')
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
    await crashAndRestart(
      {
        DATABASE_URL: db.url,
        JWT_SECRET: randomBytes(36).toString('base64url'),
        DATA_DIR: dataDir,
        MEDIA_DIR: join(dataDir, 'media'),
        SEED_DEMO: '1',
        ...WRITE_LOAD_ENV,
      },
      'PostgreSQL',
    )
  })
})
