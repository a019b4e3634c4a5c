// A returning visitor: after a first visit of /home (with the practice engine started) and /courses, coming back
// to both fetches no script, stylesheet, engine file, font or image over the network: each is cached for good
// (content-named, `immutable`) and answered by the browser's cache, not even revalidated. Only the pages
// themselves (`no-cache`, revalidated) and the API go to the server. Counted where it cannot be missed: in the
// request log of a server of its own (the default log level, one line per request), since the engine's files are
// fetched by its worker, which the page's network events do not show, and Playwright's request routing would
// switch the HTTP cache off.
import { readFileSync } from 'node:fs'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, tempDir, type ServerProcess } from '../trust/support/spawn'
import { chromiumFlags, visible } from './support/browser'
import { chromiumPath } from './support/env'

/** The paths of the requests the server logged, in order. */
function logged(server: ServerProcess): string[] {
  return readFileSync(server.logFile, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { req?: { url?: string }; msg?: string })
    .filter((entry) => entry.msg === 'request completed' && entry.req?.url)
    .map((entry) => entry.req!.url!.split('?')[0])
}

/** The requests the server receives while `visit` runs (the log is written in the background: waited for). */
async function received(server: ServerProcess, visit: () => Promise<void>): Promise<string[]> {
  const before = logged(server).length
  await visit()
  // a marker request, so every line before it is on disk once it shows
  const marker = `/api/health?repeat-visit=${Date.now()}`
  await fetch(server.base + marker)
  await expect.poll(() => logged(server).at(-1), { timeout: 10_000 }).toBe('/api/health')
  return logged(server).slice(before, -1)
}

/** What a returning visitor must not fetch: code, styles, fonts, images, the engine's files. */
const STATIC = /^\/(assets|engine)\/|\.(js|mjs|css|wasm|woff2?|ttf|png|svg|webp|ico)$/
const statics = (paths: string[]) => paths.filter((p) => STATIC.test(p))

describe('a returning visitor', () => {
  let server: ServerProcess
  let context: BrowserContext
  let page: Page
  beforeAll(async () => {
    // npm start's default log level: one line per request
    server = await startServer({ DATA_DIR: tempDir('repeat-visit'), LOG_LEVEL: 'info' })
    // A browser profile on disk, as a returning visitor's is (an incognito context keeps a small cache in memory,
    // where the engine's WebAssembly did not always stay). No request routing: Playwright turns the HTTP cache off in
    // a context that routes.
    context = await chromium.launchPersistentContext(tempDir('repeat-visit-profile'), {
      executablePath: chromiumPath,
      // A cache of a fixed, usual size (Chromium otherwise sizes it from the disk's free space, and keeps no entry
      // over an eighth of it), so what it keeps does not depend on the machine's disk: in one full CI run the engine's
      // 7 MB WebAssembly was fetched again on the second visit.
      args: [...chromiumFlags, `--disk-cache-size=${256 * 1024 * 1024}`],
      headless: true,
      baseURL: server.base,
      viewport: { width: 1280, height: 900 },
    })
    page = await context.newPage()
    page.setDefaultTimeout(15_000)
  }, 60_000)
  afterAll(async () => {
    await context?.close()
    await server?.stop()
  })

  async function homeWithEngine() {
    await page.goto('/home', { waitUntil: 'load' })
    await visible(page.locator('[data-square="e2"] [data-piece="wP"]'))
    await page.getByLabel('Opponent').selectOption({ label: 'Level 1' })
    await expect.poll(() => page.getByText('Starting the engine…').count(), { timeout: 30_000 }).toBe(0)
    await page.waitForLoadState('networkidle')
  }
  async function courses() {
    await page.goto('/courses', { waitUntil: 'networkidle' })
    await visible(page.getByRole('heading', { level: 1 }))
  }

  it('fetches the code, styles and engine on the first visit', async () => {
    const paths = statics(
      await received(server, async () => {
        await homeWithEngine()
        await courses()
      }),
    )
    // the first visit did fetch them (so the second visit's empty list means something)
    expect(paths.some((p) => p.startsWith('/assets/') && p.endsWith('.js'))).toBe(true)
    expect(paths.filter((p) => p.startsWith('/engine/'))).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/stockfish-19-lite-single\.js$/),
        expect.stringMatching(/stockfish-19-lite-single\.wasm$/),
      ]),
    )
    // each is cached for good, so no later visit asks again, not even to revalidate
    for (const path of new Set(paths)) {
      const answer = await fetch(server.base + path)
      expect([path, answer.headers.get('cache-control')]).toEqual([
        path,
        'public, max-age=31536000, immutable',
      ])
    }
  }, 90_000)

  it('fetches none of them on coming back to /home and /courses; only pages and API calls go out', async () => {
    // A new tab of the same browser profile, as a visitor who comes back later.
    await page.close()
    // the cache writes its entries in the background: a moment for the last of them, as between two real visits
    await new Promise((resolve) => setTimeout(resolve, 1000))
    page = await context.newPage()
    page.setDefaultTimeout(15_000)
    const again = await received(server, async () => {
      await homeWithEngine()
      await courses()
    })
    expect(statics(again)).toEqual([])
    // the pages themselves are asked again (no-cache), and the API
    expect(again.filter((p) => !p.startsWith('/api/'))).toEqual(['/home', '/courses'])
  }, 90_000)
})
