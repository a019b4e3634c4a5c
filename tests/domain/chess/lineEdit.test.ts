import { describe, expect, it } from 'vitest'
import { addMove, deleteFrom, promoteVariation, setAsk, setComment, setStamp } from '@domain/chess/lineEdit'
import { parsePgn, type ParsedLine } from '@domain/chess/pgn'
import { writePgn } from '@domain/chess/pgnWrite'
import { readStamp } from '@domain/chess/videoStamps'

const play = (line: ParsedLine, at: number, san: string) => {
  const edited = addMove(line, at, san)
  if (!edited) throw new Error(`${san} refused`)
  return edited
}

describe("the line editor's edits", () => {
  it('adds moves one after another, numbered and checked', () => {
    const empty = parsePgn('')
    const a = play(empty, 0, 'e4')
    const b = play(a.line, a.id, 'e5')
    const c = play(b.line, b.id, 'Nf3')
    expect(writePgn(c.line)).toBe('1. e4 e5 2. Nf3 *')
    expect(c.line.nodes[c.id]).toMatchObject({ san: 'Nf3', color: 'w', moveNumber: 2 })
    // the line it was given is untouched: undo keeps the old one
    expect(writePgn(empty)).toBe('')
    expect(writePgn(b.line)).toBe('1. e4 e5 *')
  })

  it('refuses an illegal move and reads a move as people write it', () => {
    const line = parsePgn('1. e4 *')
    expect(addMove(line, 1, 'e4')).toBeNull()
    expect(addMove(line, 1, 'nonsense')).toBeNull()
    expect(play(line, 1, 'Ng8f6').line.nodes[2].san).toBe('Nf6')
  })

  it('makes a move from an earlier position a variation, and goes to a move already there', () => {
    const line = parsePgn('1. e4 e5 2. Nf3 *')
    const f4 = play(line, 2, 'f4')
    expect(writePgn(f4.line)).toBe('1. e4 e5 2. Nf3 (2. f4) *')
    const again = play(f4.line, 2, 'Nf3')
    expect(again.line).toBe(f4.line)
    expect(again.id).toBe(3)
  })

  it('promotes a variation to the main continuation where it branches', () => {
    const line = parsePgn('1. e4 e5 (1... c5 2. Nf3 (2. c3) 2... d6) 2. Nf3 *')
    const c3 = line.nodes.findIndex((n) => n.san === 'c3')
    expect(writePgn(promoteVariation(line, c3))).toBe('1. e4 e5 (1... c5 2. c3 (2. Nf3 d6)) 2. Nf3 *')
    const d6 = line.nodes.findIndex((n) => n.san === 'd6')
    expect(writePgn(promoteVariation(line, d6))).toBe('1. e4 c5 (1... e5 2. Nf3) 2. Nf3 (2. c3) 2... d6 *')
    expect(promoteVariation(line, 1)).toBe(line)
  })

  it('deletes a move and everything after it, selecting the move before', () => {
    const line = parsePgn('1. e4 e5 (1... c5 2. Nf3 d6) 2. Nf3 Nc6 3. Bb5 *')
    const c5 = line.nodes.findIndex((n) => n.san === 'c5')
    const withoutSicilian = deleteFrom(line, c5)
    expect(writePgn(withoutSicilian.line)).toBe('1. e4 e5 2. Nf3 Nc6 3. Bb5 *')
    expect(withoutSicilian.line.nodes).toHaveLength(6)
    expect(withoutSicilian.line.nodes[withoutSicilian.id].san).toBe('e4')
    // the ids stay dense and point the right way
    const next = play(withoutSicilian.line, 5, 'a6')
    expect(writePgn(next.line)).toBe('1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *')
    const e5 = line.nodes.findIndex((n) => n.san === 'e5')
    expect(writePgn(deleteFrom(line, e5).line)).toBe('1. e4 c5 2. Nf3 d6 *')
    expect(writePgn(deleteFrom(line, 1).line)).toBe('')
  })

  it('sets and edits a comment, keeping the stamp and the question', () => {
    let line = parsePgn('1. e4 {[%vt 0:12] Best by test.} *')
    line = setComment(line, 1, 'The king pawn.')
    expect(line.nodes[1].comment).toBe('[%vt 0:12] The king pawn.')
    line = setComment(line, 1, '')
    expect(line.nodes[1].comment).toBe('[%vt 0:12]')
    line = setComment(line, 0, 'From the start {braces dropped}')
    expect(writePgn(line)).toBe('{From the start braces dropped} 1. e4 {[%vt 0:12]} *')
  })

  it('stamps a move with the video second (its tenths kept), nudges, clears it, and marks a question', () => {
    let line = parsePgn('1. e4 {Open.} e5 *')
    line = setStamp(line, 1, 83.6)
    expect(writePgn(line)).toBe('1. e4 {[%vt 1:23.6] Open.} 1... e5 *')
    line = setStamp(line, 1, readStamp(line.nodes[1].comment).seconds! + 1)
    expect(readStamp(line.nodes[1].comment).seconds).toBeCloseTo(84.6, 5)
    line = setAsk(line, 2, true)
    expect(writePgn(line)).toBe('1. e4 {[%vt 1:24.6] Open.} 1... e5 {[%vt-ask]} *')
    line = setStamp(setAsk(line, 2, false), 1, null)
    expect(writePgn(line)).toBe('1. e4 {Open.} 1... e5 *')
    const noComment = setStamp(parsePgn('1. d4 *'), 1, null)
    expect(noComment.nodes[1]).not.toHaveProperty('comment')
  })
})
