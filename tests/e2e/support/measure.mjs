// Bytes a first visit downloads: every JavaScript and CSS response of a fresh page load (lazy chunks the
// route fetches included), counted two ways: each body gzipped with zlib level 9 (independent of how the server
// compresses), and as the browser downloaded it (the body as sent, compressed as the server chose, plus the
// response headers). Used by the budget test and the benchmark.
import { gzipSync } from 'node:zlib'

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} baseUrl
 * @param {string} path
 * @param {{ localStorage?: Array<{name:string,value:string}>, settleMs?: number, waitFor?: (page: import('playwright-core').Page) => Promise<unknown> }} [opts]
 */
export async function measureFirstVisit(browser, baseUrl, path, opts = {}) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    storageState: opts.localStorage
      ? { cookies: [], origins: [{ origin: baseUrl, localStorage: opts.localStorage }] }
      : undefined,
  })
  await context.route('**/*', (route) =>
    route
      .request()
      .url()
      .startsWith(baseUrl + '/')
      ? route.continue()
      : route.abort('blockedbyclient'),
  )
  const page = await context.newPage()
  const pending = []
  const files = []
  page.on('response', (resp) => {
    const url = resp.url()
    if (!url.startsWith(baseUrl + '/')) return
    const type = (resp.headers()['content-type'] ?? '').split(';')[0].trim()
    const kind =
      /javascript|ecmascript/.test(type) || /\.m?js($|\?)/.test(new URL(url).pathname)
        ? 'js'
        : type === 'text/css'
          ? 'css'
          : undefined
    if (!kind || resp.status() !== 200) return
    pending.push(
      Promise.all([resp.body(), resp.request().sizes()])
        .then(([body, sizes]) =>
          files.push({
            url: url.slice(baseUrl.length),
            kind,
            bytes: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
            wire: sizes.responseBodySize + sizes.responseHeadersSize,
            encoding: resp.headers()['content-encoding'] ?? 'identity',
          }),
        )
        .catch(() => {}),
    )
  })
  try {
    await page.goto(path, { waitUntil: 'networkidle' })
    if (opts.waitFor) await opts.waitFor(page)
    await page.waitForTimeout(opts.settleMs ?? 500)
    await Promise.all(pending)
  } finally {
    await context.close()
  }
  const sum = (kind, key) => files.filter((f) => f.kind === kind).reduce((n, f) => n + f[key], 0)
  files.sort((a, b) => b.gzip - a.gzip)
  return {
    path,
    jsGzip: sum('js', 'gzip'),
    jsBytes: sum('js', 'bytes'),
    jsWire: sum('js', 'wire'),
    cssGzip: sum('css', 'gzip'),
    cssBytes: sum('css', 'bytes'),
    files,
  }
}
