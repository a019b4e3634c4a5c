import { EventEmitter } from 'node:events'
import type { Db } from '../../db/db'

/** A mail as the outbox keeps it until a sender has sent it. */
export interface OutgoingMail {
  /** What it is ('reset', 'verify', 'change', 'changed', 'receipt', 'reminder'), for the log and the tests. */
  kind: string
  to: string
  subject: string
  text: string
  html: string
  /** Extra headers (List-Unsubscribe). */
  headers?: Record<string, string>
}

/** Tells this process's sender that a mail is waiting, so it goes out at once instead of at the next poll. */
export const outboxEvents = new EventEmitter()

/**
 * Puts a mail into the outbox. Call it with the transaction of the change that causes the mail: both are committed
 * together or neither is, so a mail is never sent for a change that did not happen, nor lost for one that did.
 */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO mail_outbox (kind, to_address, subject, text_body, html_body, headers)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING id::text AS id`,
    [mail.kind, mail.to, mail.subject, mail.text, mail.html, JSON.stringify(mail.headers ?? {})],
  )
  // After the commit would be exact; a sender woken early finds the row once it is committed, or at its next poll.
  setImmediate(() => outboxEvents.emit('queued'))
  return row.id
}
