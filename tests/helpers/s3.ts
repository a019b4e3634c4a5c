// A real S3 API on this machine for the tests: s3rver, on a free port, keeping its objects in a temporary folder.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'
import type { S3Settings } from '../../server/services/media/s3MediaStore'

export interface LocalS3 {
  /** Settings of a bucket on it (path style, s3rver's fixed credentials). */
  settings: S3Settings
  /** The environment a server process needs to use that bucket (MEDIA_STORAGE=s3 and the rest). */
  env: Record<string, string>
  stop(): Promise<void>
}

export const S3RVER_KEY = 'S3RVER'

export async function startS3(bucket = 'media'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  const settings: S3Settings = {
    bucket,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
  }
  return {
    settings,
    env: {
      MEDIA_STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: '1',
      AWS_ACCESS_KEY_ID: S3RVER_KEY,
      AWS_SECRET_ACCESS_KEY: S3RVER_KEY,
    },
    stop: async () => {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
