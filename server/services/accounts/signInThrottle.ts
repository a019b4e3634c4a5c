import { createHash } from 'node:crypto'
import { isIPv4, isIPv6 } from 'node:net'
import type { Db } from '../../db/db'

/**
 * The key under which a client address is counted: an IPv4 address as is (also when it arrives IPv4-mapped,
 * `::ffff:a.b.c.d`), an IPv6 address by its /64 (one subscriber usually holds a whole /64, so counting single
 * addresses would let one client rotate through billions of them).
 */
export function addressKey(ip: string): string {
  let a = ip.trim().toLowerCase()
  const zone = a.indexOf('%')
  if (zone >= 0) a = a.slice(0, zone)
  if (isIPv4(a)) return a
  if (!isIPv6(a)) return a
  const groups = expandIPv6(a)
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.')
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`
}

/**
 * The key under which an account (its normalised email, known or not) is counted: hashed, so any text (a lone
 * surrogate included) maps to one fixed-size key the same way on every database.
 */
export function accountKey(email: string): string {
  return `account:${createHash('sha256').update(email.trim().toLowerCase()).digest('base64url')}`
}

/** The eight 16-bit groups of a valid IPv6 address (with `::` and an IPv4 tail resolved). */
export function expandIPv6(address: string): number[] {
  let s = address
  // from the first digit of a run only: unanchored, the pattern would be tried again at each digit of a long run
  const v4 = /(?<!\d)(\d+\.\d+\.\d+\.\d+)$/.exec(s)
  if (v4) {
    const [a, b, c, d] = v4[1].split('.').map(Number) as [number, number, number, number]
    s = `${s.slice(0, -v4[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = s.includes('::') ? s.split('::') : [s, undefined]
  const h = head ? head.split(':') : []
  const t = tail ? tail.split(':') : []
  const fill = tail === undefined ? [] : Array<string>(8 - h.length - t.length).fill('0')
  return [...h, ...fill, ...t].map((g) => parseInt(g, 16))
}

export interface SignInLimits {
  /** Failures one account (its normalised email, known or not) may have within the window. */
  perAccount: number
  /** Failures one client address (IPv6: its /64) may have within the window. */
  perAddress: number
  windowSeconds: number
}

/** Refused: the account or the address has used up its failures; `retryAfterSeconds` until its window ends. */
export interface Throttled {
  throttled: true
  retryAfterSeconds: number
  detail: string
}

/** An attempt counted as a failure until it is known to be something else. */
export interface Attempt {
  throttled: false
  /** Counted under this browser's known-device entry for the account, not under the account. */
  knownDevice: boolean
  /** The password was wrong (or the email unknown): the failure stays counted. */
  failed(): Promise<void>
  /** Signed in: the account's failures are cleared and the attempt no longer counts for the address. */
  succeeded(): Promise<void>
  /** Neither (an error before an answer): the attempt no longer counts. */
  release(): Promise<void>
}

/** A wait as people say it: `40 seconds`, `1 minute`, `15 minutes` (rounded up). */
export function inWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}

interface CounterRow {
  key: string
  failures: number
  window_ends: string
  seconds_left: number
}

/**
 * Counts failed sign-ins in the database (every instance shares the counters). Only failures count: each
 * attempt is counted up front, in one statement, so parallel guesses cannot all pass a check made before any
 * of them is recorded, and the count is given back once the attempt turns out to be a success or a refusal.
 *
 * An attempt is counted per client address and either per account (its email) or, from a browser that signed in
 * to that account before (a known device, see KnownDevices), per device instead: strangers' failures lock the
 * account for unknown browsers only, and a known device that keeps failing is locked out on its own, after as
 * many failures as an account, and is then an unknown browser again until its window ends.
 */
export class SignInThrottle {
  constructor(
    private readonly db: Db,
    private readonly limits: SignInLimits,
  ) {}

  /** Counts one more attempt under `key` and `address`, in one statement. */
  private async count(key: string, address: string): Promise<[CounterRow, CounterRow]> {
    // Always in the order of the keys ('account:' < 'address:' < 'device:'), so concurrent statements cannot
    // deadlock.
    const [first, second] = key < address ? [key, address] : [address, key]
    const rows = await this.db.query<CounterRow>(
      `INSERT INTO sign_in_failures AS f (key, failures, window_ends)
       VALUES ($1, 1, clock_timestamp() + $3 * interval '1 second'), ($2, 1, clock_timestamp() + $3 * interval '1 second')
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN f.window_ends <= clock_timestamp() THEN 1 ELSE f.failures + 1 END,
         window_ends = CASE WHEN f.window_ends <= clock_timestamp() THEN EXCLUDED.window_ends ELSE f.window_ends END
       RETURNING f.key, f.failures, f.window_ends::text AS window_ends,
         greatest(0, extract(epoch FROM f.window_ends - clock_timestamp()))::float8 AS seconds_left`,
      [first, second, this.limits.windowSeconds],
    )
    return [rows.find((r) => r.key === key)!, rows.find((r) => r.key === address)!]
  }

  private async giveBack(row: CounterRow): Promise<void> {
    await this.db.query(
      'UPDATE sign_in_failures SET failures = failures - 1 WHERE key = $1 AND window_ends = $2::timestamptz AND failures > 0',
      [row.key, row.window_ends],
    )
  }

  /**
   * `device`: the nonce of this browser's known-device entry for the account the email names, when it has one
   * (KnownDevices.deviceFor).
   */
  async begin(email: string, ip: string, device?: string): Promise<Throttled | Attempt> {
    const address = `address:${addressKey(ip)}`
    if (device !== undefined) {
      const [dev, addr] = await this.count(`device:${device}`, address)
      if (dev.failures <= this.limits.perAccount) return this.decide(dev, addr, true)
      // This device has used up its own failures: until its window ends it is treated as an unknown browser.
      await this.giveBack(dev)
      await this.giveBack(addr)
    }
    const [acc, addr] = await this.count(accountKey(email), address)
    return this.decide(acc, addr, false, device === undefined)
  }

  /** `offerKnownDevice`: a refusal for the account may say that a known device still gets in (not to one). */
  private async decide(
    own: CounterRow,
    addr: CounterRow,
    knownDevice: boolean,
    offerKnownDevice = false,
  ): Promise<Throttled | Attempt> {
    const release = async () => {
      await this.giveBack(own)
      await this.giveBack(addr)
    }
    const accountOver = !knownDevice && own.failures > this.limits.perAccount
    const addressOver = addr.failures > this.limits.perAddress
    if (accountOver || addressOver) {
      await release()
      const seconds = Math.max(
        1,
        Math.ceil(Math.max(accountOver ? own.seconds_left : 0, addressOver ? addr.seconds_left : 0)),
      )
      const wait = `Try again in ${inWords(seconds)}`
      return {
        throttled: true,
        retryAfterSeconds: seconds,
        detail: accountOver
          ? addressOver || !offerKnownDevice
            ? `Too many failed sign-in attempts for this account. ${wait}.`
            : // The lock holds for browsers that never signed in to the account; the owner's own still get in.
              `Too many failed sign-in attempts for this account. ${wait}, or sign in from a device you have used before.`
          : `Too many failed sign-in attempts for your network address. ${wait}.`,
      }
    }
    return {
      throttled: false,
      knownDevice,
      failed: async () => {
        // Rows whose window has ended are dead weight: delete them as new failures come in (indexed, cheap).
        await this.db.query('DELETE FROM sign_in_failures WHERE window_ends <= clock_timestamp()')
      },
      succeeded: async () => {
        // A known device clears its own failures only: strangers' failures on the account run their window, or
        // each of the owner's sign-ins would hand a guesser a fresh set of guesses.
        await this.db.query('DELETE FROM sign_in_failures WHERE key = $1', [own.key])
        await this.giveBack(addr)
      },
      release,
    }
  }
}
