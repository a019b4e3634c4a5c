import { randomBytes } from 'node:crypto'
import cookie from '@fastify/cookie'
import {
  SerializerSelector,
  type Serializer,
  type SerializerFactory,
} from '@fastify/fast-json-stringify-compiler'
import rateLimit from '@fastify/rate-limit'
import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifySchemaCompiler,
  type FastifyServerOptions,
} from 'fastify'
import { secureCookies, type Config } from './config'
import { asyncStdout, requestLogHook, type LogStream } from './logDestination'
import type { Db } from './db/db'
import { compiledOnFirstUse, loadContract } from './openapi'
import { authPlugin, tokenService } from './plugins/auth'
import { errorsPlugin, sendProblem } from './plugins/errors'
import { databaseRateLimitStore } from './plugins/rateLimitStore'
import { responseCachePlugin } from './plugins/responseCache'
import { trustFunction } from './plugins/proxyTrust'
import { SHELL_BOOT_SCRIPT, THEME_BOOT_SCRIPT, shellPageOf } from './web/shell'
import { RESOURCE_HEADERS, webPlugin } from './web/webPlugin'
import { xsrfPlugin } from './plugins/xsrf'
import { accountRoutes } from './routes/account'
import { authRoutes } from './routes/auth'
import { captionRoutes } from './routes/captions'
import { certificateRoutes } from './routes/certificates'
import { posterRoutes } from './routes/posters'
import { cartRoutes } from './routes/cart'
import { courseRoutes } from './routes/courses'
import { courseReviewRoutes } from './routes/courseReviews'
import type { RouteDeps } from './routes/deps'
import { enrollmentRoutes } from './routes/enrollments'
import { gameRoutes } from './routes/games'
import { healthRoutes } from './routes/health'
import { lineRoutes } from './routes/lines'
import { moduleRoutes } from './routes/modules'
import { paymentRoutes } from './routes/payments'
import { playerRoutes } from './routes/players'
import { profileRoutes } from './routes/profile'
import { progressRoutes } from './routes/progress'
import { puzzleRoutes } from './routes/puzzles'
import { sessionRoutes } from './routes/sessions'
import { userRoutes } from './routes/users'
import { videoRoutes } from './routes/videos'
import type { MediaStore } from './services/media/media'
import { createMediaStore, s3Origin } from './services/media/mediaStores'
import { approvingProvider, type PaymentProvider } from './services/commerce/payments'
import { inWords } from './services/accounts/signInThrottle'
import { setScryptLog2N } from './services/accounts/passwords'
import { MediaSigner, requestLogSerializer } from './services/media/videos'

/** Extra fields and wrong types are client errors, not something to quietly fix up. */
const AJV_OPTIONS = {
  removeAdditional: false,
  coerceTypes: false,
  useDefaults: false,
  allErrors: false,
} as const

/**
 * The routes' validators as Fastify's own compiler makes them (its Ajv settings with AJV_OPTIONS, and the formats),
 * each compiled on its route's first request instead of all of them before the server listens: compiling every
 * route's schemas was about a tenth of a start on existing data.
 */
function lazyValidatorCompiler(): FastifySchemaCompiler<unknown> {
  let ajv: Ajv | undefined
  return ({ schema }) =>
    compiledOnFirstUse(() => {
      ajv ??= addFormats(new Ajv({ ...AJV_OPTIONS, addUsedSchema: false }))
      return ajv.compile(schema as object)
    })
}

/**
 * The routes' response serializers as Fastify's own factory makes them (fast-json-stringify, with the shared schemas
 * and serializer options Fastify passes), each built on the first answer that uses it instead of all of them before
 * the server listens: building every route's serializers was about 40 ms of a start on existing data.
 */
function lazySerializerBuilder(): SerializerFactory {
  const factory = SerializerSelector()
  return (externalSchemas, options) => {
    const compile = factory(externalSchemas, options)
    return (route) => {
      let serialize: Serializer | undefined
      return (doc: unknown) => (serialize ??= compile(route))(doc)
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploads are stored (the routes' own), for work outside a request. */
    mediaStore: MediaStore
  }
}

export interface AppOptions {
  config: Config
  db: Db
  payments?: PaymentProvider
  /** The media store (tests); by default the one the config names. */
  media?: MediaStore
  /** pino options, or false for none (tests). */
  logger?: FastifyServerOptions['logger']
  /** Where the server's own log settings write (tests read it); standard output by default. Unused with `logger`. */
  logStream?: LogStream
}

/**
 * The provider the configuration names: the built-in simulation, or Stripe Checkout. Stripe's SDK is loaded only
 * when it is the provider: at start it would cost every other server ~6 MB of heap.
 */
async function paymentProviderOf(config: Config): Promise<PaymentProvider> {
  const settings = config.payments
  if (settings.provider === 'simulated') return approvingProvider
  const { StripeProvider } = await import('./services/commerce/stripeProvider')
  // PUBLIC_URL is required with Stripe (checked by loadConfig).
  return new StripeProvider(settings, config.publicUrl!)
}

/**
 * Request ids unique across processes and restarts without drawing randomness per request: a random prefix drawn once
 * per process, then a counter (drawing a UUID was ~2% of a kept answer's time in a CPU profile under load).
 */
function requestIds(): () => string {
  const prefix = randomBytes(6).toString('base64url')
  let n = 0
  return () => `${prefix}-${(++n).toString(36)}`
}

/**
 * Fastify with the server's settings: its logger (the server's own, writing to `ownLog`, or a test's pino options),
 * request ids, limits and timeouts, the proxies it trusts, and the validators and serializers made on first use.
 */
function newFastify(opts: AppOptions, ownLog: LogStream | undefined): FastifyInstance {
  const { config } = opts
  const app = Fastify({
    logger: opts.logger ?? {
      level: config.logLevel,
      // Lines go out without holding the request: written in the background, flushed when the process ends.
      stream: ownLog,
      // A request is logged by its method, address, host and client address only (no headers: no credentials), and
      // a signed media URL's signature never reaches the logs.
      serializers: { req: requestLogSerializer },
    },
    genReqId: requestIds(),
    schemaController: { compilersFactory: { buildSerializer: lazySerializerBuilder() } },
    // One line per request (below) instead of Fastify's two ('incoming request' and 'request completed'): logging
    // was the largest share of a cached answer's time after writing it to the socket.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimit,
    // How far X-Forwarded-* is trusted (server/plugins/proxyTrust.ts says how a hop count and a list of proxies are
    // read); undefined when no proxy is trusted (Fastify then ignores the headers).
    trustProxy: trustFunction(config.trustProxy),
    // Slow clients are cut off: all headers within headersTimeout, the whole request (a 50 MB upload on a slow
    // link included) within requestTimeout, no traffic for idleTimeout, a kept-alive connection idle for keepAlive.
    requestTimeout: config.requestTimeoutSeconds * 1000,
    connectionTimeout: config.idleTimeoutSeconds * 1000,
    keepAliveTimeout: config.keepAliveTimeoutSeconds * 1000,
    http: {
      headersTimeout: config.headersTimeoutSeconds * 1000,
      requestTimeout: config.requestTimeoutSeconds * 1000,
      // Node checks the two limits above on this interval (30 s by default, which would stretch short limits).
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, (config.headersTimeoutSeconds * 1000) / 4)),
    },
    forceCloseConnections: 'idle',
    // main.ts refuses requests that arrive while closing with a problem+json 503 (and closes their connection)
    return503OnClosing: false,
    // A path the router cannot decode (bad percent-encoding, an over-long parameter) is refused like any bad
    // input; these replies skip the hooks, so they carry their own security headers.
    frameworkErrors: (err, _req, reply) => {
      void reply.headers(RESOURCE_HEADERS)
      void sendProblem(reply, err.statusCode ?? 400, err.message)
    },
    ajv: { customOptions: AJV_OPTIONS },
  })
  app.setValidatorCompiler(lazyValidatorCompiler())
  return app
}

/** The request log: one line per answer, and at debug level a line as each request arrives. */
function addRequestLog(app: FastifyInstance, ownLog: LogStream | undefined): void {
  // At debug level a request is also logged as it arrives, so one that never ends still shows.
  if (app.log.level === 'debug' || app.log.level === 'trace')
    app.addHook('onRequest', (req, _reply, done) => {
      req.log.debug({ req }, 'incoming request')
      done()
    })
  app.addHook(
    'onResponse',
    ownLog
      ? // the line pino would write, made from one template (server/logDestination.ts)
        requestLogHook(ownLog)
      : (req, reply, done) => {
          req.log.info({ req, res: reply, responseTime: reply.elapsedTime }, 'request completed')
          done()
        },
  )
}

/** Request bodies: JSON only (multipart is the video upload's own, server/routes/videos.ts). */
function addBodyParsers(app: FastifyInstance): void {
  // An empty body on a JSON request (an enroll call with Content-Type set) means "no body".
  const defaultJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  // Only JSON (and multipart for uploads, server/routes/videos.ts) is accepted; anything else is a 415.
  app.removeContentTypeParser('text/plain')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '' || body === undefined) return done(null, undefined)
    void defaultJson(req, body as string, done)
  })
}

/**
 * What every route relies on, in order: problem answers, cookies, rate limits (per route), security headers,
 * compression and the built SPA, the XSRF check, authentication, and conditional GET with the kept course list.
 */
async function registerPlugins(app: FastifyInstance, config: Config, db: Db): Promise<void> {
  await app.register(errorsPlugin)
  await app.register(cookie)
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(db),
    errorResponseBuilder: (_req, ctx) =>
      Object.assign(
        new Error(`Too many attempts. Try again in ${inWords(Math.max(1, Math.ceil(ctx.ttl / 1000)))}.`),
        {
          statusCode: 429,
        },
      ),
  })
  await app.register(webPlugin, {
    distDir: config.distDir,
    shellFile: (path: string) => shellPageOf(path)?.file,
    inlineScripts: [SHELL_BOOT_SCRIPT, THEME_BOOT_SCRIPT],
    mediaOrigins: config.s3 ? [s3Origin(config.s3)] : [],
    // Loaded on the first /courses page, not at start: it brings react-dom/server and the SPA's card component.
    fillPage: async (file, template, get) =>
      file === 'courses.html'
        ? (await import('./web/coursesPage')).coursesPage(db, template, get)
        : undefined,
  })
  await app.register(xsrfPlugin, { alwaysSecure: secureCookies(config) })
  await app.register(authPlugin, { db, tokens: tokenService(config.jwtSecret, config.jwtTtl) })
  // ETags and 304s, and the kept course list: before the routes, whose hooks it adds to.
  await app.register(responseCachePlugin, { db })
}

/** The routes, given what they share (RouteDeps); once ready, every operation of the contract must have one. */
async function registerRoutes(app: FastifyInstance, opts: AppOptions): Promise<void> {
  const { config, db } = opts
  // The cost of every new password hash (registration, login re-hash, password changes) comes from the config.
  setScryptLog2N(config.scryptLog2N)
  const deps: RouteDeps = {
    db,
    config,
    signer: new MediaSigner(config.jwtSecret, config.mediaUrlTtl),
    payments: opts.payments ?? (await paymentProviderOf(config)),
    media: opts.media ?? (await createMediaStore(config)),
  }
  // A store the app made is the app's to close (object storage: its client's kept-alive connections).
  if (!opts.media) app.addHook('onClose', async () => deps.media.close?.())
  // for the server's background work on uploads (server/serve.ts: posters and lengths)
  app.decorate('mediaStore', deps.media)
  for (const routes of [
    healthRoutes,
    authRoutes,
    accountRoutes,
    courseRoutes,
    enrollmentRoutes,
    moduleRoutes,
    videoRoutes,
    captionRoutes,
    posterRoutes,
    profileRoutes,
    userRoutes,
    playerRoutes,
    cartRoutes,
    sessionRoutes,
    progressRoutes,
    lineRoutes,
    gameRoutes,
    puzzleRoutes,
    courseReviewRoutes,
    paymentRoutes,
    certificateRoutes,
  ]) {
    await app.register(routes, deps)
  }

  app.addHook('onReady', async () => {
    const missing = [...app.contract.operations.keys()].filter((id) => !app.routedOperations.has(id))
    if (missing.length) throw new Error(`contract operations without a route: ${missing.join(', ')}`)
  })
}

/** The whole server as one Fastify instance, not yet listening (tests inject into it). */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  // The server's own log settings (not a test's pino options): its request lines are written straight to the stream.
  const ownLog = opts.logger === undefined ? (opts.logStream ?? asyncStdout()) : undefined
  const app = newFastify(opts, ownLog)
  addRequestLog(app, ownLog)
  addBodyParsers(app)
  app.decorate('contract', await loadContract())
  app.decorate('routedOperations', new Set<string>())
  await registerPlugins(app, opts.config, opts.db)
  await registerRoutes(app, opts)
  return app
}
