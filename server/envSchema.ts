import { Ajv, type ValidateFunction } from 'ajv'

/** A setting that cannot be used: its message says which and why (the server prints it and exits with code 1). */
export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>

/** An integer setting at least `min` (at most `max`), as its digits. */
function integer(min: number, max?: number): object {
  const digits = min === 0 ? '\\d+' : min === 1 ? '0*[1-9]\\d*' : undefined
  return {
    type: 'string',
    // from min to max: checked as a number below (message: the range)
    pattern: digits ? `^${digits}$` : '^\\d+$',
    message:
      max === undefined
        ? `{name} must be an integer >= ${min}, got "{value}"`
        : `{name} must be an integer from ${min} to ${max}, got "{value}"`,
    ...(max === undefined ? {} : { range: [min, max] }),
  }
}

const INTEGERS = {
  AUTH_RATE_LIMIT_MAX: 1,
  HEADERS_TIMEOUT_SECONDS: 1,
  REQUEST_TIMEOUT_SECONDS: 1,
  MEDIA_URL_TTL: 1,
  UPLOAD_MAX_BYTES: 1,
  PORT: 0,
  BODY_LIMIT: 1,
  LOGIN_MAX_FAILURES_PER_ACCOUNT: 1,
  LOGIN_MAX_FAILURES_PER_ADDRESS: 1,
  LOGIN_FAILURE_WINDOW_SECONDS: 1,
  REGISTER_RATE_LIMIT_MAX: 1,
  REGISTER_RATE_LIMIT_WINDOW_SECONDS: 1,
  PASSWORD_RESET_RATE_LIMIT_MAX: 1,
  MAIL_LEASE_SECONDS: 1,
  IDLE_TIMEOUT_SECONDS: 1,
  KEEPALIVE_TIMEOUT_SECONDS: 1,
  PGLITE_CALL_TIMEOUT_SECONDS: 1,
  COMMENT_RATE_LIMIT_MAX: 1,
  FOLLOW_RATE_LIMIT_MAX: 1,
  UPLOAD_RATE_LIMIT_MAX: 1,
  GAME_RATE_LIMIT_MAX: 1,
  PRACTICE_RATE_LIMIT_MAX: 1,
  PUZZLE_RATE_LIMIT_MAX: 1,
  UPLOAD_QUOTA_BYTES: 1,
} as const

/**
 * The environment variables whose form alone decides whether they are right, checked in this order (ajv). `message`
 * is what a wrong value is told with ({name}, {value}). An empty variable counts as unset. The settings that depend
 * on each other (the database and its secret, object storage, payments, mail, the exposure of TEST_CLOCK) are checked
 * by loadConfig and the functions below.
 */
const ENV_SCHEMA = {
  type: 'object',
  properties: {
    DATABASE_URL: {
      type: 'string',
      pattern: '^postgres(ql)?://',
      message: 'DATABASE_URL must start with postgres:// or postgresql://',
    },
    JWT_SECRET: { type: 'string', minLength: 32, message: 'JWT_SECRET must be at least 32 characters long' },
    JWT_TTL: {
      type: 'string',
      pattern: '^\\d+\\s*(s|sec|m|min|h|hr|d|day|w)?$',
      message: 'JWT_TTL "{value}" is not a duration like 7d, 12h, 3600s',
    },
    SEED_DEMO: { enum: ['0', '1', 'true', 'false'], message: 'SEED_DEMO must be 0 or 1' },
    LOG_LEVEL: {
      enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      message: 'LOG_LEVEL "{value}" is not a pino level',
    },
    PGLITE_SHARED_BUFFERS: {
      type: 'string',
      pattern: '^[1-9]\\d{0,6}(kB|MB|GB)$',
      message: 'PGLITE_SHARED_BUFFERS "{value}" is not a size like 32MB, 1GB or 8192kB',
    },
    ...Object.fromEntries(Object.entries(INTEGERS).map(([name, min]) => [name, integer(min)])),
    SCRYPT_LOG2N: integer(14, 20),
    TEST_CLOCK: { enum: ['0', '1'], message: 'TEST_CLOCK must be 0 or 1' },
    MEDIA_STORAGE: { enum: ['local', 's3'], message: 'MEDIA_STORAGE must be local or s3, got "{value}"' },
    PAYMENT_PROVIDER: {
      enum: ['simulated', 'stripe'],
      message: 'PAYMENT_PROVIDER must be simulated or stripe, got "{value}"',
    },
  },
} as const

type IntegerName = keyof typeof INTEGERS | 'SCRYPT_LOG2N'

let validateEnv: ValidateFunction | undefined

/** The environment without its empty variables, checked against ENV_SCHEMA (ConfigError: the first thing wrong). */
export function checkedEnv(env: Env): Env {
  const set: Env = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  )
  if (!validateEnv) {
    const ajv = new Ajv({ allErrors: false })
    ajv.addKeyword({ keyword: 'message', schemaType: 'string' })
    ajv.addKeyword({
      keyword: 'range',
      type: 'string',
      schemaType: 'array',
      validate: ([min, max]: number[], value: string) => Number(value) >= min && Number(value) <= max,
    })
    validateEnv = ajv.compile(ENV_SCHEMA)
  }
  if (validateEnv(set)) return set
  const name = validateEnv.errors![0].instancePath.slice(1) as keyof typeof ENV_SCHEMA.properties
  const { message } = ENV_SCHEMA.properties[name] as { message: string }
  throw new ConfigError(message.replace('{name}', name).replace('{value}', set[name] ?? ''))
}

/** An integer variable of a checked environment, or `fallback` when unset. */
export function int(env: Env, name: IntegerName, fallback: number): number {
  return env[name] === undefined ? fallback : Number(env[name])
}
