// Temporary folders for one test file, removed once the file is done.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'

/** A maker of new folders named `coe-<prefix>-…` under the system's temporary folder, removed after this file. */
export function tempDirs(prefix: string): () => string {
  const made: string[] = []
  afterAll(() => {
    for (const d of made) rmSync(d, { recursive: true, force: true })
  })
  return () => {
    const dir = mkdtempSync(join(tmpdir(), `coe-${prefix}-`))
    made.push(dir)
    return dir
  }
}
