// npm run media:migrate: the videos of MEDIA_DIR copied to the bucket once, whatever the number of runs.
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { text } from 'node:stream/consumers'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { migrateMedia } from '../../../server/services/media/mediaMigration'
import { S3MediaStore } from '../../../server/services/media/s3MediaStore'
import { type LocalS3, startS3 } from '../../helpers/s3'
import { ensureServerBuild, root } from '../../trust/support/spawn'

let s3: LocalS3
let bucket: S3MediaStore
let dir: string
let mediaDir: string
beforeAll(async () => {
  s3 = await startS3()
  bucket = new S3MediaStore(s3.settings)
  dir = mkdtempSync(join(tmpdir(), 'coe-migrate-'))
  mediaDir = join(dir, 'media')
})
afterAll(async () => {
  bucket?.client.destroy()
  await s3?.stop()
  rmSync(dir, { recursive: true, force: true })
})
beforeEach(async () => {
  rmSync(mediaDir, { recursive: true, force: true })
  mkdirSync(mediaDir, { recursive: true })
  const left = await bucket.keys()
  if (left.length) await bucket.remove(left)
})

describe('migrateMedia', () => {
  it('copies every local video once, skips what the bucket holds, and leaves temporary uploads behind', async () => {
    writeFileSync(join(mediaDir, 'a.webm'), 'first video')
    writeFileSync(join(mediaDir, 'b.mp4'), Buffer.alloc(6 * 1024 * 1024, 3)) // above one part: a multipart upload
    writeFileSync(join(mediaDir, '.upload-123'), 'cut upload')
    const first = await migrateMedia(mediaDir, bucket)
    expect(first).toEqual({
      copied: [
        { name: 'a.webm', size: 11 },
        { name: 'b.mp4', size: 6 * 1024 * 1024 },
      ],
      skipped: [],
    })
    expect((await bucket.keys()).sort()).toEqual(['a.webm', 'b.mp4'])
    expect(await text((await bucket.stream('a.webm')).body)).toBe('first video')

    expect(await migrateMedia(mediaDir, bucket)).toEqual({ copied: [], skipped: ['a.webm', 'b.mp4'] })

    // A file the bucket holds only in part (a cut copy by hand) is copied again.
    writeFileSync(join(mediaDir, 'a.webm'), 'first video, whole')
    writeFileSync(join(mediaDir, 'c.ogg'), 'third')
    expect(await migrateMedia(mediaDir, bucket)).toEqual({
      copied: [
        { name: 'a.webm', size: 18 },
        { name: 'c.ogg', size: 5 },
      ],
      skipped: ['b.mp4'],
    })
  })

  it('copies nothing from a folder that does not exist', async () => {
    expect(await migrateMedia(join(dir, 'none'), bucket)).toEqual({ copied: [], skipped: [] })
  })
})

describe('npm run media:migrate', () => {
  // Not spawnSync: the command talks to s3rver, which runs in this process.
  const run = (env: Record<string, string>) => {
    ensureServerBuild()
    return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        [join(root, 'dist-server', 'media-migrate.js')],
        {
          cwd: root,
          env: {
            PATH: process.env.PATH ?? '',
            HOME: process.env.HOME ?? '/tmp',
            DATA_DIR: dir,
            MEDIA_DIR: mediaDir,
            ...env,
          },
          encoding: 'utf8',
          timeout: 60_000,
        },
        (_err, stdout, stderr) => resolve({ status: child.exitCode, stdout, stderr }),
      )
    })
  }

  it('says what it copied, then that a second run copies nothing', async () => {
    writeFileSync(join(mediaDir, 'v1.webm'), 'one')
    writeFileSync(join(mediaDir, 'v2.webm'), 'two')
    const first = await run(s3.env)
    expect(first.stderr).not.toContain('Could not')
    expect(first.status).toBe(0)
    expect(first.stdout).toContain('copied v1.webm (')
    expect(first.stdout).toContain('copied v2.webm (')
    expect(first.stdout).toContain('Copied 2 videos (')
    expect(first.stdout).toContain('skipped 0 already there')
    const second = await run(s3.env)
    expect(second.status).toBe(0)
    expect(second.stdout).toContain('Copied 0 videos (0 MB) to s3://media; skipped 2 already there.')
    expect((await bucket.keys()).sort()).toEqual(['v1.webm', 'v2.webm'])
  })

  it('refuses to run without object storage settings, and names them', async () => {
    const res = await run({})
    expect(res.status).toBe(1)
    expect(res.stderr).toContain('MEDIA_STORAGE=s3, S3_BUCKET, S3_REGION')
    const half = await run({ MEDIA_STORAGE: 's3', S3_BUCKET: 'media' })
    expect(half.status).toBe(1)
    expect(half.stderr).toContain('MEDIA_STORAGE=s3 needs S3_REGION')
  })
})
