import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Db } from '../db/db'
import { assertCourseOwner, assertCourseReader } from './courses'
import { Forbidden, NotFound } from './errors'
import type { Actor } from './types'

export interface VideoView {
  _id: string
  courseId: string
  filePath: string
  mimeType: string
  size: number
  originalName: string
}

export interface VideoRow {
  id: string
  course_id: string
  stored_name: string
  original_name: string
  mime_type: string
  size: number
}

export interface VideoKind {
  mimeType: string
  ext: 'mp4' | 'webm' | 'ogg'
}

/** What the first bytes say the file is; never the client's name or content type. */
export function sniffVideo(head: Buffer): VideoKind | undefined {
  if (head.length >= 12 && head.subarray(4, 8).toString('latin1') === 'ftyp') return { mimeType: 'video/mp4', ext: 'mp4' }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return { mimeType: 'video/webm', ext: 'webm' }
  if (head.length >= 4 && head.subarray(0, 4).toString('latin1') === 'OggS') return { mimeType: 'video/ogg', ext: 'ogg' }
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
    const exp = String(Math.floor(now / 1000) + this.ttlSeconds)
    return `/api/media/${id}?exp=${exp}&sig=${this.mac(id, exp).toString('base64url')}`
  }

  /** 403 when expired, altered or signed for another id. */
  check(id: string, exp: string, sig: string, now = Date.now()): void {
    const given = Buffer.from(sig, 'base64url')
    const expected = this.mac(id, exp)
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Forbidden('Invalid media signature')
    if (Number(exp) * 1000 < now) throw new Forbidden('This media link has expired')
  }
}

function view(row: VideoRow, signer: MediaSigner): VideoView {
  return {
    _id: row.id,
    courseId: row.course_id,
    filePath: signer.url(row.id),
    mimeType: row.mime_type,
    size: Number(row.size),
    originalName: row.original_name,
  }
}

export async function findVideo(db: Db, id: string): Promise<VideoRow> {
  const [row] = await db.query<VideoRow>(
    'SELECT id, course_id, stored_name, original_name, mime_type, size::float8 AS size FROM videos WHERE id = $1',
    [id],
  )
  if (!row) throw new NotFound('Video')
  return row
}

export async function getVideo(db: Db, actor: Actor, id: string, signer: MediaSigner): Promise<VideoView> {
  const row = await findVideo(db, id)
  await assertCourseReader(db, actor, row.course_id)
  return view(row, signer)
}

export const assertCanUpload = assertCourseOwner

export async function recordVideo(
  db: Db,
  actor: Actor,
  input: { id: string; courseId: string; storedName: string; originalName: string; mimeType: string; size: number },
  signer: MediaSigner,
): Promise<VideoView> {
  const [row] = await db.query<VideoRow>(
    `INSERT INTO videos (id, course_id, stored_name, original_name, mime_type, size, uploaded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     RETURNING id, course_id, stored_name, original_name, mime_type, size::float8 AS size`,
    [input.id, input.courseId, input.storedName, input.originalName.slice(0, 255), input.mimeType, input.size, actor.id],
  )
  return view(row!, signer)
}
