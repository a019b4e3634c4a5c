// Openings named by position: lichess's chess-openings (CC0), kept in openingNames/ with the script that writes
// openingNames.json from it (scripts/opening-names.mjs). A position is its FEN's first four fields (an EPD, the en
// passant square only when a capture there is legal, as chess.js writes it), so a transposition is named too.
import { pathTo } from './moveTree'
import type { ParsedLine } from './pgn'
import type { Fen } from './vocabulary'

/** An opening's ECO code and name ('C41', 'Philidor Defense'). */
export interface Opening {
  eco: string
  name: string
}

/** Each named position as openingNames.json lists it: its EPD, ECO code and name. */
export type OpeningRows = readonly (readonly string[])[]

/** The named positions, by EPD. */
export type OpeningBook = ReadonlyMap<string, Opening>

/** The position part of a FEN: placement, side to move, castling, en passant (the move counters dropped). */
export function positionKey(fen: Fen): string {
  return fen.trim().split(/\s+/).slice(0, 4).join(' ')
}

/** The named positions of openingNames.json, by EPD. */
export function openingBook(rows: OpeningRows): OpeningBook {
  return new Map(rows.map(([epd, eco, name]) => [epd, { eco, name }]))
}

/**
 * The opening of a line: the deepest of its positions (from the start to the node, in order) that is named, so a
 * line that has left theory keeps the last name it had; null when none is named (the start position is not).
 */
export function openingOf(positions: readonly Fen[], book: OpeningBook): Opening | null {
  for (let i = positions.length - 1; i >= 0; i--) {
    const named = book.get(positionKey(positions[i]))
    if (named) return named
  }
  return null
}

/** The positions of a tree of moves from its start to node `id`, in order. */
export function positionsTo(line: ParsedLine, id: number): Fen[] {
  return [0, ...pathTo(line, id)].map((at) => line.nodes[at].fen)
}
