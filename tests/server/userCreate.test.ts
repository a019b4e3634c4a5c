import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite } from '../../server/db/db'
import { pgliteTemplate } from '../helpers/buildServer'

// The command runs against an embedded database in a throwaway DATA_DIR, exactly as a user would run it.
const dataDir = mkdtempSync(join(tmpdir(), 'coe-cli-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
// Starting the data directory from the migrated template spares the command a slow initdb.
beforeAll(async () => {
  const db = await openPglite(join(dataDir, 'pgdata'), await pgliteTemplate())
  await db.close()
})

function userCreate(...args: string[]) {
  const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' }
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/userCreate.ts', ...args], { env, encoding: 'utf8', timeout: 120_000 })
}

describe('npm run user:create', () => {
  it('creates a user with the given role and prints its id; refuses duplicates and invalid input with exit 1', async () => {
    const ok = userCreate('--username', 'root_admin', '--email', 'Root@Example.com', '--password', 'a-strong-pass', '--role', 'admin')
    expect(ok.stderr).toBe('')
    expect(ok.status).toBe(0)
    const id = ok.stdout.trim()
    expect(id).toMatch(/^[0-9a-f-]{36}$/)

    const dup = userCreate('--username', 'someone', '--email', 'root@example.com', '--password', 'a-strong-pass', '--role', 'student')
    expect(dup.status).toBe(1)
    expect(dup.stderr).toContain('already registered')

    const bad = userCreate('--username', 'x', '--email', 'nope', '--password', 'short', '--role', 'king')
    expect(bad.status).toBe(1)
    expect(bad.stderr).toMatch(/username.*email.*password.*role/s)

    const db = await openPglite(join(dataDir, 'pgdata'))
    try {
      expect(await db.query('SELECT id, username, email, role FROM users')).toEqual([
        { id, username: 'root_admin', email: 'root@example.com', role: 'admin' },
      ])
    } finally {
      await db.close()
    }
  }, 240_000)
})
