// Budgets: gzip JavaScript a first visit downloads (issue: /home at most 170 KB, /courses at most 130 KB;
// react-player, admin and upload code must not load there).
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch } from './support/browser'
import { baseUrl } from './support/env'
import { measureFirstVisit, type FirstVisit } from './support/measure.mjs'

const KB = 1024
// Each page counts once what a visitor came for is drawn, so lazy chunks of the route are included.
const budgets = [
  { path: '/home', maxJsGzip: 170 * KB, ready: (p: Page) => p.locator('[data-square="e2"]').waitFor() },
  {
    path: '/courses',
    maxJsGzip: 130 * KB,
    ready: (p: Page) => p.getByRole('heading', { name: 'Courses', exact: true }).waitFor(),
  },
]

function describeFiles(m: FirstVisit) {
  return m.files
    .filter((f) => f.kind === 'js')
    .map((f) => `  ${f.url}  ${(f.gzip / KB).toFixed(1)} KB gzip (${(f.bytes / KB).toFixed(1)} KB raw)`)
    .join('\n')
}

describe('first-visit JavaScript budgets', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launch()
  })
  afterAll(async () => {
    await browser?.close()
  })

  for (const b of budgets) {
    it(`${b.path} downloads at most ${b.maxJsGzip / KB} KB of gzip JavaScript`, async () => {
      const m = await measureFirstVisit(browser, baseUrl, b.path, { waitFor: b.ready })
      const figures = `${b.path}: ${(m.jsGzip / KB).toFixed(1)} KB gzip JavaScript (budget ${b.maxJsGzip / KB} KB)\n${describeFiles(m)}`
      console.log(figures)
      expect(m.jsGzip, figures).toBeGreaterThan(0)
      expect(m.jsGzip, figures).toBeLessThanOrEqual(b.maxJsGzip)
    })

    it(`${b.path} loads no video player, admin, module upload, line viewer or review code`, async () => {
      const m = await measureFirstVisit(browser, baseUrl, b.path, { waitFor: b.ready })
      const names = m.files.filter((f) => f.kind === 'js').map((f) => f.url.split('/').pop() ?? '')
      // Vite names chunks after their entry module: react-player's providers, hls.js, dash.js, the pages; the
      // lines (PGN reader, viewer, practice) load with the modules page and /review only (issue 12).
      const forbidden = names.filter((n) =>
        /^(AdminPage|ModulesPage|ModuleForm|ModuleVideo|ReactPlayer|Preview|hls|dash\.all|LinePanel|ReviewPage)/.test(
          n,
        ),
      )
      expect(forbidden, describeFiles(m)).toEqual([])
    })
  }
})
