// One digest of every row of every table: equal digests mean nothing changed.
import { readdirSync } from 'node:fs'
import type { Harness } from './world'

const TABLES = [
  'users',
  'courses',
  'videos',
  'modules',
  'enrollments',
  'follows',
  'comments',
  'cart_items',
  'orders',
  'order_items',
  'module_progress',
  'line_reviews',
  'games',
]

const SQL = `select ${TABLES.map(
  (t) => `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from ${t} x) as ${t}`,
).join(', ')}`

export async function fingerprint(h: Harness, mediaDir?: string): Promise<Record<string, string>> {
  const [row] = await h.query<Record<string, string>>(SQL)
  if (mediaDir) {
    let files: string[] = []
    try {
      // a poster is taken by the video's job in the background, after its upload was answered: no request's change
      files = readdirSync(mediaDir)
        .filter((f) => !f.endsWith('.poster.jpg'))
        .sort()
    } catch {
      // no media folder yet
    }
    row.media = files.join(',')
  }
  return row
}

export function changedTables(a: Record<string, string>, b: Record<string, string>): string[] {
  return Object.keys(a).filter((k) => a[k] !== b[k])
}
