// The review schedule of a line: FSRS (ts-fsrs) with its default parameters. Pure: the service reads and writes
// the card, this file only grades a practice and computes the next card.
import { createEmptyCard, fsrs, Rating, type Card, type Grade } from 'ts-fsrs'
import type { Schema } from '../types'

export type ReviewGrade = Schema<'ReviewGrade'>

const scheduler = fsrs()

/** A finished practice: every move right at the first try is Good, one mistake Hard, more Again. */
export function gradeFor(mistakes: number): ReviewGrade {
  return mistakes === 0 ? 'good' : mistakes === 1 ? 'hard' : 'again'
}

const RATINGS: Record<ReviewGrade, Grade> = { good: Rating.Good, hard: Rating.Hard, again: Rating.Again }

/** The card as stored (one row of line_reviews); null before the first practice. */
export type StoredCard = Omit<Card, 'last_review'> & { last_review: Date }

/** The card after a practice graded `grade` at `now` (a new card for the first practice). */
export function nextCard(card: StoredCard | null, grade: ReviewGrade, now: Date): StoredCard {
  const { card: next } = scheduler.next(card ?? createEmptyCard(now), now, RATINGS[grade])
  return { ...next, last_review: next.last_review ?? now }
}
