// A small WebM that plays offline: the demo video committed under assets/, or one made with ffmpeg.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

function findCommitted(dir: string): string | undefined {
  if (!existsSync(dir)) return undefined
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    if (e.isDirectory()) {
      const found = findCommitted(p)
      if (found) return found
    } else if (/\.webm$/i.test(e.name)) return p
  }
  return undefined
}

export function demoVideo(): string {
  const committed = findCommitted('assets')
  if (committed) return committed
  const out = join(mkdtempSync(join(tmpdir(), 'coe-video-')), 'lesson.webm')
  const r = spawnSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=6:size=320x240:rate=15',
    '-c:v',
    'libvpx',
    '-b:v',
    '200k',
    '-deadline',
    'realtime',
    out,
  ])
  if (r.status !== 0) throw new Error('no demo WebM under assets/ and ffmpeg could not make one')
  return out
}
