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
 * react-chessboard's pieces named for screen readers ('White knight on f3'): each sits in an element with
 * role="button", which needs a name. (The practice game has its own copy in features/game, which this feature
 * may not import.)
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
