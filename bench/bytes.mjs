// First-visit bytes: the JS and CSS a browser downloads for a first visit to each of four pages, in Chromium.
import { measureFirstVisit } from '../tests/e2e/support/measure.mjs'
import { KB, round, sessionEntries } from './support.mjs'

/**
 * One row per page (JS as downloaded and gzipped at level 9, CSS gzipped, JS raw, how many JS files), pushed to
 * `rows` as each is measured.
 */
export async function firstVisitFigures(browser, base, data, rows = []) {
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
    rows.push({
      route: path.replace(data.course._id, '{id}') + (session ? ' (student)' : ''),
      jsGzipKB: round(m.jsGzip / KB, 1),
      jsWireKB: round(m.jsWire / KB, 1),
      cssGzipKB: round(m.cssGzip / KB, 1),
      jsRawKB: round(m.jsBytes / KB, 1),
      jsFiles: m.files.filter((f) => f.kind === 'js').length,
    })
  }
  return rows
}
