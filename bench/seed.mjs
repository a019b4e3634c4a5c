// The data the figures are measured over, made through the API as a user would: the catalogue, one course with
// five modules (one an uploaded video) and a student enrolled in it, and the learners of the progress rows.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { PROGRESS, accounts, api, log, pw } from './support.mjs'

function demoVideoBytes() {
  // The same source the browser tests use: the committed demo WebM, or one made with ffmpeg.
  const found = spawnSync('sh', ['-c', 'find assets -iname "*.webm" 2>/dev/null | head -n 1'], {
    encoding: 'utf8',
  }).stdout.trim()
  if (found) return { name: found.split('/').pop(), bytes: readFileSync(found) }
  const out = `/tmp/coe-bench-${process.pid}.webm`
  const r = spawnSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=6:size=320x240:rate=15',
    '-c:v',
    'libvpx',
    '-b:v',
    '300k',
    '-deadline',
    'realtime',
    out,
  ])
  if (r.status !== 0) throw new Error('no demo WebM under assets/ and ffmpeg could not make one')
  return { name: 'lesson.webm', bytes: readFileSync(out) }
}

// Realistic catalogue text: an opening or a theme, a format, a level; about one title in eight is a Sicilian.
const OPENINGS = [
  'Sicilian Najdorf',
  'Ruy Lopez',
  'Italian Game',
  "Queen's Gambit Declined",
  "King's Indian Defence",
  'French Defence',
  'Caro-Kann Defence',
  'Nimzo-Indian Defence',
  'Sicilian Dragon',
  'London System',
  'English Opening',
  'Scandinavian Defence',
  'Grünfeld Defence',
  'Slav Defence',
  'Pirc Defence',
  'Sicilian Sveshnikov',
  'Catalan Opening',
  'Dutch Defence',
  'Vienna Game',
  'Benoni Defence',
  'Scotch Game',
  'Petroff Defence',
  'Sicilian Taimanov',
  'Alekhine Defence',
]
const THEMES = [
  'Rook Endgames',
  'Calculation',
  'Pawn Structures',
  'Middlegame Planning',
  'Attacking the King',
  'Positional Sacrifices',
  'Endgame Technique',
  'Tactical Patterns',
  'Prophylaxis',
  'Converting an Advantage',
]
const FORMATS = [
  'Mastering the',
  'A Complete Repertoire:',
  'Understanding the',
  'Attacking with the',
  'Secrets of the',
]
const LEVELS = ['for Beginners', 'for Club Players', 'for Tournament Players', 'for Masters', 'in 30 Lessons']

function catalogueCourse(i) {
  const subject = i % 3 === 2 ? THEMES[i % THEMES.length] : OPENINGS[i % OPENINGS.length]
  const format = subject === THEMES[i % THEMES.length] ? '' : `${FORMATS[(i >> 2) % FORMATS.length]} `
  const title = `${format}${subject} ${LEVELS[(i >> 1) % LEVELS.length]}`.trim() + ` (vol. ${1 + (i % 7)})`
  return {
    title,
    description:
      `${subject}: typical plans, model games and ${['exercises', 'quizzes', 'annotated games'][i % 3]} ` +
      `for players rated ${1000 + (i % 12) * 100} to ${1400 + (i % 12) * 100}. Lesson plan ${i}.`,
    price: i % 10 === 0 ? 0 : 5 + (i % 60) + 0.99,
  }
}

/** Five more instructors (registered, then promoted by the admin) besides bench_teacher, for the catalogue. */
async function moreInstructors(base, admin) {
  const made = []
  for (const name of ['judit_bench', 'vishy_bench', 'magnus_bench', 'hou_bench', 'fabi_bench']) {
    const password = pw()
    const email = `${name}@example.test`
    await api(base, 'POST', '/api/auth/register', undefined, {
      username: name,
      email,
      password,
      role: 'student',
    })
    const login = await api(base, 'POST', '/api/auth/login', undefined, { email, password })
    await api(base, 'PATCH', `/api/user/${login.result._id}/role`, admin.token, { newRole: 'instructor' })
    made.push(login)
  }
  return made
}

/** The catalogue (--courses, 200 by default), one course with five modules (one an uploaded video), a student enrolled in it. */
export async function seed(base, courseCount) {
  const login = (a) =>
    api(base, 'POST', '/api/auth/login', undefined, { email: a.email, password: a.password })
  const teacher = await login(accounts.instructor)
  const student = await login(accounts.student)
  const admin = await login(accounts.admin)
  const teachers = [teacher, ...(courseCount > 200 ? await moreInstructors(base, admin) : [])]
  const courses = []
  const started = performance.now()
  // Eight requests at a time: 10,000 courses in well under a minute.
  for (let next = 1; next <= courseCount;) {
    const batch = []
    for (; batch.length < 8 && next <= courseCount; next++) {
      const i = next
      // The courses the progress figures give modules to, and the newest (the modules course), stay bench_teacher's.
      const owner = i <= 1 + PROGRESS.courses || i === courseCount ? teacher : teachers[i % teachers.length]
      const body =
        courseCount > 200
          ? catalogueCourse(i)
          : {
              title: `Course ${String(i).padStart(3, '0')}: ${['Openings', 'Tactics', 'Endgames', 'Strategy'][i % 4]}`,
              description: `Lesson plan number ${i}: ideas, typical positions and exercises for club players.`,
              price: 10 + (i % 40) + 0.99,
            }
      batch.push(api(base, 'POST', '/api/courses', owner.token, body))
    }
    courses.push(...(await Promise.all(batch)))
  }
  if (courseCount > 200) log(`seeded ${courseCount} courses in ${Math.round(performance.now() - started)} ms`)
  // The newest: the first card of /courses, whose first page is all the navigation figures load.
  const course = courses.at(-1)
  const video = demoVideoBytes()
  const form = new FormData()
  form.append('courseId', course._id)
  form.append('file', new Blob([video.bytes], { type: 'video/webm' }), video.name)
  const uploaded = await api(base, 'POST', '/api/videos', teacher.token, form)
  const modules = []
  for (let i = 1; i <= 5; i++) {
    modules.push(
      await api(base, 'POST', '/api/modules', teacher.token, {
        title: `Module ${i}`,
        description: `Part ${i} of the course.`,
        videoUrl: '/videos/lesson.webm',
        videoId: i === 1 ? uploaded._id : null,
        courseId: course._id,
      }),
    )
  }
  await api(base, 'POST', `/api/courses/${course._id}/enroll`, student.token)
  const videoRecord = await api(base, 'GET', `/api/videos/${uploaded._id}`, student.token)
  return { teacher, student, admin, course, courses, modules, videoRecord, videoSize: video.bytes.length }
}

/**
 * The learners of the progress rows, made through the API after the browser figures (their modules would show
 * in them): ten students enrolled in the five-module course, whose 50 (student, module) rows the write load
 * updates, one per connection; and a student enrolled in 20 of the courses, each given 20 modules, with a saved
 * position in all 400 (the first ten modules of each course completed).
 */
export async function seedProgress(base, data) {
  const learner = async (username) => {
    const email = `${username}@example.test`
    const password = pw()
    await api(base, 'POST', '/api/auth/register', undefined, { username, email, password })
    return api(base, 'POST', '/api/auth/login', undefined, { email, password })
  }
  const writers = []
  for (let i = 1; i <= PROGRESS.writers; i++) {
    const w = await learner(`bench_writer_${i}`)
    await api(base, 'POST', `/api/courses/${data.course._id}/enroll`, w.token)
    writers.push(w)
  }
  const reader = await learner('bench_reader')
  await Promise.all(
    data.courses.slice(1, 1 + PROGRESS.courses).map(async (course) => {
      await api(base, 'POST', `/api/courses/${course._id}/enroll`, reader.token)
      for (let j = 1; j <= PROGRESS.modules; j++) {
        const m = await api(base, 'POST', '/api/modules', data.teacher.token, {
          title: `Lesson ${j}`,
          description: `Part ${j} of ${course.title}.`,
          videoUrl: '/videos/lesson.webm',
          courseId: course._id,
        })
        await api(base, 'PUT', `/api/progress/modules/${m._id}`, reader.token, {
          positionSeconds: j <= PROGRESS.modules / 2 ? 590 : 95.5,
          durationSeconds: 600,
        })
      }
    }),
  )
  const mine = await api(base, 'GET', '/api/progress', reader.token)
  const saved = mine.reduce((n, c) => n + c.modules.length, 0)
  if (mine.length !== PROGRESS.courses || saved !== PROGRESS.courses * PROGRESS.modules)
    throw new Error(`the progress reader has ${mine.length} courses and ${saved} saved modules`)
  // connection i writes learner i % 10's row of module floor(i / 10) % 5
  const writes = Array.from({ length: PROGRESS.connections }, (_, i) => ({
    path: `/api/progress/modules/${data.modules[Math.floor(i / PROGRESS.writers) % data.modules.length]._id}`,
    headers: {
      authorization: `Bearer ${writers[i % PROGRESS.writers].token}`,
      'content-type': 'application/json',
    },
  }))
  return { reader, writes }
}
