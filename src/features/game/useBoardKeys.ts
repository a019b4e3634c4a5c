import { useState, type KeyboardEvent } from 'react'
import { cursorStep } from './boardSquares'
import type { Side } from './gameSlice'

const ARROWS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']

/**
 * The board's keys (the whole board is one tab stop): the arrows move a cursor as the board is seen, Enter or Space
 * chooses the cursor's square, Escape lets go of the picked piece. Both the static and the interactive board use it.
 */
export function useBoardKeys(
  orientation: Side,
  initialCursor: string,
  on: { choose: (square: string) => void; letGo: () => void },
) {
  const [cursor, setCursor] = useState(initialCursor)
  function onKeyDown(event: KeyboardEvent) {
    if (ARROWS.includes(event.key)) setCursor((square) => cursorStep(square, event.key, orientation))
    else if (event.key === 'Enter' || event.key === ' ') on.choose(cursor)
    else if (event.key === 'Escape') on.letGo()
    else return
    event.preventDefault()
  }
  return { cursor, onKeyDown }
}
