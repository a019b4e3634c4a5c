// A paid order mails its receipt (order id, date, courses, total, payment reference); a declined one mails nothing.
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { senderOf } from '../../../server/services/mail/runner'
import type { PaymentProvider } from '../../../server/services/commerce/payments'
import { useTestServer } from '../../helpers/buildServer'
import { startSmtpSink, type SmtpSink } from '../../helpers/smtpSink'

const quiet = { info() {}, warn() {}, error() {} }
let decline = false
const provider: PaymentProvider = {
  charge: async (req) =>
    decline
      ? { approved: false, reason: 'The card was declined' }
      : { approved: true, reference: `pay_${req.idempotencyKey.slice(0, 12)}` },
  refund: async (reference) => ({ refunded: true, reference: `re_${reference}` }),
}

let smtp: SmtpSink
beforeAll(async () => {
  smtp = await startSmtpSink()
})
afterAll(() => smtp?.close())
const server = useTestServer({ payments: provider })
beforeEach(() => {
  smtp.messages.length = 0
  decline = false
})
const inject = (opts: InjectOptions) => server.current.app.inject(opts)

async function buy(titles: [string, number][]) {
  const instructor = await server.current.createUser('instructor')
  const student = await server.current.createUser('student')
  for (const [title, price] of titles) {
    const courseId = await server.current.createCourse(instructor, { title, price })
    const res = await inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: student.auth,
      payload: { courseId },
    })
    expect(res.statusCode).toBe(200)
  }
  const res = await inject({ method: 'POST', url: '/api/cart/checkout', headers: student.auth })
  return { student, res }
}

describe('receipts', () => {
  it('a paid checkout mails its receipt with the order id, date, courses, total and payment reference', async () => {
    const { student, res } = await buy([
      ['Endgame Essentials', 49.5],
      ['The Italian Game', 20],
    ])
    expect(res.statusCode, res.body).toBe(201)
    const order = res.json<{ _id: string }>()
    const sender = senderOf(server.current.db, { ...server.current.config, smtpUrl: smtp.url }, quiet)
    expect(await sender.sendDue()).toBe(1)
    const [mail] = smtp.messages
    expect(mail.subject).toBe('Your Chess Online Education receipt')
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(student.email)
    const [row] = await server.current.db.query<{ payment_reference: string }>(
      'SELECT payment_reference FROM orders WHERE id = $1',
      [order._id],
    )
    for (const part of [mail.text!, mail.html as string]) {
      expect(part).toContain(`Order: ${order._id}`)
      expect(part).toContain(`Date: ${new Date().toISOString().slice(0, 10)}`)
      expect(part).toContain('Endgame Essentials: $49.50')
      expect(part).toContain('The Italian Game: $20.00')
      expect(part).toContain('Total: $69.50')
      expect(part).toContain(`Payment reference: ${row.payment_reference}`)
    }
    expect(row.payment_reference).toMatch(/^pay_/)
  })

  it('a declined payment mails nothing', async () => {
    decline = true
    const { res } = await buy([['Rook Endings', 15]])
    expect(res.statusCode).toBe(402)
    const [row] = await server.current.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'receipt'",
    )
    expect(row.n).toBe(0)
  })
})
