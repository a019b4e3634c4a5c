import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** A real SMTP server in the test process: every message it accepts, parsed, with its raw text. */
export interface SmtpSink {
  url: string
  messages: (ParsedMail & { raw: string })[]
  /** Called with each message before the server answers 250 (a test may kill a sender there). */
  onMessage?: (raw: string) => void | Promise<void>
  close(): Promise<void>
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const sink = { messages: [] } as unknown as SmtpSink
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        void (async () => {
          await sink.onMessage?.(raw)
          sink.messages.push(Object.assign(await simpleParser(raw), { raw }))
          done()
        })().catch((err: Error) => done(err))
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  sink.url = `smtp://127.0.0.1:${port}`
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  return sink
}

/** The first link in a text that starts with `prefix`. */
export function linkIn(text: string, prefix: string): string {
  const at = text.indexOf(prefix)
  if (at < 0) throw new Error(`no link starting with ${prefix} in:\n${text}`)
  return text.slice(at).split(/\s/)[0]
}
