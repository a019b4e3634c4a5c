import { vi } from 'vitest'

/**
 * jsdom lays nothing out, so every element measures 0×0; react-chessboard measures a square to animate a move
 * and throws without a width. Give elements the size of a square on a 480 px board.
 */
export function stubBoardLayout() {
  return vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    x: 0,
    y: 0,
    top: 0,
    left: 0,
    right: 60,
    bottom: 60,
    width: 60,
    height: 60,
    toJSON: () => ({}),
  })
}
