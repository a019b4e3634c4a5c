import { describe, expect, it } from 'vitest'
import { buildReport } from '@domain/chess/gameReport'
import {
  initialReportState,
  positionAnalysed,
  progressText,
  reportCancelled,
  reportCleared,
  reportFailed,
  reportFinished,
  reportReducer,
  reportStarted,
  type ReportState,
} from '@/features/analysis/reportSlice'

const run = (...actions: Parameters<typeof reportReducer>[1][]) =>
  actions.reduce<ReportState>((state, action) => reportReducer(state, action), initialReportState)

const report = buildReport([{ san: 'e4', color: 'w' }], [{ cp: 20 }, { cp: 30 }], ['e4'])

describe("the game report's states", () => {
  it('runs through the positions, saying the move being analysed, then holds the report', () => {
    const started = run(reportStarted({ moves: 40 }))
    expect(progressText(started)).toBe('Analysing move 1 of 40')
    const twelve = Array.from({ length: 12 }, () => positionAnalysed({ evaluation: { cp: 0 }, best: 'e4' }))
    const running = run(reportStarted({ moves: 40 }), ...twelve)
    expect(progressText(running)).toBe('Analysing move 12 of 40')
    expect(running).toMatchObject({ status: 'running', best: expect.arrayContaining(['e4']) })
    expect(run(reportStarted({ moves: 1 }), reportFinished(report))).toEqual({ status: 'done', report })
  })

  it('a cancel or a failure ends a running report; a late answer changes nothing after it', () => {
    expect(run(reportStarted({ moves: 3 }), reportCancelled())).toEqual({ status: 'cancelled' })
    expect(run(reportStarted({ moves: 3 }), reportCancelled(), reportFinished(report))).toEqual({
      status: 'cancelled',
    })
    expect(
      run(reportStarted({ moves: 3 }), reportFailed(), positionAnalysed({ evaluation: { cp: 0 } })),
    ).toEqual({
      status: 'failed',
    })
  })

  it('a report is only cancelled while it runs, and a new game clears it', () => {
    expect(run(reportStarted({ moves: 1 }), reportFinished(report), reportCancelled())).toMatchObject({
      status: 'done',
    })
    expect(run(reportStarted({ moves: 1 }), reportFinished(report), reportCleared())).toEqual({
      status: 'idle',
    })
    expect(progressText(initialReportState)).toBe('')
  })
})
