import { useCallback, useEffect, useRef, useState } from 'react'
import type { AnalysisEngine, EngineLine } from '@/features/game/uciAnalysis'

/** How deep the board's live analysis looks (it streams the lines as the search deepens). */
export const LIVE_DEPTH = 18
/** The best lines shown. */
export const LIVE_LINES = 3

export type EngineLoader = () => Promise<AnalysisEngine>

// Imported when first wanted, as the practice game imports it (computerOpponent.ts): a module imported both ways
// would take the bundler's runtime helpers out of the entry chunk into a file of their own, one more request on
// every first visit.
const loadStockfishAnalysis: EngineLoader = () =>
  import('@/features/game/stockfishWorker').then((m) => m.loadStockfishAnalysis())

export interface EngineHandle {
  /** The engine, started on the first call. */
  get: EngineLoader
  /** The engine when it has been started, without starting it. */
  started: () => Promise<AnalysisEngine> | null
}

/**
 * The page's one engine, started the first time it is asked for and ended when the page is left. A start that
 * failed is tried again at the next ask.
 */
export function useEngineHandle(load: EngineLoader = loadStockfishAnalysis): EngineHandle {
  const engine = useRef<Promise<AnalysisEngine> | null>(null)
  const left = useRef(false)
  const get = useCallback(() => {
    if (left.current) return Promise.reject(new Error('The page was left'))
    engine.current ??= load().catch((error: unknown) => {
      engine.current = null
      throw error
    })
    return engine.current
  }, [load])
  const started = useCallback(() => engine.current, [])
  useEffect(() => {
    left.current = false
    return () => {
      left.current = true
      void engine.current?.then(
        (e) => e.quit(),
        () => undefined,
      )
      engine.current = null
    }
  }, [])
  return { get, started }
}

export type LiveState =
  | { status: 'off' }
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'on'; fen: string; lines: EngineLine[]; threads: number }

/** The best lines of `fen` while `on`; stopped when it goes off, the position changes or the page is left. */
export function useLiveAnalysis({ get, started }: EngineHandle, fen: string, on: boolean): LiveState {
  const [state, setState] = useState<LiveState>({ status: 'off' })
  useEffect(() => {
    if (!on) {
      setState({ status: 'off' })
      return
    }
    let current = true
    setState((s) => (s.status === 'on' ? s : { status: 'loading' }))
    get().then(
      (engine) => {
        if (!current) return
        engine
          .analyse({ fen, depth: LIVE_DEPTH, multiPv: LIVE_LINES }, (lines) => {
            if (current) setState({ status: 'on', fen, lines, threads: engine.threads ?? 1 })
          })
          .catch(() => current && setState({ status: 'failed' }))
      },
      () => current && setState({ status: 'failed' }),
    )
    return () => {
      current = false
      void started()?.then(
        (engine) => engine.stop(),
        () => undefined,
      )
    }
  }, [get, started, fen, on])
  return state
}
