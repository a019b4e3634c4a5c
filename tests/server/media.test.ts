import { describe, expect, it } from 'vitest'
import { parseRange } from '../../server/routes/videos'
import { RangeNotSatisfiable } from '../../server/services/errors'
import { MediaSigner, sniffVideo } from '../../server/services/videos'

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

  it.each(['bytes=100-', 'bytes=9-3', 'bytes=-0', 'bytes=-', 'bytes=0-1,5-6', 'chars=0-1', ''])('refuses %j with 416', (h) => {
    expect(() => parseRange(h, 100)).toThrow(RangeNotSatisfiable)
  })
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
