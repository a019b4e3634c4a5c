import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { LocalMediaStore, type MediaStore, parseRange } from '../../server/services/media/media'
import { S3MediaStore } from '../../server/services/media/s3MediaStore'
import { startS3, type LocalS3 } from '../helpers/s3'
import { RangeNotSatisfiable } from '../../server/services/errors'
import { MediaSigner, megabytes, redactMediaUrl, sniffVideo } from '../../server/services/media/videos'

describe('sniffVideo', () => {
  it('recognises MP4, WebM/Matroska and Ogg by their first bytes only', () => {
    expect(sniffVideo(Buffer.from('\0\0\0\x18ftypmp42\0\0\0\0', 'latin1'))?.mimeType).toBe('video/mp4')
    expect(sniffVideo(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4]))?.mimeType).toBe('video/webm')
    expect(sniffVideo(Buffer.from('OggS\0\x02\0\0', 'latin1'))?.mimeType).toBe('video/ogg')
    expect(sniffVideo(Buffer.from('GIF89a......'))).toBeUndefined()
    expect(sniffVideo(Buffer.from('<svg onload=alert(1)>'))).toBeUndefined()
    expect(sniffVideo(Buffer.alloc(0))).toBeUndefined()
  })
})

describe('parseRange', () => {
  it('reads start-end, open-ended and suffix ranges, clamping the end to the file', () => {
    expect(parseRange(undefined, 100)).toBeUndefined()
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 })
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 })
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 })
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 })
    expect(parseRange('bytes=50-5000', 100)).toEqual({ start: 50, end: 99 })
  })

  it.each(['bytes=100-', 'bytes=9-3', 'bytes=-0', 'bytes=-', 'bytes=0-1,5-6', 'chars=0-1', ''])(
    'refuses %j with 416',
    (h) => {
      expect(() => parseRange(h, 100)).toThrow(RangeNotSatisfiable)
    },
  )
})

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/**
 * The signature with its last character changed in its lowest bit: 32 bytes are 43 characters of base64url, the
 * last of which carries 2 bits that decoding drops, so both decode to the same bytes.
 */
function sameBytesTwin(sig: string): string {
  return sig.slice(0, -1) + BASE64URL[BASE64URL.indexOf(sig.at(-1)!) ^ 1]
}

describe('MediaSigner', () => {
  it('accepts its own URL until it expires, and nothing altered', () => {
    const signer = new MediaSigner('k'.repeat(40), 60)
    const now = Date.parse('2026-01-01T00:00:00Z')
    const url = new URL(signer.url('abc', now), 'http://x')
    const exp = url.searchParams.get('exp')!
    const sig = url.searchParams.get('sig')!
    expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(() => signer.check('abc', exp, sig, now + 59_000)).not.toThrow()
    expect(() => signer.check('abc', exp, sig, now + 61_000)).toThrow(/expired/)
    expect(() => signer.check('abd', exp, sig, now)).toThrow(/signature/)
    expect(() => signer.check('abc', String(Number(exp) + 1000), sig, now)).toThrow(/signature/)
    expect(() => new MediaSigner('z'.repeat(40), 60).check('abc', exp, sig, now)).toThrow(/signature/)
  })

  it('refuses a signature whose last character differs only in the bits decoding drops', () => {
    const signer = new MediaSigner('k'.repeat(40), 60)
    const now = Date.parse('2026-01-01T00:00:00Z')
    const url = new URL(signer.url('abc', now), 'http://x')
    const exp = url.searchParams.get('exp')!
    const sig = url.searchParams.get('sig')!
    const twin = sameBytesTwin(sig)
    expect(Buffer.from(twin, 'base64url')).toEqual(Buffer.from(sig, 'base64url'))
    expect(() => signer.check('abc', exp, twin, now)).toThrow(/signature/)
    // padded, or with characters decoding skips, it is not the signature either
    expect(() => signer.check('abc', exp, `${sig}=`, now)).toThrow(/signature/)
    expect(() => signer.check('abc', exp, `${sig.slice(0, 20)}.${sig.slice(20)}`, now)).toThrow(/signature/)
  })
})

describe('redactMediaUrl', () => {
  it('hides the signature, however its name is written, and leaves the rest of the URL', () => {
    const sig = 'A'.repeat(43)
    expect(redactMediaUrl(`/api/media/abc?exp=123&sig=${sig}`)).toBe('/api/media/abc?exp=123&sig=[redacted]')
    expect(redactMediaUrl(`/api/media/abc?sig=${sig}&exp=123`)).toBe('/api/media/abc?sig=[redacted]&exp=123')
    expect(redactMediaUrl(`/api/media/abc?exp=1&s%69g=${sig}`)).toBe('/api/media/abc?exp=1&s%69g=[redacted]')
    expect(redactMediaUrl(`/x?sig=${sig}&sig=${sig}`)).toBe('/x?sig=[redacted]&sig=[redacted]')
    expect(redactMediaUrl('/api/comments/hikaru?limit=5')).toBe('/api/comments/hikaru?limit=5')
    expect(redactMediaUrl('/api/courses')).toBe('/api/courses')
    expect(redactMediaUrl('/x?%E0=1&signature=2')).toBe('/x?%E0=1&signature=2')
  })
})

describe('megabytes', () => {
  it('writes sizes for people', () => {
    expect(megabytes(2 * 1024 ** 3)).toBe('2048')
    expect(megabytes(50 * 1024 ** 2)).toBe('50')
    expect(megabytes(1.5 * 1024 ** 2)).toBe('1.5')
    expect(megabytes(1000)).toBe('0.000954')
    expect(megabytes(0)).toBe('0')
  })
})

/** One media store under test, with a look at what it holds (files of the folder, or keys of the bucket). */
interface Backend {
  media: MediaStore
  /** Everything stored, temporary uploads included. */
  names(): Promise<string[]>
  cleanup(): Promise<void>
}

const backends: Record<'local disk' | 'S3', () => Promise<Backend>> = {
  'local disk': async () => {
    const dir = mkdtempSync(join(tmpdir(), 'media-'))
    const media = new LocalMediaStore(join(dir, 'media'))
    return {
      media,
      names: async () => (existsSync(join(dir, 'media')) ? readdirSync(join(dir, 'media')).sort() : []),
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    }
  },
  S3: async () => {
    const s3 = await startS3()
    const media = new S3MediaStore(s3.settings)
    return {
      media,
      names: async () => (await media.keys()).sort(),
      cleanup: async () => {
        media.client.destroy()
        await s3.stop()
      },
    }
  },
}

/** A body that sends `chunks` and then breaks, as a client cut off mid-upload. */
function cutBody(chunks: Buffer[]): Readable {
  let i = 0
  return new Readable({
    read() {
      if (i < chunks.length) this.push(chunks[i++])
      else this.destroy(new Error('connection reset'))
    },
  })
}

describe.each(Object.keys(backends) as (keyof typeof backends)[])('media store on %s', (kind) => {
  let backend: Backend
  beforeAll(async () => {
    backend = await backends[kind]()
  })
  afterAll(() => backend?.cleanup())
  afterEach(async () => {
    const left = await backend.names()
    if (left.length) await backend.media.remove(left)
  })

  it('saves an upload pending, keeps it under its name, streams it whole or by range, and removes it', async () => {
    const { media } = backend
    const pending = await media.save(Readable.from([Buffer.from('0123456789'), Buffer.from('abcdefghij')]))
    expect(pending.size).toBe(20)
    expect(pending.head.toString()).toBe('0123456789abcdef')
    expect(await backend.names()).toHaveLength(1) // the temporary upload
    await pending.keep('v.webm')
    await pending.discard() // kept: nothing to drop
    expect(await backend.names()).toEqual(['v.webm'])
    expect(await media.size('v.webm')).toBe(20)

    const whole = await media.stream('v.webm')
    expect([whole.status, whole.size, whole.range]).toEqual([200, 20, undefined])
    expect(await text(whole.body)).toBe('0123456789abcdefghij')
    const part = await media.stream('v.webm', 'bytes=5-9')
    expect([part.status, part.size, part.range]).toEqual([206, 20, { start: 5, end: 9 }])
    expect(await text(part.body)).toBe('56789')
    await expect(media.stream('v.webm', 'bytes=20-')).rejects.toMatchObject({ status: 416 })

    await media.remove(['v.webm', 'gone.webm'])
    expect(await backend.names()).toEqual([])
    await expect(media.stream('v.webm')).rejects.toMatchObject({ status: 404 })
    expect(await media.size('v.webm')).toBeUndefined()
  })

  it('drops a discarded upload and never stores a name that leaves its place', async () => {
    const { media } = backend
    const pending = await media.save(Readable.from([Buffer.from('x')]))
    await pending.discard()
    await pending.discard() // twice is fine
    expect(await backend.names()).toEqual([])
    const other = await media.save(Readable.from([Buffer.from('y')]))
    await expect(other.keep('../outside.webm')).rejects.toThrow(/leaves the media folder/)
    await other.discard()
    expect(await backend.names()).toEqual([])
    await expect(media.stream('../../etc/passwd')).rejects.toMatchObject({ status: 404 })
  })

  it.each([
    ['a small body', [Buffer.from('0123456789')]],
    // above one part (5 MB): on S3 a multipart upload has begun, and is aborted
    ['a body of several parts', Array.from({ length: 12 }, () => Buffer.alloc(1024 * 1024, 7))],
  ])('leaves nothing behind when %s is cut off', async (_name, chunks) => {
    await expect(backend.media.save(cutBody(chunks))).rejects.toThrow(/connection reset/)
    expect(await backend.names()).toEqual([])
  })
})

describe('S3MediaStore', () => {
  let s3: LocalS3
  let media: S3MediaStore
  beforeAll(async () => {
    s3 = await startS3()
    media = new S3MediaStore(s3.settings)
  })
  afterAll(async () => {
    media?.client.destroy()
    await s3?.stop()
  })

  it('answers a presigned URL on which a range request gets 206 with the right bytes', async () => {
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251))
    const pending = await media.save(Readable.from([bytes]))
    await pending.keep('r.webm')
    const url = await media.signedUrl('r.webm', 'video/webm', 3600)
    expect(url.startsWith(`${s3.settings.endpoint}/media/r.webm?`)).toBe(true)
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('3600')
    const part = await fetch(url, { headers: { Range: 'bytes=100-199' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe('bytes 100-199/1000')
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(100, 200))
    const whole = await fetch(url)
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-type')).toBe('video/webm')
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(bytes)
    await media.remove(['r.webm'])
  })

  it('streams a 12 MB upload as a multipart upload and keeps it whole', async () => {
    const chunk = Buffer.alloc(1024 * 1024)
    const chunks = Array.from({ length: 12 }, (_, i) => Buffer.from(chunk.fill(i)))
    const pending = await media.save(Readable.from(chunks))
    expect(pending.size).toBe(12 * 1024 * 1024)
    await pending.keep('big.mp4')
    const part = await media.stream('big.mp4', 'bytes=7340032-7340035') // 7 MiB: the second part
    expect(await text(part.body)).toBe('\x07\x07\x07\x07')
    expect(await media.keys()).toEqual(['big.mp4'])
    await media.remove(['big.mp4'])
  })
})
