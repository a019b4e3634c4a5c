import { join } from 'node:path'
import { publicBaseUrl, type Config } from '../../config'
import type { Db } from '../../db/db'
import { mailSettingsOf, queueReviewReminders } from './account'
import { MailSender, type MailLog } from './sender'
import { fileTransport, smtpTransport, type MailTransport } from './transport'

/** How often the sender looks for mail queued by other instances (its own it sends at once). */
export const POLL_MS = 5_000
/** How often accounts with lines due are looked for (each gets at most one reminder a day). */
export const REMINDERS_EVERY_MS = 15 * 60_000

/** SMTP when SMTP_URL is set; otherwise `.eml` files in `$DATA_DIR/mail/`. */
export function transportOf(config: Pick<Config, 'smtpUrl' | 'dataDir'>): MailTransport {
  return config.smtpUrl ? smtpTransport(config.smtpUrl) : fileTransport(join(config.dataDir, 'mail'))
}

export function senderOf(db: Db, config: Config, log: MailLog, transport = transportOf(config)): MailSender {
  return new MailSender(db, transport, {
    from: config.mailFrom,
    host: new URL(publicBaseUrl(config)).hostname,
    log,
    leaseSeconds: config.mailLeaseSeconds,
  })
}

/** The server's background mail work: the sender and the daily review reminders; `stop` ends both (SIGTERM). */
export function startMail(db: Db, config: Config, log: MailLog): { stop(): Promise<void> } {
  const sender = senderOf(db, config, log)
  sender.start(POLL_MS, (err) => log.warn({ err }, 'sending mail failed'))
  const settings = mailSettingsOf(config)
  const remind = () =>
    queueReviewReminders(db, settings).then(
      (n) => n && log.info({ reminders: n }, 'review reminders queued'),
      (err: unknown) => log.warn({ err }, 'queueing review reminders failed'),
    )
  const first = setTimeout(() => void remind(), 30_000)
  const every = setInterval(() => void remind(), REMINDERS_EVERY_MS)
  first.unref()
  every.unref()
  return {
    async stop() {
      clearTimeout(first)
      clearInterval(every)
      await sender.stop()
    },
  }
}
