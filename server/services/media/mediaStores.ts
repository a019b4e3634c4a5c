// The media store the configuration names: the local folder, or object storage (whose client loads only then).
import type { Config } from '../../config'
import { LocalMediaStore, type MediaStore } from './media'

/** The origin browsers fetch objects from (the page's CSP media-src), without loading the S3 client. */
export function s3Origin(settings: {
  bucket: string
  region: string
  endpoint?: string
  forcePathStyle?: boolean
}): string {
  if (settings.endpoint) {
    const url = new URL(settings.endpoint)
    return settings.forcePathStyle ? url.origin : `${url.protocol}//${settings.bucket}.${url.host}`
  }
  return settings.forcePathStyle
    ? `https://s3.${settings.region}.amazonaws.com`
    : `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`
}

/** The media store the configuration asks for; the S3 client is loaded only with MEDIA_STORAGE=s3. */
export async function createMediaStore(
  config: Pick<Config, 'mediaDir' | 'mediaStorage' | 's3'>,
): Promise<MediaStore> {
  if (config.mediaStorage === 's3' && config.s3) {
    const { S3MediaStore } = await import('./s3MediaStore')
    return new S3MediaStore(config.s3)
  }
  return new LocalMediaStore(config.mediaDir)
}
