// The outbox and its sender: retries with backoff when the mail server refuses, giving up after the last attempt,
// two senders on one database sending each mail once, and the .eml folder of a run without SMTP_URL.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { simpleParser } from 'mailparser'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { enqueueMail } from '../../../server/services/mail/outbox'
import { senderOf } from '../../../server/services/mail/runner'
import { backoffSeconds, MailSender } from '../../../server/services/mail/sender'
import { passwordResetMail } from '../../../server/services/mail/templates'
import { smtpTransport, type MailTransport } from '../../../server/services/mail/transport'
import { useTestServer } from '../../helpers/buildServer'
import { startSmtpSink, type SmtpSink } from '../../helpers/smtpSink'

const logged: { level: string; obj: object; msg: string }[] = []
const log = {
  info: (obj: object, msg: string) => logged.push({ level: 'info', obj, msg }),
  warn: (obj: object, msg: string) => logged.push({ level: 'warn', obj, msg }),
  error: (obj: object, msg: string) => logged.push({ level: 'error', obj, msg }),
}

let smtp: SmtpSink
beforeAll(async () => {
  smtp = await startSmtpSink()
})
afterAll(() => smtp?.close())
const server = useTestServer()
beforeEach(() => {
  smtp.messages.length = 0
  logged.length = 0
})

const mail = (to: string) => ({
  kind: 'test',
  to,
  ...passwordResetMail('http://localhost:3000/reset-password?token=x'),
})
const options = {
  from: 'Chess Online Education <no-reply@localhost>',
  host: 'localhost',
  log,
  leaseSeconds: 60,
}
const rows = () =>
  server.current.db.query<{
    attempts: number
    sent: boolean
    failed: boolean
    wait: number
    last_error: string | null
  }>(
    `SELECT attempts, sent_at IS NOT NULL AS sent, failed_at IS NOT NULL AS failed, last_error,
       extract(epoch FROM next_attempt_at - clock_timestamp())::float8 AS wait
     FROM mail_outbox ORDER BY id`,
  )

describe('the sender', () => {
  it('tries a refused mail again later, with backoff, and sends it once the server takes it', async () => {
    let refuse = true
    const real = smtpTransport(smtp.url)
    const flaky: MailTransport = {
      send: (m) => (refuse ? Promise.reject(new Error('451 try again later')) : real.send(m)),
      close: () => real.close(),
    }
    const sender = new MailSender(server.current.db, flaky, { ...options, backoffSeconds: 30 })
    await enqueueMail(server.current.db, mail('a@example.test'))
    expect(await sender.sendDue()).toBe(0)
    let [row] = await rows()
    expect(row).toMatchObject({ attempts: 1, sent: false, failed: false, last_error: '451 try again later' })
    expect(row.wait).toBeGreaterThan(25)
    expect(row.wait).toBeLessThan(37)
    // not due yet: nothing is tried
    expect(await sender.sendDue()).toBe(0)
    expect((await rows())[0].attempts).toBe(1)
    refuse = false
    await server.current.db.query('UPDATE mail_outbox SET next_attempt_at = clock_timestamp()')
    expect(await sender.sendDue()).toBe(1)
    ;[row] = await rows()
    expect(row).toMatchObject({ attempts: 2, sent: true, last_error: null })
    expect(smtp.messages).toHaveLength(1)
    expect(logged.map((l) => l.level)).toEqual(['warn', 'info'])
  })

  it('doubles the wait after each failure, up to an hour', () => {
    expect(backoffSeconds(1, 30)).toBeGreaterThanOrEqual(30)
    expect(backoffSeconds(1, 30)).toBeLessThanOrEqual(36)
    expect(backoffSeconds(3, 30)).toBeGreaterThanOrEqual(120)
    expect(backoffSeconds(3, 30)).toBeLessThanOrEqual(144)
    expect(backoffSeconds(20, 30)).toBeLessThanOrEqual(3600 * 1.2)
  })

  it('gives a mail up after the last attempt, and says so in the log', async () => {
    const broken: MailTransport = { send: () => Promise.reject(new Error('550 no such user')), close() {} }
    const sender = new MailSender(server.current.db, broken, { ...options, maxAttempts: 2 })
    await enqueueMail(server.current.db, mail('gone@example.test'))
    await sender.sendDue()
    await server.current.db.query('UPDATE mail_outbox SET next_attempt_at = clock_timestamp()')
    await sender.sendDue()
    expect((await rows())[0]).toMatchObject({
      attempts: 2,
      sent: false,
      failed: true,
      last_error: '550 no such user',
    })
    expect(logged.at(-1)).toMatchObject({ level: 'error', msg: 'mail given up' })
    await server.current.db.query('UPDATE mail_outbox SET next_attempt_at = clock_timestamp()')
    expect(await sender.sendDue()).toBe(0)
  })

  it('two senders on one database send each of 30 mails once', async () => {
    for (let i = 0; i < 30; i++) await enqueueMail(server.current.db, mail(`m${i}@example.test`))
    const one = new MailSender(server.current.db, smtpTransport(smtp.url), { ...options, batch: 4 })
    const two = new MailSender(server.current.db, smtpTransport(smtp.url), { ...options, batch: 4 })
    const [a, b] = await Promise.all([one.sendDue(), two.sendDue()])
    expect(a + b).toBe(30)
    const ids = smtp.messages.map((m) => m.messageId)
    expect(new Set(ids).size).toBe(30)
    expect(ids).toHaveLength(30)
    expect((await rows()).every((r) => r.sent && r.attempts === 1)).toBe(true)
  })

  it('without SMTP_URL writes each mail as an .eml file in $DATA_DIR/mail/ and names the file in the log', async () => {
    const { config, db } = server.current
    expect(config.smtpUrl).toBeUndefined()
    const sender = senderOf(db, config, log)
    await enqueueMail(db, mail('local@example.test'))
    expect(await sender.sendDue()).toBe(1)
    const folder = join(config.dataDir, 'mail')
    const files = readdirSync(folder).filter((f) => f.endsWith('.eml'))
    expect(files).toHaveLength(1)
    const file = join(folder, files[0])
    expect(logged.at(-1)?.msg).toBe(`mail sent: ${file}`)
    const parsed = await simpleParser(readFileSync(file))
    expect(parsed.subject).toBe('Reset your Chess Online Education password')
    expect(parsed.text).toContain('http://localhost:3000/reset-password?token=x')
    expect(parsed.html).toContain('http://localhost:3000/reset-password?token=x')
    await sender.stop()
  })
})
