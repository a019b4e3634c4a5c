// The one runner of the server's background work (the mail outbox, the video jobs): a queue in a database table,
// worked by every instance. The queue claims what is due in one statement under a lease (FOR UPDATE SKIP LOCKED, so
// two instances never claim the same row, and no transaction is held while the work runs); this runner drives it:
// one round at a time, a poll every so often, at once when this process queues something, and a stop that waits
// for the work in hand.
import type { EventEmitter } from 'node:events'

/** A table of jobs, as the runner drives it. */
export interface JobQueue<Job> {
  /** Claims the jobs due now (at most `batch`), each under a lease; none when there is nothing due. */
  claim(): Promise<Job[]>
  /** Does one claimed job (recording its success or its failure); true when it was done. */
  work(job: Job): Promise<boolean>
  /** How many jobs a claim takes at most: a smaller batch means nothing more is due. */
  batch: number
}

export interface WakeOptions {
  /** Emits `queued` when this process queues a job. */
  events: EventEmitter
  /**
   * Looks again this long after a wake: the transaction that queued the job may not have committed at the first look
   * (on PostgreSQL it is then not yet visible). 0: no second look.
   */
  followUpMs?: number
}

export class JobRunner<Job> {
  private running: Promise<number> | undefined
  private again = false
  private stopped = false
  private timer: NodeJS.Timeout | undefined
  private followUp: NodeJS.Timeout | undefined
  private onError: (err: unknown) => void = () => {}

  private readonly tick = () => {
    this.runDue().catch(this.onError)
  }

  private readonly wake = () => {
    this.tick()
    const wait = this.wakeOptions?.followUpMs ?? 0
    if (!wait || this.followUp || this.stopped) return
    this.followUp = setTimeout(() => {
      this.followUp = undefined
      this.tick()
    }, wait)
    this.followUp.unref()
  }

  constructor(
    private readonly queue: JobQueue<Job>,
    private readonly wakeOptions?: WakeOptions,
  ) {}

  /** Works every job due now, batch after batch; answers how many were done. One round runs at a time. */
  runDue(): Promise<number> {
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = this.round().finally(() => (this.running = undefined))
    return this.running
  }

  private async round(): Promise<number> {
    let done = 0
    do {
      this.again = false
      for (;;) {
        const jobs = this.stopped ? [] : await this.queue.claim()
        for (const job of jobs) if (await this.queue.work(job)) done += 1
        if (jobs.length < this.queue.batch || this.stopped) break
      }
    } while (this.again && !this.stopped)
    return done
  }

  /** Polls every `everyMs` (and at once), and wakes when this process queues a job; `stop()` ends it. */
  start(everyMs: number, onError: (err: unknown) => void): void {
    this.onError = onError
    this.timer = setInterval(this.tick, everyMs)
    this.timer.unref()
    this.wakeOptions?.events.on('queued', this.wake)
    this.tick()
  }

  /** Stops polling and waits for the round in hand (SIGTERM); a claimed job not yet done waits for its lease. */
  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearInterval(this.timer)
    if (this.followUp) clearTimeout(this.followUp)
    this.wakeOptions?.events.off('queued', this.wake)
    await this.running?.catch(() => {})
  }
}
