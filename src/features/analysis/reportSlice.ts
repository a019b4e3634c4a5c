// The game report's states: idle, running (the positions analysed so far), done (the report), cancelled or failed.
// A reducer of its own (the page's useReducer), so its steps are tested without an engine.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { Evaluation, GameReport } from '@domain/chess/gameReport'

export type ReportState =
  | { status: 'idle' }
  | {
      status: 'running'
      /** The moves of the game: the positions to analyse are one more. */
      moves: number
      evaluations: Evaluation[]
      /** The engine's move in each position analysed (SAN), undefined in a finished position. */
      best: (string | undefined)[]
    }
  | { status: 'done'; report: GameReport }
  | { status: 'cancelled' }
  | { status: 'failed' }

export const initialReportState = { status: 'idle' } as ReportState

const reportSlice = createSlice({
  name: 'report',
  initialState: initialReportState,
  reducers: {
    reportStarted: (_state, action: PayloadAction<{ moves: number }>): ReportState => ({
      status: 'running',
      moves: action.payload.moves,
      evaluations: [],
      best: [],
    }),
    positionAnalysed(state, action: PayloadAction<{ evaluation: Evaluation; best?: string }>) {
      if (state.status !== 'running') return
      state.evaluations.push(action.payload.evaluation)
      state.best.push(action.payload.best)
    },
    reportFinished: (state, action: PayloadAction<GameReport>): ReportState =>
      state.status === 'running' ? { status: 'done', report: action.payload } : state,
    reportCancelled: (state): ReportState => (state.status === 'running' ? { status: 'cancelled' } : state),
    reportFailed: (state): ReportState => (state.status === 'running' ? { status: 'failed' } : state),
    // A new game on the board: its report is another one.
    reportCleared: (): ReportState => initialReportState,
  },
})

export const {
  reportStarted,
  positionAnalysed,
  reportFinished,
  reportCancelled,
  reportFailed,
  reportCleared,
} = reportSlice.actions
export const reportReducer = reportSlice.reducer

/** 'Analysing move 12 of 40' while the report runs: the move whose position is being analysed. */
export function progressText(state: ReportState): string {
  if (state.status !== 'running') return ''
  const move = Math.min(Math.max(state.evaluations.length, 1), state.moves)
  return `Analysing move ${move} of ${state.moves}`
}
