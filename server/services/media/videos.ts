import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import { type Db, isDbUnavailable } from '../../db/db'
import { assertCourseOwner, assertCourseReader } from '../catalogue/courses'
import { DomainError, Forbidden, NotFound, TooLarge } from '../errors'
import type { MediaStore, PendingMedia } from './media'
import { enqueueMediaJob } from './mediaJobs'
import type { Actor, Schema } from '../types'

type VideoView = Schema<'Video'>

interface VideoRow {
  id: string
  course_id: string
  stored_name: string
  original_name: string
  mime_type: string
  size: number
  /** The stored WebVTT captions' name (server/services/media/captions.ts), or null. */
  captions_name: string | null
  /** Taken by the video's background job (server/services/media/mediaJobs.ts); null until it has run. */
  duration_seconds: number | null
  poster_name: string | null
}

export interface VideoKind {
  mimeType: string
  ext: 'mp4' | 'webm' | 'ogg'
}

/** What the first bytes say the file is; never the client's name or content type. */
export function sniffVideo(head: Buffer): VideoKind | undefined {
  if (head.length >= 12 && head.subarray(4, 8).toString('latin1') === 'ftyp')
    return { mimeType: 'video/mp4', ext: 'mp4' }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return { mimeType: 'video/webm', ext: 'webm' }
  if (head.length >= 4 && head.subarray(0, 4).toString('latin1') === 'OggS')
    return { mimeType: 'video/ogg', ext: 'ogg' }
  return undefined
}

/** Signs media URLs with a key derived from the JWT secret, so one secret rotates both. */
export class MediaSigner {
  private readonly key: Buffer
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = createHmac('sha256', secret).update('media-url-v1').digest()
  }

  private mac(id: string, exp: string): Buffer {
    return createHmac('sha256', this.key).update(`${id}.${exp}`).digest()
  }

  url(id: string, now = Date.now()): string {
    return `/api/media/${id}${this.query(id, now)}`
  }

  /** The video's captions, under the video's own signature (whoever may play it may read them). */
  captionsUrl(id: string, now = Date.now()): string {
    return `/api/media/${id}/captions${this.query(id, now)}`
  }

  /** The video's poster frame, under the video's own signature. */
  posterUrl(id: string, now = Date.now()): string {
    return `/api/media/${id}/poster${this.query(id, now)}`
  }

  private query(id: string, now: number): string {
    const exp = String(Math.floor(now / 1000) + this.ttlSeconds)
    return `?exp=${exp}&sig=${this.mac(id, exp).toString('base64url')}`
  }

  /**
   * 403 when expired, altered or signed for another id. The signature is compared as written, never decoded: decoding
   * drops the last character's spare bits and skips characters outside the alphabet, so other strings would pass.
   */
  check(id: string, exp: string, sig: string, now = Date.now()): void {
    const given = Buffer.from(sig)
    const expected = Buffer.from(this.mac(id, exp).toString('base64url'))
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new Forbidden('Invalid media signature')
    if (Number(exp) * 1000 < now) throw new Forbidden('This media link has expired')
  }
}

/** How a video's URL is made: the storage's own presigned URL (object storage), else a signed /api/media URL. */
export interface VideoUrls {
  signer: MediaSigner
  media?: Pick<MediaStore, 'signedUrl'>
  /** The lifetime of a storage's presigned URL: the signer's (MEDIA_URL_TTL). */
  ttlSeconds?: number
}

async function view(row: VideoRow, urls: VideoUrls): Promise<VideoView> {
  const filePath =
    urls.media?.signedUrl && urls.ttlSeconds
      ? await urls.media.signedUrl(row.stored_name, row.mime_type, urls.ttlSeconds)
      : urls.signer.url(row.id)
  return {
    _id: row.id,
    courseId: row.course_id,
    filePath,
    mimeType: row.mime_type,
    size: Number(row.size),
    originalName: row.original_name,
    ...(row.captions_name ? { captionsUrl: urls.signer.captionsUrl(row.id) } : {}),
    ...(row.poster_name ? { posterUrl: urls.signer.posterUrl(row.id) } : {}),
    ...(row.duration_seconds === null ? {} : { durationSeconds: Number(row.duration_seconds) }),
  }
}

export async function findVideo(db: Db, id: string): Promise<VideoRow> {
  const [row] = await db.query<VideoRow>(
    `SELECT id, course_id, stored_name, original_name, mime_type, size::float8 AS size, captions_name,
       duration_seconds, poster_name
     FROM videos WHERE id = $1`,
    [id],
  )
  if (!row) throw new NotFound('Video')
  return row
}

/** The video as the API shows it, without an access check (the caller has made it). */
export async function getVideoView(db: Db, id: string, urls: VideoUrls): Promise<VideoView> {
  return view(await findVideo(db, id), urls)
}

export async function getVideo(db: Db, actor: Actor, id: string, urls: VideoUrls): Promise<VideoView> {
  const row = await findVideo(db, id)
  // A video of a course the caller may not see (a draft) is 404 as an unknown video.
  await assertCourseReader(db, actor, row.course_id, 'Video')
  return view(row, urls)
}

export const assertCanUpload = assertCourseOwner

/** Total bytes of the videos this user uploaded and the server still keeps. */
async function storedBytes(db: Db, userId: string): Promise<number> {
  const [row] = await db.query<{ total: number }>(
    'SELECT COALESCE(sum(size), 0)::float8 AS total FROM videos WHERE uploaded_by = $1',
    [userId],
  )
  return Number(row.total)
}

const MB = 1024 * 1024

/** Megabytes for people: whole above 100, three significant digits below (0.000954 for 1,000 bytes). */
export function megabytes(bytes: number): string {
  const mb = bytes / MB
  return mb >= 100 ? String(Math.round(mb)) : String(Number(mb.toPrecision(3)))
}

export class QuotaExceeded extends TooLarge {
  constructor(quota: number, used: number, file = '') {
    super(
      `Upload quota of ${megabytes(quota)} MB reached: you use ${megabytes(used)} MB${file}. Delete videos you no longer need to upload more.`,
    )
  }
}

/** 413 when the user's stored videos already fill the quota (checked before the file is read); else the bytes used. */
export async function assertQuotaLeft(db: Db, actor: Actor, quota: number): Promise<number> {
  const used = await storedBytes(db, actor.id)
  if (used >= quota) throw new QuotaExceeded(quota, used)
  return used
}

/**
 * Records a stored file as a video of the course, unless it would bring the uploader's videos above
 * `quota` bytes (413, and the caller removes the file). The uploader's row is locked, so two uploads
 * at once cannot both squeeze under the quota.
 */
async function recordVideo(
  db: Db,
  actor: Actor,
  input: {
    id: string
    courseId: string
    storedName: string
    originalName: string
    mimeType: string
    size: number
  },
  quota = Number.POSITIVE_INFINITY,
): Promise<VideoRow> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [actor.id])
    const used = await storedBytes(tx, actor.id)
    if (used + input.size > quota)
      throw new QuotaExceeded(quota, used, ` and this file has ${megabytes(input.size)} MB`)
    const [row] = await tx.query<VideoRow>(
      `INSERT INTO videos (id, course_id, stored_name, original_name, mime_type, size, uploaded_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       RETURNING id, course_id, stored_name, original_name, mime_type, size::float8 AS size, captions_name,
         duration_seconds, poster_name`,
      [
        input.id,
        input.courseId,
        input.storedName,
        input.originalName.slice(0, 255),
        input.mimeType,
        input.size,
        actor.id,
      ],
    )
    // its length and poster are taken in the background (server/services/media/mediaJobs.ts)
    await enqueueMediaJob(tx, row.id)
    return row
  })
}

/**
 * Keeps a received upload under a generated name (the client's file name never reaches the storage) and
 * records it as a video of the course; when the record is refused (quota, course gone) the file goes.
 */
export async function storeVideo(
  deps: { db: Db; media: MediaStore; signer: MediaSigner; ttlSeconds?: number },
  actor: Actor,
  upload: PendingMedia,
  input: { courseId: string; originalName: string; mimeType: string; ext: VideoKind['ext'] },
  quota = Number.POSITIVE_INFINITY,
): Promise<VideoView> {
  const id = randomUUID()
  const storedName = `${id}.${input.ext}`
  await upload.keep(storedName)
  const record = { id, storedName, size: upload.size, ...input }
  let row: VideoRow
  try {
    row = await recordVideo(deps.db, actor, record, quota)
  } catch (err) {
    await deps.media.remove([storedName])
    throw err
  }
  return view(row, deps)
}

/**
 * Whether an error met while reading a multipart upload is the body's fault (a 400): the multipart parser's
 * own errors carry no code, while file-system and database errors do (or are known as unavailability).
 */
export function isMalformedUpload(err: unknown): boolean {
  return (
    err instanceof Error &&
    (err as { code?: string }).code === undefined &&
    !(err instanceof DomainError) &&
    !isDbUnavailable(err)
  )
}

/**
 * Inside the transaction that removed a module: deletes the video record when no module uses the video
 * any more, and answers the stored file names to remove (with MediaStore.remove) once that transaction
 * has committed. The video row is locked first: a module being added with this video either commits
 * before (and keeps the video) or fails after (the video is gone, 404).
 */
export async function releaseVideoIfUnused(tx: Db, videoId: string): Promise<string[]> {
  const [video] = await tx.query<{
    stored_name: string
    captions_name: string | null
    poster_name: string | null
  }>('SELECT stored_name, captions_name, poster_name FROM videos WHERE id = $1 FOR UPDATE', [videoId])
  if (!video) return []
  const used = await tx.query('SELECT 1 FROM modules WHERE video_id = $1 LIMIT 1', [videoId])
  if (used.length) return []
  await tx.query('DELETE FROM videos WHERE id = $1', [videoId])
  return [video.stored_name, video.captions_name, video.poster_name].filter((n): n is string => n !== null)
}

/**
 * A signed media URL with its signature hidden, for logs: whoever reads a log must not be able to replay
 * the link. Other URLs pass unchanged.
 */
export function redactMediaUrl(url: string): string {
  const q = url.indexOf('?')
  if (q < 0) return url
  const params = url
    .slice(q + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=')
      const rawKey = eq < 0 ? part : part.slice(0, eq)
      let key = rawKey
      try {
        // the server decodes names (s%69g is sig), so the log must too
        key = decodeURIComponent(rawKey.replace(/\+/g, ' '))
      } catch {
        // not decodable: compared as written
      }
      return key.toLowerCase() === 'sig' ? `${rawKey}=[redacted]` : part
    })
  return `${url.slice(0, q + 1)}${params.join('&')}`
}

/** The fields of Fastify's request log serializer, with a media signature redacted from the URL. */
export function requestLogSerializer(req: {
  method: string
  url: string
  host?: string
  ip?: string
  socket?: { remotePort?: number }
}): Record<string, unknown> {
  return {
    method: req.method,
    url: redactMediaUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }
}
