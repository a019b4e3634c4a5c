// `npm run bench`: how fast and light the product is, measured on this machine in one run.
// Prints one table and writes it as JSON to bench/results/bench.json. Everything runs on loopback.
//   - JS and CSS gzip bytes of a first visit (/home, /courses, /courses/{id}/modules, /blog), in Chromium
//   - Lighthouse performance score, LCP, TBT, CLS for /home and /courses, mobile and desktop presets (median of 3)
//   - requests and click-to-view time while a student goes courses -> modules -> courses -> modules -> courses
//   - time from an instructor's 'Update Module' click to the list showing the change
//   - the practice board's engine: bytes fetched when a level is chosen, its start, the first reply per level
//   - autocannon rps/p50/p99 for four endpoints next to a bare node:http server answering the same bytes,
//     on PGlite and (when 127.0.0.1:5432 answers or DATABASE_URL is set) on PostgreSQL; server RSS after load
//   - learning progress, the same way: saveModuleProgress writes at 50 connections (each its own learner's row),
//     and GET /api/progress for a student with 20 courses x 20 modules watched (p50/p99 at 1 and 10 connections)
//   - the catalogue: the first page of GET /api/courses?limit=20 at 50 connections and a search for
//     'sicilian', over the seeded courses (200, or --courses N); that search again, each request with a key the
//     server has not kept
//   - the spec's course list on the demo data at 50 connections next to bare node:http: three pairs, the median
//     ratio (one pair's ratio moves by a third on a shared machine)
//   - cold start of `npm start` on an existing build, and on existing data the compiled server beside the tsx loader
// Options: --quick (1 s loads, no Lighthouse), --no-lighthouse, --no-postgres, --duration <s>, --courses <n> (seed n
// courses with realistic titles, some of them Sicilians, from six instructors, instead of 200 from one).
import { fork } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { cpus, loadavg, totalmem } from 'node:os'
import { performance } from 'node:perf_hooks'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { chromium } from 'playwright-core'
import { measureFirstVisit } from '../tests/e2e/support/measure.mjs'
import { chromiumFlags, ensureBuild, findChromium, startServer } from '../tests/e2e/support/server.mjs'
import { serverNodeFlags } from '../scripts/server-node-flags.mjs'

const args = process.argv.slice(2)
const quick = args.includes('--quick')
const durationIdx = args.indexOf('--duration')
const duration = durationIdx >= 0 ? Number(args[durationIdx + 1]) : quick ? 1 : 5
const withLighthouse = !quick && !args.includes('--no-lighthouse')
const withPostgres = !args.includes('--no-postgres')
const connections = 10
// progress writes: one connection per (learner, module) row, as many learners' players saving at once
const progressConnections = 50
const progressWriters = 10
const progressCourses = 20
const progressModules = 20
const KB = 1024
const coursesIdx = args.indexOf('--courses')
const courseCount = coursesIdx >= 0 ? Number(args[coursesIdx + 1]) : 200
if (!Number.isInteger(courseCount) || courseCount < 2 + progressCourses) {
  console.error(`bench: --courses needs a whole number of courses, ${2 + progressCourses} or more`)
  process.exit(1)
}

const round = (n, d = 0) => (n === undefined || n === null || Number.isNaN(n) ? null : Number(n.toFixed(d)))

const results = {
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    memoryGB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadAverageAtStart: loadavg().map((n) => round(n, 1)),
  },
  settings: { loadSeconds: duration, connections, courses: courseCount },
  firstVisit: [],
  lighthouse: [],
  navigation: undefined,
  moduleUpdate: undefined,
  engine: undefined,
  server: {},
  coldStart: undefined,
  notes: [],
}
const log = (...a) => console.error('bench:', ...a)

// ---------------------------------------------------------------- setup
if (!ensureBuild()) process.exit(1)
const chromiumPath = findChromium()
if (!chromiumPath) {
  console.error('bench: no Chromium (CHROMIUM_PATH or /usr/bin/chromium); browser figures need it')
  process.exit(1)
}

const pw = () => `Pw-${randomBytes(9).toString('base64url')}`
const accounts = {
  admin: { username: 'bench_admin', email: 'bench_admin@example.test', password: pw(), role: 'admin' },
  instructor: {
    username: 'bench_teacher',
    email: 'bench_teacher@example.test',
    password: pw(),
    role: 'instructor',
  },
  student: { username: 'bench_pupil', email: 'bench_pupil@example.test', password: pw(), role: 'student' },
}

async function api(base, method, path, token, body) {
  const headers = {}
  if (token) headers.authorization = `Bearer ${token}`
  let payload
  if (body instanceof FormData) payload = body
  else if (body !== undefined) {
    headers['content-type'] = 'application/json'
    payload = JSON.stringify(body)
  }
  const r = await fetch(base + path, { method, headers, body: payload })
  const text = await r.text()
  if (!r.ok) throw new Error(`${method} ${path} -> ${r.status} ${text.slice(0, 300)}`)
  return text ? JSON.parse(text) : undefined
}

function demoVideoBytes() {
  // The same source the browser tests use: the committed demo WebM, or one made with ffmpeg.
  return import('node:child_process').then(({ spawnSync }) => {
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
  })
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
async function seed(base) {
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
      const owner = i <= 1 + progressCourses || i === courseCount ? teacher : teachers[i % teachers.length]
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
  const video = await demoVideoBytes()
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
async function seedProgress(base, data) {
  const learner = async (username) => {
    const email = `${username}@example.test`
    const password = pw()
    await api(base, 'POST', '/api/auth/register', undefined, { username, email, password })
    return api(base, 'POST', '/api/auth/login', undefined, { email, password })
  }
  const writers = []
  for (let i = 1; i <= progressWriters; i++) {
    const w = await learner(`bench_writer_${i}`)
    await api(base, 'POST', `/api/courses/${data.course._id}/enroll`, w.token)
    writers.push(w)
  }
  const reader = await learner('bench_reader')
  await Promise.all(
    data.courses.slice(1, 1 + progressCourses).map(async (course) => {
      await api(base, 'POST', `/api/courses/${course._id}/enroll`, reader.token)
      for (let j = 1; j <= progressModules; j++) {
        const m = await api(base, 'POST', '/api/modules', data.teacher.token, {
          title: `Lesson ${j}`,
          description: `Part ${j} of ${course.title}.`,
          videoUrl: '/videos/lesson.webm',
          courseId: course._id,
        })
        await api(base, 'PUT', `/api/progress/modules/${m._id}`, reader.token, {
          positionSeconds: j <= progressModules / 2 ? 590 : 95.5,
          durationSeconds: 600,
        })
      }
    }),
  )
  const mine = await api(base, 'GET', '/api/progress', reader.token)
  const saved = mine.reduce((n, c) => n + c.modules.length, 0)
  if (mine.length !== progressCourses || saved !== progressCourses * progressModules)
    throw new Error(`the progress reader has ${mine.length} courses and ${saved} saved modules`)
  // connection i writes learner i % 10's row of module floor(i / 10) % 5
  const writes = Array.from({ length: progressConnections }, (_, i) => ({
    path: `/api/progress/modules/${data.modules[Math.floor(i / progressWriters) % data.modules.length]._id}`,
    headers: {
      authorization: `Bearer ${writers[i % progressWriters].token}`,
      'content-type': 'application/json',
    },
  }))
  return { reader, writes }
}

function sessionEntries(s) {
  const u = s.result
  return [
    { name: 'token', value: s.token },
    { name: 'user', value: JSON.stringify({ _id: u._id, role: u.role, username: u.username }) },
    { name: 'userId', value: u._id },
    { name: 'username', value: u.username },
    { name: 'userRole', value: u.role },
  ]
}

async function newContext(browser, base, session) {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1280, height: 900 },
    storageState: session
      ? { cookies: [], origins: [{ origin: base, localStorage: sessionEntries(session) }] }
      : undefined,
  })
  await context.route('**/*', (route) =>
    route
      .request()
      .url()
      .startsWith(base + '/')
      ? route.continue()
      : route.abort('blockedbyclient'),
  )
  return context
}

// ---------------------------------------------------------------- browser figures
async function browserFigures(browser, base, data) {
  for (const [path, session] of [
    ['/home', undefined],
    ['/courses', undefined],
    [`/courses/${data.course._id}/modules`, data.student],
    ['/blog', undefined],
  ]) {
    const m = await measureFirstVisit(browser, base, path, {
      localStorage: session ? sessionEntries(session) : undefined,
      settleMs: 800,
      // The modules page counts once its video player has loaded.
      waitFor: path.endsWith('/modules')
        ? (page) => page.locator('video, iframe').first().waitFor({ timeout: 30_000 })
        : undefined,
    })
    results.firstVisit.push({
      route: path.replace(data.course._id, '{id}') + (session ? ' (student)' : ''),
      jsGzipKB: round(m.jsGzip / KB, 1),
      jsWireKB: round(m.jsWire / KB, 1),
      cssGzipKB: round(m.cssGzip / KB, 1),
      jsRawKB: round(m.jsBytes / KB, 1),
      jsFiles: m.files.filter((f) => f.kind === 'js').length,
    })
  }

  // A student browses courses -> modules -> courses -> modules -> courses.
  {
    const context = await newContext(browser, base, data.student)
    const page = await context.newPage()
    let requests = []
    page.on('request', (r) => requests.push(r.url().slice(base.length)))
    await page.goto('/courses', { waitUntil: 'networkidle' })
    const cardTitle = data.course.title
    await page.getByText(cardTitle, { exact: true }).first().waitFor()
    const kinds = (list) => ({
      apiRequests: list.filter((u) => u.startsWith('/api/') && !u.startsWith('/api/media/')).length,
      mediaRequests: list.filter((u) => u.startsWith('/api/media/')).length,
      otherRequests: list.filter((u) => !u.startsWith('/api/')).length,
    })
    const steps = [{ view: 'courses (page load)', ...kinds(requests), clickToViewMs: null }]
    const modulesLink = () =>
      page
        .locator('article, li, section')
        .filter({ has: page.getByText(cardTitle, { exact: true }) })
        .last()
        .getByRole('link', { name: 'View Modules' })
    const toModules = async () => {
      await modulesLink().click()
      await page.getByText('Module 5', { exact: true }).first().waitFor()
    }
    const toCourses = async () => {
      await page.getByRole('navigation').getByRole('link', { name: 'Courses', exact: true }).click()
      await page.getByText(cardTitle, { exact: true }).first().waitFor()
    }
    for (const [view, go] of [
      ['modules', toModules],
      ['courses', toCourses],
      ['modules', toModules],
      ['courses', toCourses],
    ]) {
      requests = []
      const t0 = performance.now()
      await go()
      const ms = performance.now() - t0
      await page.waitForTimeout(300)
      steps.push({
        view,
        ...kinds(requests),
        clickToViewMs: round(ms),
        requested: requests
          .filter((u) => u.startsWith('/api/'))
          .map((u) => u.replace(/[0-9a-f-]{36}/g, '{id}')),
      })
    }
    results.navigation = steps
    await context.close()
  }

  // An instructor edits a module: the list shows the change before the server answers (400 ms added latency).
  {
    const context = await newContext(browser, base, data.teacher)
    const addedLatencyMs = 400
    await context.route('**/api/modules/*', async (route) => {
      if (route.request().method() === 'PATCH') await new Promise((r) => setTimeout(r, addedLatencyMs))
      return route.continue()
    })
    const page = await context.newPage()
    await page.goto(`/courses/${data.course._id}/modules`, { waitUntil: 'networkidle' })
    const cardOf = (t) =>
      page
        .locator('article, li, section')
        .filter({ has: page.getByText(t, { exact: true }) })
        .last()
    await cardOf('Module 3').getByRole('button', { name: /^edit/i }).click()
    await page.getByPlaceholder('Module Title').fill('Module 3 (revised)')
    const answered = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().includes('/api/modules/'),
    )
    const t0 = performance.now()
    let answerMs
    answered.then(() => (answerMs = performance.now() - t0)).catch(() => {})
    await page.getByRole('button', { name: 'Update Module' }).click()
    await page.getByText('Module 3 (revised)', { exact: true }).first().waitFor()
    const viewMs = performance.now() - t0
    await answered
    results.moduleUpdate = {
      clickToListMs: round(viewMs),
      serverAnswerMs: round(answerMs),
      addedLatencyMs,
      optimistic: viewMs < answerMs,
    }
    await context.close()
  }
}

// ---------------------------------------------------------------- practice engine
// A visitor chooses a level on /home: what the engine costs to fetch and start, and how long each level takes to
// answer 1. e4 (from the click on 'Play move' to 'AI moved.').
async function engineFigures(browser, base) {
  const context = await newContext(browser, base)
  const page = await context.newPage()
  const files = []
  const pending = []
  page.on('response', (resp) => {
    const path = new URL(resp.url()).pathname
    if (!path.startsWith('/engine/') || resp.status() !== 200) return
    pending.push(
      resp
        .body()
        .then((body) => files.push({ path, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length })),
    )
  })
  await page.goto('/home', { waitUntil: 'networkidle' })
  await page.locator('[data-square="e2"]').waitFor()
  const opponent = page.getByLabel('Opponent')
  const t0 = performance.now()
  await opponent.selectOption({ label: 'Level 1' })
  await page.getByText('Starting the engine…').waitFor({ state: 'hidden', timeout: 30_000 })
  const startMs = performance.now() - t0
  await Promise.all(pending)
  const firstReply = []
  for (let level = 1; level <= 8; level += 1) {
    await opponent.selectOption({ label: `Level ${level}` })
    await page.getByRole('button', { name: 'New game' }).click()
    await page.getByLabel('Your move').fill('e4')
    const t = performance.now()
    await page.getByRole('button', { name: 'Play move' }).click()
    await page
      .getByRole('status', { name: 'Game status' })
      .getByText('AI moved.')
      .waitFor({ timeout: 10_000 })
    firstReply.push({ level, ms: round(performance.now() - t) })
  }
  await context.close()
  const sum = (key) => files.reduce((n, f) => n + f[key], 0)
  results.engine = {
    files: files.map((f) => f.path),
    rawKB: round(sum('bytes') / KB, 1),
    gzipKB: round(sum('gzip') / KB, 1),
    startMs: round(startMs),
    firstReply,
  }
}

// ---------------------------------------------------------------- Lighthouse
function findNode(details) {
  // Lighthouse nests tables in lists; the first node item is the element.
  for (const item of details?.items ?? []) {
    if (item?.node) return item.node.selector ?? item.node.snippet
    const inner = findNode(item)
    if (inner) return inner
  }
  return undefined
}

/** Lighthouse runs per page and preset: its figures move a lot from run to run here, so the table gives the median. */
const LIGHTHOUSE_RUNS = 3

/** The middle value (runs are odd in number). */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

async function lighthouseFigures(base) {
  const { default: lighthouse } = await import('lighthouse')
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js')
  const chromeLauncher = await import('chrome-launcher')
  for (const route of ['/home', '/courses']) {
    for (const preset of ['mobile', 'desktop']) {
      const runs = []
      let failed = 0
      for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
        const chrome = await chromeLauncher.launch({
          chromePath: chromiumPath,
          chromeFlags: ['--headless=new', ...chromiumFlags],
        })
        try {
          const r = await lighthouse(
            base + route,
            {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance'],
              blockedUrlPatterns: ['*api.chess.com*'],
            },
            preset === 'desktop' ? desktopConfig : undefined,
          )
          // A run Lighthouse could not record (here, about one in five: NO_NAVSTART, its trace missing the
          // navigation) has no figures, only a score of 0: it is run again, at most 3 times per page and preset.
          if (r.lhr.runtimeError && failed < 3) {
            failed++
            log(`Lighthouse ${route} ${preset}: ${r.lhr.runtimeError.code}, run again`)
            run--
            continue
          }
          const a = r.lhr.audits
          runs.push({
            score: round((r.lhr.categories.performance.score ?? 0) * 100),
            lcpMs: round(a['largest-contentful-paint']?.numericValue),
            tbtMs: round(a['total-blocking-time']?.numericValue),
            cls: round(a['cumulative-layout-shift']?.numericValue, 3),
            fcpMs: round(a['first-contentful-paint']?.numericValue),
            // What to look at: the elements that shifted most and the LCP element.
            layoutShifts: (a['layout-shifts']?.details?.items ?? [])
              .slice(0, 3)
              .map((i) => ({ score: round(i.score, 3), node: i.node?.selector ?? i.node?.snippet })),
            lcpElement: findNode(a['largest-contentful-paint-element']?.details),
          })
        } finally {
          await chrome.kill()
        }
      }
      const of = (key) => runs.map((r) => r[key]).filter((v) => typeof v === 'number')
      const spread = (key) => `${Math.min(...of(key))}-${Math.max(...of(key))}`
      results.lighthouse.push({
        route,
        preset,
        runs: runs.length,
        score: median(of('score')),
        lcpMs: median(of('lcpMs')),
        tbtMs: median(of('tbtMs')),
        cls: median(of('cls')),
        fcpMs: median(of('fcpMs')),
        scores: spread('score'),
        lcpRange: spread('lcpMs'),
        each: runs,
      })
    }
  }
}

// ---------------------------------------------------------------- server load
function startBare(routes) {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./bareServer.mjs', import.meta.url), {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    child.once('message', ({ port }) =>
      resolve({ url: `http://127.0.0.1:${port}`, stop: () => child.kill() }),
    )
    child.once('error', reject)
    child.send({ routes })
  })
}

function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections, pipelining: 1, ...opts }, (err, r) => (err ? reject(err) : resolve(r)))
  })
}

function rssMB(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1])
    return round(kb / 1024)
  } catch {
    return null
  }
}

async function loadFigures(label, server, data) {
  const base = server.url
  const bearer = (s) => ({ authorization: `Bearer ${s.token}` })
  log(
    `${label}: seeding progress (${progressWriters} writers, ${progressCourses} x ${progressModules} modules)`,
  )
  const progress = await seedProgress(base, data)
  const myProgress = `GET /api/progress (${progressCourses} courses x ${progressModules} modules)`
  const signed = new URL(data.videoRecord.filePath, base)
  const videoPath = signed.pathname + signed.search
  const end = Math.min(data.videoSize - 1, 32 * KB - 1)
  const endpoints = [
    {
      name: `GET /api/courses?limit=20 (first page of ${courseCount})`,
      method: 'GET',
      path: '/api/courses?limit=20',
      headers: {},
      connections: 50,
    },
    {
      name: `GET /api/courses?q=sicilian&limit=20 (search over ${courseCount})`,
      method: 'GET',
      path: '/api/courses?q=sicilian&limit=20',
      headers: {},
    },
    {
      name: `GET /api/courses?q=sicilian&limit=20 (search over ${courseCount})`,
      method: 'GET',
      path: '/api/courses?q=sicilian&limit=20',
      headers: {},
      connections: 50,
    },
    // Searches the server has not kept: each request a key of its own among 1,000 (a price bound above every
    // price, so the same courses as the search above), the connections spread evenly over them, so a key comes back
    // only after the other 999 were asked (the server keeps 100 pages, the least recently asked going first).
    ...[10, 50].map((n) => ({
      name: `GET /api/courses?q=sicilian&limit=20&maxPrice=… (search over ${courseCount}, not kept)`,
      method: 'GET',
      path: '/api/courses?q=sicilian&limit=20&maxPrice=100000',
      headers: {},
      connections: n,
      eachRequest: Array.from({ length: 1000 }, (_, i) => ({
        path: `/api/courses?q=sicilian&limit=20&maxPrice=${100000 + i}`,
        headers: {},
      })),
    })),
    // After the catalogue's rows: its bodies (4.5 MB at 10,000 courses) would still be leaving as they start.
    { name: `GET /api/courses (${courseCount} courses)`, method: 'GET', path: '/api/courses', headers: {} },
    {
      name: `GET /api/courses (${courseCount} courses)`,
      method: 'GET',
      path: '/api/courses',
      headers: {},
      connections: 50,
    },
    {
      name: 'GET /api/modules/course/{id} (enrolled)',
      method: 'GET',
      path: `/api/modules/course/${data.course._id}`,
      headers: bearer(data.student),
    },
    {
      name: 'POST /api/comment-player',
      method: 'POST',
      path: '/api/comment-player',
      headers: { ...bearer(data.student), 'content-type': 'application/json' },
      body: JSON.stringify({
        chessPlayerUsername: 'hikaru',
        comment: 'Great endgame technique in that game.',
      }),
    },
    { name: 'GET video, Range 32 KB', method: 'GET', path: videoPath, headers: { range: `bytes=0-${end}` } },
    {
      name: `PUT /api/progress/modules/{id} (${progressWriters * data.modules.length} learner rows)`,
      method: 'PUT',
      path: progress.writes[0].path,
      headers: progress.writes[0].headers,
      body: JSON.stringify({ positionSeconds: 123.5, durationSeconds: 600 }),
      connections: progressConnections,
      perConnection: progress.writes,
    },
    {
      name: myProgress,
      method: 'GET',
      path: '/api/progress',
      headers: bearer(progress.reader),
      connections: 1,
    },
    { name: myProgress, method: 'GET', path: '/api/progress', headers: bearer(progress.reader) },
  ]
  const rows = await versusBare(label, base, endpoints)
  const rssMBAfterLoad = rssMB(server.pid)
  // Beside it, what the server still holds once idle for 10 s (V8 gives back garbage it had not collected yet): the
  // figure right after the load moved by 80 MB between runs of the same code.
  await new Promise((resolve) => setTimeout(resolve, 10_000))
  return { endpoints: rows, rssMBAfterLoad, rssMBIdle: rssMB(server.pid) }
}

/**
 * Each endpoint under load on our server at `base`, then on a bare node:http server answering the bytes ours
 * answered (status, content type, body): one row per endpoint, side by side.
 */
async function versusBare(label, base, endpoints) {
  // Record what our server answers, so the bare server sends the same bytes (for every path a row's connections
  // use).
  const routes = {}
  for (const e of endpoints) {
    for (const { path, headers: reqHeaders } of e.perConnection ?? e.eachRequest ?? [e]) {
      const r = await fetch(base + path, { method: e.method, headers: reqHeaders, body: e.body })
      const body = Buffer.from(await r.arrayBuffer())
      const headers = { 'content-type': r.headers.get('content-type') ?? 'application/octet-stream' }
      if (r.headers.get('content-range')) headers['content-range'] = r.headers.get('content-range')
      if (r.status >= 400) throw new Error(`${e.name} answered ${r.status}: ${body.toString().slice(0, 300)}`)
      routes[path] = { status: r.status, headers, bodyBase64: body.toString('base64') }
      e.status = r.status
      e.bytes = body.length
    }
  }
  const bare = await startBare(routes)
  const rows = []
  try {
    for (const e of endpoints) {
      // a row's connections may each send their own request (path and headers): given to each client as made
      const setupClient = (list) => {
        let n = 0
        return (client) => {
          const { path, headers } = list[n++ % list.length]
          client.setRequests([{ method: e.method, path, headers, body: e.body }])
        }
      }
      // each connection sends the list's requests in turn, starting `step` further on than the previous connection
      const rotateClient = (list, step) => {
        let n = 0
        return (client) => {
          const start = (n++ * step) % list.length
          const turn = [...list.slice(start), ...list.slice(0, start)]
          client.setRequests(
            turn.map(({ path, headers }) => ({ method: e.method, path, headers, body: e.body })),
          )
        }
      }
      const run = async (url) => {
        const opts = {
          url: url + e.path,
          method: e.method,
          headers: e.headers,
          body: e.body,
          connections: e.connections ?? connections,
          ...(e.perConnection ? { setupClient: setupClient(e.perConnection) } : {}),
          ...(e.eachRequest
            ? {
                setupClient: rotateClient(
                  e.eachRequest,
                  e.eachRequest.length / (e.connections ?? connections),
                ),
              }
            : {}),
        }
        await cannon({ ...opts, duration: 1 }) // warm-up
        return cannon({ ...opts, duration })
      }
      // A row may ask for several pairs, ours then bare, one after the other: the pair with the median ratio is
      // reported (its figures all from the same two runs), and every pair's ratio beside it. On a shared machine one
      // pair's ratio moved by a third between runs of the same code.
      const pairs = []
      for (let i = 0; i < (e.pairs ?? 1); i++) {
        const ours = await run(base)
        const node = await run(bare.url)
        pairs.push({ ours, node, ratio: ours.requests.average / node.requests.average })
      }
      const { ours, node } = [...pairs].sort((a, b) => a.ratio - b.ratio)[Math.floor(pairs.length / 2)]
      const okOurs = ours['2xx'] ?? ours.requests.total - ours.non2xx
      rows.push({
        database: label,
        endpoint: e.name,
        connections: e.connections ?? connections,
        status: e.status,
        bytes: e.bytes,
        rps: round(ours.requests.average),
        p50ms: ours.latency.p50,
        p99ms: ours.latency.p99,
        non2xx: ours.non2xx,
        errors: ours.errors + ours.timeouts,
        bareRps: round(node.requests.average),
        bareP50ms: node.latency.p50,
        bareP99ms: node.latency.p99,
        ratio: round(ours.requests.average / node.requests.average, 2),
        ...(pairs.length > 1 ? { pairRatios: pairs.map((p) => round(p.ratio, 2)) } : {}),
        ok: okOurs,
      })
      log(
        `${label} ${e.name}, ${e.connections ?? connections} connections: ${round(ours.requests.average)} rps vs bare ${round(node.requests.average)}`,
      )
    }
  } finally {
    bare.stop()
  }
  return rows
}

/**
 * The spec's `GET /api/courses` on the demo data (`SEED_DEMO=1`, as `npm start` seeds it) at 50 connections, next to
 * bare node:http sending the same bytes: the figure the course list's goal is set on.
 */
async function demoListFigures(label, databaseUrl) {
  const server = await startServer({ databaseUrl, env: { SEED_DEMO: '1' } })
  try {
    const [row] = await versusBare(label, server.url, [
      {
        name: 'GET /api/courses (demo data)',
        method: 'GET',
        path: '/api/courses',
        headers: {},
        connections: 50,
        pairs: quick ? 1 : 3,
      },
    ])
    return { ...row, endpoint: `GET /api/courses (demo data, ${row.bytes} bytes)` }
  } finally {
    await server.stop()
  }
}

async function postgresUrl() {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL
  const open = await new Promise((resolve) => {
    const s = connect(5432, '127.0.0.1')
    s.once('connect', () => (s.destroy(), resolve(true)))
    s.once('error', () => resolve(false))
    s.setTimeout(1000, () => (s.destroy(), resolve(false)))
  })
  return open ? 'postgres://postgres@127.0.0.1:5432/postgres' : undefined
}

// ---------------------------------------------------------------- run
const stops = []
process.on('SIGINT', async () => {
  for (const s of stops) await s().catch(() => {})
  process.exit(130)
})

try {
  log('starting the server on PGlite')
  const server = await startServer({ users: Object.values(accounts), databaseUrl: null })
  stops.push(server.stop)
  const data = await seed(server.url)
  log('browser figures')
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags })
  try {
    await browserFigures(browser, server.url, data)
    log('practice engine')
    await engineFigures(browser, server.url)
  } finally {
    await browser.close()
  }
  if (withLighthouse) {
    log('Lighthouse')
    await lighthouseFigures(server.url)
  }
  log('load on PGlite')
  results.server.pglite = await loadFigures('pglite', server, data)
  await server.stop()
  stops.pop()

  const pgUrl = withPostgres ? await postgresUrl() : undefined
  if (pgUrl) {
    log('load on PostgreSQL')
    const pgServer = await startServer({ users: Object.values(accounts), databaseUrl: pgUrl })
    stops.push(pgServer.stop)
    const pgData = await seed(pgServer.url)
    results.server.postgres = await loadFigures('postgres', pgServer, pgData)
    await pgServer.stop()
    stops.pop()
  } else
    results.notes.push(
      withPostgres
        ? 'PostgreSQL: skipped (nothing answers on 127.0.0.1:5432 and DATABASE_URL is unset)'
        : 'PostgreSQL: skipped (--no-postgres)',
    )

  log("the spec's list on the demo data")
  results.server.demoList = [await demoListFigures('pglite', null)]
  if (pgUrl) results.server.demoList.push(await demoListFigures('postgres', pgUrl))

  log('cold start of npm start')
  const { existsSync } = await import('node:fs')
  const startCommand = existsSync('scripts/start.mjs')
    ? ['npm', 'start']
    : ['node', '--import', 'tsx', 'server/main.ts']
  if (startCommand[0] !== 'npm')
    results.notes.push(
      'cold start: scripts/start.mjs is missing, timed node --import tsx server/main.ts instead',
    )
  const cold = await startServer({ command: startCommand, databaseUrl: null, keepDataDir: true })
  await cold.stop()
  const warm = await startServer({ command: startCommand, databaseUrl: null, dataDir: cold.dataDir })
  await warm.stop()
  const { rmSync } = await import('node:fs')
  rmSync(cold.dataDir, { recursive: true, force: true })
  results.coldStart = { emptyDataDirMs: cold.startMs, existingDataDirMs: warm.startMs }

  // Cold start to /api/health on existing data: the compiled server (dist-server/main.js, what npm start runs)
  // and, beside it, the tsx loader it replaced, started in turn on one DATA_DIR holding the demo data.
  log('cold start on existing data: compiled server and tsx loader')
  const seeded = await startServer({ databaseUrl: null, keepDataDir: true, env: { SEED_DEMO: '1' } })
  await seeded.stop()
  const starts = { compiled: [], tsx: [] }
  const commands = {
    compiled: ['node', ...serverNodeFlags(), 'dist-server/main.js'],
    tsx: ['node', '--import', 'tsx', 'server/main.ts'],
  }
  for (let i = 0; i < 5; i++)
    for (const [name, command] of Object.entries(commands)) {
      const server = await startServer({ command, databaseUrl: null, dataDir: seeded.dataDir })
      await server.stop()
      starts[name].push(server.startMs)
    }
  rmSync(seeded.dataDir, { recursive: true, force: true })
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]
  results.coldStart.existingData = {
    compiledMs: median(starts.compiled),
    tsxMs: median(starts.tsx),
    starts,
  }
} catch (e) {
  for (const s of stops) await s().catch(() => {})
  console.error(`bench failed: ${e.stack ?? e}`)
  process.exitCode = 1
}

// ---------------------------------------------------------------- report
mkdirSync('bench/results', { recursive: true })
writeFileSync('bench/results/bench.json', JSON.stringify(results, null, 2))

function table(title, rows, cols) {
  if (!rows?.length) return ''
  const head = cols.map((c) => c[0])
  const body = rows.map((r) => cols.map(([, f]) => String(typeof f === 'function' ? f(r) : (r[f] ?? '-'))))
  const w = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)))
  const line = (cells) =>
    '| ' + cells.map((c, i) => (i === 0 ? c.padEnd(w[i]) : c.padStart(w[i]))).join(' | ') + ' |'
  return [
    `\n${title}`,
    line(head),
    '|' + w.map((n, i) => (i === 0 ? ':' : '') + '-'.repeat(n + 1) + (i === 0 ? '' : ':')).join('|') + '|',
    ...body.map(line),
  ].join('\n')
}

/**
 * The performance goals in one table: the baseline measured before the work on them (the code of that day, on this
 * machine), the goal, and what this run measured.
 */
function issueFigures() {
  const visit = (route) => results.firstVisit.find((r) => r.route === route)
  const lh = (route) => results.lighthouse.find((r) => r.route === route && r.preset === 'mobile')
  const lhText = (r) => (r ? `${r.score} (LCP ${r.lcpMs} ms; runs ${r.lcpRange})` : 'not run')
  const row = (db, match, connections) =>
    results.server[db]?.endpoints.find((e) => match(e.endpoint) && e.connections === connections)
  const p99 = (db, match, connections) => row(db, match, connections)?.p99ms ?? '-'
  const firstPage = (e) => e.startsWith('GET /api/courses?limit=20')
  const search = (e) => e.startsWith('GET /api/courses?q=sicilian&limit=20 (')
  const searchNotKept = (e) => e.startsWith('GET /api/courses?q=sicilian&limit=20&maxPrice')
  const ratio = (db) => {
    const row = results.server.demoList?.find((r) => r.database === db)
    return row ? `${row.ratio}${row.pairRatios ? ` (${row.pairRatios.join(', ')})` : ''}` : '-'
  }
  const existing = results.coldStart?.existingData
  return table(
    `Performance goals: figures before the work, the goals, this run (${courseCount} courses seeded)`,
    [
      {
        figure: '/home, /courses first-visit JS as downloaded (KB)',
        before: '154.4 / 135.2',
        goal: '<= 130 / <= 110',
        now: `${visit('/home')?.jsWireKB ?? '-'} / ${visit('/courses')?.jsWireKB ?? '-'}`,
      },
      {
        figure: 'Lighthouse mobile /home (LCP)',
        before: '95 (LCP 2,600 ms) demo data',
        goal: '100, LCP <= 1,500 ms',
        now: lhText(lh('/home')),
      },
      {
        figure: 'Lighthouse mobile /courses (LCP)',
        before: '95 (LCP 2,400 ms) demo data; 86 with 2,000 courses',
        goal: '100 demo data; >= 95 with 10,000 courses',
        now: lhText(lh('/courses')),
      },
      {
        figure: 'first page of the catalogue, API p99 at 50 connections, PostgreSQL (ms)',
        before: '-',
        goal: '<= 20',
        now: p99('postgres', firstPage, 50),
      },
      {
        figure:
          "spec's GET /api/courses, demo data, at 50 connections, ratio to bare node:http (median of 3 pairs), PGlite / PostgreSQL",
        before: '0.18 / 0.08 (4 courses)',
        goal: '>= 0.5 / >= 0.5',
        now: `${ratio('pglite')} / ${ratio('postgres')}`,
      },
      {
        figure: "search 'sicilian', p99 at 10 and 50 connections, PostgreSQL; PGlite (ms)",
        before: '- (no search)',
        goal: '<= 30',
        now: `${p99('postgres', search, 10)}, ${p99('postgres', search, 50)}; ${p99('pglite', search, 10)}, ${p99('pglite', search, 50)}`,
      },
      {
        figure:
          'the same search not kept (each request a key of its own), p99 at 10 and 50, PostgreSQL; PGlite (ms)',
        before: '- (no search)',
        goal: '<= 30',
        now: `${p99('postgres', searchNotKept, 10)}, ${p99('postgres', searchNotKept, 50)}; ${p99('pglite', searchNotKept, 10)}, ${p99('pglite', searchNotKept, 50)}`,
      },
      {
        figure: 'cold start to /api/health, existing data (ms)',
        before: '1,700',
        goal: '<= 800',
        now: existing ? existing.compiledMs : '-',
      },
      {
        figure: 'server RSS after the load, PGlite (MB)',
        before: '526',
        goal: '<= 300',
        now: results.server.pglite?.rssMBAfterLoad ?? '-',
      },
    ],
    [
      ['figure', 'figure'],
      ['before', 'before'],
      ['goal', 'goal'],
      ['this run', 'now'],
    ],
  )
}

const out = [
  `Chess Online Education benchmark, ${results.date}, ${results.machine.cpus} CPU ${results.machine.cpu}, Node ${results.machine.node}, load average at start ${results.machine.loadAverageAtStart.join(' ')}`,
  table(
    'First visit (JS as downloaded: bodies as sent, brotli, plus headers; and each body gzipped at level 9)',
    results.firstVisit,
    [
      ['route', 'route'],
      ['JS KB as downloaded', 'jsWireKB'],
      ['JS KB gzip', 'jsGzipKB'],
      ['CSS KB', 'cssGzipKB'],
      ['JS raw KB', 'jsRawKB'],
      ['JS files', 'jsFiles'],
    ],
  ),
  table(`Lighthouse (performance), median of ${LIGHTHOUSE_RUNS} runs`, results.lighthouse, [
    ['route', 'route'],
    ['preset', 'preset'],
    ['score', 'score'],
    ['scores', 'scores'],
    ['LCP ms', 'lcpMs'],
    ['LCP ms, each run', 'lcpRange'],
    ['TBT ms', 'tbtMs'],
    ['CLS', 'cls'],
  ]),
  table('Student: courses -> modules -> courses -> modules -> courses', results.navigation, [
    ['view', 'view'],
    ['API data requests', 'apiRequests'],
    ['video requests', 'mediaRequests'],
    ['script/asset requests', 'otherRequests'],
    ['click to view ms', (r) => r.clickToViewMs ?? '-'],
  ]),
  results.moduleUpdate
    ? table(
        `Instructor 'Update Module' (server answer delayed ${results.moduleUpdate.addedLatencyMs} ms)`,
        [results.moduleUpdate],
        [
          ['click to list shows change ms', 'clickToListMs'],
          ['server answer ms', 'serverAnswerMs'],
          ['optimistic', 'optimistic'],
        ],
      )
    : '',
  results.engine
    ? table(
        'Practice engine (a level chosen on /home; gzip level 9)',
        [
          {
            what: `engine files fetched (${results.engine.files.length})`,
            v: `${results.engine.gzipKB} KB gzip, ${results.engine.rawKB} KB raw`,
          },
          { what: 'choosing a level to engine ready (ms)', v: results.engine.startMs },
          ...results.engine.firstReply.map((r) => ({
            what: `Level ${r.level}: 1. e4 to 'AI moved.' (ms)`,
            v: r.ms,
          })),
        ],
        [
          ['figure', 'what'],
          ['value', 'v'],
        ],
      )
    : '',
  table(
    `Server load (autocannon, ${duration} s each; bare = node:http with the same bytes)`,
    [
      ...(results.server.pglite?.endpoints ?? []),
      ...(results.server.postgres?.endpoints ?? []),
      ...(results.server.demoList ?? []),
    ],
    [
      ['db / endpoint', (r) => `${r.database} ${r.endpoint}`],
      ['conns', 'connections'],
      ['rps', 'rps'],
      ['p50 ms', 'p50ms'],
      ['p99 ms', 'p99ms'],
      ['bare rps', 'bareRps'],
      ['bare p50', 'bareP50ms'],
      ['bare p99', 'bareP99ms'],
      ['ratio', 'ratio'],
      ['non-2xx', 'non2xx'],
    ],
  ),
  table(
    'Server memory and start',
    [
      { what: 'RSS after load, PGlite (MB)', v: results.server.pglite?.rssMBAfterLoad },
      { what: 'RSS after load, PostgreSQL (MB)', v: results.server.postgres?.rssMBAfterLoad },
      { what: 'RSS 10 s after the load, PGlite (MB)', v: results.server.pglite?.rssMBIdle },
      { what: 'RSS 10 s after the load, PostgreSQL (MB)', v: results.server.postgres?.rssMBIdle },
      { what: 'npm start to /api/health, empty DATA_DIR (ms)', v: results.coldStart?.emptyDataDirMs },
      { what: 'npm start to /api/health, existing DATA_DIR (ms)', v: results.coldStart?.existingDataDirMs },
      {
        what: 'cold start to /api/health, existing data: compiled (tsx loader), median of 5 (ms)',
        v: results.coldStart?.existingData
          ? `${results.coldStart.existingData.compiledMs} (${results.coldStart.existingData.tsxMs})`
          : undefined,
      },
    ],
    [
      ['figure', 'what'],
      ['value', 'v'],
    ],
  ),
  issueFigures(),
  ...results.notes.map((n) => `\nnote: ${n}`),
  '\nwritten to bench/results/bench.json',
].join('\n')
console.log(out)
