import { type Db, preparedQuery } from '../../db/db'
import { courseColumns, courseFrom, type CourseRow, type CourseView } from './courseRows'

/**
 * The whole course list (GET /api/courses without parameters: published courses, drafts never) as of one version of
 * the data: `version` is the 'courses' row of data_versions (migration 010: every write to courses, and to the users
 * columns the list shows, moves it in the same transaction, whoever writes), or null when that row is missing (then
 * nothing is reused).
 *
 * The list is kept as its JSON's bytes, the answer as it is sent, not as objects: 10,000 courses as objects take about
 * 5 MB of the heap beside the 5.5 MB of bytes (docs/performance.md, "Start-up and memory"). coursesOf reads them back
 * for the rare caller that wants objects (the route's handler, where the kept answer did not serve the request).
 */
export interface CourseListEntry {
  version: string | null
  /** The API's Course objects in the list's order, as UTF-8 JSON (an array). */
  json: Buffer
}

/** The courses of a kept list, as objects (parsed from its bytes on each call: a new array the caller may keep). */
export function coursesOf(entry: CourseListEntry): CourseView[] {
  return JSON.parse(entry.json.toString('utf8')) as CourseView[]
}

const versionSql = "SELECT version::text AS version FROM data_versions WHERE name = 'courses'"
// The version and the list in one statement, so from one snapshot: the list is the data as of that version.
const listSql = `SELECT v.version::text AS list_version, ${courseColumns}
  FROM (SELECT 1) AS one LEFT JOIN data_versions v ON v.name = 'courses'
  LEFT JOIN (courses c LEFT JOIN users u ON u.id = c.instructor_id) ON c.published
  ORDER BY c.created_at DESC, c.id`

/**
 * How many values keptUntilChange holds at most: a page takes about its JSON's size in memory (~50 KB for 20 courses
 * with 2 KB descriptions), so ~5 MB.
 */
export const KEPT_VALUES = 100

/**
 * The course list kept until the data changes, right with several instances on one database. Each call needs the
 * version as of a moment after it began; the kept list is used only when its version is that one, otherwise the
 * list is read again (with its version, in one statement).
 * - On PostgreSQL another instance may have written: the version is read by a query that starts after the call
 *   did (calls arriving meanwhile share the next such query), so a write committed anywhere before it is seen.
 * - On embedded PGlite this process is the only writer and the triggers' NOTIFY reaches it before a write returns
 *   (Db.listen): the version is known without a query.
 */
class CourseListCache {
  private entry?: CourseListEntry
  private loading?: { started: number; promise: Promise<CourseListEntry> }
  private loads = 0
  private checking?: Promise<string | null>
  private queued?: Promise<string | null>
  /** PGlite: the newest version notified (or read) since listening began; undefined until it has. */
  private notified?: bigint
  private listening?: Promise<void>
  /** PGlite: LISTEN is in effect, so a version read from now on is followed by every later one. */
  private listens = false

  constructor(private readonly db: Db) {
    if (db.listen) {
      this.listening = db
        .listen(
          'data_versions',
          (payload) => {
            const [name, version] = payload.split(' ')
            if (name === 'courses') this.saw(version)
          },
          // A notification may have been lost (PGlite's thread stopped): the version is read again by a query.
          () => {
            this.notified = undefined
          },
        )
        .then(
          () => {
            this.listens = true
          },
          () => {},
        )
    }
  }

  private saw(version: string | null): void {
    if (version === null) return
    const v = BigInt(version)
    if (this.notified === undefined || v > this.notified) this.notified = v
  }

  /** PGlite, listening: the version now, known from the notifications without a query; otherwise undefined. */
  private notifiedVersion(): string | undefined {
    return this.listens && this.notified !== undefined ? String(this.notified) : undefined
  }

  /** The version now: read by a query started after this call (callers meanwhile wait for the next one). */
  private async version(): Promise<string | null> {
    if (!this.listens && this.listening) await this.listening
    return this.notifiedVersion() ?? this.checkVersion()
  }

  private checkVersion(): Promise<string | null> {
    if (this.checking) {
      // The query in flight may have read its snapshot before this call: wait for the one after it.
      this.queued ??= this.checking
        .catch(() => null)
        .then(() => {
          this.queued = undefined
          // Any query in flight now started after the one above ended, so after every caller waiting here.
          return this.checking ?? this.checkVersion()
        })
      return this.queued
    }
    // A version read before LISTEN took effect may be followed by writes nobody was told of.
    const listened = this.listens
    const checking = preparedQuery<{ version: string }>(this.db, versionSql).then((rows) => {
      const version = rows[0]?.version ?? null
      if (listened) this.saw(version)
      return version
    })
    this.checking = checking
    checking
      .finally(() => {
        if (this.checking === checking) this.checking = undefined
      })
      .catch(() => {})
    return checking
  }

  private load(): Promise<CourseListEntry> {
    const started = ++this.loads
    const listened = this.listens
    const promise = this.db.query<CourseRow & { list_version: string | null }>(listSql).then((rows) => {
      const entry: CourseListEntry = {
        version: rows[0]?.list_version ?? null,
        json: Buffer.from(JSON.stringify(rows.filter((r) => r.id !== null).map(courseFrom))),
      }
      if (entry.version !== null) this.entry = entry
      if (listened) this.saw(entry.version)
      return entry
    })
    this.loading = { started, promise }
    promise
      .finally(() => {
        if (this.loading?.promise === promise) this.loading = undefined
      })
      .catch(() => {})
    return promise
  }

  /**
   * Values worked out from the courses (the catalogue's pages, searched or not), each kept with the version it was
   * made at. At most KEPT_VALUES of them, the least recently used going first (a Map iterates in insertion order and
   * a value used is put back at the end).
   */
  private readonly kept = new Map<string, { version: bigint; value: Promise<unknown>; settled?: unknown }>()

  /**
   * `compute()`'s answer as of a moment after this call, kept while the version has not moved: it is worked out
   * after the version was read, so what it shows is at least as new as that version, and it is used again only while
   * the version is that one (calls meanwhile share the one being worked out).
   */
  async keptUntilChange<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const read = await this.version()
    if (read === null) return compute()
    const version = BigInt(read)
    const held = this.kept.get(key)
    if (held?.version === version) {
      this.kept.delete(key)
      this.kept.set(key, held)
      return held.value as Promise<T>
    }
    const value = compute()
    // Never replaced by one made at an older version (a slower caller's).
    if (!held || held.version < version) {
      this.kept.delete(key)
      const entry: { version: bigint; value: Promise<unknown>; settled?: unknown } = { version, value }
      this.kept.set(key, entry)
      value.then(
        (made) => (entry.settled = made),
        () => {},
      )
      if (this.kept.size > KEPT_VALUES) this.kept.delete(this.kept.keys().next().value as string)
      value.catch(() => {
        if (this.kept.get(key)?.value === value) this.kept.delete(key)
      })
    }
    return value
  }

  /**
   * The kept list when it is known to be the current one without a query, as current() would answer it (embedded
   * PGlite, where every write is this process's and notified before it returns), else undefined: then the caller
   * asks current(). Lets the course list leave in the request's own turn, with no promise to wait for.
   */
  known(): CourseListEntry | undefined {
    const version = this.notifiedVersion()
    return version !== undefined && this.entry?.version === version ? this.entry : undefined
  }

  /**
   * The value kept for `key`, once made, when it is known to be current without a query (embedded PGlite, as
   * known()), else undefined: then the caller asks keptUntilChange(). Lets a kept catalogue page leave in the
   * request's own turn.
   */
  keptNow(key: string): unknown {
    const version = this.notifiedVersion()
    if (version === undefined) return undefined
    const held = this.kept.get(key)
    if (held?.version !== BigInt(version) || held.settled === undefined) return undefined
    this.kept.delete(key)
    this.kept.set(key, held)
    return held.settled
  }

  /** The list as of a moment after this call (the kept one while the version has not moved). */
  async current(): Promise<CourseListEntry> {
    const version = await this.version()
    const after = this.loads
    for (;;) {
      if (version !== null && this.entry?.version === version) return this.entry
      const loading = this.loading
      // A read started after the version check above is at least as new as that version.
      if (loading && loading.started > after) return loading.promise
      if (!loading) return this.load()
      // One started earlier may predate a write this caller must see: wait for it, then look again.
      await loading.promise.catch(() => undefined)
    }
  }
}

const courseLists = new WeakMap<Db, CourseListCache>()

/** The course list cache of this database handle (one per process and database). */
export function courseList(db: Db): {
  known(): CourseListEntry | undefined
  current(): Promise<CourseListEntry>
  keptUntilChange<T>(key: string, compute: () => Promise<T>): Promise<T>
  keptNow(key: string): unknown
} {
  let cache = courseLists.get(db)
  if (!cache) {
    cache = new CourseListCache(db)
    courseLists.set(db, cache)
  }
  return cache
}
