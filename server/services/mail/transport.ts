import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Transporter } from 'nodemailer'

/** One message as a transport sends it. */
export interface Message {
  from: string
  to: string
  subject: string
  text: string
  html: string
  headers: Record<string, string>
  /** Stable per outbox row: a copy sent twice (a crash between sending and marking) carries the same id. */
  messageId: string
}

export interface MailTransport {
  /** Sends one message; answers where it went (the file, or the SMTP server's reply). */
  send(message: Message): Promise<string>
  close(): void
}

/**
 * A nodemailer transport made on the first message: the package (~4 MB of heap) is loaded when there is mail to
 * send, not by every server at start.
 */
function lazyTransport(make: (nodemailer: typeof import('nodemailer')) => Transporter) {
  let made: Promise<Transporter> | undefined
  return {
    get: () =>
      (made ??= import('nodemailer').then((m) => make((m.default ?? m) as typeof import('nodemailer')))),
    close() {
      void made?.then((t) => t.close()).catch(() => undefined)
    },
  }
}

/** nodemailer over SMTP: `smtp://` (STARTTLS when the server offers it) or `smtps://`. */
export function smtpTransport(url: string): MailTransport {
  const transport = lazyTransport((nodemailer) => nodemailer.createTransport(url))
  return {
    async send(message) {
      const info = (await (await transport.get()).sendMail(message)) as { response: unknown }
      return String(info.response)
    },
    close: () => transport.close(),
  }
}

/**
 * Without SMTP_URL: each message is written as an `.eml` file (the whole message, as it would travel) to `dir`, for
 * a person running the product locally to open; the answer is the file's path, which the sender logs.
 */
export function fileTransport(dir: string): MailTransport {
  const composer = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }),
  )
  return {
    async send(message) {
      const info = (await (await composer.get()).sendMail(message)) as { message: unknown }
      mkdirSync(dir, { recursive: true, mode: 0o700 })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const id = message.messageId.replace(/[^A-Za-z0-9.-]/g, '')
      const file = join(dir, `${stamp}-${id}.eml`)
      writeFileSync(file, info.message as Buffer, { mode: 0o600 })
      return file
    },
    close: () => composer.close(),
  }
}
