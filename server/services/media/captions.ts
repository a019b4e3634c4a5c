import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import webvtt from 'webvtt-parser'
import type { Db } from '../../db/db'
import { assertCourseOwner } from '../catalogue/courses'
import { BadInput, NotFound } from '../errors'
import type { MediaStore } from './media'
import type { Actor, Schema } from '../types'
import { findVideo, getVideoView, type VideoUrls } from './videos'

// (its default import: under tsx, `npm run dev`'s loader, Node finds no named exports in it)
const { WebVTTParser } = webvtt

/** 404: the video has no captions. */
export class NoCaptions extends NotFound {
  constructor() {
    super('Captions')
  }
}

/** A caption file's limit: an hour of dense captions is ~100 KB. */
export const CAPTIONS_MAX_BYTES = 512 * 1024

/**
 * 400 unless `bytes` are a WebVTT file as the W3C's validator reads it (webvtt-parser, the parser behind
 * https://w3c.github.io/webvtt.js/parser.html): UTF-8, the WEBVTT signature, cues with valid timings. The first
 * error is named with its line, so an instructor can mend the file.
 */
export function checkWebVtt(bytes: Buffer): string {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes)
  if (text.includes('\uFFFD')) throw new BadInput('The captions are not a WebVTT file: it is not UTF-8 text.')
  if (text.includes('\0')) throw new BadInput('The captions are not a WebVTT file: it holds binary data.')
  const { errors } = new WebVTTParser().parse(text, 'metadata')
  const [first] = errors
  if (first) throw new BadInput(`The captions are not a WebVTT file: line ${first.line}: ${first.message}`)
  return text
}

/**
 * Stores `bytes` (checked as WebVTT) as the captions of an uploaded video, replacing any it had (that file is
 * removed once the new one is recorded). The course's instructor or an admin.
 */
export async function storeCaptions(
  deps: { db: Db; media: MediaStore; urls: VideoUrls },
  actor: Actor,
  videoId: string,
  bytes: Buffer,
): Promise<Schema<'Video'>> {
  const video = await findVideo(deps.db, videoId)
  await assertCourseOwner(deps.db, actor, video.course_id, 'Video')
  checkWebVtt(bytes)
  const name = `${randomUUID()}.vtt`
  const pending = await deps.media.save(Readable.from([bytes]))
  await pending.keep(name)
  let old: string | null
  try {
    old = await deps.db.transaction(async (tx) => {
      const [row] = await tx.query<{ captions_name: string | null }>(
        'SELECT captions_name FROM videos WHERE id = $1 FOR UPDATE',
        [videoId],
      )
      if (!row) throw new NotFound('Video')
      await tx.query('UPDATE videos SET captions_name = $1 WHERE id = $2', [name, videoId])
      return row.captions_name
    })
  } catch (err) {
    await deps.media.remove([name])
    throw err
  }
  if (old) await deps.media.remove([old])
  return getVideoView(deps.db, videoId, deps.urls)
}

/** Removes a video's captions (none is fine). The course's instructor or an admin. */
export async function deleteCaptions(
  deps: { db: Db; media: MediaStore },
  actor: Actor,
  videoId: string,
): Promise<void> {
  const video = await findVideo(deps.db, videoId)
  await assertCourseOwner(deps.db, actor, video.course_id, 'Video')
  const [row] = await deps.db.query<{ old: string | null }>(
    `UPDATE videos v SET captions_name = NULL FROM (SELECT captions_name AS old FROM videos WHERE id = $1 FOR UPDATE) o
     WHERE v.id = $1 RETURNING o.old`,
    [videoId],
  )
  if (row?.old) await deps.media.remove([row.old])
}
