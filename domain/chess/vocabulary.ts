// The words of chess that the SPA and the server share, declared once. Plain strings at run time (what chess.js,
// the contract and the store carry); the names say which kind of string a value is.

/** The two sides, as the contract, the settings and the lines name them. */
export const SIDES = ['white', 'black'] as const
export type Side = (typeof SIDES)[number]

/** A side as chess.js and FEN write it: 'w' or 'b'. */
export type Color = 'w' | 'b'

/** A square: file and rank, 'e4'. */
export type Square = string

/** A position in Forsyth-Edwards Notation. */
export type Fen = string

/** A move in Standard Algebraic Notation: 'Nf3', 'exd5', 'O-O', 'e8=Q+'. */
export type San = string

/** A move as its squares and promotion piece (the UCI form): 'e2e4', 'e7e8q'. */
export type Uci = string

/** The piece a pawn becomes, as chess.js and UCI write it. */
export type Promotion = 'q' | 'r' | 'b' | 'n'

/** The side that plays `color`. */
export const sideOf = (color: Color): Side => (color === 'w' ? 'white' : 'black')

/** The colour letter of `side`. */
export const colorOf = (side: Side): Color => (side === 'white' ? 'w' : 'b')
