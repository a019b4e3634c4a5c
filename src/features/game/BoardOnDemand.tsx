import { useCallback, useState } from 'react'
import { loadChunk } from '@/app/lazyPage'
import type { PlayBoard as PlayBoardComponent } from './PlayBoard'
import { StaticBoard, type BoardStart } from './StaticBoard'

let playBoard: typeof PlayBoardComponent | undefined
let loading: Promise<void> | undefined

/** Loads the interactive board's chunk (react-chessboard) once; a failed load can be tried again. */
export function loadPlayBoard(): Promise<void> {
  loading ??= loadChunk(() => import('./PlayBoard')).then(
    (module) => {
      playBoard = module.PlayBoard
    },
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

/**
 * The practice board: the static board (StaticBoard.tsx) until the visitor reaches for it, then the interactive one,
 * which carries on with what was done on the static board. Once its chunk has loaded, the interactive board is drawn
 * at once. A chunk that fails to load when the visitor presses or focuses the board goes to the board's error
 * boundary ('Something went wrong', 'Try again'); one that fails as the pointer merely passes over it leaves the
 * static board as it is, and the next press tries again.
 */
export function BoardOnDemand({ keysHintId }: { keysHintId: string }) {
  const [ready, setReady] = useState(() => playBoard !== undefined)
  const [start, setStart] = useState<BoardStart | null>(() => (playBoard ? {} : null))
  const [failure, setFailure] = useState<{ error: unknown } | null>(null)
  if (failure) throw failure.error
  const onWanted = useCallback((pressed: boolean) => {
    loadPlayBoard().then(
      () => setReady(true),
      (error: unknown) => {
        if (pressed) setFailure({ error })
      },
    )
  }, [])
  const Board = start && playBoard
  if (Board) return <Board keysHintId={keysHintId} start={start} />
  return <StaticBoard keysHintId={keysHintId} ready={ready} onWanted={onWanted} onHandOff={setStart} />
}
