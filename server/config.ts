import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

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
  bodyLimit: number
  authRateLimitMax: number
  mediaUrlTtl: number
  logLevel: string
  /** The built SPA; served when it holds an index.html. */
  distDir: string
  /** Behind a reverse proxy: trust X-Forwarded-* (client IP for rate limits, https for cookies). */
  trustProxy: boolean
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>

function int(env: Env, name: string, fallback: number, min = 1): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  if (!/^\d+$/.test(raw) || Number(raw) < min) throw new ConfigError(`${name} must be an integer >= ${min}, got "${raw}"`)
  return Number(raw)
}

function readOrCreateSecret(file: string): string {
  if (existsSync(file)) {
    const s = readFileSync(file, 'utf8').trim()
    if (s.length >= 32) return s
  }
  mkdirSync(dirname(file), { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, secret + '\n', { mode: 0o600 })
  return secret
}

/** Reads and validates the environment once; the rest of the server receives the typed result. */
export function loadConfig(env: Env = process.env): Config {
  const dataDir = resolve(env.DATA_DIR || './data')
  const databaseUrl = env.DATABASE_URL || undefined
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://')
  }
  let jwtSecret = env.JWT_SECRET || ''
  if (jwtSecret && jwtSecret.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters long')
  if (!jwtSecret) {
    if (databaseUrl) {
      throw new ConfigError(
        'JWT_SECRET is required with DATABASE_URL (every instance must share it); set it to a random string of 32+ characters',
      )
    }
    jwtSecret = readOrCreateSecret(join(dataDir, 'jwt-secret'))
  }
  const jwtTtl = env.JWT_TTL || '7d'
  if (!/^\d+\s*(s|sec|m|min|h|hr|d|day|w)?$/.test(jwtTtl)) throw new ConfigError(`JWT_TTL "${jwtTtl}" is not a duration like 7d, 12h, 3600s`)
  const seedRaw = env.SEED_DEMO
  let seedDemo: boolean | undefined
  if (seedRaw === undefined || seedRaw === '') seedDemo = undefined
  else if (seedRaw === '1' || seedRaw === 'true') seedDemo = true
  else if (seedRaw === '0' || seedRaw === 'false') seedDemo = false
  else throw new ConfigError('SEED_DEMO must be 0 or 1')
  const logLevel = env.LOG_LEVEL || 'info'
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL "${logLevel}" is not a pino level`)
  }
  return {
    port: int(env, 'PORT', 3000, 0),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    jwtSecret,
    jwtTtl,
    seedDemo,
    uploadMaxBytes: int(env, 'UPLOAD_MAX_BYTES', 50 * 1024 * 1024),
    mediaDir: resolve(env.MEDIA_DIR || join(dataDir, 'media')),
    bodyLimit: int(env, 'BODY_LIMIT', 100 * 1024),
    authRateLimitMax: int(env, 'AUTH_RATE_LIMIT_MAX', 10),
    mediaUrlTtl: int(env, 'MEDIA_URL_TTL', 3600),
    logLevel,
    distDir: resolve(env.DIST_DIR || 'dist'),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
  }
}
