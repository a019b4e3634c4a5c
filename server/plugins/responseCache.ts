import { createHash } from 'node:crypto'
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { performance } from 'node:perf_hooks'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  onSendHookHandler,
  preSerializationHookHandler,
} from 'fastify'
import fastifyCookie from '@fastify/cookie'
import fp from 'fastify-plugin'
import type { Logger } from 'pino'
import type { Db } from '../db/db'
import { catalogueKey, isCatalogueQuery, type CatalogueQuery } from '../services/catalogue'
import { courseList, KEPT_VALUES, type CourseListEntry } from '../services/courseListCache'
import { requestProtocol, type ProxyTrust } from './proxyTrust'
import { newToken, XSRF_COOKIE } from './xsrf'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** GETs answered with an ETag and a 304 to a matching If-None-Match: the public lists, course and module reads. */
const CONDITIONAL = [
  'getCourses',
  'getCourse',
  'getCourseCurriculum',
  'getModulesByCourse',
  'getPlayerFollowers',
  'getPlayerComments',
]

/** As the compress plugin (server/web/webPlugin.ts): smaller bodies are sent as they are. */
const COMPRESS_FROM = 1024

type Encoding = 'br' | 'gzip'

/** The first of br and gzip the client accepts (a q=0 refuses), or undefined for the body as it is. */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined
  const accepted = new Set<string>()
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (q && Number(q.slice(2)) === 0) continue
    accepted.add(name.trim())
  }
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip')) return 'gzip'
  return undefined
}

/** If-None-Match names one of these tags (weak comparison, as RFC 9110 asks for If-None-Match), or is `*`. */
function matches(header: string | undefined, tags: string[]): boolean {
  if (!header) return false
  return header.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '')
    return tag === '*' || tags.includes(tag)
  })
}

/**
 * Shared caches must not keep an answer that may be one caller's (a secured operation, a request with credentials
 * or cookies, an answer setting a cookie); every cache asks again each time (no-cache), which a 304 makes cheap.
 */
function cacheControl(req: FastifyRequest, reply: FastifyReply, secured: boolean): string {
  const personal =
    secured ||
    req.headers.authorization !== undefined ||
    req.headers.cookie !== undefined ||
    reply.hasHeader('set-cookie')
  return personal ? 'private, no-cache' : 'no-cache'
}

function addVary(reply: FastifyReply, field: string): void {
  const vary = reply.getHeader('vary')
  const list = Array.isArray(vary) ? vary.join(',') : vary === undefined ? '' : String(vary)
  if (!list.split(',').some((v) => v.trim().toLowerCase() === field.toLowerCase()))
    void reply.header('vary', list ? `${list}, ${field}` : field)
}

/** The course list as sent: its kept JSON (courseListCache's CourseListEntry), compressed once per encoding. */
interface Representation {
  /** Strong tags by representation, all naming the same bytes before content coding. */
  tag: { identity: string; br: string; gzip: string }
  identity: Buffer
  /** Each encoding: its bytes once made (sent without waiting), the promise of them while being made. */
  encoded: Partial<Record<Encoding, Buffer | Promise<Buffer>>>
}

/** A catalogue page kept as answered: see keptPages. */
interface KeptPage {
  key: string
  page: object
  bytes: Buffer
  tag: string
}

/** Fastify's own test of a Buffer payload (reply.js), in this realm. */
const BUFFERS_SENT_AS_BYTES = Buffer.alloc(1).buffer instanceof ArrayBuffer

/** The representations of these bytes, which it keeps (not a copy). */
function representationOf(identity: Buffer): Representation {
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27)
  return {
    tag: { identity: `"${hash}"`, br: `"${hash}-br"`, gzip: `"${hash}-gz"` },
    identity,
    encoded: {},
  }
}

/**
 * Quality 11 costs ~0.3 s for the 110 KB of 200 courses and ~4 s for 1 MB on this 2-core host, quality 9 a seventh of
 * that for ~10% more bytes, quality 6 ~70 ms a MB for ~15% more: the densest that stays well under a second.
 */
function brotliQuality(bytes: number): number {
  if (bytes <= 64 * 1024) return 11
  return bytes <= 512 * 1024 ? 9 : 6
}

function encode(rep: Representation, encoding: Encoding): Buffer | Promise<Buffer> {
  rep.encoded[encoding] ??= (
    encoding === 'br'
      ? // Once per change of the list, off the event loop, and the first callers wait for it.
        brotli(rep.identity, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: brotliQuality(rep.identity.length),
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: rep.identity.length,
          },
        })
      : gzipAsync(rep.identity, { level: 9 })
  ).then(
    (bytes) => (rep.encoded[encoding] = bytes),
    (err: unknown) => {
      delete rep.encoded[encoding]
      throw err
    },
  )
  return rep.encoded[encoding]
}

/** The weak tag of a body: the compress plugin may still encode its bytes, and the tag stays the same. */
function weakTag(body: string | Buffer): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
}

const sentAsIs = (body: unknown) => body as string

/** A route option's hooks (none, one or a list) as a list. */
function hookList(hooks: unknown): unknown[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? (hooks as unknown[]) : [hooks]
}

declare module 'fastify' {
  interface FastifyInstance {
    /** How many answers were sent again before Fastify (the plugin's `front` option): for tests and diagnostics. */
    keptAnswersResent: { count: number }
  }
}

/**
 * A kept answer as the server sent it to a request of one kind (see replayKind): its status and headers in order, as
 * a flat list of names and values, and its bytes. `cookieAt`: where the XSRF cookie's value is in the list (a new
 * token each time it is sent again), with what followed the token (its attributes); -1 when the answer set none.
 */
interface Sent {
  status: number
  headers: (string | number)[]
  cookieAt: number
  cookieTail: string
  bytes: Buffer
}

/** How many kinds of request (see replayKind) each kept answer remembers; the first ones are kept. */
const KINDS_KEPT = 8

/**
 * What, in a request for a kept answer, can change the answer's headers (not its body): whether it holds cookies and
 * the XSRF token among them (the cookie handed out, Cache-Control), Accept-Encoding, and the protocol as Fastify reads
 * it (the XSRF cookie is Secure over https, which a trusted proxy's X-Forwarded-Proto may say; other X-Forwarded-*
 * headers change only the request log's line). Undefined for a request whose answer may differ in other ways: not a
 * GET, with credentials (Authorization), or a conditional one (If-None-Match: a 304).
 */
export function replayKind(raw: IncomingMessage, trust?: ProxyTrust): string | undefined {
  const h = raw.headers
  if (raw.method !== 'GET' || h.authorization !== undefined || h['if-none-match'] !== undefined)
    return undefined
  const cookie = h.cookie
  let cookies: string
  if (cookie === undefined) cookies = 'none'
  // (read as the cookie plugin reads it for the xsrf plugin, which hands out a new token when it finds none)
  else cookies = cookie.includes(XSRF_COOKIE) && fastifyCookie.parse(cookie)[XSRF_COOKIE] ? 'token' : 'others'
  return `${cookies} ${requestProtocol(raw, trust)} ${h['accept-encoding'] ?? ''}`
}

/** The answers sent before Fastify (see the plugin's `front` option). */
export interface FrontOptions {
  /** The next request id (the one Fastify's genReqId gives: ids stay unique and in order across both). */
  requestId: () => string
  /** The server's logger: at debug level and below everything goes through Fastify (its 'incoming request' lines). */
  logger: Logger
  /** How far X-Forwarded-* is trusted, as Fastify was told (undefined: not at all). */
  trust: ProxyTrust | undefined
  /** Writes the request log's line for an answer sent (its status, the time taken in ms), as Fastify's would be. */
  logAnswer: (raw: IncomingMessage, reqId: string, statusCode: number, elapsedMs: number) => void
}

/**
 * Conditional GET and a kept course list.
 * - The whole course list (getCourses without parameters) is answered from server/services/courseListCache.ts's cache,
 *   its JSON made there and compressed (brotli, gzip) here once per version of the data, with a strong
 *   ETag per representation and Vary: Accept-Encoding; the route's handler does not run.
 * - The other reads in CONDITIONAL get a weak ETag hashed from the body their handler produced for this caller (so a
 *   304 only ever confirms what the caller would have received), and 304 to a matching If-None-Match.
 * - A catalogue page the server keeps (getCourses with parameters) is serialized and tagged once while it is kept.
 * - With `front` (the server's own log settings), a kept list or page Fastify sent is sent again, as it was, from the
 *   server's request listener to the next request of the same kind while it is known to be current (replayKind).
 */
export const responseCachePlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; front?: FrontOptions }) => {
    const byRoute = new Map<string, { operationId: string; secured: boolean }>()
    for (const operationId of CONDITIONAL) {
      const op = app.contract.operations.get(operationId)
      if (!op || op.method !== 'GET') continue
      const security = (op as { security?: unknown[] }).security
      // The route's path as Fastify writes it (server/openapi.ts's fastifyPath).
      byRoute.set(op.path.replace(/\{([^{}]+)\}/g, ':$1'), {
        operationId,
        secured: (security?.length ?? 0) > 0,
      })
    }
    const representations = new WeakMap<CourseListEntry, Representation>()

    // (the list and its pages are one operation, getCourses)
    const listSecured = byRoute.get('/api/courses')?.secured ?? false
    /**
     * A kept list's or page's bytes, ready, written to the socket with the headers the reply holds (the security
     * headers, the XSRF cookie, the tag...): the answer's bytes and headers are final, so the onSend hooks (compression,
     * which leaves an encoded or small answer alone, and the tag's Cache-Control, set here) and Fastify's own checks of
     * a payload would have nothing to do (docs/performance.md has what it saved). The request log's line is still
     * written when the answer ends: Fastify runs onResponse for a hijacked reply.
     */
    function sendNow(req: FastifyRequest, reply: FastifyReply, bytes: Buffer, source: object) {
      void reply.header('cache-control', cacheControl(req, reply, listSecured))
      void reply.header('content-length', bytes.length)
      reply.hijack()
      const headers = reply.getHeaders() as OutgoingHttpHeaders
      reply.raw.writeHead(reply.statusCode, headers)
      reply.raw.end(bytes)
      if (opts.front) remember(req.raw, source, reply.statusCode, headers, bytes)
    }

    /** The answers as sent (sendNow), by what they were made from (a kept list's representation, a kept page). */
    const sentAnswers = new WeakMap<object, Map<string, Sent>>()

    /** Keeps an answer sendNow sent to be sent again, as it is, to requests of the same kind (see replayKind). */
    function remember(
      raw: IncomingMessage,
      source: object,
      status: number,
      headers: OutgoingHttpHeaders,
      bytes: Buffer,
    ) {
      const kind = replayKind(raw, opts.front?.trust)
      if (kind === undefined) return
      let byKind = sentAnswers.get(source)
      if (!byKind) sentAnswers.set(source, (byKind = new Map<string, Sent>()))
      if (byKind.has(kind) || byKind.size >= KINDS_KEPT) return
      const flat: (string | number)[] = []
      let cookieAt = -1
      let cookieTail = ''
      for (const [name, value] of Object.entries(headers)) {
        if (value === undefined) continue
        if (name === 'set-cookie') {
          const cookies = ([] as (string | number)[]).concat(value)
          const [cookie] = cookies
          // Only the XSRF cookie, which is new on each answer: any other cookie is one request's, never sent again.
          if (cookies.length !== 1 || typeof cookie !== 'string' || !cookie.startsWith(`${XSRF_COOKIE}=`))
            return
          const end = cookie.indexOf(';')
          cookieAt = flat.length + 1
          cookieTail = end === -1 ? '' : cookie.slice(end)
          flat.push(name, '')
          continue
        }
        if (Array.isArray(value)) for (const v of value) flat.push(name, v)
        else flat.push(name, value)
      }
      byKind.set(kind, { status, headers: flat, cookieAt, cookieTail, bytes })
    }

    /** The kept list's answer (200 or 304) in the representation the client accepts; `done` gets a failure. */
    function answer(
      req: FastifyRequest,
      reply: FastifyReply,
      entry: CourseListEntry,
      done: (err?: Error) => void,
    ) {
      let rep = representations.get(entry)
      if (!rep) {
        rep = representationOf(entry.json)
        representations.set(entry, rep)
      }
      const encoding =
        rep.identity.length >= COMPRESS_FROM ? acceptedEncoding(req.headers['accept-encoding']) : undefined
      // Cache-Control is set as the answer leaves (conditional below), once any cookie it sets is known.
      void reply.header('etag', rep.tag[encoding ?? 'identity'])
      addVary(reply, 'Accept-Encoding')
      if (matches(req.headers['if-none-match'], [rep.tag.identity, rep.tag.br, rep.tag.gzip])) {
        void reply.code(304).send()
        return
      }
      void reply.type('application/json; charset=utf-8')
      if (!encoding) {
        // The uncompressed list goes as the kept bytes: every answer sends the same Buffer, where a string would be
        // encoded into a new one per answer (5.5 MB each for 10,000 courses, times the answers in flight). Fastify
        // recognises a Buffer by its ArrayBuffer's class, which is another realm's where tests run the server in a
        // browser-like environment (it would serialize the Buffer as an object): there the JSON text goes instead.
        if (BUFFERS_SENT_AS_BYTES) sendNow(req, reply, rep.identity, rep)
        else void reply.send(rep.identity.toString('utf8'))
        return
      }
      void reply.header('content-encoding', encoding)
      const bytes = encode(rep, encoding)
      if (Buffer.isBuffer(bytes)) {
        sendNow(req, reply, bytes, rep)
        return
      }
      bytes.then((made) => void reply.send(made)).catch(done)
    }

    /**
     * The whole course list, answered before body parsing, validation (there is nothing to validate without
     * parameters) and the handler. A callback hook: when the kept list is known to be current and its bytes are
     * ready (every request but the first few after a change, on PGlite), the answer leaves in the request's own turn,
     * without a promise or a microtask on the way.
     */
    const courseListReply: onRequestHookHandler = function (req, reply, done) {
      if (req.method !== 'GET') return done()
      // With any parameter (search, sort, paging) the handler answers a page, unless this very address's page is
      // kept and known to be current (below).
      if (Object.keys(req.query as object).length > 0) {
        const kept = keptPages.get(req.url)
        if (kept && courseList(opts.db).keptNow(kept.key) === kept.page) return answerPage(req, reply, kept)
        return done()
      }
      const list = courseList(opts.db)
      const known = list.known()
      if (known) return answer(req, reply, known, done)
      // A failure here (the database, the serializer) goes to done, as an async hook's rejection would.
      list
        .current()
        .then((entry) => answer(req, reply, entry, done))
        .catch(done)
    }

    /**
     * The catalogue's pages as sent, by the page: catalogue() answers the very same object while it keeps a page (until
     * the courses change), whose body is then serialized and tagged once instead of on every answer.
     */
    const keptBodies = new WeakMap<object, { body: string; tag: string }>()
    /**
     * The pages answered, by request address (as many as courseList keeps, the least recently answered going first):
     * the page's key in courseList, the page itself (still current while courseList answers that very object), its
     * body's bytes and its tag.
     */
    const keptPages = new Map<string, KeptPage>()

    /** A kept catalogue page's answer (200 or 304), as the route would have made it. */
    function answerPage(req: FastifyRequest, reply: FastifyReply, kept: KeptPage) {
      keptPages.delete(req.url)
      keptPages.set(req.url, kept)
      // Cache-Control is set as the answer leaves (conditional below), once any cookie it sets is known.
      void reply.header('etag', kept.tag)
      if (matches(req.headers['if-none-match'], [kept.tag.slice(2)])) {
        addVary(reply, 'Accept-Encoding')
        void reply.code(304).send()
        return
      }
      void reply.type('application/json; charset=utf-8')
      // Asked with no Accept-Encoding, or too small to compress, the kept bytes are the answer as they are: they leave
      // as the kept list's do (sendNow).
      if (
        BUFFERS_SENT_AS_BYTES &&
        (req.headers['accept-encoding'] === undefined || kept.bytes.length < COMPRESS_FROM)
      ) {
        sendNow(req, reply, kept.bytes, kept)
        return
      }
      // (the compress plugin encodes it, as the route's answer)
      // (the JSON text where Fastify would not take the Buffer as bytes: see answer())
      void reply.send(BUFFERS_SENT_AS_BYTES ? kept.bytes : kept.bytes.toString('utf8'))
    }
    /** The tag of the body a request's answer carries, when its body came from keptBodies. */
    const knownTags = new WeakMap<FastifyRequest, string>()

    const keptPageBody: preSerializationHookHandler<unknown> = function (req, reply, payload, done) {
      if (req.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'object' || payload === null)
        return done(null, payload)
      let kept = keptBodies.get(payload)
      if (!kept) {
        const body: unknown = reply.serialize(payload)
        if (typeof body !== 'string') return done(null, payload)
        kept = { body, tag: weakTag(body) }
        keptBodies.set(payload, kept)
      }
      knownTags.set(req, kept.tag)
      // The address (validated by now) is remembered with the page's key: asked again, it is answered before
      // validation and the handler while courseList still keeps that very page (courseListReply).
      const query = req.query as CatalogueQuery
      if (isCatalogueQuery(query) && keptPages.get(req.url)?.page !== payload) {
        keptPages.delete(req.url)
        keptPages.set(req.url, {
          key: catalogueKey(query),
          page: payload,
          bytes: Buffer.from(kept.body),
          tag: kept.tag,
        })
        if (keptPages.size > KEPT_VALUES) keptPages.delete(keptPages.keys().next().value as string)
      }
      // Fastify serializes what this hook hands on: here, the kept body as it is.
      void reply.serializer(sentAsIs)
      done(null, kept.body)
    }

    const conditional =
      (secured: boolean): onSendHookHandler =>
      (req, reply, payload, done) => {
        if (req.method !== 'GET') return done(null, payload)
        if (reply.hasHeader('etag')) {
          // The course list, answered (200 or 304) by courseListReply.
          void reply.header('cache-control', cacheControl(req, reply, secured))
          return done(null, payload)
        }
        if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload)))
          return done(null, payload)
        const tag = knownTags.get(req) ?? weakTag(payload)
        void reply.header('etag', tag)
        void reply.header('cache-control', cacheControl(req, reply, secured))
        if (!matches(req.headers['if-none-match'], [tag.slice(2)])) return done(null, payload)
        void reply.code(304)
        reply.removeHeader('content-length')
        reply.removeHeader('content-type')
        // As the 200 would have: the compress plugin sets it on the bodies it encodes.
        addVary(reply, 'Accept-Encoding')
        done(null, '')
      }

    const resent = { count: 0 }
    app.decorate('keptAnswersResent', resent)
    if (opts.front) {
      const front = opts.front
      /** A kept answer sent to requests of this kind before, still current, to send again as it was; or undefined. */
      const sentBefore = (raw: IncomingMessage): Sent | undefined => {
        const url = raw.url
        let source: object | undefined
        if (url === '/api/courses') {
          const known = courseList(opts.db).known()
          source = known && representations.get(known)
        } else {
          const kept = url === undefined ? undefined : keptPages.get(url)
          if (!kept || courseList(opts.db).keptNow(kept.key) !== kept.page) return undefined
          // (the least recently answered page goes first, as answerPage keeps them)
          keptPages.delete(url!)
          keptPages.set(url!, kept)
          source = kept
        }
        const byKind = source && sentAnswers.get(source)
        if (!byKind) return undefined
        const kind = replayKind(raw, opts.front?.trust)
        return kind === undefined ? undefined : byKind.get(kind)
      }
      let closing = false
      const server = app.server
      const [fastifyHandler] = server.listeners('request') as ((
        req: IncomingMessage,
        res: ServerResponse,
      ) => void)[]
      if (fastifyHandler) {
        server.removeListener('request', fastifyHandler)
        server.on('request', (raw: IncomingMessage, res: ServerResponse) => {
          const started = performance.now()
          // While the server closes, and at the debug level (its 'incoming request' lines), all goes through Fastify.
          const sent =
            raw.method === 'GET' && !closing && !front.logger.isLevelEnabled('debug')
              ? sentBefore(raw)
              : undefined
          if (!sent) return fastifyHandler.call(server, raw, res)
          const id = front.requestId()
          let headers = sent.headers
          if (sent.cookieAt >= 0) {
            headers = headers.slice()
            headers[sent.cookieAt] = `${XSRF_COOKIE}=${newToken()}${sent.cookieTail}`
          }
          res.writeHead(sent.status, headers as unknown as OutgoingHttpHeaders)
          res.end(sent.bytes)
          resent.count++
          front.logAnswer(raw, id, sent.status, performance.now() - started)
        })
      }
      app.addHook('preClose', (done) => {
        closing = true
        done()
      })
    }

    app.addHook('onRoute', (route) => {
      const methods = ([] as string[]).concat(route.method)
      const found = byRoute.get(route.url)
      if (!found || !methods.includes('GET')) return
      // First among the route's onSend hooks, so it reads the serialized body before compression.
      route.onSend = [conditional(found.secured), ...hookList(route.onSend)] as typeof route.onSend
      if (found.operationId === 'getCourses') {
        // The route's own onRequest hooks run after the app's (security headers, cookies): the answer leaves before
        // body parsing, validation (there is nothing to validate without parameters) and the handler.
        route.onRequest = [...hookList(route.onRequest), courseListReply] as typeof route.onRequest
        route.preSerialization = [
          ...hookList(route.preSerialization),
          keptPageBody,
        ] as typeof route.preSerialization
      }
    })
  },
  { name: 'responseCache', dependencies: ['web'] },
)
