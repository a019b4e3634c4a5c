// 'Play from here': what the line viewer hands to /home's practice game in the router state ({ line }).

/** A line's position handed to /home ('Play from here'): its start, the moves to the position (UCI), its side. */
export interface LineStart {
  startFen: string
  moves: string[]
  side: 'white' | 'black'
}

export function isLineStart(value: unknown): value is LineStart {
  if (typeof value !== 'object' || value === null) return false
  const line = value as Record<string, unknown>
  return (
    typeof line.startFen === 'string' &&
    Array.isArray(line.moves) &&
    line.moves.every((m) => typeof m === 'string') &&
    (line.side === 'white' || line.side === 'black')
  )
}
