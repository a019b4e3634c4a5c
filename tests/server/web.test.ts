import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { InjectOptions } from 'fastify'
import { describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import type { Db } from '../../server/db/db'
import { loadContract } from '../../server/openapi'
import { expectProblem } from '../helpers/contract'
import { unknownId, useTestServer } from '../helpers/buildServer'
import { renderShell } from '../../src/app/shell/Shell'
import { SHELL_PAGES } from '../../src/app/shell/shellPages'
import { SHELL_BOOT_SCRIPT } from '../../src/app/shell/shellBoot'
import { THEME_BOOT_SCRIPT } from '../../src/app/shell/themeBoot'
import { shellHtml } from '../../scripts/vite-prerender.mjs'
import { cspHash } from '../../scripts/vite-csp-styles.mjs'

// A built SPA stand-in: an index page and a hashed asset large enough to be compressed.
const dist = mkdtempSync(join(tmpdir(), 'coe-dist-'))
mkdirSync(join(dist, 'assets'))
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>',
)
const asset = `export const data = ${JSON.stringify('chess '.repeat(2000))};\n`
writeFileSync(join(dist, 'assets', 'app-abc123.js'), asset)

// A built file with its precompressed copies, as the build writes them (vite.config.ts): marked, so a test can
// tell which one was sent.
const style = `body { color: black; }\n${'/* chess */\n'.repeat(300)}`
writeFileSync(join(dist, 'assets', 'app-def456.css'), style)
writeFileSync(join(dist, 'assets', 'app-def456.css.br'), brotliCompressSync(`${style}/* br */`))
writeFileSync(join(dist, 'assets', 'app-def456.css.gz'), gzipSync(`${style}/* gz */`))
writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(readFileSync(join(dist, 'index.html'))))
// The prerendered first paints of /home and /courses, made as the build makes them: the real shell
// (src/app/shell/Shell.tsx) put into this index.html by the build step's own function, with their compressed copies.
const shellIndex =
  '<!doctype html><html><head><title>Chess Online Education</title></head><body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>'
const shellAssets = { css: ['assets/HomePage-x1.css'], js: ['assets/HomePage-x2.js'] }
for (const { path, file } of SHELL_PAGES) {
  const html = shellHtml(shellIndex, renderShell(path), shellAssets)
  writeFileSync(join(dist, file), html)
  writeFileSync(join(dist, `${file}.br`), brotliCompressSync(html))
  writeFileSync(join(dist, `${file}.gz`), gzipSync(html))
}
// The build's list of the inline <style> hashes (scripts/vite-csp-styles.mjs), here of one stylesheet.
const inlineStyle = 'body{color:black}'
writeFileSync(join(dist, 'csp-styles.json'), JSON.stringify({ styleSrc: [cspHash(inlineStyle)] }))
// The engine in its content-named folder (vite.config.ts), and one file of an older build's flat folder.
mkdirSync(join(dist, 'engine', '0123456789ab'), { recursive: true })
writeFileSync(
  join(dist, 'engine', '0123456789ab', 'stockfish-19-lite-single.js'),
  'self.onmessage = () => {}\n',
)
writeFileSync(join(dist, 'engine', 'stockfish-19-lite-single.js'), 'self.onmessage = () => {}\n')
// The multi-threaded build /analysis runs: its script (which its threads run too) and its WebAssembly.
writeFileSync(join(dist, 'engine', '0123456789ab', 'stockfish-19-lite.js'), 'self.onmessage = () => {}\n')
writeFileSync(join(dist, 'engine', '0123456789ab', 'stockfish-19-lite.wasm'), Buffer.from([0, 97, 115, 109]))

const scriptSrc = (csp: unknown) =>
  String(csp)
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([k]) => k === 'script-src')
    ?.slice(1)

const server = useTestServer({ distDir: dist, env: { AUTH_RATE_LIMIT_MAX: '3', TRUST_PROXY: '1' } })
const inject = (opts: InjectOptions) => server.current.app.inject(opts)

describe('static SPA', () => {
  it('serves hashed assets with immutable caching and compression', async () => {
    const res = await inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['content-type']).toContain('javascript')
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.rawPayload.length).toBeLessThan(asset.length / 4)
    expect(res.headers['set-cookie']).toBeUndefined()
  })

  it('sends the precompressed copy the browser accepts, as built, with Vary: Accept-Encoding', async () => {
    const url = '/assets/app-def456.css'
    const br = await inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toContain('text/css')
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i)
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`${style}/* br */`)

    const gz = await inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(`${style}/* gz */`)

    const plain = await inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(style)
  })

  it('sends index.html precompressed too, still no-cache', async () => {
    const res = await inject({
      method: 'GET',
      url: '/',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root">')
  })

  it('answers index.html (no-cache) for client routes that accept HTML', async () => {
    for (const url of ['/', '/courses', '/courses/abc/modules', '/profile/xyz?tab=1']) {
      const res = await inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type']).toContain('text/html')
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.body).toContain('<div id="root">')
    }
  })

  it('answers /, /home and /courses with their prerendered first paint: navigation, headings, board placeholder', async () => {
    const nav = (body: string) =>
      [...body.matchAll(/<a [^>]*class="nav__link[^"]*"[^>]*>([^<]*)<\/a>/g)].map((m) => m[1])
    for (const url of ['/', '/home', '/home?x=1', '/courses', '/courses?q=sicilian&sort=price']) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const res = await inject({
          method: 'GET',
          url,
          headers: { accept: 'text/html,application/xhtml+xml', 'accept-encoding': encoding },
        })
        expect(res.statusCode, url).toBe(200)
        expect(res.headers['content-type'], url).toContain('text/html')
        expect(res.headers['cache-control'], url).toBe('no-cache')
        expect(String(res.headers['content-security-policy']), url).toContain("script-src 'self'")
        expect(res.headers['content-encoding'], url).toBe(encoding === 'identity' ? undefined : encoding)
        const body =
          encoding === 'br'
            ? brotliDecompressSync(res.rawPayload).toString()
            : encoding === 'gzip'
              ? gunzipSync(res.rawPayload).toString()
              : res.body
        // Only the links every role has: no guest's Login/Register to flash into a signed-in visitor's links.
        expect(nav(body), url).toEqual(['Home', 'Courses', 'Blog', 'Cart', 'Analysis', 'Puzzles'])
        expect(body, url).toContain('<header class="nav">')
        // The app's scripts are started by the shell's loader after the first paint, not linked from the head.
        expect(body).toContain(
          `<script data-app="/assets/app-abc123.js" data-preload="/assets/HomePage-x2.js">${SHELL_BOOT_SCRIPT}</script>`,
        )
        expect(body).not.toContain('<script type="module"')
        expect(body).not.toContain('<link rel="modulepreload"')
        if (url.startsWith('/courses')) {
          expect(body).toContain('<title>Courses · Chess Online Education</title>')
          expect(body).toMatch(/<h1>Courses<\/h1>/)
          expect(body).toContain('Search courses')
          expect(body).not.toContain('practice-board')
        } else {
          expect(body).toContain('<title>Home · Chess Online Education</title>')
          // The greeting with the name's place kept, unseen, until the app knows the visitor.
          expect(body).toMatch(
            /<h1>Hello <span aria-hidden="true" class="reserved">Guest<\/span>, Welcome to (<!-- -->)?Chess Online Education<\/h1>/,
          )
          expect(body).toContain('class="practice-board practice-board--loading"')
          expect(body).toContain('class="practice-board__board practice-board__board--loading"')
          expect(body).toContain('Loading board...')
          expect(body).toContain('Expert Tips')
          expect(body).toContain('Search Players')
        }
      }
    }
    // Every other page is still index.html, empty #root.
    for (const url of ['/blog', '/courses/abc/modules', '/home/x']) {
      const res = await inject({ method: 'GET', url, headers: { accept: 'text/html' } })
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).toContain('<div id="root"></div>')
    }
    // Not a page: still the problem answer.
    const json = await inject({ method: 'GET', url: '/courses', headers: { accept: 'application/json' } })
    expect(json.statusCode).toBe(404)
  })

  it('answers /courses with the first page of its view: the cards and, as JSON, the page the API answers', async () => {
    await server.current.reset()
    const judit = await server.current.createUser('instructor', { username: 'judit' })
    for (let i = 0; i < 22; i++)
      await server.current.createCourse(judit, { title: `Course ${String(i).padStart(2, '0')}`, price: i })
    const hostile = '</script><script>alert(1)</script><img src=x onerror=alert(2)>'
    await server.current.createCourse(judit, { title: `Sicilian ${hostile}`, description: hostile })
    const page = (url: string) =>
      inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': 'identity' } })
    const api = async (query: string) =>
      (await inject({ method: 'GET', url: `/api/courses?${query}` })).json()
    const titles = (body: string) =>
      // each card's title, a link to the course's page
      [
        ...body.matchAll(
          /<h3 id="course-[^"]+"><a [^>]*href="\/courses\/[^"/]+\/modules"[^>]*>([^<]*)<\/a><\/h3>/g,
        ),
      ].map((m) => m[1])
    const firstPage = (body: string) =>
      JSON.parse(
        /<script type="application\/json" id="catalogue-first-page">([^<]*)<\/script>/.exec(body)![1],
      )

    // The default view: newest first, 20 cards, the rest behind 'Load more courses'.
    const newest = await page('/courses')
    const expected = await api('sort=newest&limit=20')
    expect(firstPage(newest.body)).toEqual({ q: '', sort: 'newest', page: expected })
    expect(titles(newest.body)).toHaveLength(20)
    expect(newest.body).toContain('Load more courses')
    expect(newest.body).not.toContain('class="spinner"')
    // A course's text is never markup of the page: not in a card, not in the JSON.

    // A search and an order, as the address gives them; an order the catalogue has not is the default.
    const found = await page('/courses?q=%20sicilian%20&sort=title')
    expect(firstPage(found.body)).toEqual({
      q: 'sicilian',
      sort: 'title',
      page: await api('q=sicilian&sort=title&limit=20'),
    })
    expect(titles(found.body)).toEqual([`Sicilian ${hostile.replace(/</g, '&lt;').replace(/>/g, '&gt;')}`])
    expect(found.body).toContain('name="q" value="sicilian"')
    expect(found.body).toContain('<option value="title" selected="">Title</option>')
    expect(found.body).not.toContain('<option value="newest" selected="">')
    // A course's text is never markup of the page: not in a card, not in the JSON.
    expect(found.body).not.toContain('<script>alert(1)')
    expect(found.body).not.toContain('<img src=x')
    expect(found.body.match(/<\/script>/g)).toHaveLength(2) // the loader's and the JSON's own
    expect(firstPage((await page('/courses?sort=cheapest')).body).sort).toBe('newest')
    const none = await page(`/courses?q=${'z'.repeat(150)}`)
    expect(firstPage(none.body).q).toBe('z'.repeat(100))
    expect(none.body).toContain(`No courses match &quot;${'z'.repeat(100)}&quot;.`)

    // A course created since is on the next page load (the first page is kept only until the courses change).
    await server.current.createCourse(judit, { title: 'Brand new' })
    expect(titles((await page('/courses')).body)[0]).toBe('Brand new')
  })

  it('still answers /courses, as its shell, when the catalogue cannot be read', async () => {
    const db = server.current.db
    const refused = () =>
      Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))
    const query = vi.spyOn(db, 'query').mockImplementation(refused)
    const prepared = db.prepared ? vi.spyOn(db, 'prepared').mockImplementation(refused) : undefined
    try {
      const res = await inject({ method: 'GET', url: '/courses?q=rook', headers: { accept: 'text/html' } })
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain('class="spinner"')
      expect(res.body).not.toContain('catalogue-first-page')
      expect(query.mock.calls.length + (prepared?.mock.calls.length ?? 0)).toBeGreaterThan(0)
    } finally {
      query.mockRestore()
      prepared?.mockRestore()
    }
  })

  it('the build step links only what index.html lacks, puts stylesheets it has into the page, names the page, and refuses an index.html it cannot fill', () => {
    const index =
      '<html><head><title>x</title><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div></body></html>'
    const html = shellHtml(
      index,
      { html: '<p>$& shell</p>', title: 'A & <b>' },
      { css: ['assets/index-1.css', 'assets/Page-2.css'], js: ['assets/Page-3.js'] },
    )
    expect(html).toBe(
      '<html><head><title>A &amp; &lt;b&gt;</title><link rel="stylesheet" crossorigin href="/assets/index-1.css">' +
        '  <link rel="stylesheet" crossorigin href="/assets/Page-2.css">\n    <link rel="modulepreload" crossorigin href="/assets/Page-3.js">\n  </head>' +
        '<body><div id="root"><p>$& shell</p></div></body></html>',
    )
    // Stylesheets whose text is known go into the page: index.html's own and the page's, none left linked.
    const styles: Record<string, string> = {
      'assets/index-1.css': 'body{color:red}',
      'assets/Page-2.css': 'p::after{content:"</style>"}',
    }
    const inlined = shellHtml(
      index,
      { html: '<p>shell</p>', title: 't' },
      { css: ['assets/index-1.css', 'assets/Page-2.css'], js: [] },
      '/',
      (file) => styles[file],
    )
    expect(inlined).toBe(
      '<html><head><title>t</title><style>body{color:red}</style>  <style>p::after{content:"<\\/style>"}</style>\n  </head>' +
        '<body><div id="root"><p>shell</p></div></body></html>',
    )
    expect(inlined).not.toContain('rel="stylesheet"')
    // With the shell's loader: the entry and the modules index.html preloads, and the page's, go to the loader at
    // the end of the body; nothing is linked from the head.
    const withScripts =
      '<html><head><script type="module" crossorigin src="/assets/index-4.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/vendor-5.js"></head><body><div id="root"></div></body></html>'
    expect(
      shellHtml(
        withScripts,
        { html: '<p>shell</p>', title: 't', boot: 'BOOT()' },
        { css: [], js: ['assets/Page-3.js', 'assets/vendor-5.js'] },
      ),
    ).toBe(
      '<html><head></head><body><div id="root"><p>shell</p></div>' +
        '<script data-app="/assets/index-4.js" data-preload="/assets/vendor-5.js /assets/Page-3.js">BOOT()</script></body></html>',
    )
    expect(() =>
      shellHtml(
        '<html><head></head><body><div id="root">x</div></body></html>',
        { html: '', title: '' },
        { css: [], js: [] },
      ),
    ).toThrow(/#root/)
  })

  it('never answers index.html for /api paths or missing assets: 404 problem+json', async () => {
    for (const url of ['/api/nope', '/api', '/api/courses/x/y/z']) {
      const res = await inject({ method: 'GET', url, headers: { accept: 'text/html' } })
      expect(res.statusCode, url).toBe(404)
      expect(res.headers['content-type']).toContain('application/problem+json')
      expect(res.json()).toMatchObject({ status: 404, title: 'Not Found' })
    }
    const missing = await inject({ method: 'GET', url: '/assets/missing-123.js', headers: { accept: '*/*' } })
    expect(missing.statusCode).toBe(404)
    expect(missing.headers['content-type']).toContain('application/problem+json')
  })
})

describe('security headers', () => {
  it("lets only the engine's own script compile WebAssembly (its worker runs under that script's policy)", async () => {
    const engine = await inject({ method: 'GET', url: '/engine/0123456789ab/stockfish-19-lite-single.js' })
    expect(engine.statusCode).toBe(200)
    // named by its content: a returning visitor's browser never asks again
    expect(engine.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(scriptSrc(engine.headers['content-security-policy'])).toEqual(["'self'", "'wasm-unsafe-eval'"])
    const flat = await inject({ method: 'GET', url: '/engine/stockfish-19-lite-single.js' })
    expect(flat.headers['cache-control']).toBe('public, max-age=86400')
    expect(scriptSrc(flat.headers['content-security-policy'])).toEqual(["'self'", "'wasm-unsafe-eval'"])
    const page = await inject({ method: 'GET', url: '/', headers: { accept: 'text/html,*/*' } })
    expect(page.statusCode).toBe(200)
    expect(scriptSrc(page.headers['content-security-policy'])).not.toContain("'wasm-unsafe-eval'")
    // The app's own scripts carry no policy at all (they never run as a document or a worker).
    const script = await inject({ method: 'GET', url: '/assets/app-abc123.js' })
    expect(script.statusCode).toBe(200)
    expect(script.headers['content-security-policy']).toBeUndefined()
  })

  it('serves /analysis cross-origin isolated, and the engine files so that its workers may run there', async () => {
    for (const url of ['/analysis', '/analysis?from=game', '/analysis/']) {
      const page = await inject({ method: 'GET', url, headers: { accept: 'text/html' } })
      expect(page.statusCode, url).toBe(200)
      expect(page.headers['content-type'], url).toBe('text/html; charset=utf-8')
      expect(page.headers['cross-origin-opener-policy'], url).toBe('same-origin')
      expect(page.headers['cross-origin-embedder-policy'], url).toBe('credentialless')
    }
    for (const file of ['stockfish-19-lite.js', 'stockfish-19-lite.wasm', 'stockfish-19-lite-single.js']) {
      const url = `/engine/0123456789ab/${file}`
      const res = await inject({ method: 'GET', url, headers: { accept: '*/*' } })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['cross-origin-embedder-policy'], url).toBe('credentialless')
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin')
    }
  })

  it('serves every other page, the lessons with their videos among them, without an embedder policy: not isolated', async () => {
    for (const url of [
      '/',
      '/home',
      '/courses',
      '/courses/1/modules',
      '/courses/1/modules/1',
      '/analysis-x',
    ]) {
      const page = await inject({ method: 'GET', url, headers: { accept: 'text/html' } })
      expect(page.statusCode, url).toBe(200)
      expect(page.headers['cross-origin-embedder-policy'], url).toBeUndefined()
      expect(page.headers['cross-origin-opener-policy'], url).toBe('same-origin')
    }
    // Nor an answer that is not a page.
    const api = await inject({ method: 'GET', url: '/api/health' })
    expect(api.headers['cross-origin-embedder-policy']).toBeUndefined()
  })

  it("gives answers that are not pages (scripts, API answers, problems) a short policy that lets nothing load or frame them, and pages the SPA's", async () => {
    const page = await inject({ method: 'GET', url: '/courses', headers: { accept: 'text/html' } })
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin')
    expect(scriptSrc(page.headers['content-security-policy'])).toContain("'self'")
    for (const url of ['/api/health', '/api/courses', '/api/nothing-here', '/assets/missing-123.js']) {
      const res = await inject({ method: 'GET', url, headers: { accept: '*/*' } })
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
      )
      expect(res.headers['x-content-type-options'], url).toBe('nosniff')
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin')
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin')
      // Headers only a document reads stay off: they were most of a small script's answer.
      expect(res.headers['x-frame-options'], url).toBeUndefined()
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined()
      expect(res.headers['origin-agent-cluster'], url).toBeUndefined()
    }
  })

  it('sends a hashed script or stylesheet with what it needs and nothing only a document or a revalidation reads', async () => {
    for (const url of ['/assets/app-abc123.js', '/assets/app-def456.css']) {
      for (const encoding of ['br', 'identity']) {
        const res = await inject({
          method: 'GET',
          url,
          headers: { accept: '*/*', 'accept-encoding': encoding },
        })
        expect(res.statusCode, url).toBe(200)
        // The compressed answer too: precompressed (the stylesheet) or compressed as it goes (the script).
        expect(res.headers['content-encoding'], url).toBe(encoding === 'br' ? 'br' : undefined)
        expect(res.headers['x-content-type-options'], url).toBe('nosniff')
        expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin')
        expect(res.headers['strict-transport-security'], url).toContain('max-age=')
        expect(res.headers['cache-control'], url).toBe('public, max-age=31536000, immutable')
        const present = [
          'content-security-policy',
          'referrer-policy',
          'etag',
          'last-modified',
          'accept-ranges',
        ].filter((name) => name in res.headers)
        expect(present, `${url} (${encoding})`).toEqual([])
      }
    }
  })

  it("sends the Content-Security-Policy the SPA needs, with no inline script but the shells' loader, by its hash", async () => {
    const res = await inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })
    const csp = String(res.headers['content-security-policy'])
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [k, ...v] = d.trim().split(/\s+/)
        return [k, v]
      }),
    )
    expect(directives['default-src']).toEqual(["'self'"])
    expect(directives['script-src']).toEqual([
      "'self'",
      'https://www.youtube.com',
      'https://s.ytimg.com',
      'https://player.vimeo.com',
      `'sha256-${createHash('sha256').update(SHELL_BOOT_SCRIPT).digest('base64')}'`,
      `'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}'`,
    ])
    expect(directives['connect-src']).toEqual(["'self'", 'https://api.chess.com'])
    // Local media (MEDIA_STORAGE unset): no storage origin besides the page's own
    expect(directives['media-src']).toEqual(["'self'", 'blob:', 'https:'])
    expect(directives['img-src']).toEqual(
      expect.arrayContaining(['https://images.chesscomfiles.com', 'https://*.chess.com']),
    )
    expect(directives['frame-src']).toEqual([
      'https://www.youtube.com',
      'https://www.youtube-nocookie.com',
      'https://player.vimeo.com',
    ])
    expect(directives['frame-ancestors']).toEqual(["'none'"])
    expect(directives['object-src']).toEqual(["'none'"])
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    // Styles: the stylesheets of the build, and inline only the <style> elements the build listed by their hash.
    expect(directives['style-src']).toEqual([
      "'self'",
      `'sha256-${createHash('sha256').update(inlineStyle).digest('base64')}'`,
    ])
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(res.headers['x-powered-by']).toBeUndefined()
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
  })
})

describe('XSRF double-submit cookie', () => {
  it('sets a readable XSRF-TOKEN cookie (SameSite=Lax, path /), Secure over https', async () => {
    const res = await inject({ method: 'GET', url: '/api/courses' })
    const cookie = String(res.headers['set-cookie'])
    expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{43}; Path=\/; SameSite=Lax$/)
    expect(cookie).not.toMatch(/HttpOnly/i)
    const https = await inject({
      method: 'GET',
      url: '/api/courses',
      headers: { 'x-forwarded-proto': 'https' },
    })
    expect(String(https.headers['set-cookie'])).toMatch(/; Secure/)
    const again = await inject({ method: 'GET', url: '/api/courses', cookies: { 'XSRF-TOKEN': 'abc' } })
    expect(again.headers['set-cookie']).toBeUndefined()
  })

  it('refuses a state-changing request that carries the cookie without the matching header (403)', async () => {
    const teacher = await server.current.createUser('instructor')
    const create = (headers: Record<string, string>) =>
      inject({
        method: 'POST',
        url: '/api/courses',
        headers: { ...teacher.auth, ...headers },
        cookies: { 'XSRF-TOKEN': 'token-1' },
        payload: { title: 't', description: 'd', price: 1 },
      })
    expect(expectProblem('createCourse', await create({}), 403).detail).toContain('X-XSRF-TOKEN')
    expectProblem('createCourse', await create({ 'x-xsrf-token': 'token-2' }), 403)
    expect(await server.current.db.query('SELECT 1 FROM courses')).toHaveLength(0)
    expect((await create({ 'x-xsrf-token': 'token-1' })).statusCode).toBe(201)
    // API clients without the cookie (bearer token only) are not affected.
    const bearer = await inject({
      method: 'POST',
      url: '/api/courses',
      headers: teacher.auth,
      payload: { title: 't', description: 'd', price: 1 },
    })
    expect(bearer.statusCode).toBe(201)
  })
})

describe('rate limit on login and register', () => {
  it('answers 429 problem+json with Retry-After after AUTH_RATE_LIMIT_MAX failures per client; forged X-Forwarded-For entries change nothing', async () => {
    // TRUST_PROXY=1: one proxy in front, which appends the address it saw. What a client wrote into the header
    // itself (the entries before it) must not make it a new client.
    const attempt = (client: string, i: number) =>
      inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.0.0.2', // the proxy
        headers: { 'x-forwarded-for': `198.18.0.${i}, ${client}` },
        payload: { email: `x${i}@y.z`, password: 'wrong-password' },
      })
    for (let i = 0; i < 3; i++) expect((await attempt('203.0.113.7', i)).statusCode).toBe(401)
    const limited = await attempt('203.0.113.7', 3)
    expectProblem('login', limited, 429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect((await attempt('203.0.113.8', 4)).statusCode, 'another client is not limited').toBe(401)
    const reg = (i: number) =>
      inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'x-forwarded-for': '198.51.100.1' },
        payload: { username: `user_${i}`, email: `u${i}@example.com`, password: 'long-enough-1' },
      })
    for (let i = 0; i < 3; i++) expect((await reg(i)).statusCode).toBe(201)
    expectProblem('register', await reg(3), 429)
  })
})

describe('routing and failures', () => {
  it('routes every operation of the contract (none falls through to not-found)', async () => {
    const contract = await loadContract()
    for (const [id, op] of contract.operations) {
      const url = op.path.replace(/\{[^{}]+\}/g, (m) => (m === '{username}' ? 'hikaru' : unknownId()))
      const res = await inject({ method: op.method, url })
      expect(res.body, id).not.toContain('No route for')
    }
  })

  it('answers 503 problem+json when the database is unreachable, with a generic body', async () => {
    const down = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
    const db: Db = {
      kind: 'postgres',
      query: async () => {
        throw down
      },
      transaction: async () => {
        throw down
      },
      exec: async () => {
        throw down
      },
      close: async () => {},
    }
    const app = await buildApp({
      config: loadConfig({ JWT_SECRET: 'x'.repeat(40), DATA_DIR: dist, LOG_LEVEL: 'silent' }),
      db,
      logger: false,
    })
    try {
      expectProblem('getHealth', await app.inject({ method: 'GET', url: '/api/health' }), 503)
      const res = await app.inject({ method: 'GET', url: '/api/courses' })
      expect(res.statusCode).toBe(503)
      expect(res.headers['content-type']).toContain('application/problem+json')
      expect(res.body).not.toContain('ECONNREFUSED')
    } finally {
      await app.close()
    }
  })

  it('answers 415 problem+json for an unsupported content type', async () => {
    const user = await server.current.createUser('instructor')
    const res = await inject({
      method: 'POST',
      url: '/api/courses',
      headers: { ...user.auth, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'title=x',
    })
    expect(res.statusCode).toBe(415)
    expect(res.headers['content-type']).toContain('application/problem+json')
    expect(res.json()).toMatchObject({ status: 415, title: 'Unsupported Media Type' })
    expect(await server.current.db.query('SELECT 1 FROM courses')).toHaveLength(0)
  })

  it('answers 415 for a multipart body anywhere but the video upload, which takes one', async () => {
    const user = await server.current.createUser('instructor')
    const boundary = 'b0undary'
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="title"',
      '',
      'Multipart course',
      `--${boundary}--`,
      '',
    ].join('\r\n')
    const headers = { ...user.auth, 'content-type': `multipart/form-data; boundary=${boundary}` }
    const res = await inject({ method: 'POST', url: '/api/courses', headers, payload })
    expect(res.statusCode).toBe(415)
    expect(res.json()).toMatchObject({ status: 415, title: 'Unsupported Media Type' })
    expect(await server.current.db.query('SELECT 1 FROM courses')).toHaveLength(0)
    // The upload still reads its multipart body: a body without a file is refused for that, not for its type.
    const upload = await inject({ method: 'POST', url: '/api/videos', headers, payload })
    expect(upload.statusCode).toBe(400)
    expect(upload.json().detail).toBe('body/file is required')
  })
})
