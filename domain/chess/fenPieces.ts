// The pieces of a position read straight from its FEN (no chess.js), for boards drawn without it.

const FILES = 'abcdefgh'

/** The pieces of a FEN by square, named as react-chessboard names them: { e1: 'wK', e8: 'bK', ... }. */
export function piecesOf(fen: string): Record<string, string> {
  const pieces: Record<string, string> = {}
  fen
    .split(' ')[0]
    .split('/')
    .forEach((row, index) => {
      let file = 0
      for (const char of row) {
        if (/\d/.test(char)) file += Number(char)
        else {
          const color = char === char.toUpperCase() ? 'w' : 'b'
          pieces[`${FILES[file]}${8 - index}`] = color + char.toUpperCase()
          file += 1
        }
      }
    })
  return pieces
}
