import { createReadStream } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { MediaStore } from './media'

export interface MigrationReport {
  /** Names copied to the target, with their sizes. */
  copied: { name: string; size: number }[]
  /** Names the target already held with the same size. */
  skipped: string[]
}

/**
 * Copies every media file of a local folder (MEDIA_DIR) to another store (the bucket), under the same name: a file
 * the target already holds with the same size is skipped, so a second run copies nothing and a cut run resumes.
 * Temporary uploads (dot-files) stay behind; the local files are left as they are.
 */
export async function migrateMedia(
  mediaDir: string,
  target: MediaStore,
  onCopied: (name: string, size: number) => void = () => {},
): Promise<MigrationReport> {
  const report: MigrationReport = { copied: [], skipped: [] }
  const entries = await readdir(mediaDir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return []
    throw err
  })
  const names = entries
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort()
  for (const name of names) {
    const file = join(mediaDir, name)
    const { size } = await stat(file)
    if ((await target.size(name)) === size) {
      report.skipped.push(name)
      continue
    }
    const pending = await target.save(createReadStream(file))
    try {
      await pending.keep(name)
    } finally {
      await pending.discard()
    }
    report.copied.push({ name, size })
    onCopied(name, size)
  }
  return report
}
