import { randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { chmod, copyFile, mkdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Db } from './db'
import type { MediaStore } from '../services/media/media'
import { createUser } from '../services/accounts/users'
import { demoAccounts } from '../services/accounts/demoAccounts'
import { saveReviewCard } from '../services/learning/lines'
import { setModuleCompletion } from '../services/learning/progress'
import { nextCard } from '../services/learning/reviewSchedule'
import { replyToReview, saveReview } from '../services/catalogue/reviews'

export { demoAccounts } from '../services/accounts/demoAccounts'

/** The length of assets/demo-video.webm. */
export const DEMO_VIDEO_SECONDS = 4

const demoVideo = fileURLToPath(new URL('../../assets/demo-video.webm', import.meta.url))

/**
 * The demo's lines: an opening (the Italian Game), an endgame (the Lucena position), a mate in two, and the first
 * moves told along the uploaded demo video (stamped within its DEMO_VIDEO_SECONDS, one move a question).
 */
export const DEMO_LINES = {
  firstMoves: `[Event "The first moves"]

{Watch the board follow the video.} 1. e4 {[%vt 0:00.5] The king's pawn takes the centre.} e5 {[%vt 0:01]} 2. Nf3
{[%vt 0:01.5] The knight comes out and attacks e5.} Nc6 {[%vt 0:02] Black defends.} 3. Bc4 {[%vt 0:03] [%vt-ask]
The bishop aims at f7, the weakest square in Black's camp.} Bc5 {[%vt 0:03.5] Both sides develop.} *`,
  italian: `[Event "The Italian Game"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 {The Italian Game: the bishop eyes f7, the weakest square in Black's camp.} Bc5
(3... Nf6 {The Two Knights Defence, sharper.} 4. Ng5 d5 5. exd5 {Black must not play 5...Nxd5?!, when 6.Nxf7 is
the Fried Liver Attack.}) 4. c3 {Preparing d4 to build a big centre.} Nf6 5. d4 exd4 6. cxd4 Bb4+ 7. Bd2
{Trading the bishops keeps the centre intact.} *`,
  principles: `1. e4 {Take the centre.} e5 2. Nf3 {Develop with a threat: the knight attacks e5.} Nc6 3. Bc4
{Aim at f7.} Bc5 4. O-O {Castle early: the king is safe and the rook joins the game.} *`,
  lucena: `[Event "The Lucena position"]
[SetUp "1"]
[FEN "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1"]

{White's king is shut in front of its pawn. The winning method is called building a bridge.}
1. Rd1+ {First drive the black king away from the pawn.} Ke7 2. Rd4 {The rook goes to the fourth rank: the
bridge.} Rb2 3. Kc7 Rc2+ 4. Kb6 Rb2+ 5. Kc6 Rc2+ 6. Kb5 Rb2+ 7. Rb4 {The bridge is built: no more checks, and
the pawn queens.} *`,
  mateInTwo: `[Event "Mate in two"]
[SetUp "1"]
[FEN "r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1"]

{White to play and mate in two.} 1. Qd8+ {The queen gives herself up to open the e-file.} Bxd8 2. Re8#
{Back-rank mate: the bishop on b5 guards e8.} 1-0`,
}

/** True when no account exists yet: the only state in which demo data is seeded. */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')
  return row.n === 0
}

/** The uploaded demo video (a small WebM shipped in assets/, so the module plays without a network) in `courseId`. */
async function storeDemoVideo(
  db: Db,
  courseId: string,
  uploader: string,
  mediaDir: string,
  objectStore: MediaStore | undefined,
): Promise<string> {
  const videoId = randomUUID()
  const storedName = `${videoId}.webm`
  let size: number
  if (objectStore) {
    const pending = await objectStore.save(createReadStream(demoVideo))
    await pending.keep(storedName)
    size = pending.size
  } else {
    await mkdir(mediaDir, { recursive: true, mode: 0o700 })
    await copyFile(demoVideo, join(mediaDir, storedName))
    // copyFile gives the copy the source's mode (world-readable in the repository); media is private to the server.
    await chmod(join(mediaDir, storedName), 0o600)
    ;({ size } = await stat(join(mediaDir, storedName)))
  }
  await db.query(
    `INSERT INTO videos (id, course_id, stored_name, original_name, mime_type, size, uploaded_by)
     VALUES ($1, $2, $3, 'board-basics.webm', 'video/webm', $4, $5)`,
    [videoId, courseId, storedName, size, uploader],
  )
  // its length and poster, as for an upload (taken where ffmpeg is installed)
  await db.query('INSERT INTO media_jobs (video_id) VALUES ($1)', [videoId])

  return videoId
}

/** A course by `instructorId` at `price` (in the currency's units), its id. */
async function insertCourse(
  db: Db,
  instructorId: string,
  title: string,
  description: string,
  price: number,
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    'INSERT INTO courses (title, description, price_cents, instructor_id) VALUES ($1, $2, round($3::numeric * 100), $4) RETURNING id',
    [title, description, price, instructorId],
  )
  return row.id
}

type ModuleRow = [
  courseId: string,
  position: number,
  title: string,
  description: string,
  videoUrl: string,
  videoId?: string | null,
  line?: { pgn: string; side: 'white' | 'black' } | null,
]

/** A module of a course, its id. */
async function insertModule(
  db: Db,
  ...[courseId, position, title, description, videoUrl, videoId = null, line = null]: ModuleRow
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO modules (course_id, position, title, description, video_url, video_id, line_pgn, line_side)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [courseId, position, title, description, videoUrl, videoId, line?.pgn ?? null, line?.side ?? null],
  )
  return row.id
}

type DemoCourses = Record<
  'basics' | 'tactics' | 'openings' | 'endgames' | 'boardModule' | 'checkModule',
  string
> & { tacticsModules: string[] }

/** Course and module inserts bound to the demo's database and instructors (`ids`: user ids by username). */
function seeder(db: Db, ids: Record<string, string>) {
  return {
    course: (instructor: string, title: string, description: string, price: number) =>
      insertCourse(db, ids[instructor], title, description, price),
    module: (...args: ModuleRow) => insertModule(db, ...args),
    // The facts a visitor reads on a course's page and card: its level, and what 'Chess Fundamentals' teaches.
    facts: (courseId: string, level: string, points: string[] = []) =>
      db.query('UPDATE courses SET level = $2, learning_points = $3 WHERE id = $1', [
        courseId,
        level,
        points,
      ]),
  }
}

type Seeder = ReturnType<typeof seeder>

/** The demo courses, created in this order so that the catalogue lists them as before. */
async function insertDemoCourses({ course }: Seeder) {
  const basics = await course(
    'judit',
    'Chess Fundamentals',
    'How the pieces move, checkmate patterns and your first opening principles.',
    0,
  )
  const tactics = await course(
    'judit',
    'Tactics Bootcamp',
    'Forks, pins, skewers and discovered attacks, drilled until they are second nature.',
    29.99,
  )
  const openings = await course(
    'vishy',
    'Opening Repertoire for White',
    'A compact 1.e4 repertoire with plans, not just moves.',
    49.5,
  )
  const endgames = await course(
    'vishy',
    'Essential Endgames',
    'King and pawn endings, the Lucena and Philidor positions, and practical technique.',
    39,
  )
  return { basics, tactics, openings, endgames }
}

/** The modules of 'Chess Fundamentals': the first, with the uploaded video, is its free preview. */
async function seedFundamentals(
  db: Db,
  { module }: Seeder,
  basics: string,
  videoId: string,
): Promise<{ boardModule: string; checkModule: string }> {
  const boardModule = await module(
    basics,
    1,
    'The board and the pieces',
    'Set up the board and learn how every piece moves.',
    `/api/videos/${videoId}`,
    videoId,
    { pgn: DEMO_LINES.firstMoves, side: 'white' },
  )
  // The course's free preview: visitors watch its video and play its line from the course page.
  await db.query('UPDATE modules SET free_preview = true WHERE id = $1', [boardModule])
  const checkModule = await module(
    basics,
    2,
    'Check and checkmate',
    'What check means, how to escape it, and the basic mates.',
    'https://www.youtube.com/watch?v=OCSbzArwB10',
    null,
    { pgn: DEMO_LINES.mateInTwo, side: 'white' },
  )
  await module(
    basics,
    3,
    'Opening principles',
    'Control the centre, develop your pieces, castle early.',
    'https://www.youtube.com/watch?v=8IlJ3v8I4Z8',
    null,
    { pgn: DEMO_LINES.principles, side: 'white' },
  )
  return { boardModule, checkModule }
}

/** The modules of 'Tactics Bootcamp', their ids. */
async function seedTactics({ module }: Seeder, tactics: string): Promise<string[]> {
  return [
    await module(
      tactics,
      1,
      'Forks',
      'One piece, two targets.',
      'https://www.youtube.com/watch?v=ZpdvQ6AFRmw',
    ),
    await module(tactics, 2, 'Pins and skewers', 'Attacking along lines.', 'https://vimeo.com/76979871'),
  ]
}

/** The modules of 'Opening Repertoire for White'. */
async function seedOpenings({ module }: Seeder, openings: string): Promise<void> {
  await module(
    openings,
    1,
    'The Italian Game',
    'Quiet and sharp lines after 1.e4 e5 2.Nf3 Nc6 3.Bc4.',
    'https://www.youtube.com/watch?v=9pRMH5Z3bGE',
    null,
    { pgn: DEMO_LINES.italian, side: 'white' },
  )
  await module(
    openings,
    2,
    'Meeting the Sicilian',
    'The Open Sicilian with 2.Nf3 and 3.d4.',
    'https://www.youtube.com/watch?v=Gy5Q_BS3YVw',
  )
}

/** The modules of 'Essential Endgames'. */
async function seedEndgames({ module }: Seeder, endgames: string): Promise<void> {
  await module(
    endgames,
    1,
    'King and pawn endings',
    'Opposition, key squares and the rule of the square.',
    'https://www.youtube.com/watch?v=4Q2Y5Z9Ol7k',
  )
  await module(
    endgames,
    2,
    'Rook endings',
    'The Lucena and Philidor positions.',
    'https://www.youtube.com/watch?v=2s2Ll8YQOaY',
    null,
    { pgn: DEMO_LINES.lucena, side: 'white' },
  )
}

/** The demo courses and their modules, by the demo instructors (`ids`: user ids by username). */
async function seedCourses(
  db: Db,
  ids: Record<string, string>,
  mediaDir: string,
  objectStore: MediaStore | undefined,
): Promise<DemoCourses> {
  const seed = seeder(db, ids)
  const { basics, tactics, openings, endgames } = await insertDemoCourses(seed)
  await seed.facts(basics, 'Beginner', [
    'How every piece moves, castling and en passant included',
    'Checkmate with a queen or a rook against a lone king',
    'The opening principles: the centre, development and king safety',
  ])
  await seed.facts(tactics, 'Intermediate')
  await seed.facts(openings, 'Intermediate')
  await seed.facts(endgames, 'Advanced')

  const videoId = await storeDemoVideo(db, basics, ids.judit, mediaDir, objectStore)
  const { boardModule, checkModule } = await seedFundamentals(db, seed, basics, videoId)
  const tacticsModules = await seedTactics(seed, tactics)
  await seedOpenings(seed, openings)
  await seedEndgames(seed, endgames)
  return { basics, tactics, openings, endgames, boardModule, checkModule, tacticsModules }
}

/**
 * The demo students' enrollments, cart, progress, certificate, review of a line and reviews of 'Chess Fundamentals'
 * (one with judit's reply), and everyone's follows and comments.
 */
async function seedActivity(db: Db, ids: Record<string, string>, courses: DemoCourses): Promise<void> {
  const { basics, tactics, openings, endgames, boardModule, checkModule, tacticsModules } = courses
  const enroll = (student: string, courseId: string) =>
    db.query('INSERT INTO enrollments (course_id, student_id) VALUES ($1, $2)', [courseId, ids[student]])
  await enroll('alice', basics)
  await enroll('alice', tactics)
  await enroll('bob', basics)
  await enroll('carol', endgames)
  await enroll('carol', basics)
  await db.query('INSERT INTO cart_items (user_id, course_id) VALUES ($1, $2)', [ids.bob, openings])

  // alice has finished the first module of 'Chess Fundamentals' and is part-way through the second.
  const progress = (student: string, moduleId: string, position: number, duration: number, done: boolean) =>
    db.query(
      `INSERT INTO module_progress (user_id, module_id, course_id, position_seconds, duration_seconds, completed_at)
       VALUES ($1, $2, $3, $4, $5, CASE WHEN $6::boolean THEN clock_timestamp() END)`,
      [ids[student], moduleId, basics, position, duration, done],
    )
  await progress('alice', boardModule, DEMO_VIDEO_SECONDS, DEMO_VIDEO_SECONDS, true)
  await progress('alice', checkModule, 95, 754, false)
  // alice has finished 'Tactics Bootcamp': marking its last module complete issued her certificate.
  const alice = { id: ids.alice, role: 'student' as const, username: 'alice' }
  for (const moduleId of tacticsModules) await setModuleCompletion(db, alice, moduleId, true)
  // carol has finished the first module too: both rate the course, and judit answers alice.
  await progress('carol', boardModule, DEMO_VIDEO_SECONDS, DEMO_VIDEO_SECONDS, true)
  const student = (username: string) => ({ id: ids[username], role: 'student' as const, username })
  const { review } = await saveReview(db, student('alice'), basics, {
    rating: 5,
    text: 'The board follows the video move by move, and the questions make you think before you watch on.',
  })
  await saveReview(db, student('carol'), basics, {
    rating: 4,
    text: 'A calm start. I would have liked one more module on the endgame.',
  })
  await replyToReview(
    db,
    { id: ids.judit, role: 'instructor', username: 'judit' },
    review._id,
    'Thank you, Alice! The mate in two is waiting for you in the next module.',
  )

  // alice practised the mate in two three days ago with one mistake: it is due for review now.
  const practised = new Date(Date.now() - 3 * 24 * 3600 * 1000)
  const card = nextCard(null, 'hard', practised)
  await saveReviewCard(db, ids.alice, checkModule, basics, card, 'hard')

  const follow = (user: string, player: string) =>
    db.query('INSERT INTO follows (user_id, player) VALUES ($1, $2)', [ids[user], player])
  await follow('alice', 'hikaru')
  await follow('alice', 'magnuscarlsen')
  await follow('bob', 'hikaru')
  await follow('judit', 'magnuscarlsen')
  const comment = (user: string, player: string, text: string) =>
    db.query('INSERT INTO comments (user_id, player, comment) VALUES ($1, $2, $3)', [ids[user], player, text])
  await comment('alice', 'hikaru', 'His bullet games are unbelievable.')
  await comment('bob', 'hikaru', 'Great streamer, learned a lot from his speedruns.')
  await comment('judit', 'magnuscarlsen', 'The endgame technique is a lesson in itself.')
}

/** Seeds demo users, courses, modules (one with an uploaded video that plays offline), enrollments, follows, comments. */
/** `objectStore`: with MEDIA_STORAGE=s3, the demo video goes to the bucket instead of `mediaDir`. */
export async function seedDemo(db: Db, mediaDir: string, objectStore?: MediaStore): Promise<void> {
  const ids: Record<string, string> = {}
  for (const a of demoAccounts) {
    const user = await createUser(db, a)
    ids[a.username] = user._id
    if (a.bio) await db.query('UPDATE users SET bio = $2 WHERE id = $1', [user._id, a.bio])
  }
  const courses = await seedCourses(db, ids, mediaDir, objectStore)
  await seedActivity(db, ids, courses)
}
