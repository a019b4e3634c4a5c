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
      host: '0.0.0.0',
      dataDir: dir,
      databaseUrl: undefined,
      jwtTtl: '7d',
      seedDemo: undefined,
      uploadMaxBytes: 50 * 1024 * 1024,
      mediaDir: join(dir, 'media'),
      bodyLimit: 100 * 1024,
      authRateLimitMax: 10,
      mediaUrlTtl: 3600,
      logLevel: 'info',
    })
  })

  it('generates an embedded JWT secret once and keeps it in $DATA_DIR/jwt-secret', () => {
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret
    expect(first.length).toBeGreaterThanOrEqual(32)
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first)
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first)
  })

  it('refuses to start on PostgreSQL without JWT_SECRET, and never writes a secret file for it', () => {
    const other = join(dir, 'pg')
    expect(() => loadConfig({ DATA_DIR: other, DATABASE_URL: 'postgres://db/app' })).toThrow(/JWT_SECRET is required/)
    expect(existsSync(join(other, 'jwt-secret'))).toBe(false)
    expect(loadConfig({ DATABASE_URL: 'postgres://db/app', JWT_SECRET: 's'.repeat(32) }).databaseUrl).toBe('postgres://db/app')
  })

  it.each([
    ['PORT', 'abc'],
    ['SEED_DEMO', 'maybe'],
    ['JWT_SECRET', 'short'],
    ['DATABASE_URL', 'mysql://x'],
    ['UPLOAD_MAX_BYTES', '-1'],
    ['LOG_LEVEL', 'loud'],
    ['JWT_TTL', 'forever'],
  ])('refuses an invalid %s with a clear message', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dir, [name]: value })).toThrow(name)
  })
})
