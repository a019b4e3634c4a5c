// The scheduler's grading. A finished practice with every move right at the first try is Good,
// one mistake Hard, more Again; FSRS (ts-fsrs, default weights, no short-term steps) puts a better practice's next
// review later, never within a day, and a card reviewed well again and again waits longer and longer.
import { describe, expect, it } from 'vitest'
import { gradeFor, nextCard, type StoredCard } from '../../server/services/learning/reviewSchedule'

const T0 = new Date('2030-03-01T09:00:00.000Z')
const minutes = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 60_000
const DAY_MINUTES = 24 * 60

describe('grading a practice', () => {
  it.each([
    [0, 'good'],
    [1, 'hard'],
    [2, 'again'],
    [7, 'again'],
  ] as const)('%i mistakes: %s', (mistakes, grade) => {
    expect(gradeFor(mistakes)).toBe(grade)
  })
})

describe('the next review', () => {
  it('a first practice: Again soonest, then Hard, then Good; all after the practice', () => {
    const again = nextCard(null, 'again', T0)
    const hard = nextCard(null, 'hard', T0)
    const good = nextCard(null, 'good', T0)
    expect(minutes(T0, again.due)).toBeGreaterThanOrEqual(DAY_MINUTES)
    expect(hard.due.getTime()).toBeGreaterThan(again.due.getTime())
    expect(good.due.getTime()).toBeGreaterThan(hard.due.getTime())
    for (const card of [again, hard, good]) {
      expect(card.reps).toBe(1)
      expect(card.last_review.toISOString()).toBe(T0.toISOString())
    }
  })

  it('a line played right the first time is not due again within a day (no 10-minute learning step)', () => {
    const good = nextCard(null, 'good', T0)
    expect(minutes(T0, good.due)).toBeGreaterThan(DAY_MINUTES)
    expect(good.learning_steps).toBe(0)
    // nor after a first Hard: the next review is days away, not minutes
    expect(minutes(T0, nextCard(null, 'hard', T0).due)).toBeGreaterThan(DAY_MINUTES)
  })

  it('reviews on time with Good push the next review further out each time', () => {
    let card: StoredCard | null = null
    let at = T0
    const gaps: number[] = []
    for (let i = 0; i < 5; i++) {
      card = nextCard(card, 'good', at)
      gaps.push(minutes(at, card.due))
      at = card.due
    }
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]).toBeGreaterThanOrEqual(gaps[i - 1])
    expect(gaps.at(-1)).toBeGreaterThan(24 * 60)
    expect(card?.reps).toBe(5)
  })

  it('a lapse (Again after good reviews) brings the line back sooner than a Good would, a day or more out', () => {
    let card: StoredCard | null = null
    let at = T0
    for (let i = 0; i < 4; i++) {
      card = nextCard(card, 'good', at)
      at = card.due
    }
    const lapsed = nextCard(card, 'again', at)
    const kept = nextCard(card, 'good', at)
    expect(lapsed.due.getTime()).toBeLessThan(kept.due.getTime())
    expect(minutes(at, lapsed.due)).toBeGreaterThanOrEqual(DAY_MINUTES)
    expect(lapsed.lapses).toBe(1)
  })
})
