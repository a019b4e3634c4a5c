import { isIP } from 'node:net'
import { join, resolve } from 'node:path'
import { readOrCreateSecret } from './dataFolder'
import { checkedEnv, ConfigError, int, type Env } from './envSchema'
import { exposureOf } from './services/accounts/demoAccounts'
import type { S3Settings } from './services/media/s3MediaStore'

export { ConfigError } from './envSchema'
export { secureDataDir, secureDataFiles, securePrivateFolder } from './dataFolder'

/** Embedded PGlite's buffer cache when PGLITE_SHARED_BUFFERS names none (why 8MB: server/db/db.ts, openPglite). */
export const PGLITE_SHARED_BUFFERS_DEFAULT = '8MB'

export interface Config {
  port: number
  host: string
  dataDir: string
  /** Set for a real PostgreSQL server; absent means embedded PGlite in `$DATA_DIR/pgdata`. */
  databaseUrl: string | undefined
  jwtSecret: string
  /** Token lifetime as understood by jose (`7d`, `12h`, `3600s`). */
  jwtTtl: string
  /** undefined: seed only an empty embedded database; true/false: forced. */
  seedDemo: boolean | undefined
  uploadMaxBytes: number
  mediaDir: string
  /** Where uploaded media live: `local` (MEDIA_DIR) or `s3` (a bucket of S3 or an S3-compatible store). */
  mediaStorage: 'local' | 's3'
  /** The bucket and how to reach it, with MEDIA_STORAGE=s3 only. */
  s3: S3Settings | undefined
  bodyLimit: number
  /** Failed sign-ins one account may have within the window before it is refused (429) until the window ends. */
  loginMaxFailuresPerAccount: number
  /** Failed sign-ins one client address (IPv6: its /64) may have within the window. */
  loginMaxFailuresPerAddress: number
  loginFailureWindowSeconds: number
  /** Registrations per client address (IPv6: its /64) per window. */
  registerRateLimitMax: number
  registerRateLimitWindowSeconds: number
  /** Password reset requests per client address (IPv6: its /64) per 15 minutes. */
  passwordResetRateLimitMax: number
  /** How long a sender holds a mail it claimed before another may send it (a sender that died meanwhile). */
  mailLeaseSeconds: number
  /** Node's http server: all request headers within, the whole request (headers and body) within. */
  headersTimeoutSeconds: number
  requestTimeoutSeconds: number
  /** A socket with no traffic either way for this long is closed. */
  idleTimeoutSeconds: number
  /** How long a kept-alive connection may wait for its next request. */
  keepAliveTimeoutSeconds: number
  mediaUrlTtl: number
  logLevel: string
  /** Embedded PGlite's buffer cache (PostgreSQL's shared_buffers): its memory is taken at start. */
  pgliteSharedBuffers: string
  /** Embedded PGlite: seconds its thread may owe an answer before it counts as hung and is started again. */
  pgliteCallTimeoutSeconds: number
  /** The built SPA; served when it holds an index.html. */
  distDir: string
  /**
   * Behind reverse proxies: how far to trust X-Forwarded-* (client address for the limits, https for cookies).
   * false: not at all; a number: that many proxy hops in front; a list: the proxies' addresses or CIDR ranges.
   */
  trustProxy: false | number | string[]
  /** scrypt cost as log2(N); 17 (N=2^17, OWASP's minimum) unless lowered for tests. */
  scryptLog2N: number
  /** Per user per minute: comments posted, follows, video uploads (429 with Retry-After above). */
  commentRateLimitMax: number
  followRateLimitMax: number
  uploadRateLimitMax: number
  /** Saves and deletions of kept practice games per user per minute. */
  gameRateLimitMax: number
  /** Finished practices of modules' lines recorded per user per minute. */
  practiceRateLimitMax: number
  /** Puzzle attempts, puzzle reviews and kept mistakes recorded per user per minute. */
  puzzleRateLimitMax: number
  /** Total bytes of uploaded video one user may keep (413 above). */
  uploadQuotaBytes: number
  /**
   * Tests only (TEST_CLOCK=1, loopback hosts only): a request's `X-Test-Now` header (an ISO 8601 time) is the
   * review schedule's "now", so a browser test can move the clock forward without waiting.
   */
  testClock: boolean
  /**
   * The address people reach the product at (`https://chess.example.org`), without a trailing slash: for links that
   * leave the browser (mail, payment returns) and to mark cookies Secure whenever it is https, whatever a request
   * looks like on its way through a proxy. Undefined when not set.
   */
  publicUrl: string | undefined
  /**
   * Mail goes out over SMTP to this server (`smtp://user:pass@host:587`, `smtps://…:465`); undefined: every mail is
   * written as an `.eml` file to `$DATA_DIR/mail/` instead, and the log names the file.
   */
  smtpUrl: string | undefined
  /** The From of every mail (`Chess Online Education <no-reply@chess.example.org>`). */
  mailFrom: string
  /** Who takes the money: the built-in simulation (no money moves) or Stripe Checkout. */
  payments: PaymentSettings
}

/**
 * `simulated` (the default): the built-in provider approves every payment and moves no money. `stripe`: Stripe
 * Checkout, with its secret key and webhook signing secret (never logged nor sent to the browser); `apiBase` points
 * the SDK at another address of the same API (STRIPE_API_BASE, for tests against a local stand-in).
 */
export type PaymentSettings =
  | { provider: 'simulated' }
  | { provider: 'stripe'; secretKey: string; webhookSecret: string; apiBase: string | undefined }

const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal']

function trustProxyFrom(raw: string | undefined): false | number | string[] {
  if (raw === undefined || raw === '' || raw === '0' || raw === 'false') return false
  if (/^\d+$/.test(raw)) return Number(raw)
  const entries = raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)
  for (const entry of entries) {
    const [address, prefix, ...rest] = entry.split('/')
    const family = isIP(address ?? '')
    const validPrefix =
      prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32))
    if (NAMED_RANGES.includes(entry) || (family && validPrefix && !rest.length)) continue
    throw new ConfigError(
      `TRUST_PROXY must be the number of proxies in front of the server (e.g. 1) or a comma-separated list of their addresses or CIDR ranges; "${entry}" is neither` +
        (entry === 'true'
          ? ' (trusting every forwarded address would let any client choose its own address)'
          : ''),
    )
  }
  return entries.length ? entries : false
}

/** Reads and validates the environment once; the rest of the server receives the typed result. */
export function loadConfig(raw: Env = process.env): Config {
  const env = checkedEnv(raw)
  const dataDir = resolve(env.DATA_DIR ?? './data')
  const databaseUrl = env.DATABASE_URL
  let jwtSecret = env.JWT_SECRET
  if (!jwtSecret) {
    if (databaseUrl) {
      throw new ConfigError(
        'JWT_SECRET is required with DATABASE_URL (every instance must share it); set it to a random string of 32+ characters',
      )
    }
    jwtSecret = readOrCreateSecret(join(dataDir, 'jwt-secret'))
  }
  const seedDemo = env.SEED_DEMO === undefined ? undefined : env.SEED_DEMO === '1' || env.SEED_DEMO === 'true'
  // AUTH_RATE_LIMIT_MAX (before these limits existed) still works: the default of all three limits below.
  const legacyAuthMax = env.AUTH_RATE_LIMIT_MAX === undefined ? undefined : int(env, 'AUTH_RATE_LIMIT_MAX', 1)
  const headersTimeoutSeconds = int(env, 'HEADERS_TIMEOUT_SECONDS', 30)
  const requestTimeoutSeconds = int(env, 'REQUEST_TIMEOUT_SECONDS', 300)
  if (headersTimeoutSeconds > requestTimeoutSeconds) {
    throw new ConfigError(
      `HEADERS_TIMEOUT_SECONDS (${headersTimeoutSeconds}) may not exceed REQUEST_TIMEOUT_SECONDS (${requestTimeoutSeconds})`,
    )
  }
  const trustProxy = trustProxyFrom(env.TRUST_PROXY)
  const publicUrl = publicUrlFrom(env.PUBLIC_URL)
  const mediaUrlTtl = int(env, 'MEDIA_URL_TTL', 3600)
  const uploadMaxBytes = int(env, 'UPLOAD_MAX_BYTES', 50 * 1024 * 1024)
  const { mediaStorage, s3 } = mediaStorageFrom(env, mediaUrlTtl, uploadMaxBytes)
  return {
    port: int(env, 'PORT', 3000),
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl,
    jwtSecret,
    jwtTtl: env.JWT_TTL ?? '7d',
    seedDemo,
    uploadMaxBytes,
    mediaDir: resolve(env.MEDIA_DIR ?? join(dataDir, 'media')),
    mediaStorage,
    s3,
    bodyLimit: int(env, 'BODY_LIMIT', 100 * 1024),
    loginMaxFailuresPerAccount: int(env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT', legacyAuthMax ?? 5),
    loginMaxFailuresPerAddress: int(env, 'LOGIN_MAX_FAILURES_PER_ADDRESS', legacyAuthMax ?? 100),
    loginFailureWindowSeconds: int(env, 'LOGIN_FAILURE_WINDOW_SECONDS', 900),
    registerRateLimitMax: int(env, 'REGISTER_RATE_LIMIT_MAX', legacyAuthMax ?? 60),
    registerRateLimitWindowSeconds: int(env, 'REGISTER_RATE_LIMIT_WINDOW_SECONDS', 600),
    passwordResetRateLimitMax: int(env, 'PASSWORD_RESET_RATE_LIMIT_MAX', legacyAuthMax ?? 10),
    mailLeaseSeconds: int(env, 'MAIL_LEASE_SECONDS', 300),
    headersTimeoutSeconds,
    requestTimeoutSeconds,
    idleTimeoutSeconds: int(env, 'IDLE_TIMEOUT_SECONDS', 60),
    keepAliveTimeoutSeconds: int(env, 'KEEPALIVE_TIMEOUT_SECONDS', 5),
    mediaUrlTtl,
    logLevel: env.LOG_LEVEL ?? 'info',
    pgliteSharedBuffers: env.PGLITE_SHARED_BUFFERS ?? PGLITE_SHARED_BUFFERS_DEFAULT,
    pgliteCallTimeoutSeconds: int(env, 'PGLITE_CALL_TIMEOUT_SECONDS', 30),
    distDir: resolve(env.DIST_DIR ?? 'dist'),
    trustProxy,
    scryptLog2N: int(env, 'SCRYPT_LOG2N', 17),
    commentRateLimitMax: int(env, 'COMMENT_RATE_LIMIT_MAX', 10),
    followRateLimitMax: int(env, 'FOLLOW_RATE_LIMIT_MAX', 30),
    uploadRateLimitMax: int(env, 'UPLOAD_RATE_LIMIT_MAX', 10),
    gameRateLimitMax: int(env, 'GAME_RATE_LIMIT_MAX', 30),
    practiceRateLimitMax: int(env, 'PRACTICE_RATE_LIMIT_MAX', 60),
    puzzleRateLimitMax: int(env, 'PUZZLE_RATE_LIMIT_MAX', 60),
    uploadQuotaBytes: int(env, 'UPLOAD_QUOTA_BYTES', 2 * 1024 * 1024 * 1024),
    testClock: testClockFrom(env, trustProxy),
    publicUrl,
    payments: paymentsFrom(env, publicUrl),
    smtpUrl: env.SMTP_URL === undefined ? undefined : smtpUrlFrom(env.SMTP_URL),
    mailFrom: mailFromOf(env.MAIL_FROM, env.SMTP_URL),
  }
}

function paymentsFrom(env: Env, publicUrl: string | undefined): PaymentSettings {
  const provider = (env.PAYMENT_PROVIDER ?? 'simulated') as PaymentSettings['provider']
  if (provider === 'simulated') return { provider }
  const missing = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'PUBLIC_URL'].filter((name) => !env[name])
  if (missing.length)
    throw new ConfigError(`PAYMENT_PROVIDER=stripe requires ${missing.join(', ')} (see docs/operations.md)`)
  // The values themselves never appear in a message: only what is wrong with them.
  const secretKey = env.STRIPE_SECRET_KEY!
  if (!/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/.test(secretKey))
    throw new ConfigError(
      'STRIPE_SECRET_KEY is not a Stripe secret key (sk_live_… or sk_test_…, or a restricted rk_ key)',
    )
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET!
  if (!/^whsec_[A-Za-z0-9+/=_-]{8,}$/.test(webhookSecret))
    throw new ConfigError("STRIPE_WEBHOOK_SECRET is not a webhook endpoint's signing secret (whsec_…)")
  let apiBase: string | undefined
  if (env.STRIPE_API_BASE) {
    const url = URL.canParse(env.STRIPE_API_BASE) ? new URL(env.STRIPE_API_BASE) : undefined
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname !== '/')
      throw new ConfigError('STRIPE_API_BASE must be an origin like https://api.stripe.com')
    apiBase = url.origin
  }
  if (secretKey.includes('_live_') && !publicUrl?.startsWith('https://'))
    throw new ConfigError('PUBLIC_URL must be https:// with a live Stripe key')
  return { provider, secretKey, webhookSecret, apiBase }
}

function smtpUrlFrom(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new ConfigError('SMTP_URL is not a URL like smtp://user:password@mail.example.org:587')
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new ConfigError(`SMTP_URL must start with smtp:// or smtps://, got "${url.protocol}//…"`)
  if (!url.hostname) throw new ConfigError('SMTP_URL names no host')
  return raw
}

/** `Name <address>` or a bare address, one line; required with SMTP_URL (a real server needs a real sender). */
function mailFromOf(raw: string | undefined, smtpUrl: string | undefined): string {
  if (raw === undefined || raw === '') {
    if (smtpUrl)
      throw new ConfigError(
        'MAIL_FROM is required with SMTP_URL, e.g. "Chess Online Education <no-reply@chess.example.org>"',
      )
    return 'Chess Online Education <no-reply@localhost>'
  }
  const address = /<([^<>\s]+)>$/.exec(raw)?.[1] ?? raw
  if (raw.length > 200 || /[\r\n]/.test(raw) || !/^[^@\s<>]+@[^@\s<>]+$/.test(address))
    throw new ConfigError(
      `MAIL_FROM "${raw}" is not an address like "Chess Online Education <no-reply@chess.example.org>"`,
    )
  return raw
}

/** Where links that leave the browser (mail) point: PUBLIC_URL, or this machine's port for a local run. */
export function publicBaseUrl(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`
}

/** A presigned URL lives at most 7 days (SigV4); one copy (CopyObject) at most 5 GiB. */
const S3_MAX_URL_TTL = 7 * 24 * 3600
const S3_MAX_OBJECT_BYTES = 5 * 1024 ** 3

function mediaStorageFrom(
  env: Env,
  mediaUrlTtl: number,
  uploadMaxBytes: number,
): Pick<Config, 'mediaStorage' | 's3'> {
  if (env.MEDIA_STORAGE !== 's3') return { mediaStorage: 'local', s3: undefined }
  const missing = ['S3_BUCKET', 'S3_REGION'].filter((name) => !env[name])
  if (missing.length)
    throw new ConfigError(`MEDIA_STORAGE=s3 needs ${missing.join(' and ')} (the bucket and its region)`)
  const bucket = env.S3_BUCKET!
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new ConfigError(
      `S3_BUCKET "${bucket}" is not a bucket name (3 to 63 lowercase letters, digits, dots, hyphens)`,
    )
  let endpoint: string | undefined
  if (env.S3_ENDPOINT) {
    let url: URL | undefined
    try {
      url = new URL(env.S3_ENDPOINT)
    } catch {
      url = undefined
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password)
      throw new ConfigError(
        `S3_ENDPOINT "${env.S3_ENDPOINT}" is not an http(s) URL like https://minio.example.org:9000`,
      )
    endpoint = url.origin
  }
  const pathStyleRaw = env.S3_FORCE_PATH_STYLE
  let forcePathStyle = false
  if (pathStyleRaw === '1' || pathStyleRaw === 'true') forcePathStyle = true
  else if (pathStyleRaw && pathStyleRaw !== '0' && pathStyleRaw !== 'false')
    throw new ConfigError('S3_FORCE_PATH_STYLE must be 0 or 1')
  const accessKeyId = env.AWS_ACCESS_KEY_ID
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY
  if (!!accessKeyId !== !!secretAccessKey)
    throw new ConfigError('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together: set both, or neither')
  if (mediaUrlTtl > S3_MAX_URL_TTL)
    throw new ConfigError(
      `MEDIA_URL_TTL may not exceed ${S3_MAX_URL_TTL} seconds (7 days) with MEDIA_STORAGE=s3`,
    )
  if (uploadMaxBytes > S3_MAX_OBJECT_BYTES)
    throw new ConfigError(
      `UPLOAD_MAX_BYTES may not exceed ${S3_MAX_OBJECT_BYTES} (5 GiB) with MEDIA_STORAGE=s3`,
    )
  return {
    mediaStorage: 's3',
    s3: {
      bucket,
      region: env.S3_REGION!,
      endpoint,
      forcePathStyle,
      credentials:
        accessKeyId && secretAccessKey
          ? {
              accessKeyId,
              secretAccessKey,
              ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
            }
          : undefined,
    },
  }
}

function publicUrlFrom(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new ConfigError(`PUBLIC_URL "${raw}" is not an absolute URL like https://chess.example.org`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ConfigError(`PUBLIC_URL must start with https:// (or http://), got "${raw}"`)
  if (url.username || url.password || url.search || url.hash)
    throw new ConfigError(`PUBLIC_URL "${raw}" may not carry a user, a password, a query or a fragment`)
  return `${url.origin}${url.pathname}`.replace(/\/$/, '')
}

function testClockFrom(env: Env, trustProxy: Config['trustProxy']): boolean {
  if (env.TEST_CLOCK !== '1') return false
  const exposure = exposureOf(env.HOST || '127.0.0.1', trustProxy)
  if (exposure)
    throw new ConfigError(
      `TEST_CLOCK=1 lets any client set the time: it is for tests on a loopback HOST without TRUST_PROXY only, and other machines could reach this server (${exposure})`,
    )
  return true
}

/** Cookies are Secure whatever a request looks like when people reach the product over https (PUBLIC_URL). */
export function secureCookies(config: Pick<Config, 'publicUrl'>): boolean {
  return config.publicUrl?.startsWith('https://') ?? false
}
