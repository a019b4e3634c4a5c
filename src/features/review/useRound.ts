import { useState } from 'react'

/**
 * The items due when the page opened, taken one after another: a review recorded meanwhile refetches the queue, not
 * this round. Null until the queue has loaded.
 */
export function useRound<T>(due: T[] | undefined) {
  const [round, setRound] = useState<T[] | null>(null)
  const [index, setIndex] = useState(0)
  if (round === null && due) setRound(due)
  return {
    round,
    index,
    current: round?.[index],
    finished: round !== null && index >= round.length,
    next: () => setIndex((i) => i + 1),
  }
}
