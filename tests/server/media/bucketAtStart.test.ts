// With MEDIA_STORAGE=s3 the server checks its bucket at start: one it cannot use stops the start, saying why.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bucketProblem } from '../../../server/services/media/s3MediaStore'
import { type LocalS3, startS3 } from '../../helpers/s3'
import { ensureServerBuild, freePort, root } from '../../trust/support/spawn'

let s3: LocalS3
const dir = mkdtempSync(join(tmpdir(), 'coe-bucket-'))
beforeAll(async () => {
  s3 = await startS3()
})
afterAll(async () => {
  await s3?.stop()
  rmSync(dir, { recursive: true, force: true })
})

it('finds nothing wrong with a bucket that answers, and names what is wrong otherwise', async () => {
  expect(await bucketProblem(s3.settings)).toBeUndefined()
  expect(await bucketProblem({ ...s3.settings, bucket: 'no-such-bucket' })).toMatch(
    /the bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ cannot be used: it does not exist\. Check S3_BUCKET/,
  )
  const closed = await freePort()
  expect(await bucketProblem({ ...s3.settings, endpoint: `http://127.0.0.1:${closed}` }, 3000)).toMatch(
    /cannot be used: .*Check S3_BUCKET/,
  )
})

it('refuses to start on a bucket it cannot use (exit 1, saying why)', async () => {
  ensureServerBuild()
  // Not spawnSync: the server asks s3rver, which runs in this process.
  const res = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      [join(root, 'dist-server', 'main.js')],
      {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '/tmp',
          DATA_DIR: dir,
          SEED_DEMO: '0',
          PORT: '0',
          LOG_LEVEL: 'warn',
          ...s3.env,
          S3_BUCKET: 'no-such-bucket',
        },
        encoding: 'utf8',
        timeout: 90_000,
      },
      (_err, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
    )
  })
  expect(res.stderr).toContain('the bucket "no-such-bucket"')
  expect(res.stderr).toContain('it does not exist')
  expect(res.code).toBe(1)
}, 120_000)
