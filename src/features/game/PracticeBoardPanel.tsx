import { lazy, Suspense, useMemo, useState } from 'react'
import { loadChunk } from '@/app/lazyPage'
import { Spinner } from '@/components/Spinner'
import { BoardErrorBoundary } from './BoardErrorBoundary'
import './practiceBoardFrame.css'

const loadBoard = () =>
  loadChunk(() => import('./PracticeBoard')).then((module) => ({ default: module.PracticeBoard }))

/**
 * Stands in for the board while its chunk loads, taking exactly the board panel's space
 * (heading, two side lines, the square board, keys, status, move input, the buttons, and the settings column
 * where it goes below the board), so nothing below it moves when the board appears.
 */
function BoardPlaceholder() {
  return (
    <div className="practice-board practice-board--loading">
      <div className="practice-board__slot--heading" aria-hidden="true" />
      <div className="practice-board__play">
        <div className="practice-board__slot--line" aria-hidden="true" />
        <div className="practice-board__board practice-board__board--loading">
          <Spinner label="Loading board..." />
        </div>
        <div className="practice-board__slot--line" aria-hidden="true" />
        <div className="practice-board__slot--keys" aria-hidden="true" />
        <div className="practice-board__slot--status" aria-hidden="true" />
        <div className="practice-board__slot--move" aria-hidden="true" />
        <div className="practice-board__slot--button" aria-hidden="true" />
      </div>
      <div className="practice-board__aside" aria-hidden="true" />
    </div>
  )
}

/** The practice board in its own chunk, behind the 'Something went wrong' boundary. */
export function PracticeBoardPanel() {
  // A failed chunk stays failed inside one lazy(); a retry needs a fresh one.
  const [attempt, setAttempt] = useState(0)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- each attempt gets its own lazy component
  const Board = useMemo(() => lazy(loadBoard), [attempt])
  return (
    <div className="practice-board-frame">
      <BoardErrorBoundary onRetry={() => setAttempt((n) => n + 1)}>
        <Suspense fallback={<BoardPlaceholder />}>
          <Board />
        </Suspense>
      </BoardErrorBoundary>
    </div>
  )
}
