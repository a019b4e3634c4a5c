import { type Db, preparedQuery } from '../../db/db'
import { CATALOGUE_PAGE_SIZE } from '../../../domain/catalogue'
import { courseList } from './courseListCache'
import { courseColumns, courseFrom, type CourseRow } from './courseRows'
import { BadInput } from '../errors'
import { MICROSECONDS_FORM, microsecondsText, UUID } from './pages'
import type { Schema } from '../types'

export type CatalogueQuery = {
  q?: string
  sort?: Schema<'CourseSort'>
  minPrice?: number
  maxPrice?: number
  limit?: number
  cursor?: string
}
export type CoursePage = Schema<'CoursePage'>
type Sort = Schema<'CourseSort'>

export { CATALOGUE_PAGE_SIZE }

/** True when the request asks for the catalogue's pages rather than the whole list. */
export function isCatalogueQuery(query: CatalogueQuery): boolean {
  return (['q', 'sort', 'minPrice', 'maxPrice', 'limit', 'cursor'] as const).some(
    (k) => query[k] !== undefined,
  )
}

/**
 * Each order is (key, id) with the key written as the indexes of migration 009 have it; `text` reads the key
 * of a row as the cursor carries it (exactly: timestamps to the microsecond, prices as whole cents).
 */
const ORDERS: Record<Sort, { key: string; text: string; cast: string; desc: boolean }> = {
  newest: {
    key: 'c.created_at',
    text: microsecondsText('c.created_at'),
    cast: 'timestamptz',
    desc: true,
  },
  title: { key: 'lower(c.title)', text: 'lower(c.title)', cast: 'text', desc: false },
  price: { key: 'c.price_cents', text: 'c.price_cents::text', cast: 'bigint', desc: false },
}

const KEY_FORMS: Record<Sort, RegExp> = {
  newest: MICROSECONDS_FORM,
  title: /^[\s\S]{1,400}$/,
  price: /^\d{1,15}$/,
}

interface Cursor {
  key: string
  id: string
}

// Opaque to clients: base64url of [sort, key, id], so a cursor is only read back with the sort it was made for.
function cursorOf(sort: Sort, key: string, id: string): string {
  return Buffer.from(JSON.stringify([sort, key, id])).toString('base64url')
}

function readCursor(sort: Sort, text: string): Cursor {
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    throw new BadInput('cursor is not a cursor this server made')
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 3 ||
    typeof parsed[1] !== 'string' ||
    typeof parsed[2] !== 'string' ||
    !UUID.test(parsed[2])
  ) {
    throw new BadInput('cursor is not a cursor this server made')
  }
  if (parsed[0] !== sort) throw new BadInput(`cursor belongs to another sort than ${sort}`)
  if (!KEY_FORMS[sort].test(parsed[1])) throw new BadInput('cursor is not a cursor this server made')
  return { key: parsed[1], id: parsed[2] }
}

/** The tsquery of a search: every word, as the prefix of a word ('sicil najd' -> 'sicil:* & najd:*'). */
export function searchQuery(q: string): string {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
  return words.map((w) => `${w}:*`).join(' & ')
}

/** At most this many instructors' courses are searched for one prefix. */
const INSTRUCTORS_PER_SEARCH = 1000

/**
 * The instructors with a course whose username starts with `q` (case aside). Their usernames are kept, lowercased,
 * until the courses or the users' names change (courseList's version moves on both, on every instance): a search
 * then looks them up in memory instead of asking the database first (on PGlite, one of a search's two statements).
 */
async function instructorsNamed(db: Db, q: string): Promise<{ id: string }[]> {
  const all = await courseList(db).keptUntilChange('instructors with courses', () =>
    db.query<{ id: string; name: string }>(
      'SELECT u.id, lower(u.username) AS name FROM users u WHERE EXISTS (SELECT 1 FROM courses c WHERE c.instructor_id = u.id AND c.published) ORDER BY u.id',
    ),
  )
  const prefix = q.toLowerCase()
  const found: { id: string }[] = []
  for (const instructor of all) {
    if (!instructor.name.startsWith(prefix)) continue
    found.push(instructor)
    if (found.length === INSTRUCTORS_PER_SEARCH) break
  }
  return found
}

/**
 * One page of the catalogue: the courses matching the search and price bounds, in the chosen order, after the
 * cursor's course. The cursor carries the last course's sort key and id and the next page reads the rows after
 * that pair (keyset), so courses created or deleted between two requests never shift the pages: nothing is
 * repeated or skipped.
 */
export async function catalogue(db: Db, query: CatalogueQuery): Promise<CoursePage> {
  const { sort, limit, q } = pageOf(query)
  // Every page is kept until the courses change, as the whole list is (courseList: right with several
  // instances on one database), the least recently asked going first: the first page of an order is what every
  // visit to /courses asks for, and the searches people make repeat (a search is case-blind, so is its key).
  return courseList(db).keptUntilChange(catalogueKey(query), () =>
    cataloguePage(db, { ...query, sort, limit, q }),
  )
}

/** A query's order, page size and search words, defaults filled in. */
function pageOf(query: CatalogueQuery): { sort: Sort; limit: number; q: string } {
  return { sort: query.sort ?? 'newest', limit: query.limit ?? CATALOGUE_PAGE_SIZE, q: query.q?.trim() ?? '' }
}

/** The key a catalogue page is kept under (courseList's keptUntilChange and keptNow), from its validated query. */
export function catalogueKey(query: CatalogueQuery): string {
  const { sort, limit, q } = pageOf(query)
  return `page ${JSON.stringify([sort, limit, q.toLowerCase(), query.cursor, query.minPrice, query.maxPrice])}`
}

async function cataloguePage(
  db: Db,
  query: CatalogueQuery & { sort: Sort; limit: number },
): Promise<CoursePage> {
  const { sort, limit } = query
  const order = ORDERS[sort]
  const cursor = query.cursor === undefined ? undefined : readCursor(sort, query.cursor)
  const q = query.q ?? ''
  // Instructors first: their ids go to the page query as a value.
  const instructors = q ? await instructorsNamed(db, q) : []
  const text = q ? searchQuery(q) : ''
  if (q && !text && instructors.length === 0) return { items: [], nextCursor: null }

  const params: unknown[] = []
  const param = (value: unknown) => `$${params.push(value)}`
  // Drafts are never in the catalogue, searched or not.
  const filters: string[] = ['c.published']
  if (query.minPrice !== undefined) filters.push(`c.price_cents >= ${param(query.minPrice)}::numeric * 100`)
  if (query.maxPrice !== undefined) filters.push(`c.price_cents <= ${param(query.maxPrice)}::numeric * 100`)
  if (cursor) {
    const cmp = order.desc ? '<' : '>'
    filters.push(
      `(${order.key}, c.id) ${cmp} (${param(cursor.key)}::${order.cast}, ${param(cursor.id)}::uuid)`,
    )
  }
  const dir = order.desc ? 'DESC' : 'ASC'
  const orderBy = `ORDER BY ${order.key} ${dir}, c.id ${dir}`
  const take = `LIMIT ${param(limit + 1)}`
  const where = (conditions: string[]) => (conditions.length ? `WHERE ${conditions.join(' AND ')}` : '')

  let matching = ''
  if (q) {
    // Each way of matching is its own page query, planned on its own: one OR over both made the planner walk
    // the whole order computing every row's tsvector when a word was rare (160 ms on PostgreSQL, 400 on PGlite).
    const arms: string[] = []
    if (text) {
      // courses.search is the stored tsvector of title and description (migration 011), GIN-indexed.
      const byText = `c.search @@ to_tsquery('simple'::regconfig, ${param(text)})`
      arms.push(`(SELECT c.id FROM courses c ${where([byText, ...filters])} ${orderBy} ${take})`)
    }
    if (instructors.length) {
      const byInstructor = `c.instructor_id = ANY (${param(instructors.map((i) => i.id))}::uuid[])`
      arms.push(`(SELECT c.id FROM courses c ${where([byInstructor, ...filters])} ${orderBy} ${take})`)
    }
    matching = `c.id IN (${arms.join(' UNION ')})`
  }
  // Prepared (a few dozen shapes: sort, filters, ways of matching): planning was about half of a search's database
  // time, on PostgreSQL (over 10,000 courses at 50 connections: 1,800 -> 2,600 searches/s) as on PGlite.
  const rows = await preparedQuery<CourseRow & { sort_key: string }>(
    db,
    `SELECT ${courseColumns}, ${order.text} AS sort_key
     FROM courses c LEFT JOIN users u ON u.id = c.instructor_id
     ${where(matching ? [matching] : filters)}
     ${orderBy} ${take}`,
    params,
  )
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    items: page.map(courseFrom),
    nextCursor: rows.length > limit && last ? cursorOf(sort, last.sort_key, last.id) : null,
  }
}
