import { describe, expect, it } from 'vitest'
import { parsePgn } from '@domain/chess/pgn'
import {
  formatVideoTime,
  hasVideoStamps,
  nodeAtSecond,
  parseVideoTime,
  readStamp,
  stampedMoves,
  withAsk,
  withStamp,
  withText,
} from '@domain/chess/videoStamps'

describe('video times', () => {
  it('are written m:ss under an hour and h:mm:ss from an hour', () => {
    expect(formatVideoTime(7)).toBe('0:07')
    expect(formatVideoTime(754)).toBe('12:34')
    expect(formatVideoTime(3723)).toBe('1:02:03')
    expect(formatVideoTime(-3)).toBe('0:00')
  })

  it('keep their tenths of a second, and drop what is finer', () => {
    expect(formatVideoTime(2.4)).toBe('0:02.4')
    expect(formatVideoTime(754.96)).toBe('12:34.9')
    expect(formatVideoTime(3723.5)).toBe('1:02:03.5')
    expect(formatVideoTime(59.99)).toBe('0:59.9')
    expect(formatVideoTime(1.4000000000000001)).toBe('0:01.4')
    expect(formatVideoTime(0.7)).toBe('0:00.7')
    expect(formatVideoTime(2.04)).toBe('0:02')
  })

  it('are read from m:ss and h:mm:ss, and anything else is refused', () => {
    expect(parseVideoTime('0:07')).toBe(7)
    expect(parseVideoTime(' 12:34 ')).toBe(754)
    expect(parseVideoTime('1:02:03')).toBe(3723)
    expect(parseVideoTime('1:23.5')).toBe(83.5)
    expect(parseVideoTime('75:00')).toBe(4500)
    for (const bad of ['', '7', '1:2', '1:60', '1:61:00', 'a:bc', '1:23]', '-1:00', '100:00:00'])
      expect(parseVideoTime(bad), bad).toBeNull()
  })
})

describe("a move's comment", () => {
  it('gives its stamp, its question mark and the text without commands', () => {
    expect(readStamp('[%vt 1:23] The knight jumps [%csl Gf5]')).toEqual({
      seconds: 83,
      ask: false,
      text: 'The knight jumps',
    })
    expect(readStamp('Find it [%vt-ask] [%vt 0:40]')).toEqual({ seconds: 40, ask: true, text: 'Find it' })
    expect(readStamp(undefined)).toEqual({ ask: false, text: '' })
    expect(readStamp('[%vt soon] words')).toEqual({ ask: false, text: 'words' })
  })

  it('takes a stamp, a new stamp, and loses it, its other words kept', () => {
    const stamped = withStamp('The knight jumps', 83)
    expect(stamped).toBe('[%vt 1:23] The knight jumps')
    expect(withStamp(stamped, 3723)).toBe('[%vt 1:02:03] The knight jumps')
    expect(withStamp(stamped, null)).toBe('The knight jumps')
    expect(withStamp('[%vt 0:05]', null)).toBeUndefined()
  })

  it("keeps a stamp's tenths of a second when written and read back", () => {
    const stamped = withStamp('The knight jumps', 2.4)
    expect(stamped).toBe('[%vt 0:02.4] The knight jumps')
    expect(readStamp(stamped).seconds).toBe(2.4)
    expect(readStamp(withStamp(undefined, 3723.25)).seconds).toBe(3723.2)
  })

  it('takes and loses the question, and a new text keeps its commands', () => {
    expect(withAsk('[%vt 0:40] Find it', true)).toBe('[%vt 0:40] Find it [%vt-ask]')
    expect(withAsk('[%vt 0:40] Find it [%vt-ask]', false)).toBe('[%vt 0:40] Find it')
    expect(withText('[%vt 0:40] old words [%vt-ask]', 'new words')).toBe('[%vt 0:40] [%vt-ask] new words')
    expect(withText(undefined, '  ')).toBeUndefined()
  })
})

describe('a stamped line', () => {
  const line = parsePgn(
    '1. e4 {[%vt 0:05]} e5 {[%vt 0:09] Symmetry} 2. Nf3 {[%vt 0:20]} (2. f4 {[%vt 0:15] The gambit}) 2... Nc6 {[%vt-ask] [%vt 0:30]} 3. Bb5 *',
  )
  const id = (san: string) => line.nodes.findIndex((n) => n.san === san)

  it('survives the PGN reader: stamps read from every stamped move, by second', () => {
    expect(stampedMoves(line).map((s) => [line.nodes[s.id].san, s.seconds, s.ask])).toEqual([
      ['e4', 5, false],
      ['e5', 9, false],
      ['f4', 15, false],
      ['Nf3', 20, false],
      ['Nc6', 30, true],
    ])
  })

  it('shows the last stamped move at or before the second, and the start before the first', () => {
    const stamps = stampedMoves(line)
    expect(nodeAtSecond(stamps, 0)).toBe(0)
    expect(nodeAtSecond(stamps, 4.99)).toBe(0)
    expect(nodeAtSecond(stamps, 5)).toBe(id('e4'))
    expect(nodeAtSecond(stamps, 16)).toBe(id('f4'))
    expect(nodeAtSecond(stamps, 29)).toBe(id('Nf3'))
    expect(nodeAtSecond(stamps, 600)).toBe(id('Nc6'))
  })
})

describe('a PGN with stamps', () => {
  it('is told from one without, a question alone or another command not counting', () => {
    expect(hasVideoStamps('1. e4 {[%vt 0:05] Centre.} e5 *')).toBe(true)
    expect(hasVideoStamps('1. e4 {[%vt 1:02:03]} *')).toBe(true)
    expect(hasVideoStamps('1. e4 {[%vt-ask] [%clk 0:10:00]} e5 *')).toBe(false)
    expect(hasVideoStamps('1. e4 {Centre.} *')).toBe(false)
  })
})
