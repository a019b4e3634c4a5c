import type { Db } from '../db/db'
import { courseColumns, courseFrom, type CourseRow } from './courses'
import { BadInput } from './errors'
import type { Schema } from './types'

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

export const CATALOGUE_PAGE_SIZE = 20

/** True when the request asks for the catalogue's pages rather than the spec's whole list. */
export function isCatalogueQuery(query: CatalogueQuery): boolean {
  return (['q', 'sort', 'minPrice', 'maxPrice', 'limit', 'cursor'] as const).some(
    (k) => query[k] !== undefined,
  )
}

/**
 * Each order is (key, id) with the key written as the indexes of migration 009 have it; `text` reads the key
 * of a row as the cursor carries it (exactly: timestamps to the microsecond, prices as numeric text).
 */
const ORDERS: Record<Sort, { key: string; text: string; cast: string; desc: boolean }> = {
  newest: {
    key: 'c.created_at',
    text: `to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    cast: 'timestamptz',
    desc: true,
  },
  title: { key: 'lower(c.title)', text: 'lower(c.title)', cast: 'text', desc: false },
  price: { key: 'c.price', text: 'c.price::text', cast: 'numeric', desc: false },
}

const KEY_FORMS: Record<Sort, RegExp> = {
  newest: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/,
  title: /^[\s\S]{1,400}$/,
  price: /^\d{1,10}(\.\d{1,2})?$/,
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

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

const likePrefix = (s: string) => s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`) + '%'

/**
 * One page of the catalogue: the courses matching the search and price bounds, in the chosen order, after the
 * cursor's course. The cursor carries the last course's sort key and id and the next page reads the rows after
 * that pair (keyset), so courses created or deleted between two requests never shift the pages: nothing is
 * repeated or skipped.
 */
export async function catalogue(db: Db, query: CatalogueQuery): Promise<CoursePage> {
  const sort = query.sort ?? 'newest'
  const order = ORDERS[sort]
  const limit = query.limit ?? CATALOGUE_PAGE_SIZE
  const params: unknown[] = []
  const param = (value: unknown) => `$${params.push(value)}`
  const where: string[] = []

  const q = query.q?.trim() ?? ''
  if (q) {
    const byInstructor = `c.instructor_id = ANY (ARRAY(SELECT id FROM users WHERE lower(username) LIKE ${param(likePrefix(q))}))`
    const text = searchQuery(q)
    // The expression of courses_search_idx, word for word, so the index serves it.
    const byText = () =>
      `to_tsvector('simple'::regconfig, c.title || ' ' || c.description) @@ to_tsquery('simple'::regconfig, ${param(text)})`
    where.push(text ? `(${byText()} OR ${byInstructor})` : byInstructor)
  }
  if (query.minPrice !== undefined) where.push(`c.price >= ${param(query.minPrice)}`)
  if (query.maxPrice !== undefined) where.push(`c.price <= ${param(query.maxPrice)}`)
  if (query.cursor !== undefined) {
    const cursor = readCursor(sort, query.cursor)
    const cmp = order.desc ? '<' : '>'
    where.push(`(${order.key}, c.id) ${cmp} (${param(cursor.key)}::${order.cast}, ${param(cursor.id)}::uuid)`)
  }
  const dir = order.desc ? 'DESC' : 'ASC'
  const rows = await db.query<CourseRow & { sort_key: string }>(
    `SELECT ${courseColumns}, ${order.text} AS sort_key
     FROM courses c LEFT JOIN users u ON u.id = c.instructor_id
     ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY ${order.key} ${dir}, c.id ${dir}
     LIMIT ${param(limit + 1)}`,
    params,
  )
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    items: page.map(courseFrom),
    nextCursor: rows.length > limit && last ? cursorOf(sort, last.sort_key, last.id) : null,
  }
}
