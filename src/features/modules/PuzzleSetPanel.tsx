import { useState } from 'react'
import type { Module } from '@/api/generated/api'
import { useAppSelector } from '@/app/hooks'
import { ActionError } from '@/components/ActionError'
import { selectCurrentUser } from '@/features/auth/authSlice'
import { useRecordModulePuzzleMutation } from '@/features/modules/moduleEndpoints'
import { SetPuzzleBoard } from '@/features/modules/SetPuzzleBoard'
import type { SetPuzzle } from '@domain/chess/puzzleSets'
import './puzzleSets.css'

type Results = (boolean | null)[]

/** Where a student goes on: the first puzzle without a result; null once every puzzle has one. */
const firstOpen = (results: Results) => {
  const at = results.findIndex((r) => r === null)
  return at < 0 ? null : at
}

/**
 * A module's puzzle set on its card: the puzzles in order, one at a time, from the first the student has no result of
 * (so a reload goes on where they were). An enrolled student's first result of each puzzle is recorded; once each has
 * one the module is completed. Others who may read the module (its instructors, admins) solve without recording.
 */
export function PuzzleSetPanel({ module, puzzles }: { module: Module; puzzles: SetPuzzle[] }) {
  const user = useAppSelector(selectCurrentUser)
  const records = user?.role === 'student'
  const [record, recorded] = useRecordModulePuzzleMutation()
  // This visit's results, shown before (or, for who does not record, instead of) the server's.
  const [local, setLocal] = useState<Results>([])
  const results = puzzles.map((_p, i) => module.puzzleResults?.[i] ?? local[i] ?? null)
  const [at, setAt] = useState<number | null>(() => firstOpen(results))

  function ended(index: number, solved: boolean) {
    setLocal((now) => Object.assign([...now], { [index]: now[index] ?? solved }))
    if (records && results[index] === null)
      void record({ moduleId: module._id, index: String(index), puzzleAttemptInput: { solved } })
  }

  const solved = results.filter((r) => r === true).length
  return (
    <section className="puzzle-set" aria-label={`Puzzles of ${module.title}`}>
      {at === null ? (
        <div className="stack">
          <p role="status">
            Set complete: {solved} of {puzzles.length} solved.
          </p>
          <div className="row">
            <button type="button" className="btn" onClick={() => setAt(0)}>
              Solve again
            </button>
          </div>
        </div>
      ) : (
        <SetPuzzleBoard
          key={at}
          puzzle={puzzles[at]}
          index={at}
          count={puzzles.length}
          onEnd={(wasSolved) => ended(at, wasSolved)}
          onNext={() => setAt(at + 1 < puzzles.length ? at + 1 : null)}
        />
      )}
      <ActionError error={recorded.error} failed="Your result could not be recorded" />
      {!records && <p className="muted">Only the course's enrolled students have their results recorded.</p>}
    </section>
  )
}
