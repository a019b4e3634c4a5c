import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Db } from '../../db/db'

/**
 * "Known device" cookies: a browser that has signed in to an account before may sign in to it again while strangers'
 * failures have locked the account, so guessing at someone's password cannot keep them out. The cookie only lets an
 * attempt past the account's lock; the password is checked as always, and the device's own failures are counted
 * under the device (see SignInThrottle), so a stolen cookie is worth no more guesses than a fresh browser.
 *
 * One cookie holds the accounts this browser signed in to, most recent first: `userId.issued.nonce.mac`, joined
 * by `~`. `issued` is the time of the sign-in (seconds, base 36), checked against the lifetime on the server as
 * well, since a copy of the cookie outlives the browser's Max-Age; `nonce` names the device in the failure counts;
 * `mac` is an HMAC-SHA256 (truncated to 128 bits) of the rest, under a key of its own derived from the JWT secret,
 * so every instance sharing the secret reads it and no other signature of the server can be passed off as one.
 */
export const KNOWN_DEVICE_COOKIE = 'known-device'
/** Sent with sign-in calls only. */
export const KNOWN_DEVICE_PATH = '/api/auth'
export const KNOWN_DEVICE_DAYS = 180
/**
 * Accounts one browser is remembered for: a computer in a school lab signs in to many accounts, and the cookie must
 * stay well under the 4 KB browsers keep (an entry is about 90 bytes).
 */
export const KNOWN_DEVICE_MAX_ACCOUNTS = 20

const LIFETIME_SECONDS = KNOWN_DEVICE_DAYS * 24 * 3600
const ENTRY = /^([0-9a-f-]{36})\.([0-9a-z]{1,10})\.([\w-]{22})\.([\w-]{22})$/

export interface DeviceEntry {
  userId: string
  /** Names this browser's sign-ins to this account in the failure counts. */
  nonce: string
  issuedAt: number
  text: string
}

export class KnownDevices {
  private readonly key: Buffer

  constructor(
    secret: string,
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    this.key = createHmac('sha256', secret).update('known-device cookie v1').digest()
  }

  private mac(userId: string, issued: string, nonce: string): Buffer {
    return createHmac('sha256', this.key).update(`${userId}.${issued}.${nonce}`).digest().subarray(0, 16)
  }

  /** The entries of a cookie whose signature holds and whose lifetime has not ended; anything else is ignored. */
  read(cookie: string | undefined): DeviceEntry[] {
    if (!cookie) return []
    const now = this.nowSeconds()
    const entries: DeviceEntry[] = []
    for (const text of cookie.split('~', KNOWN_DEVICE_MAX_ACCOUNTS)) {
      const m = ENTRY.exec(text)
      if (!m) continue
      const [, userId, issued, nonce, mac] = m as unknown as [string, string, string, string, string]
      // Compared as text: decoding would let the last character's unused bits vary, i.e. several texts pass.
      const right = Buffer.from(this.mac(userId, issued, nonce).toString('base64url'))
      if (!timingSafeEqual(Buffer.from(mac), right)) continue
      const issuedAt = parseInt(issued, 36)
      if (!(issuedAt <= now + 60 && now - issuedAt < LIFETIME_SECONDS)) continue
      entries.push({ userId, nonce, issuedAt, text })
    }
    return entries
  }

  /**
   * The cookie after a successful sign-in to `userId`: a new entry for it first, then the other accounts' valid
   * entries, at most KNOWN_DEVICE_MAX_ACCOUNTS in all (the least recent go).
   */
  issue(cookie: string | undefined, userId: string): string {
    const issued = this.nowSeconds().toString(36)
    const nonce = randomBytes(16).toString('base64url')
    const entry = `${userId}.${issued}.${nonce}.${this.mac(userId, issued, nonce).toString('base64url')}`
    const others = this.read(cookie)
      .filter((e) => e.userId !== userId)
      .map((e) => e.text)
    return [entry, ...others].slice(0, KNOWN_DEVICE_MAX_ACCOUNTS).join('~')
  }

  /**
   * This browser's entry for the account the email names, if it has one: the nonce SignInThrottle counts the
   * attempt under instead of the account. Looks the account up only when the cookie holds a valid entry.
   */
  async deviceFor(db: Db, cookie: string | undefined, email: string): Promise<string | undefined> {
    const entries = this.read(cookie)
    if (entries.length === 0) return undefined
    const [row] = await db.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1)', [
      email.trim(),
    ])
    return row ? entries.find((e) => e.userId === row.id)?.nonce : undefined
  }
}
