import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join, sep } from 'node:path'
import compress from '@fastify/compress'
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { ISOLATION_HEADERS, isIsolatedPath } from '../../src/app/isolatedPages'
import { sendProblem } from '../plugins/errors'

const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'", 'https://www.youtube.com', 'https://s.ytimg.com', 'https://player.vimeo.com'],
  // Inline <style> elements only by their hashes (pageHeaders): no style attribute in markup, no injected <style>.
  'style-src': ["'self'"],
  'img-src': [
    "'self'",
    'data:',
    'blob:',
    'https://images.chesscomfiles.com',
    'https://*.chess.com',
    'https://i.ytimg.com',
  ],
  'connect-src': ["'self'", 'https://api.chess.com'],
  'media-src': ["'self'", 'blob:', 'https:'],
  'frame-src': ['https://www.youtube.com', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
}

/** A file of the engine's content-named folder, dist/engine/{12 hex digits}/. */
const ENGINE_FOLDER = /[\\/]engine[\\/][0-9a-f]{12}[\\/][^\\/]+$/

/**
 * The engine (Stockfish compiled to WebAssembly, in a Web Worker) compiles its module: a worker runs under the
 * policy of its own script's response, so only the engine's script gets 'wasm-unsafe-eval'. Its threads are workers
 * of the same script, allowed by 'self'.
 */
const enginePolicy = Object.entries({
  ...contentSecurityPolicy,
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
})
  .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
  .join(';')

/**
 * Headers of every answer that is not a page: API answers, problems, images, media (the built scripts and styles
 * keep only the last three: see the assets' registration below). Nothing in such an answer runs as a document, so
 * its policy lets nothing load and nothing frame it; the headers that only a document reads (the SPA's policy,
 * X-Frame-Options, Cross-Origin-Opener-Policy, Origin-Agent-Cluster, ...) go on pages alone. The page's set on each
 * script of a first visit was ~0.9 KB of every response.
 */
export const RESOURCE_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
} as const

/** A hashed asset that is a script or a stylesheet, compressed or not. */
const SCRIPT_OR_STYLE = /\.(m?js|css)(\.(br|gz))?$/

/**
 * The hashes of the <style> elements the built pages and the bundled code write (dist/csp-styles.json, made by the
 * build: scripts/vite-csp-styles.mjs); none without a built SPA.
 */
function builtStyleHashes(distDir: string): string[] {
  const file = join(distDir, 'csp-styles.json')
  if (!existsSync(file)) return []
  const { styleSrc } = JSON.parse(readFileSync(file, 'utf8')) as { styleSrc: unknown }
  if (
    !Array.isArray(styleSrc) ||
    !styleSrc.every((s) => typeof s === 'string' && /^'sha256-[\w+/=]+'$/.test(s))
  )
    throw new Error(`${file} does not list style hashes`)
  return styleSrc as string[]
}

/**
 * @fastify/helmet's settings for a page: the SPA's policy (its inline scripts and styles by their hashes, the media
 * origins), no Cross-Origin-Embedder-Policy (the lessons embed videos from other origins; /analysis alone adds one:
 * src/app/isolatedPages.ts), and helmet's other headers. Not global: only a page gets them (pageHeaders), every
 * other answer keeps the resource headers.
 */
function pagePolicy(
  inlineScripts: string[],
  inlineStyles: string[],
  mediaOrigins: string[] = [],
): FastifyHelmetOptions {
  return {
    global: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...contentSecurityPolicy,
        'script-src': [...contentSecurityPolicy['script-src'], ...inlineScripts],
        'style-src': [...contentSecurityPolicy['style-src'], ...inlineStyles],
        'media-src': [...contentSecurityPolicy['media-src'], ...mediaOrigins],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  }
}

/** A page's headers: helmet's (reply.helmet(), with pagePolicy's settings) in place of the resource headers. */
function pageHeaders(reply: FastifyReply): FastifyReply {
  for (const name of Object.keys(RESOURCE_HEADERS)) reply.removeHeader(name)
  reply.helmet()
  return reply
}

/** A client route of the SPA: a GET for an HTML page (or anything, for an extension-less path). */
function wantsPage(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  const path = req.url.split('?')[0]
  if (path === '/api' || path.startsWith('/api/')) return false
  const accept = req.headers.accept ?? ''
  if (accept.includes('text/html')) return true
  return accept.includes('*/*') && !/\.[A-Za-z0-9]+$/.test(path)
}

interface WebOptions {
  distDir: string
  /** The inline scripts pages may run (each allowed by its hash, nothing else inline): the shells' loader. */
  inlineScripts?: string[]
  /** The prerendered page file an address shows, if any (src/app/shell/shellPages.ts). */
  shellFile?: (path: string) => string | undefined
  /** Origins videos play from besides this server's (the object storage's, MEDIA_STORAGE=s3): media-src only. */
  mediaOrigins?: string[]
  /**
   * A prerendered page with this request's data put in (./coursesPage.ts): the page's HTML for
   * the file's text and the address's query, or undefined to send the file as it is.
   */
  fillPage?: (
    file: string,
    template: string,
    get: (name: string) => string | null,
  ) => Promise<string | undefined>
}

/** The security headers and the compression of every answer. */
async function addHeadersAndCompression(app: FastifyInstance, opts: WebOptions): Promise<void> {
  // Every answer starts with the resource headers (one fixed object: no per-request work); a page's answer
  // replaces them with helmet's (pageHeaders).
  await app.register(
    helmet,
    pagePolicy(
      (opts.inlineScripts ?? []).map(
        (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`,
      ),
      builtStyleHashes(opts.distDir),
      opts.mediaOrigins,
    ),
  )
  app.addHook('onRequest', (_req, reply, done) => {
    void reply.headers(RESOURCE_HEADERS)
    done()
  })
  // API answers up to 128 KiB (the course list is ~70 KiB) are compressed in one synchronous call
  // (< 1 ms): the stream path the plugin picks above 8 KiB on a 2-core host cost more than the compression.
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    syncThreshold: 128 * 1024,
  })
}

/** The built files: the hashed assets, the engine's folder and the rest of dist/. */
async function addBuiltFiles(app: FastifyInstance, distDir: string): Promise<void> {
  // The build writes x.br and x.gz beside each file worth it (vite.config.ts, brotli 11 and gzip 9): they are
  // sent as they are, with Vary: Accept-Encoding, and @fastify/compress leaves an encoded answer alone.
  const shared = { wildcard: true, cacheControl: false, preCompressed: true } as const
  // Vite puts content-hashed files in assets/: their URL changes whenever their bytes do, so they are cached
  // for good and never revalidated, and nothing in their answer serves a revalidation (ETag, Last-Modified) or
  // a partial read (Accept-Ranges). A script or stylesheet is never a document: the policy and referrer headers
  // only a document (or a worker's script) reads stay off it, as the ETag does, ~250 bytes of each of the
  // handful of answers a first visit downloads. It keeps nosniff, CORP and HSTS.
  await app.register(fastifyStatic, {
    ...shared,
    root: join(distDir, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    etag: false,
    lastModified: false,
    acceptRanges: false,
    setHeaders(res, sentPath) {
      res.header('Cache-Control', 'public, max-age=31536000, immutable')
      if (SCRIPT_OR_STYLE.test(sentPath))
        res.removeHeader('content-security-policy').removeHeader('referrer-policy')
    },
  })
  await app.register(fastifyStatic, {
    ...shared,
    root: distDir,
    prefix: '/',
    index: 'index.html',
    setHeaders(res, sentPath) {
      const filePath = sentPath.replace(/\.(br|gz)$/, '')
      if (filePath.endsWith('.html')) pageHeaders(res).header('Cache-Control', 'no-cache')
      else if (filePath.includes(`${sep}engine${sep}`)) {
        // In a folder named by the files' content (vite.config.ts): cached for good, like the hashed assets.
        // A file outside such a folder (a build older than the naming) is cached for a day.
        res.header(
          'Cache-Control',
          ENGINE_FOLDER.test(filePath) ? 'public, max-age=31536000, immutable' : 'public, max-age=86400',
        )
        res.header('Content-Security-Policy', enginePolicy)
        // A worker started by a cross-origin-isolated page (/analysis) must itself declare an embedder policy, or
        // the browser refuses to run it; the engine's threads are workers of the same script.
        res.header('Cross-Origin-Embedder-Policy', ISOLATION_HEADERS['cross-origin-embedder-policy'])
      } else res.header('Cache-Control', 'public, max-age=3600')
    },
  })
}

/** Which file a client route shows, and the sending of it. */
function pageSender(opts: WebOptions) {
  // /home and /courses have their first paint in their HTML (scripts/vite-prerender.mjs), as / has, which
  // the SPA sends on to /home; every other page is index.html. Same headers as index.html, precompressed alike.
  const built = new Map<string, boolean>()
  const fileOf = (path: string) => {
    const file = opts.shellFile?.(path)
    if (!file) return 'index.html'
    if (!built.has(file)) built.set(file, existsSync(join(opts.distDir, file)))
    return built.get(file) ? file : 'index.html'
  }
  /** The built files fillPage fills, read once. */
  const templates = new Map<string, Promise<string>>()
  const template = (file: string) => {
    let text = templates.get(file)
    if (!text) {
      text = readFile(join(opts.distDir, file), 'utf8')
      templates.set(file, text)
      text.catch(() => templates.delete(file))
    }
    return text
  }
  /** The page for a client route: its prerendered file (with the request's data, where it takes some), or index.html. */
  const sendPage = async (req: FastifyRequest, reply: FastifyReply, path: string) => {
    void pageHeaders(reply).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8')
    if (isIsolatedPath(path)) void reply.headers(ISOLATION_HEADERS)
    const file = fileOf(path)
    if (opts.fillPage && file !== 'index.html') {
      const query = new URLSearchParams(req.url.split('?')[1] ?? '')
      try {
        const html = await opts.fillPage(file, await template(file), (name) => query.get(name))
        if (html !== undefined) return reply.send(html)
      } catch (err) {
        // The page still comes, as its shell: the app then asks for the data itself and says what failed.
        req.log.warn({ err, file }, 'could not put the data into the page')
      }
    }
    return reply.sendFile(file)
  }
  return { fileOf, sendPage }
}

/** Security headers, compression, the built SPA (when there is one) and the not-found handler. */
export const webPlugin = fp(
  async (app: FastifyInstance, opts: WebOptions) => {
    await addHeadersAndCompression(app, opts)
    const hasSpa = existsSync(join(opts.distDir, 'index.html'))
    if (hasSpa) await addBuiltFiles(app, opts.distDir)
    const { fileOf, sendPage } = pageSender(opts)
    if (hasSpa && fileOf('/') !== 'index.html') app.get('/', (req, reply) => sendPage(req, reply, '/'))
    app.setNotFoundHandler((req, reply) => {
      if (hasSpa && wantsPage(req)) return sendPage(req, reply, req.url.split('?')[0])
      return sendProblem(reply, 404, `No route for ${req.method} ${req.url.split('?')[0]}`)
    })
  },
  { name: 'web', dependencies: ['errors'] },
)
