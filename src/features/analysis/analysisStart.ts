// What other pages hand to /analysis in the router state ({ analysis }): a game's PGN or a position, and whether
// to start the game report at once ('Analyse this game', 'Analyse from here', a kept or a chess.com game).

export interface AnalysisStart {
  pgn?: string
  fen?: string
  /** Start the game report as the page opens. */
  report?: boolean
}

export function isAnalysisStart(value: unknown): value is AnalysisStart {
  if (typeof value !== 'object' || value === null) return false
  const start = value as Record<string, unknown>
  return (
    (start.pgn === undefined || typeof start.pgn === 'string') &&
    (start.fen === undefined || typeof start.fen === 'string') &&
    (start.report === undefined || typeof start.report === 'boolean')
  )
}

/** The router state that opens /analysis on `start`. */
export const analysisState = (start: AnalysisStart) => ({ analysis: start })
