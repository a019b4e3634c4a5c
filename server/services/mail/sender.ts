import type { Db } from '../../db/db'
import { JobRunner } from '../jobRunner'
import { outboxEvents } from './outbox'
import type { MailTransport } from './transport'

interface OutboxRow {
  id: string
  kind: string
  to_address: string
  subject: string
  text_body: string
  html_body: string
  headers: Record<string, string> | string
  attempts: number
}

/** What the sender reports (the server's logger fits). */
export interface MailLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

export interface SenderOptions {
  from: string
  /** The host part of Message-IDs (PUBLIC_URL's host). */
  host: string
  log: MailLog
  /** How long a claimed mail is held by its sender before another may take it (a sender that died). */
  leaseSeconds: number
  /** Attempts before a mail is given up (marked failed, logged as an error). */
  maxAttempts?: number
  /** The wait after the first failure; doubled after each further one, at most an hour. */
  backoffSeconds?: number
  batch?: number
}

/** The wait before attempt `attempts + 1`: base × 2^(attempts − 1), at most an hour, with up to 20% jitter. */
export function backoffSeconds(attempts: number, base: number): number {
  const wait = Math.min(3600, base * 2 ** Math.max(0, attempts - 1))
  return Math.round(wait * (1 + Math.random() * 0.2))
}

/**
 * Takes mails out of the outbox and sends them. Any number of senders (instances) may run on one database: each
 * claims a batch in one statement (FOR UPDATE SKIP LOCKED, so two senders never claim the same row) that sets a
 * lease instead of holding a transaction open while it talks to the mail server (on embedded PGlite an open
 * transaction would hold its one connection). A sent mail is marked sent; a failure is tried again later with
 * backoff; a sender that dies between sending and marking leaves its lease to run out, and the mail goes once more.
 */
export class MailSender {
  private readonly runner: JobRunner<OutboxRow>

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly opts: SenderOptions,
  ) {
    this.runner = new JobRunner(
      { claim: () => this.claim(), work: (row) => this.deliver(row), batch: opts.batch ?? 10 },
      { events: outboxEvents, followUpMs: 1000 },
    )
  }

  /** Sends every mail due now (one batch after another); answers how many went. Runs once at a time. */
  sendDue(): Promise<number> {
    return this.runner.runDue()
  }

  /** Polls every `everyMs`, and at once when this process queues a mail; `stop()` ends it. */
  start(everyMs: number, onError: (err: unknown) => void): void {
    this.runner.start(everyMs, onError)
  }

  /** Stops polling and waits for the mail being sent (SIGTERM); a claimed mail not yet sent waits for its lease. */
  async stop(): Promise<void> {
    await this.runner.stop()
    this.transport.close()
  }

  private claim(): Promise<OutboxRow[]> {
    return this.db.query<OutboxRow>(
      `UPDATE mail_outbox SET attempts = attempts + 1,
         next_attempt_at = clock_timestamp() + $2 * interval '1 second'
       WHERE id IN (
         SELECT id FROM mail_outbox
         WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= clock_timestamp()
         ORDER BY next_attempt_at, id LIMIT $1
         FOR UPDATE SKIP LOCKED)
       RETURNING id::text AS id, kind, to_address, subject, text_body, html_body, headers, attempts`,
      [this.opts.batch ?? 10, this.opts.leaseSeconds],
    )
  }

  private async deliver(row: OutboxRow): Promise<boolean> {
    const headers =
      typeof row.headers === 'string' ? (JSON.parse(row.headers) as Record<string, string>) : row.headers
    let where: string
    try {
      where = await this.transport.send({
        from: this.opts.from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        headers,
        messageId: `<outbox-${row.id}@${this.opts.host}>`,
      })
    } catch (err) {
      const max = this.opts.maxAttempts ?? 8
      const message = (err as Error).message?.slice(0, 500) ?? String(err)
      if (row.attempts >= max) {
        await this.db.query(
          'UPDATE mail_outbox SET failed_at = clock_timestamp(), last_error = $2 WHERE id = $1',
          [row.id, message],
        )
        this.opts.log.error(
          { mailId: row.id, kind: row.kind, attempts: row.attempts, err: message },
          'mail given up',
        )
      } else {
        const wait = backoffSeconds(row.attempts, this.opts.backoffSeconds ?? 30)
        await this.db.query(
          `UPDATE mail_outbox SET last_error = $2, next_attempt_at = clock_timestamp() + $3 * interval '1 second'
           WHERE id = $1`,
          [row.id, message, wait],
        )
        this.opts.log.warn(
          { mailId: row.id, kind: row.kind, attempts: row.attempts, retryInSeconds: wait, err: message },
          'mail not sent; will try again',
        )
      }
      return false
    }
    await this.db.query(
      'UPDATE mail_outbox SET sent_at = clock_timestamp(), last_error = NULL WHERE id = $1',
      [row.id],
    )
    this.opts.log.info({ mailId: row.id, kind: row.kind, sentTo: where }, `mail sent: ${where}`)
    return true
  }
}
