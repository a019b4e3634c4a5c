// The background work on an uploaded video: its length (ffprobe) and a poster frame at 10 % of it (ffmpeg), from a
// durable jobs table. A job is queued in the transaction that records the video, so none is lost and none is made
// for an upload that was refused. Any number of instances run a worker: each claims a job in one statement under
// a lease (FOR UPDATE SKIP LOCKED; no transaction is held while ffmpeg runs), a failure is tried again with backoff,
// and a worker that dies leaves its lease to run out. Without ffmpeg on PATH no worker runs and the jobs wait.
import { EventEmitter } from 'node:events'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Db } from '../../db/db'
import { JobRunner } from '../jobRunner'
import type { MediaStore } from './media'
import { posterFrame, probeDuration } from './mediaTools'

/** Tells this process's worker that a job was queued, so it runs at once instead of at the next poll. */
export const mediaJobEvents = new EventEmitter()

/** Queues the job of a newly recorded video (call it with the transaction that records the video). */
export async function enqueueMediaJob(db: Db, videoId: string): Promise<void> {
  await db.query('INSERT INTO media_jobs (video_id) VALUES ($1)', [videoId])
  // the transaction may not have committed at the first look: looked for again a second later
  setImmediate(() => mediaJobEvents.emit('queued'))
  setTimeout(() => mediaJobEvents.emit('queued'), 1000).unref()
}

interface JobRow {
  id: string
  video_id: string
  attempts: number
  stored_name: string | null
  /** The type the upload was checked to be, which ffmpeg reads it as. */
  mime_type: string | null
}

export interface MediaJobLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
}

export interface MediaJobOptions {
  log: MediaJobLog
  /** How long a claimed job is held before another worker may take it. */
  leaseSeconds?: number
  /** Attempts before a job is given up. */
  maxAttempts?: number
  /** The wait after the first failure, doubled after each further one. */
  backoffSeconds?: number
}

/** Where in the video the poster is taken: at 10 % of its length. */
export const POSTER_AT = 0.1

export class MediaJobRunner {
  private readonly runner: JobRunner<JobRow>

  constructor(
    private readonly db: Db,
    private readonly media: MediaStore,
    private readonly opts: MediaJobOptions,
  ) {
    // One job a claim: each takes an ffmpeg run, and another instance may take the next meanwhile.
    this.runner = new JobRunner(
      {
        claim: () => this.claim(),
        work: (job) => this.work(job),
        batch: 1,
      },
      { events: mediaJobEvents },
    )
  }

  /** Runs every job due now, one after another; answers how many were done. Runs once at a time. */
  runDue(): Promise<number> {
    return this.runner.runDue()
  }

  /** Polls every `everyMs` (and at once); `stop()` ends it. */
  start(everyMs: number, onError: (err: unknown) => void): void {
    this.runner.start(everyMs, onError)
  }

  /** Stops polling and waits for the job in hand (SIGTERM). */
  stop(): Promise<void> {
    return this.runner.stop()
  }

  private async claim(): Promise<JobRow[]> {
    const lease = this.opts.leaseSeconds ?? 600
    const [job] = await this.db.query<JobRow>(
      `UPDATE media_jobs j SET leased_until = clock_timestamp() + make_interval(secs => $1), attempts = j.attempts + 1
       FROM (SELECT id FROM media_jobs
             WHERE done_at IS NULL AND failed_at IS NULL AND run_after <= clock_timestamp()
               AND (leased_until IS NULL OR leased_until < clock_timestamp())
             ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) due
       WHERE j.id = due.id
       RETURNING j.id::text AS id, j.video_id, j.attempts,
         (SELECT stored_name FROM videos v WHERE v.id = j.video_id) AS stored_name,
         (SELECT mime_type FROM videos v WHERE v.id = j.video_id) AS mime_type`,
      [lease],
    )
    return job ? [job] : []
  }

  /** One job: the video to a temporary file, its length and poster, both recorded; true when done. */
  private async work(job: JobRow): Promise<boolean> {
    if (!job.stored_name || !job.mime_type) {
      // the video went meanwhile (its row's cascade removes the job too)
      await this.db.query('UPDATE media_jobs SET done_at = clock_timestamp() WHERE id = $1', [job.id])
      return false
    }
    const dir = await mkdtemp(join(tmpdir(), 'coe-media-'))
    const posterName = `${job.video_id}.poster.jpg`
    let kept = false
    try {
      const video = { path: join(dir, 'video'), mimeType: job.mime_type }
      const { body } = await this.media.stream(job.stored_name)
      await pipeline(body, createWriteStream(video.path, { mode: 0o600 }))
      const duration = await probeDuration(video)
      const poster = join(dir, 'poster.jpg')
      await posterFrame(video, duration * POSTER_AT, poster)
      const pending = await this.media.save(createReadStream(poster))
      await pending.keep(posterName)
      kept = true
      const recorded = await this.db.transaction(async (tx) => {
        const [row] = await tx.query<{ id: string }>(
          'UPDATE videos SET duration_seconds = $2, poster_name = $3 WHERE id = $1 RETURNING id',
          [job.video_id, duration, posterName],
        )
        await tx.query('UPDATE media_jobs SET done_at = clock_timestamp(), last_error = NULL WHERE id = $1', [
          job.id,
        ])
        return Boolean(row)
      })
      if (!recorded) await this.media.remove([posterName])
      this.opts.log.info(
        { videoId: job.video_id, durationSeconds: Math.round(duration * 10) / 10 },
        'took the length and poster of a video',
      )
      return recorded
    } catch (err) {
      if (kept) await this.media.remove([posterName]).catch(() => {})
      await this.failed(job, err as Error)
      return false
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }

  private async failed(job: JobRow, err: Error) {
    const max = this.opts.maxAttempts ?? 5
    const base = this.opts.backoffSeconds ?? 30
    const message = String(err.message).slice(0, 500)
    if (job.attempts >= max) {
      await this.db.query(
        'UPDATE media_jobs SET failed_at = clock_timestamp(), leased_until = NULL, last_error = $2 WHERE id = $1',
        [job.id, message],
      )
      this.opts.log.warn(
        { videoId: job.video_id, attempts: job.attempts, err: message },
        'gave up a video job',
      )
      return
    }
    const wait = Math.min(3600, base * 2 ** (job.attempts - 1))
    await this.db.query(
      `UPDATE media_jobs SET leased_until = NULL, last_error = $2,
         run_after = clock_timestamp() + make_interval(secs => $3) WHERE id = $1`,
      [job.id, message, wait],
    )
    this.opts.log.warn(
      { videoId: job.video_id, attempts: job.attempts, err: message },
      'a video job failed; tried again later',
    )
  }
}
