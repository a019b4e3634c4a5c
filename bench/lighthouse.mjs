// Lighthouse: performance score, LCP, TBT and CLS of /home and /courses, mobile and desktop presets.
import { chromiumFlags } from '../tests/e2e/support/server.mjs'
import { log, median, round } from './support.mjs'

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
export const LIGHTHOUSE_RUNS = 3

/**
 * One row per page and preset, the median of its runs beside each run's figures, pushed to `rows` as each is measured
 * (a run that fails later leaves the rows before it in the report).
 */
export async function lighthouseFigures(base, chromiumPath, rows = []) {
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
      rows.push({
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
  return rows
}
