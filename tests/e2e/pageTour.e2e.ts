// One tour of the app's pages: each page is opened once per role (a visitor, a student, an instructor, an admin),
// screen and colour scheme, and that one visit is checked for everything a page owes everyone:
// - no error in the console but those allowed (`allowedConsoleErrors`, each with its reason), and no uncaught
//   error or unhandled rejection: every route of src/app/router.tsx, for every role, at desktop size;
// - axe-core finds no serious or critical violation: the pages each role uses (`audited`), in light, at desktop
//   size, and the module page with the instructor's 'Add Module' form open; in dark, each of those pages once
//   (`auditedDark`: as the account that sees the most of it, and the visitor's own pages), with the rules a colour
//   scheme can break;
// - nothing overflows the viewport sideways, on every visit;
// - targets for thumbs (`measured`): on a 390×844 touch phone every control is at least 44×44 CSS pixels (WCAG
//   2.5.5, enhanced target size); at 1366×900 none is under 24×24 (WCAG 2.5.8, the floor everywhere); a link in
//   running text is exempt (`smallTargets`);
// - what some pages show at desktop and phone size (`extras`): the visitor's curriculum and login prompt, 'Course
//   not found.', the registration form's note, the practice board's placeholders, a line's board as wide as its
//   card and no keyboard help on a touch phone, /admin's rows stacked, the dark pages' background, /analysis with a
//   game's report at 320, 390 and 430 px wide, a lesson with its curriculum drawer open on a phone;
// and screenshots for people to look at go to test-results/screens/.
// Desktop is 1366×900 with a mouse; phone is 390×844 with touch and no mouse.
import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import type { Browser, BrowserContext, ConsoleMessage, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createCourse, createModule, enroll, login, uploadVideo, type Session } from './support/api'
import { launch, open, seeText, visible, waitQuiet } from './support/browser'
import { accounts, baseUrl, unique } from './support/env'
import { demoVideo } from './support/video'
import { axeOf } from './support/axe'

type Who = 'visitor' | 'student' | 'instructor' | 'admin'
type Screen = 'desktop' | 'phone'
type Scheme = 'light' | 'dark'

const DIR = 'test-results/screens'
const VIEWPORTS: Record<Screen, { width: number; height: number }> = {
  desktop: { width: 1366, height: 900 },
  phone: { width: 390, height: 844 },
}
/** The smallest target allowed on each screen (see the top of this file). */
const MIN_TARGET: Record<Screen, number> = { desktop: 24, phone: 44 }
const DARK_BG = 'rgb(17, 22, 29)'
const NO_COURSE = '/courses/00000000-0000-4000-8000-000000000000/modules'
const NO_COURSE_API = '/api/courses/00000000-0000-4000-8000-000000000000'
const SCHOLAR = '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0'
/** The phones' widths, from the smallest the app supports (body's min-width) to a large phone. */
const PHONE_WIDTHS = [320, 430] as const
const YEAR = 365 * 24 * 3600 * 1000

/** A practice of a module's line without a mistake, recorded at `at` (the e2e server's clock, X-Test-Now). */
async function practisedAt(session: Session, moduleId: string, at: Date) {
  const r = await fetch(`${baseUrl}/api/lines/${moduleId}/practice`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${session.token}`,
      'content-type': 'application/json',
      'x-test-now': at.toISOString(),
    },
    body: JSON.stringify({ mistakes: 0 }),
  })
  expect(r.status, await r.text()).toBe(200)
}

/** Console errors allowed, each with the reason. */
const allowedConsoleErrors: {
  test: (m: ConsoleMessage, path: string, screen: Screen) => boolean
  reason: string
}[] = [
  {
    test: (m) =>
      m.text().startsWith('Failed to load resource: net::ERR_BLOCKED_BY_CLIENT') &&
      !m.location().url.startsWith(baseUrl),
    reason: 'this test answers every request to another host with an error (support/browser.ts)',
  },
  {
    test: (m, path) => path === '/profile' && m.text() === 'No authentication token found',
    reason:
      "the spec's failure for one's own profile without a session: its text is shown in the Login Required " +
      'modal and, as the spec logs its failures, in the console (ProfilePage.test.tsx asserts both)',
  },
  {
    test: (m, path) =>
      path === NO_COURSE &&
      (/^API call getCourse(Curriculum)? failed/.test(m.text()) ||
        (m.text() === 'Failed to load resource: the server responded with a status of 404 (Not Found)' &&
          new URL(m.location().url).pathname.startsWith(NO_COURSE_API))),
    reason:
      'a course that does not exist: the server answers its two requests with 404, which the browser notes, and ' +
      "the app, as it logs its failed calls, logs them before showing 'Course not found.'",
  },
  {
    test: (m, path, screen) =>
      screen === 'phone' &&
      path === '/title/GM' &&
      m.text().startsWith('API call getTitledPlayers failed {status: FETCH_ERROR'),
    reason:
      'on a phone this tour refuses chess.com (see `refuseChessCom`): the titled players cannot be fetched, and ' +
      'the app logs its failed calls',
  },
]

/**
 * On a phone the pages are opened with chess.com refused like every other host: /title/GM then shows its failure in
 * place of the titled players, whose links (28.8 px tall there) are under a phone's 44 px.
 */
async function refuseChessCom(context: BrowserContext) {
  await context.route('https://api.chess.com/**', (route) => route.abort('blockedbyclient'))
}

/**
 * What overflows the viewport sideways: the page's extra width in CSS pixels (0 when nothing does). Measured against
 * the screen's width: on a touch phone the layout viewport (and window.innerWidth with it) widens to a page that
 * overflows, zoomed out to fit.
 */
function sidewaysOverflow(page: Page): Promise<number> {
  const screen = page.viewportSize()!.width
  return page.evaluate(
    (screen) => Math.max(document.documentElement.scrollWidth, window.innerWidth) - screen,
    screen,
  )
}

/** axe-core's rules about colour: contrast, and links told apart from the text around them. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

/** axe-core's serious and critical violations on the page as it is (in dark, of its colour rules). */
async function axeViolations(page: Page, scheme: Scheme): Promise<string[]> {
  const axe = axeOf(page).options({ resultTypes: ['violations'] })
  // What a colour scheme changes is colours: the dark pages' structure, names and roles are the light ones'.
  if (scheme === 'dark') axe.withRules(COLOUR_RULES)
  const result = await axe.analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `[${v.impact}] ${v.id} - ${v.help}\n      ${v.nodes
          .slice(0, 5)
          .map((n) => n.target.join(' '))
          .join('\n      ')}`,
    )
}

/**
 * The page's controls smaller than `min` in either direction. Controls: links, buttons, form fields, summaries and
 * anything else focusable by Tab, shown (not display:none, visibility:hidden or clipped to a pixel), board squares
 * excepted (the board sizes them). A link inside a sentence is exempt, as WCAG 2.5.8 exempts a target whose size
 * the line-height of the text around it sets: an inline link with text not its own on one of its lines. A link
 * alone on its line (a course's title above its progress, a table cell's only word) is measured. A checkbox is
 * measured with its labels, which toggle it too.
 */
function smallTargets(page: Page, min: number): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [tabindex]:not([tabindex="-1"])',
    )
    /** Whether some text of the link's block that is not the link's own sits on one of the link's lines. */
    const inRunningText = (link: HTMLElement) => {
      let block = link.parentElement
      while (block && /^(inline|contents)$/.test(getComputedStyle(block).display)) block = block.parentElement
      if (!block) return false
      const lines = [...link.getClientRects()]
      const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT)
      const range = document.createRange()
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        if (link.contains(text) || !(text.textContent ?? '').trim()) continue
        range.selectNodeContents(text)
        for (const r of range.getClientRects())
          if (r.width > 0 && lines.some((l) => r.top < l.bottom && r.bottom > l.top)) return true
      }
      return false
    }
    const out: string[] = []
    for (const el of controls) {
      if (el.closest('[data-square]') || el.closest('[aria-hidden="true"]') || el.closest('.skip-link'))
        continue
      const style = getComputedStyle(el)
      if (style.visibility === 'hidden' || style.display === 'none') continue
      let box = el.getBoundingClientRect()
      if (box.width <= 1 || box.height <= 1) continue
      // A checkbox or radio button is toggled by its labels too: its target is the box with them.
      const labels = el instanceof HTMLInputElement && /^(checkbox|radio)$/.test(el.type) ? el.labels : null
      for (const label of labels ?? []) {
        const l = label.getBoundingClientRect()
        const left = Math.min(box.left, l.left)
        const top = Math.min(box.top, l.top)
        box = new DOMRect(
          left,
          top,
          Math.max(box.right, l.right) - left,
          Math.max(box.bottom, l.bottom) - top,
        )
      }
      if (el.localName === 'a' && style.display === 'inline' && inRunningText(el)) continue
      if (box.width + 0.5 < min || box.height + 0.5 < min) {
        const name =
          el.getAttribute('aria-label') ||
          (el.textContent ?? '').trim().slice(0, 40) ||
          el.getAttribute('placeholder') ||
          el.getAttribute('name') ||
          ''
        const what = `${el.localName}${el.className ? '.' + String(el.className).trim().split(/\s+/).join('.') : ''} "${name}"`
        out.push(`${what} ${Math.round(box.width * 10) / 10}×${Math.round(box.height * 10) / 10}`)
      }
    }
    return out
  }, min)
}

/** No text about keys is shown on a touch phone (screen readers still get the boards' key help by its id). */
async function noKeyboardHelp(page: Page) {
  expect(
    await page
      .getByText(/arrow keys|keyboard|board keys/i)
      .filter({ visible: true })
      .allTextContents(),
    'keyboard help shown on a touch phone',
  ).toEqual([])
}

/** The room a text box leaves beside its placeholder, drawn in the box's own font (negative: cut off). */
function placeholderRoom(box: Locator) {
  return box.evaluate((el: HTMLInputElement) => {
    const style = getComputedStyle(el)
    const context = document.createElement('canvas').getContext('2d')!
    context.font = style.font
    const inner = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
    return inner - context.measureText(el.placeholder).width
  })
}

interface Leg {
  who: Who
  screen: Screen
  scheme: Scheme
}

/** A screenshot written to test-results/screens/<name>-<width>x<height>.png. */
interface Shot {
  name: string
  fullPage: boolean
}

/** A state a page is brought to after its visit's checks (no new page load), checked again where marked. */
interface Then {
  name: string
  act: (page: Page) => Promise<void>
  axe?: boolean
  shots?: Shot[]
}

/** What one page shows to one role: what to wait for, what else to check and which screenshots to write. */
interface Extra {
  who: Who
  path: string
  screens: Screen[]
  schemes: Scheme[]
  ready?: (page: Page) => Promise<void>
  check?: (page: Page, leg: Leg) => Promise<void>
  shots?: Shot[]
  then?: Then[]
}

interface Stop {
  path: string
  axe: boolean
  targets: boolean
  extras: Extra[]
}

describe('the page tour', () => {
  let browser: Browser
  const sessions = {} as Record<Exclude<Who, 'visitor'>, Session>
  // Known once beforeAll has run; the placeholders only count the pages of each leg when the tests are collected.
  let courseId = ':courseId'
  let lessonId = ':moduleId'
  let instructorId = ':instructorId'
  let adminRowUser: string
  let gameId = ':gameId'
  let boughtTitle: string
  const modules = () => `/courses/${courseId}/modules`
  /** The lesson view of the module with a line beside its uploaded video (a visitor is sent to modules()). */
  const lesson = () => `/courses/${courseId}/modules/${lessonId}`
  /** The student's kept game on /analysis, which opens it and makes its report. */
  const analysis = () => `/analysis?game=${gameId}`

  /** Every route of src/app/router.tsx: each role opens each at desktop size, in light. */
  const everyRoute = () => [
    '/',
    '/home',
    '/player/hikaru',
    '/title/GM',
    '/courses',
    modules(),
    lesson(),
    '/studio',
    '/admin',
    '/blog',
    '/login',
    '/register',
    '/forgot-password',
    '/reset-password',
    '/cart',
    '/profile',
    `/profile/${instructorId}`,
    '/review',
    '/puzzles',
    '/no/such/page',
  ]

  /**
   * The pages only a visitor's audit covers: sign-in, registration, the unknown address, and the module page as the
   * curriculum with the Login button.
   */
  const visitorsOwn = () => ['/login', '/register', '/no/such/page', modules()]

  /** The pages axe audits for each role, at desktop size, in light. */
  const audited = (): Record<Who, string[]> => {
    const common = [
      '/home',
      '/blog',
      '/courses',
      '/cart',
      '/player/hikaru',
      '/title/GM',
      `/profile/${instructorId}`,
    ]
    return {
      visitor: [...common, ...visitorsOwn()],
      student: [...common, '/profile', modules(), lesson()],
      instructor: [...common, '/profile', '/studio', modules()],
      admin: [...common, '/profile', '/studio', '/admin', modules()],
    }
  }

  /**
   * The pages axe audits in dark, at desktop size: each page of `audited` once, as the account that sees the most of
   * it (the admin's navigation has every link; the student's module page has the progress, the instructor's the
   * studio's controls), and the visitor's own pages.
   */
  const auditedDark = (): Record<Who, string[]> => ({
    visitor: visitorsOwn(),
    student: [modules()],
    instructor: [modules()],
    admin: audited().admin,
  })

  /** The main pages whose controls are measured for thumbs, on a phone and at desktop size, in light. */
  const measured = (): Record<Who, string[]> => ({
    visitor: [
      '/home',
      '/courses',
      modules(),
      '/blog',
      '/login',
      '/register',
      '/cart',
      '/title/GM',
      '/no/such/page',
    ],
    student: ['/home', '/courses', modules(), lesson(), '/review', '/profile', '/cart', analysis()],
    instructor: ['/courses', modules(), '/profile', '/studio'],
    admin: ['/admin', '/home', modules()],
  })

  const both: Screen[] = ['desktop', 'phone']
  const extras = (): Extra[] => [
    {
      // one's own profile without a session logs its text once the page's chunk has drawn it: seen before going on
      who: 'visitor',
      path: '/profile',
      screens: ['desktop'],
      schemes: ['light'],
      ready: async (page) => void (await seeText(page, 'No authentication token found')),
    },
    {
      who: 'visitor',
      path: '/register',
      screens: both,
      schemes: ['light'],
      ready: async (page) => void (await seeText(page, 'Shown on your profile to signed-in users.')),
      shots: [{ name: 'register-rules', fullPage: true }],
    },
    {
      // the curriculum with the Login button: no player
      who: 'visitor',
      path: modules(),
      screens: both,
      schemes: ['light'],
      ready: async (page) => void (await seeText(page, 'Rook endgames')),
      check: async (page) => expect(await page.locator('video, iframe').count()).toBe(0),
      shots: [{ name: 'curriculum-visitor', fullPage: true }],
    },
    {
      who: 'visitor',
      path: NO_COURSE,
      screens: both,
      schemes: ['light'],
      ready: async (page) => void (await seeText(page, 'Course not found.')),
      shots: [{ name: 'course-not-found', fullPage: true }],
    },
    {
      // the courses ask a visitor to log in; dismissed, each card says how to enrol
      who: 'visitor',
      path: '/courses',
      screens: both,
      schemes: ['light'],
      ready: async (page) => void (await visible(page.getByRole('dialog', { name: 'Login Required' }))),
      shots: [{ name: 'courses-login-required', fullPage: true }],
      then: [
        {
          name: 'the login prompt dismissed',
          act: async (page) => {
            await page.keyboard.press('Escape')
            await seeText(page, 'Log in to enroll')
          },
          shots: [{ name: 'courses-visitor', fullPage: true }],
        },
      ],
    },
    {
      // the practice board's move box and the player search hold their placeholders; the line due is offered
      // ('Lines to review', measured with the page's other controls)
      who: 'student',
      path: '/home',
      screens: both,
      schemes: ['light'],
      ready: async (page) => void (await visible(page.getByRole('link', { name: 'Lines to review: 1' }))),
      check: async (page, leg) => {
        expect(
          await placeholderRoom(await visible(page.getByRole('textbox', { name: /your move/i }))),
        ).toBeGreaterThanOrEqual(0)
        expect(
          await placeholderRoom(await visible(page.getByRole('searchbox', { name: 'Username' }))),
        ).toBeGreaterThanOrEqual(0)
        if (leg.screen === 'phone') await noKeyboardHelp(page)
      },
      shots: [
        { name: 'home-board', fullPage: true },
        { name: 'thumbs-home', fullPage: false },
      ],
    },
    {
      // on a phone the line's board takes the card's whole width: its squares reach the card's edges
      who: 'student',
      path: modules(),
      screens: both,
      schemes: ['light'],
      ready: async (page) => void (await seeText(page, 'Italian game')),
      check: async (page, leg) => {
        if (leg.screen !== 'phone') return
        const card = page.locator('article.module-card').filter({ hasText: 'Italian game' })
        const board = card.getByRole('application', { name: "Board: play the line's next move" })
        const [cardBox, boardBox] = [await card.boundingBox(), await board.boundingBox()]
        expect(boardBox!.width).toBeGreaterThanOrEqual(cardBox!.width - 2)
        expect(boardBox!.x).toBeGreaterThanOrEqual(cardBox!.x)
        await noKeyboardHelp(page)
      },
      shots: [{ name: 'thumbs-modules', fullPage: true }],
    },
    {
      // one module on the page, the curriculum beside it (a sidebar at desktop size, a drawer on a phone)
      who: 'student',
      path: lesson(),
      screens: both,
      schemes: ['light'],
      ready: async (page) =>
        void (await visible(page.getByRole('heading', { level: 1, name: 'Italian game' }))),
      shots: [{ name: 'lesson', fullPage: true }],
    },
    {
      who: 'student',
      path: lesson(),
      screens: ['phone'],
      schemes: ['light'],
      then: [
        {
          name: 'with the curriculum drawer open',
          act: async (page) => {
            await page.getByRole('button', { name: 'Curriculum' }).click()
            await visible(page.getByRole('navigation', { name: 'Curriculum' }).getByRole('link').first())
          },
          axe: true,
          shots: [{ name: 'lesson-curriculum', fullPage: false }],
        },
      ],
    },
    ...(['/home', '/courses', '/review'] as const).map((path): Extra => ({
      who: 'student',
      path,
      screens: both,
      schemes: ['dark'],
      check: async (page) =>
        expect(
          await page.evaluate(() => getComputedStyle(document.body.parentElement!).backgroundColor),
        ).toBe(DARK_BG),
      shots: [{ name: `darkMode-${path.slice(1)}`, fullPage: false }],
    })),
    {
      // a game's report on a phone, at every phone's width: its table, moves and buttons fit the screen
      who: 'student',
      path: analysis(),
      screens: ['phone'],
      schemes: ['light'],
      ready: async (page) => void (await visible(page.getByRole('button', { name: 'Next mistake' }), 60_000)),
      shots: [{ name: 'analysis-report', fullPage: true }],
      then: PHONE_WIDTHS.map((width) => ({
        name: `at ${width} px wide`,
        act: (page: Page) => page.setViewportSize({ width, height: VIEWPORTS.phone.height }),
        shots: [{ name: `analysis-report-${width}`, fullPage: true }],
      })),
    },
    {
      // /admin's rows stack on a phone: every action of a row, 'Set password' too, is in view without scrolling;
      // an order's state and its 'Refund' too
      who: 'admin',
      path: '/admin',
      screens: both,
      schemes: ['light'],
      ready: async (page) =>
        void (await visible(page.getByRole('row').filter({ hasText: adminRowUser }).getByRole('combobox'))),
      check: async (page) => {
        const row = page.getByRole('row').filter({ hasText: adminRowUser })
        const width = await page.evaluate(() => window.innerWidth)
        const actions = row.locator('button, select, input, a[href]')
        expect(await actions.count()).toBeGreaterThan(0)
        await visible(row.getByRole('button', { name: 'Set password' }))
        for (const action of await actions.all()) {
          const box = await action.boundingBox()
          expect(box, await action.evaluate((e) => e.outerHTML.slice(0, 80))).not.toBeNull()
          expect(box!.x).toBeGreaterThanOrEqual(0)
          expect(box!.x + box!.width).toBeLessThanOrEqual(width)
        }
        await row.scrollIntoViewIfNeeded()
        const order = page.getByRole('row').filter({ hasText: boughtTitle })
        for (const cell of [
          order.getByText('Paid', { exact: true }),
          order.getByRole('button', { name: /^Refund/ }),
        ]) {
          const box = await (await visible(cell)).boundingBox()
          expect(
            box!.x + box!.width,
            await cell.evaluate((e) => e.outerHTML.slice(0, 80)),
          ).toBeLessThanOrEqual(width)
        }
      },
      shots: [{ name: 'thumbs-admin', fullPage: true }],
    },
    {
      // the instructor's own courses: the tour's course
      who: 'instructor',
      path: '/studio',
      screens: both,
      schemes: ['light'],
      ready: async (page) => void (await visible(page.getByRole('article').first())),
      check: async (page) => void (await visible(page.getByRole('link', { name: 'New course' }))),
      shots: [{ name: 'studio', fullPage: true }],
    },
    // /studio is for instructors and admins: anyone else is sent to /, as from /admin
    ...(['visitor', 'student'] as const).map((who): Extra => ({
      who,
      path: '/studio',
      screens: ['desktop'],
      schemes: ['light'],
      ready: async (page) => void (await page.waitForURL((url) => url.pathname === '/home')),
    })),
    {
      who: 'instructor',
      path: modules(),
      screens: ['desktop'],
      schemes: ['light', 'dark'],
      then: [
        {
          name: "with the 'Add Module' form open",
          act: async (page) => {
            await page.getByRole('button', { name: 'Add Module' }).first().click()
            await visible(page.getByPlaceholder('Module Title'))
          },
          axe: true,
        },
      ],
    },
  ]

  /** The pages of one leg, in order, each once, with what its visit checks. */
  function stops(leg: Leg): Stop[] {
    const desktop = leg.screen === 'desktop'
    const light = leg.scheme === 'light'
    const axe = desktop ? (light ? audited() : auditedDark())[leg.who] : []
    const targets = light ? measured()[leg.who] : []
    const more = extras().filter(
      (e) => e.who === leg.who && e.screens.includes(leg.screen) && e.schemes.includes(leg.scheme),
    )
    const paths = [...(desktop && light ? everyRoute() : []), ...axe, ...targets, ...more.map((e) => e.path)]
    return [...new Set(paths)].map((path) => ({
      path,
      axe: axe.includes(path),
      targets: targets.includes(path),
      // an extra belongs to a page this leg opens anyway
      extras: more.filter((e) => e.path === path),
    }))
  }

  beforeAll(async () => {
    mkdirSync(DIR, { recursive: true })
    // The tour's own student, whose one line practised a year ago is due now: /home shows 'Lines to review: 1'.
    const studentName = unique('tour_student_')
    const student = { email: `${studentName}@example.test`, password: 'tour-amber-bishop-31' }
    await call('POST', '/api/auth/register', undefined, { username: studentName, ...student })
    sessions.student = await login(student)
    sessions.instructor = await login(accounts.instructor)
    sessions.admin = await login(accounts.admin)
    // A course of every kind of lesson, the student enrolled: a video uploaded to the server, one on another site
    // (which cannot load here: every host but the server is refused), a file elsewhere and a line to step through
    // beside the uploaded video.
    instructorId = sessions.instructor.result._id
    const course = await createCourse(sessions.instructor.token, {
      title: unique('Tour course '),
      description: 'Forks, an opening line and rook endgames.',
      price: 19,
    })
    const video = await uploadVideo(sessions.instructor.token, course._id, demoVideo())
    await createModule(sessions.instructor.token, {
      title: 'Forks',
      description: 'Two targets at once.',
      videoUrl: '/videos/forks.webm',
      videoId: video._id,
      courseId: course._id,
    })
    await createModule(sessions.instructor.token, {
      title: 'On YouTube',
      description: 'A video on another site.',
      videoUrl: 'https://www.youtube.com/watch?v=OCSbzArwB10',
      courseId: course._id,
    })
    await createModule(sessions.instructor.token, {
      title: 'Rook endgames',
      description: 'Rook endgames: what to know first.',
      videoUrl: 'https://example.com/lesson.mp4',
      courseId: course._id,
    })
    const line = await createModule(sessions.instructor.token, {
      title: 'Italian game',
      description: 'The first moves.',
      videoUrl: '/videos/italian.webm',
      videoId: video._id,
      courseId: course._id,
      line: { pgn: '1. e4 e5 2. Nf3 {develops} Nc6 3. Bc4', side: 'white' },
    })
    await enroll(sessions.student.token, course._id)
    lessonId = line._id
    await practisedAt(sessions.student, line._id, new Date(Date.now() - YEAR))
    courseId = course._id
    // the student's kept game ('My games', /analysis) and paid order ('My orders', /admin's 'Orders')
    const game = await call<{ _id: string }>('POST', '/api/games', sessions.student.token, {
      key: randomUUID(),
      pgn: SCHOLAR,
      result: '1-0',
      opponentLevel: 'random',
      colour: 'white',
    })
    gameId = game._id
    const bought = await createCourse(sessions.instructor.token, {
      title: unique('Tour purchase '),
      description: 'Bought on the tour.',
      price: 5,
    })
    await call('POST', '/api/cart/items', sessions.student.token, { courseId: bought._id })
    await call('POST', '/api/cart/checkout', sessions.student.token)
    boughtTitle = bought.title
    // a user of their own for /admin's rows
    adminRowUser = unique('tour_')
    await call('POST', '/api/auth/register', undefined, {
      username: adminRowUser,
      email: `${adminRowUser}@example.test`,
      password: 'tour-violet-knight-27',
    })
    browser = await launch()
  })
  afterAll(async () => {
    await browser?.close()
  })

  const legs: Leg[] = []
  for (const who of ['visitor', 'student', 'instructor', 'admin'] as const)
    for (const screen of ['desktop', 'phone'] as const)
      for (const scheme of ['light', 'dark'] as const)
        if (stops({ who, screen, scheme }).length > 0) legs.push({ who, screen, scheme })

  // Two legs at a time: axe runs in the page's renderer, one per core.
  it.concurrent.each(legs)(
    '$who at $screen size, $scheme',
    async (leg) => {
      const list = stops(leg)
      const viewport = VIEWPORTS[leg.screen]
      const size = `${viewport.width}x${viewport.height}`
      const o = await open(browser, {
        session: leg.who === 'visitor' ? undefined : sessions[leg.who],
        viewport,
        touch: leg.screen === 'phone',
      })
      const { page } = o
      if (leg.screen === 'phone') await refuseChessCom(o.context)
      const problems: string[] = []
      // A message belongs to the document that logged it: the page's address when the message arrives (messages and
      // navigations arrive in order). A lazy page's message can come after the next goto has begun, so the path
      // being visited is not its author on a loaded machine.
      const at = () => new URL(page.url()).pathname
      page.on('console', (m) => {
        if (m.type() === 'error' && !allowedConsoleErrors.some((a) => a.test(m, at(), leg.screen)))
          problems.push(`${at()}: console error: ${m.text()} (${m.location().url})`)
      })
      page.on('pageerror', (e) => problems.push(`${at()}: uncaught ${e.message}`))
      const shoot = async (shots: Shot[] = []) => {
        for (const s of shots)
          await page.screenshot({ path: `${DIR}/${s.name}-${size}.png`, fullPage: s.fullPage })
      }
      const audit = async (where: string) => {
        for (const v of await axeViolations(page, leg.scheme)) problems.push(`${where}: axe ${v}`)
      }
      try {
        await page.emulateMedia({ colorScheme: leg.scheme })
        for (const stop of list) {
          await page.goto(stop.path, { waitUntil: 'load' })
          await waitQuiet(page, 300)
          for (const e of stop.extras) await e.ready?.(page)
          await waitQuiet(page)
          const overflow = await sidewaysOverflow(page)
          if (overflow > 0) problems.push(`${stop.path}: overflows sideways by ${overflow} px`)
          if (stop.targets)
            for (const t of await smallTargets(page, MIN_TARGET[leg.screen]))
              problems.push(
                `${stop.path}: control under ${MIN_TARGET[leg.screen]}×${MIN_TARGET[leg.screen]} px: ${t}`,
              )
          for (const e of stop.extras) await e.check?.(page, leg)
          for (const e of stop.extras) await shoot(e.shots)
          if (stop.axe) await audit(stop.path)
          for (const then of stop.extras.flatMap((e) => e.then ?? [])) {
            await then.act(page)
            await waitQuiet(page)
            const where = `${stop.path} ${then.name}`
            const after = await sidewaysOverflow(page)
            if (after > 0) problems.push(`${where}: overflows sideways by ${after} px`)
            await shoot(then.shots)
            if (then.axe) await audit(where)
          }
          if (stop.extras.some((e) => e.then)) await page.setViewportSize(viewport)
        }
      } finally {
        await o.context.close()
      }
      expect(problems, `${leg.who} at ${size}, ${leg.scheme}:\n${problems.join('\n')}`).toEqual([])
    },
    240_000,
  )
})
