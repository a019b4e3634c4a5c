// The demo data (server/db/seed.ts), seeded once for these tests (its password hashes take seconds):
// progress and a certificate from the first start; lines with comments (an Italian Game, the
// Lucena position, a mate in two), every one a PGN the server accepts, and one line of alice's due for review; the
// uploaded video's module carries a line stamped along that video, with one question, and is the course's free preview;
// 'Chess Fundamentals' has reviews by two demo students, one answered by its instructor.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openPglite, type Db } from '../../server/db/db'
import { migrate } from '../../server/db/migrate'
import { DEMO_VIDEO_SECONDS, seedDemo } from '../../server/db/seed'
import { stampedMoves } from '../../domain/chess/videoStamps'
import { parsePgn } from '../../domain/chess/pgn'
import { dueReviews, reviewSummary } from '../../server/services/learning/lines'
import { myCertificates } from '../../server/services/learning/certificates'
import { myProgress } from '../../server/services/learning/progress'
import { previewModule } from '../../server/services/catalogue/modules'
import { MediaSigner } from '../../server/services/media/videos'
import { reviewPage } from '../../server/services/catalogue/reviews'
import { pgliteTemplate } from '../helpers/buildServer'

const dir = mkdtempSync(join(tmpdir(), 'coe-seed-'))
let db: Db

beforeAll(async () => {
  db = await openPglite('memory://', await pgliteTemplate())
  await migrate(db)
  await seedDemo(db, join(dir, 'media'))
})
afterAll(async () => {
  await db?.close()
  rmSync(dir, { recursive: true, force: true })
})

it("seeds alice with the first module of 'Chess Fundamentals' completed and the second part-way, and 'Tactics Bootcamp' finished", async () => {
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
  // The other enrolled course ('Tactics Bootcamp') is finished, and alice holds its certificate.
  expect(progress).toHaveLength(2)
  const tactics = progress.find((p) => p !== course)
  expect(tactics).toMatchObject({ completedModules: 2, totalModules: 2, nextModuleId: null })
  const { items } = await myCertificates(db, { id: alice.id, role: 'student', username: 'alice' })
  expect(items).toEqual([
    expect.objectContaining({
      learner: 'alice',
      courseId: tactics?.courseId,
      courseTitle: 'Tactics Bootcamp',
      instructor: 'judit',
    }),
  ])
})

it('seeds modules with checked, commented lines and one line of alice due for review', async () => {
  const lines = await db.query<{ title: string; pgn: string; side: 'white' | 'black' }>(
    'SELECT title, line_pgn AS pgn, line_side AS side FROM modules WHERE line_pgn IS NOT NULL ORDER BY title',
  )
  expect(lines.map((l) => l.title)).toEqual(
    expect.arrayContaining([
      'The Italian Game',
      'Rook endings',
      'Check and checkmate',
      'The board and the pieces',
    ]),
  )
  for (const line of lines) {
    const parsed = parsePgn(line.pgn)
    expect(
      parsed.nodes.some((n) => n.comment),
      line.title,
    ).toBe(true)
  }
  expect(lines.find((l) => l.title === 'Rook endings')?.pgn).toContain('[SetUp "1"]')
  const mate = parsePgn(lines.find((l) => l.title === 'Check and checkmate')!.pgn)
  expect(mate.nodes.at(-1)?.san).toBe('Re8#')

  const [alice] = await db.query<{ id: string }>("SELECT id FROM users WHERE username = 'alice'")
  const actor = { id: alice.id, role: 'student' as const, username: 'alice' }
  expect(await reviewSummary(db, actor, new Date())).toEqual({ dueCount: 1, nextDueAt: null })
  const { due } = await dueReviews(db, actor, new Date())
  expect(due).toMatchObject([{ moduleTitle: 'Check and checkmate', courseTitle: 'Chess Fundamentals' }])
})

it('seeds the module of the uploaded video with a line whose stamps fall within that video, one a question', async () => {
  const [row] = await db.query<{ pgn: string; side: 'white' | 'black'; videoId: string | null }>(
    `SELECT line_pgn AS pgn, line_side AS side, video_id AS "videoId" FROM modules
     WHERE title = 'The board and the pieces'`,
  )
  expect(row.videoId).not.toBeNull()
  const line = parsePgn(row.pgn)
  const stamps = stampedMoves(line)
  expect(stamps.length).toBeGreaterThanOrEqual(4)
  for (const s of stamps) expect(s.seconds).toBeLessThan(DEMO_VIDEO_SECONDS)
  const asks = stamps.filter((s) => s.ask)
  expect(asks).toHaveLength(1)
  expect(line.nodes[asks[0].id]).toMatchObject({ san: 'Bc4', color: 'w' })
})

it("seeds the first module of 'Chess Fundamentals' as its free preview, open to a visitor with its video", async () => {
  const [free] = await db.query<{ id: string; title: string }>(
    `SELECT m.id, m.title FROM modules m JOIN courses c ON c.id = m.course_id
     WHERE c.title = 'Chess Fundamentals' AND m.free_preview`,
  )
  expect(free.title).toBe('The board and the pieces')
  const read = await previewModule(db, null, free.id, { signer: new MediaSigner('a-test-secret', 60) })
  expect(read.module.line?.side).toBe('white')
  expect(read.video?.filePath).toContain(`/api/media/${read.module.videoId}?exp=`)
})

it("seeds reviews of 'Chess Fundamentals' by alice and carol, judit's reply under alice's, the rating on the course", async () => {
  const [course] = await db.query<{ id: string }>("SELECT id FROM courses WHERE title = 'Chess Fundamentals'")
  const page = await reviewPage(db, 'a secret of the test', null, course.id, {})
  expect(page.rating).toEqual({ average: 4.5, count: 2, stars: [0, 0, 0, 1, 1] })
  expect(page.items.map((r) => [r.author.username, r.rating, r.reply?.author?.username ?? null])).toEqual([
    ['carol', 4, null],
    ['alice', 5, 'judit'],
  ])
})
