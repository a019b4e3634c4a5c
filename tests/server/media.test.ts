import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { afterEach, describe, expect, it } from 'vitest'
import { LocalMediaStore, parseRange } from '../../server/services/media'
import { RangeNotSatisfiable } from '../../server/services/errors'
import { MediaSigner, megabytes, redactMediaUrl, sniffVideo } from '../../server/services/videos'

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

describe('LocalMediaStore', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })
  function store() {
    const dir = mkdtempSync(join(tmpdir(), 'media-'))
    dirs.push(dir)
    return { dir, media: new LocalMediaStore(join(dir, 'media')) }
  }

  it('saves an upload pending, keeps it under its name, streams it whole or by range, and removes it', async () => {
    const { dir, media } = store()
    const pending = await media.save(Readable.from([Buffer.from('0123456789'), Buffer.from('abcdefghij')]))
    expect(pending.size).toBe(20)
    expect(pending.head.toString()).toBe('0123456789abcdef')
    expect(readdirSync(join(dir, 'media'))).toHaveLength(1) // the temporary file
    await pending.keep('v.webm')
    await pending.discard() // kept: nothing to drop
    expect(readdirSync(join(dir, 'media'))).toEqual(['v.webm'])
    expect(readFileSync(join(dir, 'media', 'v.webm'), 'utf8')).toBe('0123456789abcdefghij')
    expect(await media.size('v.webm')).toBe(20)

    const whole = await media.stream('v.webm')
    expect([whole.status, whole.size, whole.range]).toEqual([200, 20, undefined])
    expect(await text(whole.body)).toBe('0123456789abcdefghij')
    const part = await media.stream('v.webm', 'bytes=5-9')
    expect([part.status, part.size, part.range]).toEqual([206, 20, { start: 5, end: 9 }])
    expect(await text(part.body)).toBe('56789')
    await expect(media.stream('v.webm', 'bytes=20-')).rejects.toMatchObject({ status: 416 })

    await media.remove(['v.webm', 'gone.webm'])
    expect(readdirSync(join(dir, 'media'))).toEqual([])
    await expect(media.stream('v.webm')).rejects.toMatchObject({ status: 404 })
    expect(await media.size('v.webm')).toBeUndefined()
  })

  it('drops a discarded upload and never reaches outside its folder', async () => {
    const { dir, media } = store()
    const pending = await media.save(Readable.from([Buffer.from('x')]))
    await pending.discard()
    expect(readdirSync(join(dir, 'media'))).toEqual([])
    const other = await media.save(Readable.from([Buffer.from('y')]))
    await expect(other.keep('../outside.webm')).rejects.toThrow(/leaves the media folder/)
    await other.discard()
    expect(readdirSync(dir)).toEqual(['media'])
    expect(await media.size('../media')).toBeUndefined()
    await expect(media.stream('../../etc/passwd')).rejects.toMatchObject({ status: 404 })
  })
})
