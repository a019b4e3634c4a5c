import { useCallback, useEffect, useReducer, useRef } from 'react'
import { buildReport, type Evaluation } from '@domain/chess/gameReport'
import { sanOfUcis } from '@domain/chess/moveTree'
import { mainLine, type ParsedLine } from '@domain/chess/pgn'
import { evaluationOf, turnOf } from './evaluation'
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
import type { EngineHandle } from './useAnalysisEngine'

/** The depth each position of a report is analysed to: small, so a 40-move game takes seconds. */
export const REPORT_DEPTH = 10

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
      const ids = mainLine(line)
      const positions = [line.nodes[0], ...ids.map((id) => line.nodes[id])]
      dispatch(reportStarted({ moves: ids.length }))
      try {
        const engine = await handle.get()
        const evaluations: Evaluation[] = []
        const best: (string | undefined)[] = []
        for (const { fen } of positions) {
          let lines = null
          // A search stopped by something else (the board's live analysis going off) is asked again.
          while (lines === null) {
            if (!live()) return
            lines = await engine.analyse({ fen, depth: REPORT_DEPTH, multiPv: 1 })
          }
          if (!live()) return
          const top = lines[0]
          const evaluation: Evaluation = top ? evaluationOf(top.score, turnOf(fen)) : { cp: 0 }
          const move = top?.pv[0] ? sanOfUcis(fen, [top.pv[0]])[0] : undefined
          evaluations.push(evaluation)
          best.push(move)
          dispatch(positionAnalysed({ evaluation, best: move }))
        }
        const played = ids.map((id) => ({ san: line.nodes[id].san, color: line.nodes[id].color }))
        dispatch(reportFinished(buildReport(played, evaluations, best)))
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
