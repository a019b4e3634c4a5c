import { isIPv4, isIPv6 } from 'node:net'
import type { Db } from '../../db/db'
import { verifyPassword } from './passwords'
import { expandIPv6 } from './signInThrottle'
import type { Role } from '../types'

/** Demo accounts (documented in the README, passwords included); only ever seeded into a fresh database. */
export const demoAccounts: { username: string; email: string; password: string; role: Role; bio: string }[] =
  [
    {
      username: 'admin',
      email: 'admin@chess.local',
      password: 'chess-admin-1',
      role: 'admin',
      bio: 'Keeps the academy running.',
    },
    {
      username: 'judit',
      email: 'judit@chess.local',
      password: 'chess-teach-1',
      role: 'instructor',
      bio: 'Attacking chess and tactics coach.',
    },
    {
      username: 'vishy',
      email: 'vishy@chess.local',
      password: 'chess-teach-2',
      role: 'instructor',
      bio: 'Openings and rapid play.',
    },
    {
      username: 'alice',
      email: 'alice@chess.local',
      password: 'chess-student-1',
      role: 'student',
      bio: 'Learning the Sicilian.',
    },
    { username: 'bob', email: 'bob@chess.local', password: 'chess-student-2', role: 'student', bio: '' },
    {
      username: 'carol',
      email: 'carol@chess.local',
      password: 'chess-student-3',
      role: 'student',
      bio: 'Endgame enthusiast.',
    },
  ]

/** True for addresses only this machine can reach: 127.0.0.0/8, ::1 (also IPv4-mapped) and `localhost`. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
  if (h === 'localhost') return true
  if (isIPv4(h)) return h.startsWith('127.')
  if (!isIPv6(h)) return false
  const g = expandIPv6(h)
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return g[6] >> 8 === 127
  return g.slice(0, 7).every((x) => x === 0) && g[7] === 1
}

/**
 * Why other machines could reach this server, or undefined when only this machine can: a non-loopback `HOST`, or any
 * `TRUST_PROXY` setting (a reverse proxy in front forwards the internet to a server that itself listens on loopback).
 * Then nothing may accept a published password or a test-only header.
 */
export function exposureOf(host: string, trustProxy: false | number | string[]): string | undefined {
  if (!isLoopbackHost(host)) return `HOST=${host}`
  if (trustProxy !== false)
    return `TRUST_PROXY=${Array.isArray(trustProxy) ? trustProxy.join(',') : trustProxy} (behind a reverse proxy)`
  return undefined
}

/**
 * Whether a start puts the demo data into an empty database: by default only into an embedded one (`seedDemo`
 * undefined), or as SEED_DEMO forces (true: also on PostgreSQL; false: never).
 */
export function wantsDemoData(seedDemo: boolean | undefined, embedded: boolean): boolean {
  return seedDemo ?? embedded
}

/**
 * What the server says when it refuses to listen, or undefined when it may: reachable from other machines (`exposure`,
 * see exposureOf) while demo accounts accept their published passwords. `open`: those accounts' emails; `seeding`:
 * they are about to be created (the database is empty and would get the demo data), not already there.
 */
export function refusalToListen(
  exposure: string | undefined,
  open: string[],
  seeding: boolean,
): string | undefined {
  if (!exposure || !open.length) return undefined
  const one = open.length === 1
  const state = seeding ? 'would be created with their' : one ? 'still has its' : 'still have their'
  return [
    `Refusing to listen on ${exposure}: other machines could reach this server, and the demo account${one ? '' : 's'} ` +
      `${open.join(', ')} ${state} published password${one ? '' : 's'} (see the README).`,
    'Either:',
    '  - change those passwords: start without HOST and TRUST_PROXY (the server then listens on 127.0.0.1 only,',
    '    for this machine alone), sign in as each of these accounts and use "Change password" on its profile,',
    '    then start again with this setting; or',
    '  - start on a fresh DATA_DIR (or an empty database) with SEED_DEMO=0 and create your accounts with',
    '    printf \'%s\\n\' "$PASSWORD" | npm run user:create -- --username U --email E --role admin',
  ].join('\n')
}

/** Emails of demo accounts that exist and still accept their published password. */
export async function demoAccountsWithPublishedPasswords(db: Db): Promise<string[]> {
  const rows = await db.query<{ email: string; password_hash: string }>(
    'SELECT email, password_hash FROM users WHERE lower(email) = ANY($1::text[])',
    [demoAccounts.map((a) => a.email)],
  )
  const open = await Promise.all(
    rows.map(async (row) => {
      const demo = demoAccounts.find((a) => a.email === row.email.toLowerCase())
      return demo && (await verifyPassword(demo.password, row.password_hash)) ? row.email : undefined
    }),
  )
  return open.filter((e): e is string => e !== undefined).sort()
}
