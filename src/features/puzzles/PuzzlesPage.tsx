import { useEffect, useState } from 'react'
import { useParams } from 'react-router-dom'
import { skipToken } from '@reduxjs/toolkit/query'
import type { Puzzle, PuzzleAttemptResult } from '@/api/generated/puzzlesApi'
import { problemStatus, TRY_AGAIN_TEXT } from '@/api/problemText'
import { useAppSelector } from '@/app/hooks'
import { ErrorMessage } from '@/components/ErrorMessage'
import { Spinner } from '@/components/Spinner'
import { selectIsLoggedIn } from '@/features/auth/authSlice'
import { PuzzleFilters, type Filters } from './PuzzleFilters'
import { PuzzleRating } from './PuzzleRating'
import { PuzzleTrainer } from './PuzzleTrainer'
import {
  useGetPuzzleQuery,
  useLazyGetNextPuzzleQuery,
  useRecordPuzzleAttemptMutation,
} from './puzzlesEndpoints'
import './puzzles.css'

/** /puzzles (the next puzzle) and /puzzles/{id} (that puzzle): the rated tactics trainer. */
export default function PuzzlesPage() {
  const { puzzleId } = useParams()
  // Another address is another start: /puzzles/{id} opened from /puzzles shows that puzzle.
  return <Trainer key={puzzleId ?? ''} puzzleId={puzzleId} />
}

function Trainer({ puzzleId }: { puzzleId: string | undefined }) {
  const signedIn = useAppSelector(selectIsLoggedIn)
  const [filters, setFilters] = useState<Filters>({ theme: null, difficulty: 'normal' })
  const [askedNext, setAskedNext] = useState(false)
  const byId = useGetPuzzleQuery(puzzleId && !askedNext ? { puzzleId } : skipToken)
  const [fetchNext, next] = useLazyGetNextPuzzleQuery()
  const { attempt, record, failed } = useAttempts(signedIn)

  useEffect(() => {
    if (!puzzleId) void fetchNext({})
  }, [puzzleId, fetchNext])

  const source = puzzleId && !askedNext ? byId : next
  const puzzle = source.isFetching ? undefined : source.data

  function nextPuzzle() {
    setAskedNext(true)
    void fetchNext({
      ...(filters.theme && { theme: filters.theme }),
      difficulty: filters.difficulty,
      ...(puzzle && { after: puzzle.id }),
    })
  }

  return (
    <section className="page puzzles">
      <h1>Puzzles</h1>
      <PuzzleRating signedIn={signedIn} attempt={puzzle ? (attempt(puzzle.id) ?? null) : null} />
      {failed && <ErrorMessage>Your result could not be saved. Your rating is unchanged.</ErrorMessage>}
      {puzzle ? (
        <PuzzleTrainer
          key={puzzle.id}
          puzzle={puzzle}
          onEnd={(solved) => record(puzzle, solved)}
          onNext={nextPuzzle}
        />
      ) : source.isError && !source.isFetching ? (
        <div className="stack">
          <ErrorMessage>
            {problemStatus(source.error) === 404
              ? 'No puzzle found. Try another theme or difficulty.'
              : TRY_AGAIN_TEXT}
          </ErrorMessage>
          <button type="button" className="btn" onClick={nextPuzzle}>
            Next puzzle
          </button>
        </div>
      ) : (
        <Spinner />
      )}
      <PuzzleFilters filters={filters} onChange={setFilters} />
    </section>
  )
}

/** A signed-in solver's attempts: each puzzle's first result is posted once; the answers by puzzle. */
function useAttempts(signedIn: boolean) {
  const [recordAttempt] = useRecordPuzzleAttemptMutation()
  const [results, setResults] = useState<Record<string, PuzzleAttemptResult>>({})
  const [failed, setFailed] = useState(false)

  function record(puzzle: Puzzle, solved: boolean) {
    if (!signedIn) return
    setFailed(false)
    recordAttempt({ puzzleId: puzzle.id, puzzleAttemptInput: { solved } })
      .unwrap()
      .then(
        (result) => setResults((all) => ({ ...all, [puzzle.id]: result })),
        () => setFailed(true),
      )
  }

  return { attempt: (id: string) => results[id], record, failed }
}
