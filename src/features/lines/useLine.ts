import { useMemo } from 'react'
import { parsePgn, PgnError, type ParsedLine } from '@domain/chess/pgn'

/** The stored PGN read into its tree of moves; null if it cannot be read (the server checked it when stored). */
export function useLine(pgn: string): ParsedLine | null {
  return useMemo(() => {
    try {
      return parsePgn(pgn)
    } catch (error) {
      if (error instanceof PgnError) return null
      throw error
    }
  }, [pgn])
}
