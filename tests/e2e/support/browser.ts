// One Chromium per test file, a fresh context per journey; every request to another host than the
// server under test is answered from fixtures (chess.com) or aborted (fonts, video sites, anything).
// Every journey fails on an uncaught error or unhandled rejection in any page it opened (see `launch`).
import { afterEach } from 'vitest'
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core'
import { chessComAnswer } from '../fixtures/chessCom'
import { sessionStorageEntries, type Session } from './api'
import { baseUrl, chromiumPath } from './env'

export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/**
 * Uncaught errors a page may show that are not the app's: each is thrown inside another site's frame (a
 * video player), which the app cannot catch. Matched against the error's stack; each says why it is allowed.
 */
export const foreignFrameErrors: { stack: RegExp; reason: string }[] = [
  {
    stack: /https:\/\/(www\.youtube\.com|www\.youtube-nocookie\.com|s\.ytimg\.com)\//,
    reason: "thrown by YouTube's player script inside its iframe",
  },
  {
    stack: /https:\/\/(player\.vimeo\.com|f\.vimeocdn\.com)\//,
    reason: "thrown by Vimeo's player script inside its iframe",
  },
]

/** Uncaught errors and unhandled rejections of every page of this file's browsers, not yet checked. */
const uncaught: { error: Error; url: string }[] = []

/** Takes the uncaught errors seen since the last call, leaving out those of `foreignFrameErrors`. */
export function takeUncaughtErrors(): { error: Error; url: string }[] {
  const found = uncaught.splice(0)
  return found.filter(({ error }) => !foreignFrameErrors.some((f) => f.stack.test(error.stack ?? '')))
}

// Every journey of every file that uses these browsers: an uncaught error or unhandled rejection in a page
// fails the test it happened in (registered on the importing test file).
afterEach(() => {
  const found = takeUncaughtErrors()
  if (found.length > 0)
    throw new Error(
      `uncaught error in the page:\n${found.map(({ error, url }) => `${url}: ${error.stack ?? String(error)}`).join('\n')}`,
    )
})

/** Chromium, whose every context (from newContext or newPage) records its pages' uncaught errors. */
export async function launch(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags, headless: true })
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (options) => {
    const context = await newContext(options)
    context.on('weberror', (e) => uncaught.push({ error: e.error(), url: e.page()?.url() ?? '' }))
    return context
  }
  return browser
}

export interface Opened {
  context: BrowserContext
  page: Page
  /** Requests answered by fixtures or aborted, for assertions. */
  external: string[]
  /** Uncaught page errors. */
  errors: Error[]
  /** Requests to the server's /api. */
  apiRequests: Request[]
}

const chessComBase = 'https://api.chess.com/pub/'
const cors = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'GET, OPTIONS',
}

export async function open(
  browser: Browser,
  opts: { session?: Session; viewport?: { width: number; height: number }; touch?: boolean } = {},
): Promise<Opened> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: opts.viewport ?? { width: 1280, height: 900 },
    // A phone: touch events, no mouse (page.tap, page.touchscreen)
    ...(opts.touch && { hasTouch: true, isMobile: true }),
    storageState: opts.session
      ? { cookies: [], origins: [{ origin: baseUrl, localStorage: sessionStorageEntries(opts.session) }] }
      : undefined,
  })
  const external: string[] = []
  const errors: Error[] = []
  const apiRequests: Request[] = []
  await context.route('**/*', async (route) => {
    const url = route.request().url()
    if (url.startsWith(baseUrl + '/') || url === baseUrl) return route.continue()
    external.push(url)
    if (url.startsWith(chessComBase)) {
      if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors })
      const a = chessComAnswer(url)
      return route.fulfill({
        status: a.status,
        headers: cors,
        contentType: 'application/json',
        body: JSON.stringify(a.body),
      })
    }
    return route.abort('blockedbyclient')
  })
  const page = await context.newPage()
  const inflight = new Set<Request>()
  // A video element may hold its media request open; it does not change what the page shows.
  page.on('request', (r) => {
    if (r.resourceType() !== 'media') inflight.add(r)
  })
  page.on('requestfinished', (r) => inflight.delete(r))
  page.on('requestfailed', (r) => inflight.delete(r))
  quietPages.set(page, inflight)
  page.on('pageerror', (e) => errors.push(e))
  page.on('request', (r) => {
    if (r.url().startsWith(baseUrl + '/api/')) apiRequests.push(r)
  })
  page.setDefaultTimeout(15_000)
  return { context, page, external, errors, apiRequests }
}

const quietPages = new WeakMap<Page, Set<Request>>()

/** Navigates and waits for the load event and then `quietMs` without a request in flight. */
export async function gotoQuiet(page: Page, path: string, quietMs = 200, timeout = 15_000) {
  await page.goto(path, { waitUntil: 'load' })
  await waitQuiet(page, quietMs, { timeout })
}

export async function waitQuiet(
  page: Page,
  quietMs = 200,
  { timeout = 15_000, except }: { timeout?: number; except?: (request: Request) => boolean } = {},
) {
  const inflight = quietPages.get(page)
  if (!inflight) return page.waitForLoadState('networkidle')
  const pending = () => [...inflight].filter((r) => !except?.(r))
  const deadline = Date.now() + timeout
  let quietSince = Date.now()
  while (Date.now() < deadline) {
    if (pending().length > 0) quietSince = Date.now()
    else if (Date.now() - quietSince >= quietMs) return
    await page.waitForTimeout(25)
  }
  // A page that never settles is a finding, not a wait to sit out: name what kept it busy.
  throw new Error(
    `waitQuiet: still ${pending().length} request(s) in flight after ${timeout} ms: ` +
      pending()
        .map((r) => `${r.method()} ${r.url()}`)
        .join(', '),
  )
}

/** Waits until `locator` (its first match) is visible, and returns it. */
export async function visible(locator: Locator, timeout = 15_000): Promise<Locator> {
  const first = locator.first()
  await first.waitFor({ state: 'visible', timeout })
  return first
}

/** Waits until the page shows `text` (a substring match unless exact). */
export function seeText(page: Page, text: string | RegExp, exact = false) {
  return visible(page.getByText(text, typeof text === 'string' ? { exact } : undefined))
}

export async function gone(locator: Locator, timeout = 15_000) {
  await locator.first().waitFor({ state: 'hidden', timeout })
}

/** The spec's localStorage keys, as the page holds them. */
export function storedSession(page: Page) {
  return page.evaluate(() => {
    const keys = ['token', 'user', 'userId', 'username', 'userRole'] as const
    return Object.fromEntries(keys.map((k) => [k, localStorage.getItem(k)])) as Record<
      (typeof keys)[number],
      string | null
    >
  })
}

/**
 * Drags a piece from one square to another the way a person does (react-chessboard squares carry data-square), on
 * the page's board or on the board `scope` names where the page has several.
 */
export async function dragPiece(scope: Page | Locator, from: string, to: string) {
  const page = 'mouse' in scope ? scope : scope.page()
  const src = await visible(scope.locator(`[data-square="${from}"]`))
  const dst = await visible(scope.locator(`[data-square="${to}"]`))
  const a = await src.boundingBox()
  const b = await dst.boundingBox()
  if (!a || !b) throw new Error(`squares ${from}/${to} have no box`)
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2)
  await page.mouse.down()
  await page.mouse.move(a.x + a.width / 2 + 4, a.y + a.height / 2 + 4, { steps: 3 })
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 })
  await page.mouse.up()
}

/** A form field found by its label or, failing that, its placeholder. */
export function field(page: Page | Locator, name: RegExp | string) {
  return page.getByLabel(name).or(page.getByPlaceholder(name)).first()
}

/** The visible text of the whole page. */
export function pageText(page: Page) {
  return page.locator('body').innerText()
}

/** Waits until the page's visible text matches. */
export async function waitForText(page: Page, re: RegExp, timeout = 15_000) {
  const deadline = Date.now() + timeout
  let last = ''
  while (Date.now() < deadline) {
    last = await pageText(page).catch(() => '')
    if (re.test(last)) return last
    await page.waitForTimeout(100)
  }
  throw new Error(`page text never matched ${re}; it reads:\n${last.slice(0, 2000)}`)
}

/** The innermost card (article, li, section) that shows `title`. */
export function card(page: Page, title: string) {
  return page
    .locator('article, li, section')
    .filter({ has: page.getByText(title, { exact: true }) })
    .last()
}

/** Records native dialogs (alert, confirm) and accepts them; in-app alerts are read from the page. */
export function recordDialogs(page: Page) {
  const messages: string[] = []
  page.on('dialog', (d) => {
    messages.push(d.message())
    void d.accept()
  })
  return {
    messages,
    /** Waits until `text` was shown as a native dialog or in the page. */
    async expect(text: string, timeout = 15_000) {
      const deadline = Date.now() + timeout
      while (Date.now() < deadline) {
        if (messages.some((m) => m.includes(text))) return
        if (
          await page
            .getByText(text)
            .first()
            .isVisible()
            .catch(() => false)
        )
          return
        await page.waitForTimeout(100)
      }
      throw new Error(`"${text}" was neither a dialog nor shown; dialogs: ${JSON.stringify(messages)}`)
    },
  }
}

export async function loginThroughForm(page: Page, a: { email: string; password: string }) {
  await page.goto('/login')
  await (await visible(page.locator('input[type="email"]'))).fill(a.email)
  await page.locator('input[type="password"]').first().fill(a.password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await page.waitForURL((u) => u.pathname === '/home' || u.pathname === '/')
  // redux-persist writes the session a moment after the store has it: callers read it from storage next.
  await page.waitForFunction(() => localStorage.getItem('token') !== null)
}

/** Answers a confirmation showing `text`: a native confirm (accepted by recordDialogs) or an in-app dialog. */
export async function confirmDialog(
  page: Page,
  dialogs: ReturnType<typeof recordDialogs>,
  text: string,
  timeout = 10_000,
) {
  const deadline = Date.now() + timeout
  const inApp = page.getByRole('dialog').filter({ hasText: text })
  while (Date.now() < deadline) {
    if (dialogs.messages.some((m) => m.includes(text))) return
    if (
      await inApp
        .first()
        .isVisible()
        .catch(() => false)
    ) {
      await inApp
        .first()
        .getByRole('button', { name: /^(ok|delete|yes|confirm)$/i })
        .click()
      await gone(inApp)
      return
    }
    await page.waitForTimeout(50)
  }
  throw new Error(`no confirmation reading "${text}" appeared`)
}
