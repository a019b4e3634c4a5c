import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite } from '../../server/db/db'
import { pgliteTemplate } from '../helpers/buildServer'
import { verifyPassword } from '../../server/services/accounts/passwords'
import { userCreateCommand } from '../trust/support/spawn'

// The command runs against an embedded database in a throwaway DATA_DIR, exactly as a user would run it: the
// compiled dist-server/user-create.js (rebuilt first when older than its sources).
const dataDir = mkdtempSync(join(tmpdir(), 'coe-cli-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
// Starting the data directory from the migrated template spares the command a slow initdb.
beforeAll(async () => {
  const db = await openPglite(join(dataDir, 'pgdata'), await pgliteTemplate())
  await db.close()
})

function userCreate(...args: string[]) {
  return userCreateWith({}, ...args)
}

/** `input` is what arrives on standard input (a pipe); extra variables such as USER_PASSWORD. */
function userCreateWith(opts: { input?: string; env?: Record<string, string> }, ...args: string[]) {
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'silent',
    // scrypt at N=2^14: this checks the command, not the hashing (tests/server/passwords.test.ts has the default)
    SCRYPT_LOG2N: '14',
    USER_PASSWORD: '',
    ...opts.env,
  }
  return spawnSync(process.execPath, [...userCreateCommand(), ...args], {
    env,
    encoding: 'utf8',
    timeout: 120_000,
    input: opts.input ?? '',
  })
}

/** The stored hash of each of these emails (undefined where there is no such user), read in one opening. */
async function storedHashes(...emails: string[]): Promise<(string | undefined)[]> {
  const db = await openPglite(join(dataDir, 'pgdata'))
  try {
    const rows = await db.query<{ email: string; password_hash: string }>(
      'SELECT email, password_hash FROM users WHERE email = ANY($1)',
      [emails],
    )
    return emails.map((email) => rows.find((r) => r.email === email)?.password_hash)
  } finally {
    await db.close()
  }
}

describe('npm run user:create', () => {
  it('creates a user with the given role and prints its id; refuses duplicates and invalid input with exit 1', async () => {
    const ok = userCreate(
      '--username',
      'root_admin',
      '--email',
      'Root@Example.com',
      '--password',
      'a-strong-pass',
      '--role',
      'admin',
    )
    expect(ok.stderr).toBe('')
    expect(ok.status).toBe(0)
    const id = ok.stdout.trim()
    expect(id).toMatch(/^[0-9a-f-]{36}$/)

    const dup = userCreate(
      '--username',
      'someone',
      '--email',
      'root@example.com',
      '--password',
      'a-strong-pass',
      '--role',
      'student',
    )
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

  it('reads the password from USER_PASSWORD, or from the first line of standard input, when --password is omitted', async () => {
    const fromEnv = userCreateWith(
      { env: { USER_PASSWORD: 'env-pass-phrase-1' } },
      '--username',
      'env_user',
      '--email',
      'env@example.com',
      '--role',
      'instructor',
    )
    expect(fromEnv.stderr).toBe('')
    expect(fromEnv.status).toBe(0)

    // printf '%s\n' "$PW" | npm run user:create -- --username U --email E --role admin
    const piped = userCreateWith(
      { input: 'piped pass phrase 2\nsecond line ignored\n' },
      '--username',
      'piped_user',
      '--email',
      'piped@example.com',
      '--role',
      'admin',
    )
    expect(piped.stderr).toBe('')
    expect(piped.status).toBe(0)

    // nothing given anywhere: exit 1 saying where the password may come from
    const none = userCreateWith({}, '--username', 'no_pw', '--email', 'nopw@example.com', '--role', 'student')
    expect(none.status).toBe(1)
    expect(none.stderr).toContain('No password given (USER_PASSWORD, standard input or --password)')

    // what each run stored (the database read once, after the three runs)
    const [fromEnvHash, hash, noneHash] = await storedHashes(
      'env@example.com',
      'piped@example.com',
      'nopw@example.com',
    )
    expect(await verifyPassword('env-pass-phrase-1', fromEnvHash!)).toBe(true)
    expect(await verifyPassword('piped pass phrase 2', hash!)).toBe(true)
    expect(await verifyPassword('piped pass phrase 2\nsecond line ignored', hash!)).toBe(false)
    expect(noneHash).toBeUndefined()
  }, 240_000)

  it('leaves the data folder private: folders 0700, the database files and the secret 0600', async () => {
    const loose: string[] = []
    const walk = (path: string) => {
      const st = statSync(path)
      const mode = st.mode & 0o777
      if (st.isDirectory()) {
        if (mode !== 0o700) loose.push(`${path} ${mode.toString(8)}`)
        for (const e of readdirSync(path)) walk(join(path, e))
      } else if (mode !== 0o600) loose.push(`${path} ${mode.toString(8)}`)
    }
    // The test made pgdata (and reopened it) with this process's umask (022: 0755 / 0644); the command fixes
    // what it finds and creates everything new private.
    const ok = userCreateWith(
      { input: 'mode-check-password\n' },
      '--username',
      'mode_user',
      '--email',
      'mode@example.com',
      '--role',
      'student',
    )
    expect(ok.status, ok.stderr).toBe(0)
    walk(dataDir)
    expect(loose).toEqual([])
    expect(statSync(join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600)
  }, 240_000)
})
