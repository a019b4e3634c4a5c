import { cloneElement } from 'react'
import { defaultPieces, type PieceRenderObject } from 'react-chessboard'
import { pieceInWords } from '@domain/chess/moveWords'

/**
 * react-chessboard's pieces with a name ("White pawn on e2"): each piece sits in an element with role="button",
 * and a button needs an accessible name. The practice board and the lines' boards use them.
 */
export const namedPieces: PieceRenderObject = Object.fromEntries(
  Object.entries(defaultPieces).map(([code, render]) => {
    const name = pieceInWords(code)
    const named: PieceRenderObject[string] = (props) =>
      cloneElement(render(props), {
        role: 'img',
        'aria-label': props?.square ? `${name} on ${props.square}` : name,
      })
    return [code, named]
  }),
)
