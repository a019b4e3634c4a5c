// Issue 12, point 9: the demo seeds lines with comments (an Italian Game, the Lucena position, a mate in two),
// every one of them a PGN the server accepts, and alice has one line due for review.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { openPglite } from '../../server/db/db'
import { migrate } from '../../server/db/migrate'
import { seedDemo } from '../../server/db/seed'
import { checkLine, dueReviews, reviewSummary } from '../../server/services/lines'
import { pgliteTemplate } from '../helpers/buildServer'

const dir = mkdtempSync(join(tmpdir(), 'coe-seed-lines-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

it('seeds modules with checked, commented lines and one line of alice due for review', async () => {
  const db = await openPglite('memory://', await pgliteTemplate())
  try {
    await migrate(db)
    await seedDemo(db, join(dir, 'media'))
    const lines = await db.query<{ title: string; pgn: string; side: 'white' | 'black' }>(
      'SELECT title, line_pgn AS pgn, line_side AS side FROM modules WHERE line_pgn IS NOT NULL ORDER BY title',
    )
    expect(lines.map((l) => l.title)).toEqual(
      expect.arrayContaining(['The Italian Game', 'Rook endings', 'Check and checkmate']),
    )
    for (const line of lines) {
      const parsed = checkLine(line)
      expect(
        parsed.nodes.some((n) => n.comment),
        line.title,
      ).toBe(true)
    }
    expect(lines.find((l) => l.title === 'Rook endings')?.pgn).toContain('[SetUp "1"]')
    const mate = checkLine(lines.find((l) => l.title === 'Check and checkmate')!)
    expect(mate.nodes.at(-1)?.san).toBe('Re8#')

    const [alice] = await db.query<{ id: string }>("SELECT id FROM users WHERE username = 'alice'")
    const actor = { id: alice.id, role: 'student' as const, username: 'alice' }
    expect(await reviewSummary(db, actor, new Date())).toEqual({ dueCount: 1, nextDueAt: null })
    const { due } = await dueReviews(db, actor, new Date())
    expect(due).toMatchObject([{ moduleTitle: 'Check and checkmate', courseTitle: 'Chess Fundamentals' }])
  } finally {
    await db.close()
  }
})
