import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  onSendHookHandler,
  preSerializationHookHandler,
} from 'fastify'
import fp from 'fastify-plugin'
import type { Db } from '../db/db'
import { isCatalogueQuery } from '../services/catalogue/catalogue'
import { courseList, type CourseListEntry } from '../services/catalogue/courseListCache'
import { KeptAnswers, type KeptPage } from './keptAnswers'
import { COMPRESS_FROM, encode, matches, negotiated, weakTag } from './keptEncoding'

/** GETs answered with an ETag and a 304 to a matching If-None-Match: the public lists, course and module reads. */
const CONDITIONAL = [
  'getCourses',
  'getCourse',
  'getCourseCurriculum',
  'getModulesByCourse',
  'getPlayerFollowers',
  'getPlayerComments',
]

const JSON_TYPE = 'application/json; charset=utf-8'

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
  if (vary === undefined) {
    void reply.header('vary', field)
    return
  }
  const list = Array.isArray(vary) ? vary.join(',') : String(vary)
  if (!list.split(',').some((v) => v.trim().toLowerCase() === field.toLowerCase()))
    void reply.header('vary', list ? `${list}, ${field}` : field)
}

/**
 * Fastify's own test of a Buffer payload (reply.js), in this realm. Where tests run the server in a browser-like
 * environment the ArrayBuffer is another realm's and Fastify would serialize a Buffer as an object: there the JSON
 * text goes instead.
 */
const BUFFERS_SENT_AS_BYTES = Buffer.alloc(1).buffer instanceof ArrayBuffer

/**
 * Kept bytes as the answer's body. Every answer sends the same Buffer, where a string would be encoded into a new one
 * per answer (5.5 MB each for 10,000 courses, times the answers in flight). Fastify sends a Buffer as it is, with its
 * length; the onSend hooks (compression, which leaves an encoded or small answer alone, and the tag's Cache-Control)
 * still run, as does the request log's line.
 */
function sendBytes(reply: FastifyReply, bytes: Buffer): void {
  void reply.send(BUFFERS_SENT_AS_BYTES ? bytes : bytes.toString('utf8'))
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * How many answers were sent from kept bytes known to be current without a query or a wait: by the course list's
     * route in its onRequest hook, in the request's own turn (embedded PGlite). For tests and diagnostics.
     */
    keptAnswersSent: { count: number }
  }
}

/** What the course list's hooks share: the database, what is kept of the answers, and the count of kept answers. */
interface Kept {
  db: Db
  answers: KeptAnswers
  /** The list and its pages are one operation, getCourses: whether it is secured. */
  secured: boolean
  sent: { count: number }
}

/**
 * The kept list's answer (200 or 304) in the representation the client accepts; `done` gets a failure. `now`: the
 * list is known to be current without a query (counted in keptAnswersSent when its bytes leave at once).
 */
function answerList(
  kept: Kept,
  req: FastifyRequest,
  reply: FastifyReply,
  entry: CourseListEntry,
  now: boolean,
  done: (err?: Error) => void,
): void {
  const rep = kept.answers.representation(entry)
  const encoding =
    rep.identity.length >= COMPRESS_FROM ? negotiated(req.headers['accept-encoding']) : undefined
  // Cache-Control is set as the answer leaves (the conditional onSend hook), once any cookie it sets is known.
  void reply.header('etag', rep.tag[encoding ?? 'identity'])
  addVary(reply, 'Accept-Encoding')
  const ifNoneMatch = req.headers['if-none-match']
  if (ifNoneMatch !== undefined && matches(ifNoneMatch, rep.tags)) {
    void reply.code(304).send()
    return
  }
  void reply.header('content-type', JSON_TYPE)
  if (!encoding) {
    if (now) kept.sent.count++
    sendBytes(reply, rep.identity)
    return
  }
  void reply.header('content-encoding', encoding)
  const bytes = encode(rep, encoding)
  if (Buffer.isBuffer(bytes)) {
    if (now) kept.sent.count++
    void reply.send(bytes)
    return
  }
  bytes.then((made) => void reply.send(made)).catch(done)
}

/** A kept catalogue page's answer (200 or 304), as the route would have made it. */
function answerPage(kept: Kept, req: FastifyRequest, reply: FastifyReply, page: KeptPage): void {
  // The headers in the order the handler's answer has them (the type as it is serialized, then the tag); Cache-Control
  // is set as the answer leaves (the conditional onSend hook), once any cookie it sets is known.
  const ifNoneMatch = req.headers['if-none-match']
  if (ifNoneMatch !== undefined && matches(ifNoneMatch, page.tags)) {
    void reply.header('etag', page.tag)
    // As the 200 would have: the compress plugin sets it on the bodies it encodes.
    addVary(reply, 'Accept-Encoding')
    void reply.code(304).send()
    return
  }
  void reply.header('content-type', JSON_TYPE)
  void reply.header('etag', page.tag)
  kept.sent.count++
  // (the compress plugin encodes it when asked and large enough, as the route's answer)
  sendBytes(reply, page.bytes)
}

/**
 * The course list's route, answered from kept bytes before body parsing, validation (there is nothing to validate
 * without parameters, and a kept page's address was validated when it was kept) and the handler: the whole list
 * always, a catalogue page when this very address's page is kept and known to be current. A callback hook: when
 * the kept bytes are known to be current and ready (every request but the first few after a change, on PGlite),
 * the answer is sent in the request's own turn, without a promise or a microtask on the way.
 */
function keptListHook(kept: Kept): onRequestHookHandler {
  return function (req, reply, done) {
    if (req.method !== 'GET') return done()
    // With any parameter (search, sort, paging) the handler answers a page, unless it is kept (above).
    const url = req.url
    if (url.includes('?') && Object.keys(req.query as object).length > 0) {
      const page = kept.answers.current(url)
      if (page) return answerPage(kept, req, reply, page)
      return done()
    }
    const list = courseList(kept.db)
    const known = list.known()
    if (known) return answerList(kept, req, reply, known, true, done)
    // A failure here (the database, the serializer) goes to done, as an async hook's rejection would.
    list
      .current()
      .then((entry) => answerList(kept, req, reply, entry, false, done))
      .catch(done)
  }
}

/** The tag of the body a request's answer carries, when its body came from the kept pages' bodies. */
const knownTags = new WeakMap<FastifyRequest, string>()

/** Fastify serializes what the hook below hands on: there, the kept body as it is. */
const sentAsIs = (body: unknown) => body as string

/** A catalogue page answered by the handler: its body serialized and tagged once, its address remembered. */
function keptPageBodyHook(kept: Kept): preSerializationHookHandler<unknown> {
  return function (req, reply, payload, done) {
    if (req.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'object' || payload === null)
      return done(null, payload)
    const body = kept.answers.bodyOf(payload, (page) => reply.serialize(page))
    if (!body) return done(null, payload)
    knownTags.set(req, body.tag)
    // The address (validated by now) is remembered with the page's key: asked again, it is answered before
    // validation and the handler while courseList still keeps that very page (keptListHook).
    const query = req.query as object
    if (isCatalogueQuery(query)) kept.answers.remember(req.url, query, payload, body)
    void reply.serializer(sentAsIs)
    done(null, body.body)
  }
}

/** ETag, Cache-Control and 304 for a conditional GET's answer; first among the route's onSend hooks. */
function conditionalHook(secured: boolean): onSendHookHandler {
  return (req, reply, payload, done) => {
    if (req.method !== 'GET') return done(null, payload)
    if (reply.hasHeader('etag')) {
      // The course list or a kept page, answered (200 or 304) by keptListHook.
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
}

/** The CONDITIONAL operations' GET routes, by their path as Fastify writes it, and whether each is secured. */
function conditionalRoutes(app: FastifyInstance): Map<string, { operationId: string; secured: boolean }> {
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
  return byRoute
}

/** A route option's hooks (none, one or a list) as a list. */
function hookList(hooks: unknown): unknown[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? (hooks as unknown[]) : [hooks]
}

/**
 * Conditional GET and a kept course list, in the routes' own hooks.
 * - The whole course list (getCourses without parameters) is answered from server/services/catalogue/courseListCache.ts's cache,
 *   its JSON made there and compressed (brotli, gzip) here once per version of the data (./keptEncoding.ts), with a
 *   strong ETag per representation and Vary: Accept-Encoding; the route's handler does not run.
 * - The other reads in CONDITIONAL get a weak ETag hashed from the body their handler produced for this caller (so a
 *   304 only ever confirms what the caller would have received), and 304 to a matching If-None-Match.
 * - A catalogue page the server keeps (getCourses with parameters) is serialized and tagged once while it is kept,
 *   and answered from those bytes to its address while it is known to be current (./keptAnswers.ts).
 */
export const responseCachePlugin = fp(
  async (app: FastifyInstance, opts: { db: Db }) => {
    const byRoute = conditionalRoutes(app)
    const kept: Kept = {
      db: opts.db,
      answers: new KeptAnswers(opts.db),
      secured: byRoute.get('/api/courses')?.secured ?? false,
      sent: { count: 0 },
    }
    app.decorate('keptAnswersSent', kept.sent)
    const keptList = keptListHook(kept)
    const keptPageBody = keptPageBodyHook(kept)

    app.addHook('onRoute', (route) => {
      const methods = ([] as string[]).concat(route.method)
      const found = byRoute.get(route.url)
      if (!found || !methods.includes('GET')) return
      // First among the route's onSend hooks, so it reads the serialized body before compression.
      route.onSend = [conditionalHook(found.secured), ...hookList(route.onSend)] as typeof route.onSend
      if (found.operationId === 'getCourses') {
        // The route's own onRequest hooks run after the app's (security headers, cookies, the XSRF token): the
        // answer has all their headers.
        route.onRequest = [...hookList(route.onRequest), keptList] as typeof route.onRequest
        route.preSerialization = [
          ...hookList(route.preSerialization),
          keptPageBody,
        ] as typeof route.preSerialization
      }
    })
  },
  { name: 'responseCache', dependencies: ['web'] },
)
