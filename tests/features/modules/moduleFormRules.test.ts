import { describe, expect, it } from 'vitest'
import { isPlayableVideoUrl, normalizedVideoUrl } from '@/features/modules/moduleFormRules'

describe('the video URL check before an add', () => {
  it.each([
    'https://www.youtube.com/watch?v=OCSbzArwB10',
    'https://vimeo.com/76979871',
    'http://videos.example.com/lesson.mp4',
    'HTTPS://YOUTU.BE/abc',
    '/api/media/5f0c8a4e?exp=1&sig=x',
  ])('accepts %s', (url) => expect(isPlayableVideoUrl(url)).toBe(true))

  it.each([
    '',
    'youtube.com/watch?v=abc',
    'www.youtube.com/watch?v=abc',
    'https://',
    'https:// example.com/v.mp4',
    'ftp://example.com/v.mp4',
    'javascript:alert(1)',
    '//evil.example/v.mp4',
    `https://example.com/${'a'.repeat(2048)}`,
  ])('refuses %j', (url) => expect(isPlayableVideoUrl(url)).toBe(false))

  it('lowers a scheme typed in capitals, as the contract wants it', () => {
    expect(normalizedVideoUrl('HTTPS://YOUTU.BE/Abc')).toBe('https://YOUTU.BE/Abc')
  })
})
