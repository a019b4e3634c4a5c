import { useCallback, useEffect, useReducer, useRef } from 'react'
import type { ParsedLine } from '@domain/chess/pgn'
import {
  initialReportState,
  positionAnalysed,
  reportCancelled,
  reportCleared,
  reportFailed,
  reportFinished,
  reportReducer,
  reportStarted,
} from './reportSlice'
import { reportGameOf, runReport } from './reportRunner'
import type { EngineHandle } from './useAnalysisEngine'

/** The game report of the tree's main line: start, cancel, and its state. Stopped when the page is left. */
export function useGameReport(handle: EngineHandle) {
  const [state, dispatch] = useReducer(reportReducer, initialReportState)
  /** The run that may still report; a cancel or a new run makes the old one stale. */
  const run = useRef(0)
  useEffect(
    () => () => {
      run.current++
    },
    [],
  )

  const start = useCallback(
    async (line: ParsedLine) => {
      const token = ++run.current
      const live = () => run.current === token
      const game = reportGameOf(line)
      dispatch(reportStarted({ moves: game.played.length }))
      try {
        const engine = await handle.get()
        const report = await runReport(engine, game, {
          live,
          onPosition: (evaluation, best) => dispatch(positionAnalysed({ evaluation, best })),
        })
        if (report) dispatch(reportFinished(report))
      } catch {
        if (live()) dispatch(reportFailed())
      }
    },
    [handle],
  )

  const cancel = useCallback(() => {
    run.current++
    void handle.started()?.then(
      (engine) => engine.stop(),
      () => undefined,
    )
    dispatch(reportCancelled())
  }, [handle])

  /** A new game on the board: any run stops and the report is gone. */
  const clear = useCallback(() => {
    cancel()
    dispatch(reportCleared())
  }, [cancel])

  return { state, start, cancel, clear }
}
