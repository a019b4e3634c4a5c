import { cloneElement } from 'react'
import { defaultPieces, type PieceRenderObject } from 'react-chessboard'

const COLORS: Record<string, string> = { w: 'White', b: 'Black' }
const NAMES: Record<string, string> = {
  P: 'pawn',
  N: 'knight',
  B: 'bishop',
  R: 'rook',
  Q: 'queen',
  K: 'king',
}

/**
 * react-chessboard's pieces with a name ("White pawn on e2"): each piece sits in an element with role="button",
 * and a button needs an accessible name. The practice board and the lines' boards use them.
 */
export const namedPieces: PieceRenderObject = Object.fromEntries(
  Object.entries(defaultPieces).map(([code, render]) => {
    const name = `${COLORS[code[0]] ?? ''} ${NAMES[code[1]] ?? code}`.trim()
    const named: PieceRenderObject[string] = (props) =>
      cloneElement(render(props), {
        role: 'img',
        'aria-label': props?.square ? `${name} on ${props.square}` : name,
      })
    return [code, named]
  }),
)
