// `npm run media:migrate`: copies the videos of MEDIA_DIR to the bucket of MEDIA_STORAGE=s3, idempotently.
import { ConfigError, loadConfig } from '../config'
import { migrateMedia } from '../services/media/mediaMigration'
import { megabytes } from '../services/media/videos'

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

async function main() {
  let config
  try {
    config = loadConfig(process.env)
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message)
    throw err
  }
  if (config.mediaStorage !== 's3' || !config.s3)
    fail(
      'npm run media:migrate copies MEDIA_DIR to object storage: run it with the settings the server will use, ' +
        'MEDIA_STORAGE=s3, S3_BUCKET, S3_REGION (and S3_ENDPOINT, S3_FORCE_PATH_STYLE, AWS_ACCESS_KEY_ID, ' +
        'AWS_SECRET_ACCESS_KEY as needed)',
    )
  const { S3MediaStore } = await import('../services/media/s3MediaStore')
  const target = new S3MediaStore(config.s3)
  const where = `s3://${config.s3.bucket}`
  console.log(`Copying the videos of ${config.mediaDir} to ${where}`)
  try {
    const report = await migrateMedia(config.mediaDir, target, (name, size) =>
      console.log(`copied ${name} (${megabytes(size)} MB)`),
    )
    const bytes = report.copied.reduce((sum, c) => sum + c.size, 0)
    console.log(
      `Copied ${report.copied.length} video${report.copied.length === 1 ? '' : 's'} (${megabytes(bytes)} MB) to ${where}; ` +
        `skipped ${report.skipped.length} already there. The local files are left as they are.`,
    )
  } catch (err) {
    fail(`Could not copy the videos to ${where}: ${(err as Error).message}`)
  } finally {
    target.client.destroy()
  }
}

await main()
