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
  'line_mistakes',
  'games',
  'puzzle_reviews',
  'certificates',
  'course_reviews',
]

const SQL = `select ${TABLES.map(
  (t) => `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from ${t} x) as ${t}`,
).join(', ')}`

export async function fingerprint(h: Harness, mediaDir?: string): Promise<Record<string, string>> {
  const [row] = await h.query<Record<string, string>>(SQL)
  if (mediaDir) {
    let files: string[] = []
    try {
      // A poster is taken by the video's job in the background, after its upload was answered: no request's change.
      // Nor is a file being written (`.upload-…`, the job's poster among them); one a request leaves behind is found
      // by `leftTempFiles` once the jobs are idle.
      files = readdirSync(mediaDir)
        .filter((f) => !f.endsWith('.poster.jpg') && !f.startsWith(TEMP_PREFIX))
        .sort()
    } catch {
      // no media folder yet
    }
    row.media = files.join(',')
  }
  return row
}

/** The prefix of a file the media store is still writing (server/services/media/media.ts, `save`). */
const TEMP_PREFIX = '.upload-'

/** Files being written that are still in the media folder once no video job is running: each one left behind. */
export async function leftTempFiles(h: Harness, mediaDir: string): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    const [{ running }] = await h.query<{ running: number }>(
      `select count(*)::int as running from media_jobs
       where done_at is null and failed_at is null and leased_until > clock_timestamp()`,
    )
    if (running === 0) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  try {
    return readdirSync(mediaDir).filter((f) => f.startsWith(TEMP_PREFIX))
  } catch {
    return []
  }
}

export function changedTables(a: Record<string, string>, b: Record<string, string>): string[] {
  return Object.keys(a).filter((k) => a[k] !== b[k])
}
