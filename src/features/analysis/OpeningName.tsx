import { useEffect, useState } from 'react'
import { type OpeningBook, openingBook, openingOf, positionsTo } from '@domain/chess/openings'
import { mainLine, type ParsedLine } from '@domain/chess/pgn'

let loading: Promise<OpeningBook> | null = null

/** The named positions: a chunk of their own (about 49 KB of brotli), fetched once as /analysis opens. */
function loadBook(): Promise<OpeningBook> {
  loading ??= import('@domain/chess/openingNames/openingNames.json').then(
    (data) => openingBook(data.default),
    (error: unknown) => {
      // A later visit to the page tries again; until then the board goes unnamed.
      loading = null
      throw error
    },
  )
  return loading
}

function useOpeningBook(): OpeningBook | null {
  const [book, setBook] = useState<OpeningBook | null>(null)
  useEffect(() => {
    let live = true
    loadBook().then(
      (loaded) => live && setBook(loaded),
      (error: unknown) => console.error('The openings could not be loaded', error),
    )
    return () => {
      live = false
    }
  }, [])
  return book
}

/** The opening of the position shown ('C41 Philidor Defense'): the deepest named position up to node `at`. */
export function OpeningName({ line, at }: { line: ParsedLine; at: number }) {
  const book = useOpeningBook()
  const opening = book && openingOf(positionsTo(line, at), book)
  // Kept when empty, so the board does not move down under the pointer as the first move is named.
  if (!opening) return <p className="analysis-opening" aria-hidden="true" />
  return (
    <p className="analysis-opening" role="note" aria-label="Opening">
      {opening.eco} {opening.name}
    </p>
  )
}

/** The game's opening, for its report: the deepest named position of the whole main line. */
export function GameOpening({ line }: { line: ParsedLine }) {
  const book = useOpeningBook()
  const opening = book && openingOf(positionsTo(line, mainLine(line).at(-1) ?? 0), book)
  if (!opening) return null
  return (
    <p className="analysis-opening analysis-opening--game" role="note" aria-label="Game's opening">
      Opening: {opening.eco} {opening.name}
    </p>
  )
}
