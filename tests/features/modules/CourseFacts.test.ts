import { describe, expect, it } from 'vitest'
import { formatLength, totalLength } from '@/features/modules/CourseFacts'

const entry = (durationSeconds?: number) => ({
  _id: '00000000-0000-4000-8000-000000000001',
  title: 't',
  description: 'd',
  position: 1,
  hasLine: false,
  puzzleCount: 0,
  freePreview: false,
  ...(durationSeconds === undefined ? {} : { durationSeconds }),
})

describe("a course's length", () => {
  it('is said in seconds, minutes, or hours and minutes', () => {
    expect(formatLength(42)).toBe('42 s')
    expect(formatLength(12 * 60 + 10)).toBe('12 min')
    expect(formatLength(3600)).toBe('1 h')
    expect(formatLength(3900)).toBe('1 h 5 min')
  })

  it("is the sum of the modules' lengths only when every one is known", () => {
    expect(totalLength([entry(600), entry(300.5)])).toBe(900.5)
    expect(totalLength([entry(600), entry()])).toBeUndefined()
    expect(totalLength([])).toBeUndefined()
  })
})
