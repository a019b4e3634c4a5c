import type { Db } from '../db/db'

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void
/** At run time the plugin hands each route's store its merged options, with the route as `routeInfo`. */
type StoreParams = { routeInfo?: { method?: string | string[]; url?: string } }

export interface RequestCount {
  /** Requests counted in the current window, this one included. */
  count: number
  /** Milliseconds until the window ends. */
  ttlMs: number
}

/**
 * Counts one request under `key` in a fixed window kept in the database (table rate_limits), so every instance
 * behind a load balancer counts the same requests: the one counter both the per-address limits of
 * @fastify/rate-limit (below) and the per-user limits (userRateLimit.ts) use. A window that has ended starts again
 * at 1.
 */
export async function countRequest(db: Db, key: string, windowMs: number): Promise<RequestCount> {
  const [row] = await db.query<{ count: number; ttl: number }>(
    `INSERT INTO rate_limits AS r (key, count, reset_at)
     VALUES ($1, 1, clock_timestamp() + $2 * interval '1 millisecond')
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN r.reset_at <= clock_timestamp() THEN 1 ELSE r.count + 1 END,
       reset_at = CASE WHEN r.reset_at <= clock_timestamp() THEN EXCLUDED.reset_at ELSE r.reset_at END
     RETURNING count, greatest(0, extract(epoch FROM r.reset_at - clock_timestamp()) * 1000)::float8 AS ttl`,
    [key, windowMs],
  )
  return { count: Number(row.count), ttlMs: Math.ceil(Number(row.ttl)) }
}

/**
 * A @fastify/rate-limit store on our database: the counters are shared by every instance (a per-process
 * store would let a client multiply its attempts by the number of instances).
 */
export function databaseRateLimitStore(db: Db, purgeEveryMs = 60_000) {
  let lastPurge = 0
  /** Counters whose window has ended are dead weight: at most once per purgeEveryMs, delete them (indexed). */
  const purge = () => {
    const now = Date.now()
    if (now - lastPurge < purgeEveryMs) return
    lastPurge = now
    db.query('DELETE FROM rate_limits WHERE reset_at <= clock_timestamp()').catch(() => {
      lastPurge = 0 // try again with the next counted request
    })
  }
  return class DatabaseStore {
    private readonly prefix: string
    constructor(params?: object) {
      const route = (params as StoreParams | undefined)?.routeInfo
      this.prefix = route?.url ? `${String(route.method)} ${route.url}|` : ''
    }

    incr(key: string, cb: Callback, timeWindow: number): void {
      purge()
      countRequest(db, this.prefix + key, timeWindow).then(
        ({ count, ttlMs }) => cb(null, { current: count, ttl: ttlMs }),
        (err: Error) => cb(err),
      )
    }

    child(params: object): DatabaseStore {
      return new DatabaseStore(params)
    }
  }
}
