// What the server keeps on disk (the JWT secret, the embedded database, uploaded videos) is private to the user
// it runs as: folders 0700, files 0600, also for a data folder an older version left world-readable.
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig, secureDataDir } from '../../server/config'
import { openPglite } from '../../server/db/db'
import { pgliteTemplate } from '../helpers/buildServer'
import { fakeMp4, fetchSender, json, multipart } from '../trust/support/http'
import { spawnMain, waitForHealth } from '../trust/support/spawn'
import { tempDirs } from '../helpers/tempDirs'

const tempDir = tempDirs('modes')
const mode = (path: string) => statSync(path).mode & 0o777

/** Every folder below `root` that is not 0700 and every file that is not 0600. */
function loose(root: string): string[] {
  const found: string[] = []
  const walk = (path: string) => {
    const st = statSync(path)
    if (st.isDirectory()) {
      if ((st.mode & 0o777) !== 0o700)
        found.push(`${path.slice(root.length) || '/'} ${(st.mode & 0o777).toString(8)}`)
      for (const e of readdirSync(path)) walk(join(path, e))
    } else if ((st.mode & 0o777) !== 0o600)
      found.push(`${path.slice(root.length)} ${(st.mode & 0o777).toString(8)}`)
  }
  walk(root)
  return found
}

describe('the JWT secret file', () => {
  it('is written 0600, also when a too-short secret (left world-readable) is replaced', () => {
    const dir = tempDir()
    const file = join(dir, 'jwt-secret')
    writeFileSync(file, 'too-short\n', { mode: 0o644 })
    chmodSync(file, 0o644)
    const secret = loadConfig({ DATA_DIR: dir }).jwtSecret
    expect(secret.length).toBeGreaterThanOrEqual(32)
    expect(readFileSync(file, 'utf8').trim()).toBe(secret)
    expect(mode(file)).toBe(0o600)

    const fresh = join(tempDir(), 'nested')
    loadConfig({ DATA_DIR: fresh })
    expect(mode(join(fresh, 'jwt-secret'))).toBe(0o600)
    expect(mode(fresh)).toBe(0o700)
  })

  it('secureDataDir makes an existing data folder, its database, media and secret private', () => {
    const dir = tempDir()
    chmodSync(dir, 0o755)
    writeFileSync(join(dir, 'jwt-secret'), 's'.repeat(40), { mode: 0o644 })
    mkdirSync(join(dir, 'pgdata', 'base'), { recursive: true, mode: 0o755 })
    writeFileSync(join(dir, 'pgdata', 'base', '1'), 'x', { mode: 0o644 })
    mkdirSync(join(dir, 'media'), { mode: 0o755 })
    writeFileSync(join(dir, 'media', 'v.webm'), 'x', { mode: 0o664 })
    secureDataDir(loadConfig({ DATA_DIR: dir }))
    expect(loose(dir)).toEqual([])
  })
})

describe('a running server', () => {
  it('keeps its data folder private: the database, the seeded and uploaded videos and the secret', async () => {
    // An old data folder: made with a umask of 022, so folders 0755 and files 0644, and a short secret.
    const dir = tempDir()
    const db = await openPglite(join(dir, 'pgdata'), await pgliteTemplate())
    await db.close()
    chmodSync(dir, 0o755)
    writeFileSync(join(dir, 'jwt-secret'), 'short\n', { mode: 0o644 })
    mkdirSync(join(dir, 'media'), { mode: 0o755 })
    writeFileSync(join(dir, 'media', 'old-upload.mp4'), fakeMp4(), { mode: 0o644 })
    expect(loose(dir).length).toBeGreaterThan(10)

    // the empty embedded database gets the demo data on this start
    const p = await spawnMain({ DATA_DIR: dir })
    try {
      expect(await waitForHealth(p), p.output()).toBe(true)
      const send = fetchSender(`http://127.0.0.1:${p.port}`)
      const login = await send({
        method: 'POST',
        url: '/api/auth/login',
        ...json({ email: 'admin@chess.local', password: 'chess-admin-1' }),
      })
      expect(login.status, login.text).toBe(200)
      const courses = await send({ method: 'GET', url: '/api/courses' })
      const upload = await send({
        method: 'POST',
        url: '/api/videos',
        token: login.body.token,
        ...multipart(
          { courseId: courses.body[0]._id },
          { name: 'file', filename: 'lesson.mp4', type: 'video/mp4', data: fakeMp4(64 * 1024) },
        ),
      })
      expect(upload.status, upload.text).toBe(201)
    } finally {
      await p.stop()
    }
    const media = readdirSync(join(dir, 'media'))
    // the old file, the seeded demo video, the upload; and, where ffmpeg is installed, the posters taken of the
    // videos in the background (private too: `loose` below looks at every file)
    expect(media.filter((f) => !f.endsWith('.poster.jpg'))).toHaveLength(3)
    expect(loose(dir)).toEqual([])
    expect(mode(join(dir, 'jwt-secret'))).toBe(0o600)
  }, 240_000)
})
