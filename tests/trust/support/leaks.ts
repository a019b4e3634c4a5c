// Scans every response a harness saw: no password, no hash, no email except one's own.
import { decodeJwt } from 'jose'
import type { AppHarness } from './harness'
import type { World } from './world'

const SECRET_KEY = /pass|hash|salt|secret/i

function secretKeys(v: unknown, path = '$', out: string[] = []): string[] {
  if (Array.isArray(v)) v.forEach((x, i) => secretKeys(x, `${path}[${i}]`, out))
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      if (SECRET_KEY.test(k)) out.push(`${path}.${k}`)
      secretKeys(x, `${path}.${k}`, out)
    }
  return out
}

function sentJson(payload: unknown): any {
  if (typeof payload !== 'string') return undefined
  try {
    return JSON.parse(payload)
  } catch {
    return undefined
  }
}

/**
 * Whether `text` holds `email` as a whole address, not as the tail of a longer one: a generated account
 * `xcall@trust.example` registering must not count as carrying another account's `call@trust.example`.
 */
export function carriesEmail(text: string, email: string): boolean {
  for (let at = text.indexOf(email); at !== -1; at = text.indexOf(email, at + 1)) {
    const before = at === 0 ? '' : text[at - 1]
    const after = text[at + email.length] ?? ''
    if (!/[a-z0-9._%+-]/.test(before) && !/[a-z0-9.-]/.test(after)) return true
  }
  return false
}

export async function leaks(h: AppHarness, w?: World): Promise<string[]> {
  const users = await h.query<{ id: string; email: string; password_hash: string }>(
    'select id, email, password_hash from users',
  )
  const emailOf = new Map(users.map((u) => [u.id, u.email.toLowerCase()]))
  const hashParts = new Set<string>()
  for (const u of users) {
    hashParts.add(u.password_hash)
    for (const part of u.password_hash.split(/[$:.]/)) if (part.length >= 16) hashParts.add(part)
  }
  const passwords = new Set<string>(w?.passwords ?? [])
  const isAuth = (url: string) => /^\/api\/auth\/(login|register)$/.test(url.split('?')[0])
  for (const { req, res } of h.log) {
    const p = sentJson(req.payload)?.password
    if (isAuth(req.url) && res.status < 300 && typeof p === 'string' && p.length >= 8) passwords.add(p)
  }
  // a password that was also sent as some other text (a comment, a title) is no secret to look for
  for (const { req } of h.log) {
    if (isAuth(req.url) || req.payload === undefined) continue
    const text = String(req.payload)
    for (const p of passwords) if (text.includes(p)) passwords.delete(p)
  }
  const found: string[] = []
  for (const { req, res } of h.log) {
    const where = `${req.method} ${req.url.slice(0, 80)} -> ${res.status}`
    const text = res.text
    const keys = secretKeys(res.body)
    if (keys.length) found.push(`${where}: secret-looking keys ${keys.join(', ')}`)
    for (const part of hashParts) if (text.includes(part)) found.push(`${where}: carries a password hash`)
    for (const p of passwords) if (text.includes(p)) found.push(`${where}: carries a password`)
    // the only emails allowed: one's own, on the own profile, and on register/login for the address sent
    const allowed = new Set<string>()
    const path = req.url.split('?')[0]
    if (req.method === 'GET' && path === '/api/profile/me' && req.token) {
      try {
        const sub = String(decodeJwt(req.token).sub)
        if (emailOf.has(sub)) allowed.add(emailOf.get(sub)!)
      } catch {
        // not a JWT: no email allowed
      }
    }
    if (req.method === 'POST' && (path === '/api/auth/login' || path === '/api/auth/register')) {
      const e = sentJson(req.payload)?.email
      if (typeof e === 'string') allowed.add(e.toLowerCase())
    }
    const lower = text.toLowerCase()
    for (const email of emailOf.values()) {
      if (!allowed.has(email) && carriesEmail(lower, email))
        found.push(`${where}: carries the email ${email}`)
    }
  }
  return [...new Set(found)]
}
