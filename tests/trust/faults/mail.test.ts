// The outbox under faults: two instances on one PostgreSQL send each queued mail once, and a server killed between
// sending a mail and marking it sent sends it at most once more after a restart (never lost).
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSmtpSink, type SmtpSink } from '../../helpers/smtpSink'
import { createDatabase, dropDatabase, sql } from '../support/pg'
import { startServer, startTwoInstances, tempDir, type ServerProcess } from '../support/spawn'

const figures: string[] = []
const cleanups: (() => Promise<void> | void)[] = []
let smtp: SmtpSink
beforeAll(async () => {
  smtp = await startSmtpSink()
  cleanups.push(() => smtp.close())
})
afterAll(async () => {
  for (const c of cleanups.reverse()) await c()
  console.log(`\nOutbox fault figures:\n  ${figures.join('\n  ')}`)
})

const mailEnv = () => ({
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Chess Online Education <no-reply@trust.example>',
  PUBLIC_URL: 'https://chess.trust.example',
})

/** Queues `n` mails straight into the outbox, as the services do inside their transactions. */
async function queue(dbUrl: string, n: number, tag: string): Promise<void> {
  await sql(
    dbUrl,
    `INSERT INTO mail_outbox (kind, to_address, subject, text_body, html_body)
     SELECT 'test', 'to' || i || '@trust.example', $1 || ' ' || i, 'text ' || i, '<p>html ' || i || '</p>'
     FROM generate_series(1, $2::int) AS i`,
    [tag, n],
  )
}

async function until(what: string, ok: () => Promise<boolean> | boolean, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

const copiesOf = (tag: string) => {
  const counts = new Map<string, number>()
  for (const m of smtp.messages)
    if (m.subject?.startsWith(`${tag} `)) counts.set(m.messageId!, (counts.get(m.messageId!) ?? 0) + 1)
  return counts
}

describe('the outbox with two instances on one PostgreSQL', () => {
  it('sends each of 100 queued mails exactly once', async () => {
    const { dbUrl, stop } = await startTwoInstances('mail2', mailEnv())
    cleanups.push(stop)
    const tag = `two-${randomBytes(3).toString('hex')}`
    const started = Date.now()
    await queue(dbUrl, 100, tag)
    const unsent = async () =>
      (await sql<{ n: number }>(dbUrl, 'SELECT count(*)::int AS n FROM mail_outbox WHERE sent_at IS NULL'))[0]
        .n
    await until('every mail sent', async () => (await unsent()) === 0)
    const ms = Date.now() - started
    // a while longer: a second copy would come now if two senders had claimed one row (both send at once)
    await new Promise((r) => setTimeout(r, 3000))
    const counts = copiesOf(tag)
    const copies = [...counts.values()].reduce((s, n) => s + n, 0)
    const attempts = await sql<{ max: number }>(dbUrl, 'SELECT max(attempts)::int AS max FROM mail_outbox')
    figures.push(
      `two instances: 100 mails queued, ${counts.size} distinct delivered, ${copies} copies in all, in ${ms} ms; most attempts of one mail: ${attempts[0].max}`,
    )
    expect(counts.size).toBe(100)
    expect(copies).toBe(100)
    expect(attempts[0].max).toBe(1)
  })
})

describe('a server killed between sending and marking', () => {
  it('sends that mail once more after the restart (at most one duplicate), and every other mail once', async () => {
    const db = await createDatabase()
    cleanups.push(() => dropDatabase(db.name))
    const dataDir = tempDir('mailkill')
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
    const env = {
      ...mailEnv(),
      DATABASE_URL: db.url,
      JWT_SECRET: randomBytes(36).toString('base64url'),
      DATA_DIR: join(dataDir, 'data'),
      SEED_DEMO: '0',
      // a claimed mail is given to another sender after 3 s (the default is 5 minutes)
      MAIL_LEASE_SECONDS: '3',
    }
    let first: ServerProcess | undefined = await startServer(env)
    cleanups.push(() => first?.kill('SIGKILL'))
    const tag = `kill-${randomBytes(3).toString('hex')}`
    let killedId: string | undefined
    // the SMTP server has the whole message; before it answers 250, the sender's process is killed
    smtp.onMessage = async (raw) => {
      if (killedId || !first || !raw.includes(`Subject: ${tag} `)) return
      killedId = /^Message-ID: (.+)$/im.exec(raw)?.[1]?.trim()
      first.kill('SIGKILL')
      await first.exited
    }
    await queue(db.url, 20, tag)
    await until('the kill', () => killedId !== undefined)
    smtp.onMessage = undefined
    const [marked] = await sql<{ n: number }>(
      db.url,
      'SELECT count(*)::int AS n FROM mail_outbox WHERE sent_at IS NULL',
    )
    first = undefined
    const second = await startServer(env)
    cleanups.push(() => second.stop())
    await until(
      'every mail sent after the restart',
      async () =>
        (
          await sql<{ n: number }>(db.url, 'SELECT count(*)::int AS n FROM mail_outbox WHERE sent_at IS NULL')
        )[0].n === 0,
    )
    await new Promise((r) => setTimeout(r, 5000))
    const counts = copiesOf(tag)
    const duplicates = [...counts].filter(([, n]) => n > 1)
    figures.push(
      `killed between send and mark: ${marked.n} of 20 unmarked at the kill; after the restart ${counts.size} distinct delivered, duplicates: ${duplicates.map(([id, n]) => `${id} x${n}`).join(', ') || 'none'}`,
    )
    expect(counts.size).toBe(20)
    expect(duplicates).toEqual([[killedId, 2]])
  })
})
