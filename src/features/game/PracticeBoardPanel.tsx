import { lazy, Suspense, useMemo, useState } from 'react'
import { loadChunk } from '@/app/lazyPage'
import { Spinner } from '@/components/Spinner'
import { BoardErrorBoundary } from './BoardErrorBoundary'

const loadBoard = () =>
  loadChunk(() => import('./PracticeBoard')).then((module) => ({ default: module.PracticeBoard }))

/** The practice board in its own chunk, behind the 'Something went wrong' boundary. */
export function PracticeBoardPanel() {
  // A failed chunk stays failed inside one lazy(); a retry needs a fresh one.
  const [attempt, setAttempt] = useState(0)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- each attempt gets its own lazy component
  const Board = useMemo(() => lazy(loadBoard), [attempt])
  return (
    <BoardErrorBoundary onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<Spinner label="Loading board..." />}>
        <Board />
      </Suspense>
    </BoardErrorBoundary>
  )
}
