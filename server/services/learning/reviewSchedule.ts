// The review schedule of a line's variations: FSRS (ts-fsrs) with its default parameters but no short-term
// (learning) steps, so every review is days apart: a line is practised whole, from the start, and one played right
// the first time is known (Good: next review in 3 days, Hard 2, Again 1), where the learning steps would bring it back
// within 10 minutes. Pure: the service reads and writes the card, this file only grades a practice and computes the
// next card. docs/product.md#lines-and-review says the same to the product's readers.
import { createEmptyCard, fsrs, generatorParameters, Rating, type Card, type Grade } from 'ts-fsrs'
import { iso, type Schema } from '../types'

export type ReviewGrade = Schema<'ReviewGrade'>

const scheduler = fsrs(generatorParameters({ enable_short_term: false }))

/** A finished practice: every move right at the first try is Good, one mistake Hard, more Again. */
export function gradeFor(mistakes: number): ReviewGrade {
  return mistakes === 0 ? 'good' : mistakes === 1 ? 'hard' : 'again'
}

const RATINGS: Record<ReviewGrade, Grade> = { good: Rating.Good, hard: Rating.Hard, again: Rating.Again }

/** The card as stored (one row of line_reviews); null before the first practice. */
export type StoredCard = Omit<Card, 'last_review'> & { last_review: Date }

/** A card's columns, as line_reviews and puzzle_reviews store them. */
export const CARD_COLUMNS =
  'due, stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses, state, last_review'

/** A card as the database answers it (timestamps as Date or text); last_review null while never reviewed. */
export type CardRow = Omit<StoredCard, 'due' | 'last_review'> & { due: unknown; last_review: unknown }

/** The stored card of a row; null without one, or for a card never reviewed (FSRS's empty card, made anew). */
export function storedCard(row: CardRow | undefined): StoredCard | null {
  if (!row || row.last_review === null) return null
  return { ...row, due: new Date(iso(row.due)), last_review: new Date(iso(row.last_review)) }
}

/** The card after a practice graded `grade` at `now` (a new card for the first practice). */
export function nextCard(card: StoredCard | null, grade: ReviewGrade, now: Date): StoredCard {
  const { card: next } = scheduler.next(card ?? createEmptyCard(now), now, RATINGS[grade])
  return { ...next, last_review: next.last_review ?? now }
}

/**
 * A card's columns as a statement's values, in the order the review tables declare them: due, stability, difficulty,
 * elapsed_days, scheduled_days, learning_steps, reps, lapses, state, last_review, last_grade.
 */
export const cardValues = (card: StoredCard, grade: ReviewGrade) => [
  card.due.toISOString(),
  card.stability,
  card.difficulty,
  card.elapsed_days,
  card.scheduled_days,
  card.learning_steps,
  card.reps,
  card.lapses,
  card.state,
  card.last_review.toISOString(),
  grade,
]
