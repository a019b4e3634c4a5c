import { useCallback, useMemo, useState } from 'react'
import type { ParsedLine } from '@domain/chess/pgn'
import { variations } from '@domain/chess/variations'
import { useRecordLinePracticeMutation } from '@/features/review/reviewEndpoints'

/**
 * The variations a practice runs through, one after another (every variation of the line, or only `variation`, the
 * key the review page names), and the recording of each finished one on its own.
 */
export function useVariationPractice(
  line: ParsedLine | null,
  variation: string | undefined,
  moduleId: string,
  onPractised: (() => void) | undefined,
  /** False in a free preview of a course not bought: a finished variation is not recorded. */
  records = true,
) {
  const [record, recorded] = useRecordLinePracticeMutation()
  const [finishedHere, setFinishedHere] = useState<string | null>(null)
  const all = useMemo(() => (line ? variations(line) : []), [line])
  const practised = variation === undefined ? all : all.filter((v) => v.key === variation)
  const [at, setAt] = useState(0)
  const current = practised[at]

  const onComplete = useCallback(
    (mistakes: number, missed: number[]) => {
      if (!current) return
      if (!records) return setFinishedHere(current.key)
      void record({ moduleId, linePracticeInput: { mistakes, variation: current.key, missed } })
        .unwrap()
        .then(() => onPractised?.())
        .catch(() => undefined) // logged with every failed call (app/listeners.ts)
    },
    [record, moduleId, onPractised, current, records],
  )

  return {
    /** The line has more than one variation (each is named then). */
    several: all.length > 1,
    count: practised.length,
    at,
    current,
    next: () => setAt((i) => i + 1),
    onComplete,
    recorded,
    /** The variation last finished: recorded, or (not recording) played to its end. */
    finished: records ? recorded.data?.variation : finishedHere,
  }
}
