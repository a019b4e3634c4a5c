import { describe, expect, it } from 'vitest'
import { START_FEN } from '@/features/game/chessRules'
import {
  computerReplyCancelled,
  gameReset,
  gameSlice,
  initialGameState,
  moveMade,
  moveRejected,
  selectGame,
} from '@/features/game/gameSlice'

const reducer = gameSlice.reducer
const afterE4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
const afterE5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2'

describe('gameSlice', () => {
  it('starts from the standard position with no moves and no message', () => {
    const state = reducer(undefined, { type: 'unknown' })
    expect(state).toEqual(initialGameState)
    expect(state.fen).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')
    expect(state.moves).toEqual([])
    expect(state.status).toBe('')
  })

  it("records the player's move and waits for the computer", () => {
    const state = reducer(
      initialGameState,
      moveMade({ uci: 'e2e4', fen: afterE4, status: 'Player moved.', over: false, words: '' }),
    )
    expect(state.moves).toEqual(['e2e4'])
    expect(state.fen).toBe(afterE4)
    expect(state.status).toBe('Player moved.')
    expect(state.computerThinking).toBe(true)
  })

  it('does not wait for the computer once the game is over', () => {
    const state = reducer(
      initialGameState,
      moveMade({ uci: 'e2e4', fen: afterE4, status: 'Game over. Player wins!', over: true, words: '' }),
    )
    expect(state.over).toBe(true)
    expect(state.computerThinking).toBe(false)
  })

  it("records the computer's move with the same action, and stops thinking: the player is to move", () => {
    const thinking = reducer(
      initialGameState,
      moveMade({ uci: 'e2e4', fen: afterE4, status: 'Player moved.', over: false, words: '' }),
    )
    const state = reducer(
      thinking,
      moveMade({ uci: 'e7e5', fen: afterE5, status: 'AI moved.', over: false, words: '' }),
    )
    expect(state.moves).toEqual(['e2e4', 'e7e5'])
    expect(state.fen).toBe(afterE5)
    expect(state.status).toBe('AI moved.')
    expect(state.computerThinking).toBe(false)
  })

  it('keeps the position when a move is rejected', () => {
    const state = reducer(initialGameState, moveRejected('Invalid move.'))
    expect(state.status).toBe('Invalid move.')
    expect(state.moves).toEqual([])
    expect(state.fen).toBe(initialGameState.fen)
  })

  it('stops thinking when the reply is cancelled', () => {
    const thinking = reducer(
      initialGameState,
      moveMade({ uci: 'e2e4', fen: afterE4, status: 'Player moved.', over: false, words: '' }),
    )
    expect(reducer(thinking, computerReplyCancelled()).computerThinking).toBe(false)
  })

  it('resets to the standard position', () => {
    const played = reducer(
      initialGameState,
      moveMade({ uci: 'e2e4', fen: afterE4, status: 'Player moved.', over: false, words: '' }),
    )
    expect(reducer(played, gameReset())).toEqual(initialGameState)
  })

  it('starts from the same position chess.js calls standard', () => {
    expect(initialGameState.fen).toBe(START_FEN)
    expect(initialGameState.startFen).toBe(START_FEN)
  })

  it('keeps only serializable data', () => {
    const played = reducer(
      initialGameState,
      moveMade({ uci: 'e2e4', fen: afterE4, status: 'Player moved.', over: false, words: '' }),
    )
    expect(JSON.parse(JSON.stringify(played))).toEqual(played)
    expect(selectGame({ game: played }).status).toBe('Player moved.')
  })
})
