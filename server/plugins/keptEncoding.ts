import { createHash } from 'node:crypto'
import { negotiate } from '@fastify/accept-negotiator'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** As the compress plugin (server/web/webPlugin.ts): smaller bodies are sent as they are. */
export const COMPRESS_FROM = 1024

export type Encoding = 'br' | 'gzip'

/** Ours in order of preference: the negotiator takes the first of the client's best quality. */
const ENCODINGS: Encoding[] = ['br', 'gzip']
/** `*` (no preference) and x-gzip, read as gzip as the compress plugin reads them. */
const GZIP_ALIASES = /\*|x-gzip/g

/**
 * br or gzip as the client's Accept-Encoding asks (its qualities weighed by the negotiator the compress plugin uses;
 * a q=0 refuses), or undefined for the body as it is. Read exactly as the compress plugin reads it, which then
 * leaves the answer alone (already encoded), where it would otherwise encode the kept bytes under their own tag.
 */
function acceptedEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined
  const encoding = negotiate(header.toLowerCase().replace(GZIP_ALIASES, 'gzip'), ENCODINGS)
  return encoding === 'br' || encoding === 'gzip' ? encoding : undefined
}

/** How many Accept-Encoding values negotiated() remembers: browsers and clients send a handful between them. */
const NEGOTIATIONS_KEPT = 64
const negotiations = new Map<string, Encoding | undefined>()

/** acceptedEncoding, remembered by the header's text: a kept answer costs no parsing per request. */
export function negotiated(header: string | undefined): Encoding | undefined {
  if (!header) return undefined
  const known = negotiations.get(header)
  if (known !== undefined || negotiations.has(header)) return known
  const encoding = acceptedEncoding(header)
  if (negotiations.size >= NEGOTIATIONS_KEPT) negotiations.clear()
  negotiations.set(header, encoding)
  return encoding
}

/** If-None-Match names one of these tags (weak comparison, as RFC 9110 asks for If-None-Match), or is `*`. */
export function matches(header: string | undefined, tags: string[]): boolean {
  if (!header) return false
  return header.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '')
    return tag === '*' || tags.includes(tag)
  })
}

/** The weak tag of a body: the compress plugin may still encode its bytes, and the tag stays the same. */
export function weakTag(body: string | Buffer): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
}

/** The course list as sent: its kept JSON (courseListCache's CourseListEntry), compressed once per encoding. */
export interface Representation {
  /** Strong tags by representation, all naming the same bytes before content coding. */
  tag: { identity: string; br: string; gzip: string }
  /** The three tags, as matches() takes them. */
  tags: string[]
  identity: Buffer
  /** Each encoding: its bytes once made (sent without waiting), the promise of them while being made. */
  encoded: Partial<Record<Encoding, Buffer | Promise<Buffer>>>
}

/** The representations of these bytes, which it keeps (not a copy). */
export function representationOf(identity: Buffer): Representation {
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27)
  const tag = { identity: `"${hash}"`, br: `"${hash}-br"`, gzip: `"${hash}-gz"` }
  return { tag, tags: [tag.identity, tag.br, tag.gzip], identity, encoded: {} }
}

/**
 * Quality 11 costs ~0.3 s for the 110 KB of 200 courses and ~4 s for 1 MB on this 2-core host, quality 9 a seventh of
 * that for ~10% more bytes, quality 6 ~70 ms a MB for ~15% more: the densest that stays well under a second.
 */
function brotliQuality(bytes: number): number {
  if (bytes <= 64 * 1024) return 11
  return bytes <= 512 * 1024 ? 9 : 6
}

/** The representation's bytes in this encoding: made once (off the event loop), the first callers waiting for them. */
export function encode(rep: Representation, encoding: Encoding): Buffer | Promise<Buffer> {
  rep.encoded[encoding] ??= (
    encoding === 'br'
      ? brotli(rep.identity, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: brotliQuality(rep.identity.length),
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: rep.identity.length,
          },
        })
      : gzipAsync(rep.identity, { level: 9 })
  ).then(
    (bytes) => (rep.encoded[encoding] = bytes),
    (err: unknown) => {
      delete rep.encoded[encoding]
      throw err
    },
  )
  return rep.encoded[encoding]
}
