import { randomUUID } from 'node:crypto'
import { PassThrough, type Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { NotFound } from '../errors'
import { type MediaStore, type MediaStream, type PendingMedia, parseRange } from './media'

/** Where the objects are and how to reach them (config.ts's `s3`). */
export interface S3Settings {
  bucket: string
  region: string
  /** An S3-compatible store's address (MinIO, R2, B2, radosgw); undefined for AWS itself. */
  endpoint?: string
  forcePathStyle?: boolean
  /** From AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN; undefined: the SDK's own chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string }
}

/**
 * Why the bucket cannot be used (missing, refused, unreachable), as a sentence naming the settings to check;
 * undefined when it answers. Run at start, so a wrong setting stops the server instead of failing every upload.
 */
export async function bucketProblem(settings: S3Settings, timeoutMs = 10_000): Promise<string | undefined> {
  const store = new S3MediaStore(settings)
  try {
    await store.client.send(new HeadBucketCommand({ Bucket: settings.bucket }), {
      abortSignal: AbortSignal.timeout(timeoutMs),
    })
    return undefined
  } catch (err) {
    const e = err as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } }
    const status = e.$metadata?.httpStatusCode
    const why =
      status === 404
        ? 'it does not exist'
        : status === 403
          ? 'access is refused (check the credentials)'
          : `${e.name ?? 'error'}${e.message ? `: ${e.message}` : ''}`
    return `MEDIA_STORAGE=s3: the bucket "${settings.bucket}" at ${settings.endpoint ?? `AWS (${settings.region})`} cannot be used: ${why}. Check S3_BUCKET, S3_REGION, S3_ENDPOINT, S3_FORCE_PATH_STYLE and AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY.`
  } finally {
    store.close()
  }
}

/** Bytes per part of a multipart upload (S3's minimum): what one part in flight holds in memory. */
const PART_SIZE = 5 * 1024 * 1024
/** Parts sent at once: one, so one part (5 MB) of an upload is held in memory at a time. */
const QUEUE_SIZE = 1

function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } }
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404
}

interface WarnLogger {
  warn(obj: object, msg: string): void
}

/**
 * Media in an S3 bucket (or any S3-compatible store): an upload streams to the bucket as a multipart upload under
 * a temporary key, is copied to its final key when kept and deleted otherwise; browsers fetch the bytes from the
 * storage itself through presigned GET URLs, so video bytes never pass through the server.
 */
export class S3MediaStore implements MediaStore {
  readonly client: S3Client
  readonly bucket: string

  constructor(settings: S3Settings, client?: S3Client) {
    this.bucket = settings.bucket
    const options: S3ClientConfig = {
      region: settings.region,
      forcePathStyle: settings.forcePathStyle ?? false,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
    }
    this.client = client ?? new S3Client(options)
  }

  async save(source: Readable): Promise<PendingMedia> {
    const temp = `.upload-${randomUUID()}`
    let size = 0
    let head = Buffer.alloc(0)
    const measure = new Transform({
      transform(chunk: Buffer, _enc, done) {
        if (head.length < 16) head = Buffer.concat([head, chunk]).subarray(0, 16)
        size += chunk.length
        done(null, chunk)
      },
    })
    const body = new PassThrough()
    // A cut or refused body destroys `body` with the error, which fails the upload: lib-storage then aborts the
    // multipart upload (leavePartsOnError: false), so no parts and no object remain.
    const piped = pipeline(source, measure, body)
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: temp, Body: body },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    })
    let pending = true
    const discard = async () => {
      if (!pending) return
      pending = false
      await this.deleteKey(temp)
    }
    try {
      await Promise.all([piped, upload.done()])
    } catch (err) {
      body.destroy()
      await upload.abort().catch(() => {})
      await discard().catch(() => {})
      throw err
    }
    return {
      size,
      head,
      keep: async (name) => {
        if (!name || name.startsWith('.') || name.includes('/'))
          throw new Error(`media name ${name} leaves the media folder`)
        await this.client.send(
          new CopyObjectCommand({
            Bucket: this.bucket,
            Key: name,
            CopySource: `${this.bucket}/${encodeURIComponent(temp)}`,
          }),
        )
        await this.deleteKey(temp)
        pending = false
      },
      discard,
    }
  }

  private async deleteKey(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))
  }

  async size(name: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: name }))
      return head.ContentLength
    } catch (err) {
      if (isMissing(err)) return undefined
      throw err
    }
  }

  async stream(name: string, rangeHeader?: string): Promise<MediaStream> {
    const size = await this.size(name)
    if (size === undefined) throw new NotFound('Video file')
    const range = parseRange(rangeHeader, size)
    const got = await this.client
      .send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: name,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      )
      .catch((err: unknown) => {
        if (isMissing(err)) throw new NotFound('Video file')
        throw err
      })
    const body = got.Body as Readable
    return range ? { status: 206, size, range, body } : { status: 200, size, body }
  }

  /** A presigned GET of the object, valid `ttlSeconds`, answered with `mimeType`; range requests work on it. */
  async signedUrl(name: string, mimeType: string, ttlSeconds: number): Promise<string> {
    return getSignedUrl(
      this.client,
      new GetObjectCommand({ Bucket: this.bucket, Key: name, ResponseContentType: mimeType }),
      { expiresIn: ttlSeconds },
    )
  }

  async remove(names: string[], log?: WarnLogger): Promise<void> {
    await Promise.all(
      names.map(async (name) => {
        try {
          await this.deleteKey(name)
        } catch (err) {
          if (!isMissing(err)) log?.warn({ err, file: name }, 'could not remove a deleted video object')
        }
      }),
    )
  }

  close(): void {
    this.client.destroy()
  }

  /** Every key in the bucket (tests and the migration's report). */
  async keys(): Promise<string[]> {
    const keys: string[] = []
    let token: string | undefined
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }),
      )
      for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key)
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
    return keys
  }
}
