import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config'

const dir = mkdtempSync(join(tmpdir(), 'coe-config-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({ DATA_DIR: dir })
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: dir,
      databaseUrl: undefined,
      jwtTtl: '7d',
      seedDemo: undefined,
      uploadMaxBytes: 50 * 1024 * 1024,
      mediaDir: join(dir, 'media'),
      bodyLimit: 100 * 1024,
      loginMaxFailuresPerAccount: 5,
      loginMaxFailuresPerAddress: 100,
      loginFailureWindowSeconds: 900,
      registerRateLimitMax: 60,
      registerRateLimitWindowSeconds: 600,
      headersTimeoutSeconds: 30,
      requestTimeoutSeconds: 300,
      idleTimeoutSeconds: 60,
      keepAliveTimeoutSeconds: 5,
      trustProxy: false,
      mediaUrlTtl: 3600,
      logLevel: 'info',
      pgliteSharedBuffers: '8MB',
      publicUrl: undefined,
      testClock: false,
      smtpUrl: undefined,
      mailFrom: 'Chess Online Education <no-reply@localhost>',
      passwordResetRateLimitMax: 10,
      mailLeaseSeconds: 300,
    })
  })

  it('reads the mail settings and refuses bad ones at start', () => {
    const c = loadConfig({
      DATA_DIR: dir,
      SMTP_URL: 'smtps://user:secret@mail.example.org:465',
      MAIL_FROM: 'Chess Online Education <no-reply@chess.example.org>',
    })
    expect(c.smtpUrl).toBe('smtps://user:secret@mail.example.org:465')
    expect(c.mailFrom).toBe('Chess Online Education <no-reply@chess.example.org>')
    expect(() => loadConfig({ DATA_DIR: dir, SMTP_URL: 'http://mail.example.org' })).toThrow(
      /SMTP_URL must start with smtp:\/\/ or smtps:\/\//,
    )
    expect(() => loadConfig({ DATA_DIR: dir, SMTP_URL: 'not a url' })).toThrow(/SMTP_URL is not a URL/)
    expect(() => loadConfig({ DATA_DIR: dir, SMTP_URL: 'smtp://mail.example.org' })).toThrow(
      /MAIL_FROM is required with SMTP_URL/,
    )
    for (const bad of ['no-reply', 'A <b>', 'x@y\nBcc: z@w', 'Name <a@b> trailing'])
      expect(() => loadConfig({ DATA_DIR: dir, MAIL_FROM: bad })).toThrow(/MAIL_FROM/)
    expect(loadConfig({ DATA_DIR: dir, MAIL_FROM: 'team@chess.example.org' }).mailFrom).toBe(
      'team@chess.example.org',
    )
  })

  it('keeps media on the local disk by default, and reads MEDIA_STORAGE=s3 with its bucket settings', () => {
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({ mediaStorage: 'local', s3: undefined })
    const s3 = { DATA_DIR: dir, MEDIA_STORAGE: 's3', S3_BUCKET: 'course-media', S3_REGION: 'eu-west-3' }
    expect(loadConfig(s3)).toMatchObject({
      mediaStorage: 's3',
      s3: {
        bucket: 'course-media',
        region: 'eu-west-3',
        endpoint: undefined,
        forcePathStyle: false,
        credentials: undefined,
      },
    })
    expect(
      loadConfig({
        ...s3,
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_FORCE_PATH_STYLE: '1',
        AWS_ACCESS_KEY_ID: 'AKID',
        AWS_SECRET_ACCESS_KEY: 'secret',
      }).s3,
    ).toEqual({
      bucket: 'course-media',
      region: 'eu-west-3',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' },
    })
  })

  it.each([
    [{ MEDIA_STORAGE: 'ftp' }, /MEDIA_STORAGE must be local or s3/],
    [{ MEDIA_STORAGE: 's3' }, /MEDIA_STORAGE=s3 needs S3_BUCKET and S3_REGION/],
    [{ MEDIA_STORAGE: 's3', S3_BUCKET: 'b-1' }, /needs S3_REGION/],
    [
      { MEDIA_STORAGE: 's3', S3_BUCKET: 'Bad_Bucket', S3_REGION: 'r' },
      /S3_BUCKET "Bad_Bucket" is not a bucket name/,
    ],
    [
      { MEDIA_STORAGE: 's3', S3_BUCKET: 'b-1', S3_REGION: 'r', S3_ENDPOINT: 'minio:9000' },
      /S3_ENDPOINT "minio:9000"/,
    ],
    [
      { MEDIA_STORAGE: 's3', S3_BUCKET: 'b-1', S3_REGION: 'r', S3_FORCE_PATH_STYLE: 'yes' },
      /S3_FORCE_PATH_STYLE/,
    ],
    [
      { MEDIA_STORAGE: 's3', S3_BUCKET: 'b-1', S3_REGION: 'r', AWS_ACCESS_KEY_ID: 'x' },
      /set both, or neither/,
    ],
    [
      { MEDIA_STORAGE: 's3', S3_BUCKET: 'b-1', S3_REGION: 'r', MEDIA_URL_TTL: '700000' },
      /MEDIA_URL_TTL may not exceed/,
    ],
  ])('refuses object storage settings it cannot use: %j', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(message)
  })

  it('reads PGLITE_SHARED_BUFFERS as a PostgreSQL size and refuses anything else', () => {
    expect(loadConfig({ DATA_DIR: dir, PGLITE_SHARED_BUFFERS: '128MB' }).pgliteSharedBuffers).toBe('128MB')
    expect(loadConfig({ DATA_DIR: dir, PGLITE_SHARED_BUFFERS: '8192kB' }).pgliteSharedBuffers).toBe('8192kB')
    for (const bad of ['32', '32 MB', '0MB', '-1MB', '32MB; DROP', 'lots'])
      expect(() => loadConfig({ DATA_DIR: dir, PGLITE_SHARED_BUFFERS: bad }), bad).toThrow(
        /PGLITE_SHARED_BUFFERS/,
      )
  })

  it('generates an embedded JWT secret once and keeps it in $DATA_DIR/jwt-secret', () => {
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret
    expect(first.length).toBeGreaterThanOrEqual(32)
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first)
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first)
  })

  it('refuses to start on PostgreSQL without JWT_SECRET, and never writes a secret file for it', () => {
    const other = join(dir, 'pg')
    expect(() => loadConfig({ DATA_DIR: other, DATABASE_URL: 'postgres://db/app' })).toThrow(
      /JWT_SECRET is required/,
    )
    expect(existsSync(join(other, 'jwt-secret'))).toBe(false)
    expect(loadConfig({ DATABASE_URL: 'postgres://db/app', JWT_SECRET: 's'.repeat(32) }).databaseUrl).toBe(
      'postgres://db/app',
    )
  })

  it.each([
    ['PORT', 'abc'],
    ['SEED_DEMO', 'maybe'],
    ['JWT_SECRET', 'short'],
    ['DATABASE_URL', 'mysql://x'],
    ['UPLOAD_MAX_BYTES', '-1'],
    ['LOG_LEVEL', 'loud'],
    ['JWT_TTL', 'forever'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1, proxy.example'],
    ['LOGIN_MAX_FAILURES_PER_ACCOUNT', '0'],
    ['REGISTER_RATE_LIMIT_MAX', 'many'],
    ['REQUEST_TIMEOUT_SECONDS', '0'],
    ['PUBLIC_URL', 'chess.example.org'],
    ['PUBLIC_URL', 'ftp://chess.example.org'],
    ['PUBLIC_URL', 'https://user:pw@chess.example.org'],
    ['PUBLIC_URL', 'https://chess.example.org/?next=1'],
    ['TEST_CLOCK', 'yes'],
  ])('refuses an invalid %s with a clear message', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dir, [name]: value })).toThrow(name)
  })

  it('reads TRUST_PROXY as a number of proxy hops or a list of proxy addresses and CIDR ranges', () => {
    expect(loadConfig({ DATA_DIR: dir }).trustProxy).toBe(false)
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '0' }).trustProxy).toBe(false)
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(
      loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.5, 192.168.0.0/16,fd00::/8,loopback' }).trustProxy,
    ).toEqual(['10.0.0.5', '192.168.0.0/16', 'fd00::/8', 'loopback'])
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'true' })).toThrow(
      /number of proxies.*choose its own address/,
    )
  })

  it('keeps AUTH_RATE_LIMIT_MAX working as the default of the sign-in and registration limits', () => {
    expect(loadConfig({ DATA_DIR: dir, AUTH_RATE_LIMIT_MAX: '7' })).toMatchObject({
      loginMaxFailuresPerAccount: 7,
      loginMaxFailuresPerAddress: 7,
      registerRateLimitMax: 7,
    })
    expect(
      loadConfig({ DATA_DIR: dir, AUTH_RATE_LIMIT_MAX: '7', LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' }),
    ).toMatchObject({
      loginMaxFailuresPerAccount: 3,
      loginMaxFailuresPerAddress: 7,
    })
    // empty means unset: the documented defaults
    expect(loadConfig({ DATA_DIR: dir, AUTH_RATE_LIMIT_MAX: '' }).loginMaxFailuresPerAccount).toBe(5)
  })

  it('refuses a headers timeout longer than the request timeout (Node would throw at start)', () => {
    expect(() =>
      loadConfig({ DATA_DIR: dir, HEADERS_TIMEOUT_SECONDS: '60', REQUEST_TIMEOUT_SECONDS: '30' }),
    ).toThrow(/HEADERS_TIMEOUT_SECONDS \(60\) may not exceed REQUEST_TIMEOUT_SECONDS \(30\)/)
  })

  it('reads PUBLIC_URL as an origin with an optional path, without its trailing slash', () => {
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://Chess.Example.org/' }).publicUrl).toBe(
      'https://chess.example.org',
    )
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://example.org/chess/' }).publicUrl).toBe(
      'https://example.org/chess',
    )
    expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'http://localhost:3000' }).publicUrl).toBe(
      'http://localhost:3000',
    )
  })

  it.each([
    [{ HOST: '127.0.0.1' }, true],
    [{ HOST: 'localhost' }, true],
    [{ HOST: '::1' }, true],
    [{ HOST: '0.0.0.0' }, false],
    [{ HOST: '192.168.1.5' }, false],
    [{ TRUST_PROXY: '1' }, false],
    [{ TRUST_PROXY: 'loopback' }, false],
    [{ HOST: '::1', TRUST_PROXY: '10.0.0.0/8' }, false],
  ])(
    'TEST_CLOCK=1 with %o: allowed only when nothing but this machine reaches the server (%s)',
    (env, ok) => {
      const load = () => loadConfig({ DATA_DIR: dir, TEST_CLOCK: '1', ...env })
      if (ok) expect(load().testClock).toBe(true)
      else expect(load).toThrow(/TEST_CLOCK=1 lets any client set the time.*other machines could reach/)
    },
  )
})
