// Issue 11, point 10: the demo data shows progress from the first start.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { openPglite } from '../../server/db/db'
import { migrate } from '../../server/db/migrate'
import { seedDemo } from '../../server/db/seed'
import { myProgress } from '../../server/services/progress'
import { pgliteTemplate } from '../helpers/buildServer'

const dir = mkdtempSync(join(tmpdir(), 'coe-seed-progress-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

it("seeds alice with the first module of 'Chess Fundamentals' completed and the second part-way", async () => {
  const db = await openPglite('memory://', await pgliteTemplate())
  try {
    await migrate(db)
    await seedDemo(db, join(dir, 'media'))
    const [alice] = await db.query<{ id: string }>("SELECT id FROM users WHERE username = 'alice'")
    const modules = await db.query<{ id: string; title: string; course: string }>(
      `SELECT m.id, m.title, c.title AS course FROM modules m JOIN courses c ON c.id = m.course_id
       ORDER BY c.title, m.position`,
    )
    const fundamentals = modules.filter((m) => m.course === 'Chess Fundamentals')
    const progress = await myProgress(db, { id: alice.id, role: 'student', username: 'alice' })
    const course = progress.find((p) => p.modules.some((m) => m.moduleId === fundamentals[0].id))
    expect(course).toMatchObject({
      completedModules: 1,
      totalModules: 3,
      percent: 33,
      nextModuleId: fundamentals[1].id,
    })
    expect(course?.modules).toEqual([
      expect.objectContaining({ moduleId: fundamentals[0].id, completed: true }),
      expect.objectContaining({ moduleId: fundamentals[1].id, completed: false, positionSeconds: 95 }),
    ])
    // The other enrolled course ('Tactics Bootcamp') is listed without progress.
    expect(progress).toHaveLength(2)
    expect(progress.find((p) => p !== course)).toMatchObject({
      completedModules: 0,
      totalModules: 2,
      modules: [],
    })
  } finally {
    await db.close()
  }
})
